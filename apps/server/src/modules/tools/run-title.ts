const TITLE_LENGTH = 80;

/** Where a sentence ends: its mark, and any closing quotes or brackets after it. */
const SENTENCE_END = /[.!?…]["'”’)\]]*$/;
/** Marks that only join words; a title cut after one drops it before its ellipsis. */
const JOINING_MARKS = /[\s,;:\-–—]+$/;

/** A run's title in history: the uploaded file's name, or the text's first words. */
export function runTitle(input: { text: string; file_name?: string | undefined }): string {
  if (input.file_name) return input.file_name;
  const firstLine = (input.text.trim().split('\n', 1)[0] ?? '').replace(/\s+/g, ' ').trim();
  if (firstLine.length <= TITLE_LENGTH) return firstLine;
  // Cut at the last whole word that fits beside the ellipsis, or inside a first word too long for the title.
  const space = firstLine.lastIndexOf(' ', TITLE_LENGTH - 1);
  const words = space > 0 ? firstLine.slice(0, space) : firstLine.slice(0, TITLE_LENGTH - 1);
  // A whole sentence reads as a title by itself; an ellipsis after its full stop would be a stray mark.
  if (SENTENCE_END.test(words)) return words;
  return `${words.replace(JOINING_MARKS, '') || words}…`;
}
