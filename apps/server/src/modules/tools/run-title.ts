const TITLE_LENGTH = 80;

/** A run's title in history: the uploaded file's name, or the text's first words. */
export function runTitle(input: { text: string; file_name?: string | undefined }): string {
  if (input.file_name) return input.file_name;
  const firstLine = input.text.trim().split('\n', 1)[0]?.replace(/\s+/g, ' ') ?? '';
  if (firstLine.length <= TITLE_LENGTH) return firstLine;
  // Cut at the last whole word that fits.
  const cut = firstLine.slice(0, TITLE_LENGTH);
  return `${cut.replace(/\s+\S*$/, '') || cut.slice(0, TITLE_LENGTH - 1)}…`;
}
