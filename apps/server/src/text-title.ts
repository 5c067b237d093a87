/** Where a sentence ends: its mark, and any closing quotes or brackets after it. */
const SENTENCE_END = /[.!?…]["'”’)\]]*$/;
/** Marks that only join words; a title cut after one drops it before its ellipsis. */
const JOINING_MARKS = /[\s,;:\-–—]+$/;

/**
 * A title made of a text's first words (a tool run's, a chat's): its first line with the spacing collapsed, cut at
 * the last whole word that fits beside an ellipsis — never inside a word, or inside a placeholder such as
 * [EMAIL_ADDRESS_1].
 */
export function textTitle(text: string, maxLength: number): string {
  const firstLine = (text.trim().split('\n', 1)[0] ?? '').replace(/\s+/g, ' ').trim();
  if (firstLine.length <= maxLength) return firstLine;
  // Cut at the last whole word that fits beside the ellipsis, or inside a first word too long for the title.
  const space = firstLine.lastIndexOf(' ', maxLength - 1);
  const words = space > 0 ? firstLine.slice(0, space) : firstLine.slice(0, maxLength - 1);
  // A whole sentence reads as a title by itself; an ellipsis after its full stop would be a stray mark.
  if (SENTENCE_END.test(words)) return words;
  return `${words.replace(JOINING_MARKS, '') || words}…`;
}
