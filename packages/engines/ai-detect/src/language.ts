/**
 * Whether a text is English enough for the detectors: their language models are trained on English, so a text in
 * another script (Arabic, Hebrew, Chinese, …) or made of emoji would get a score that means nothing. Light enough
 * for the input schemas the screens share: it runs on every check, on the server's main thread, so it counts in one
 * pass without building arrays of matches.
 */
const LETTER = /\p{L}/u;
const ENGLISH_WORD = /\b[A-Za-z]{2,}\b/g;
const ENOUGH_WORDS = 3;

const isAsciiLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/** At least three English words, and at least half of the letters Latin (A–Z and Latin-1 to Latin Extended-B). */
export function hasEnoughEnglish(text: string): boolean {
  let letters = 0;
  let latin = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code < 128) {
      if (isAsciiLetter(code)) {
        letters++;
        latin++;
      }
      continue;
    }
    if (LETTER.test(character)) letters++;
    if (code >= 0xc0 && code <= 0x24f) latin++;
  }
  if (letters === 0 || latin / letters < 0.5) return false;
  ENGLISH_WORD.lastIndex = 0;
  let words = 0;
  while (words < ENOUGH_WORDS && ENGLISH_WORD.exec(text) !== null) words++;
  return words >= ENOUGH_WORDS;
}
