/**
 * Whether a text is English enough for the detectors: their language models are trained on English, so a text in
 * another script (Arabic, Hebrew, Chinese, …) or made of emoji would get a score that means nothing. Light enough
 * for the input schemas the screens share.
 */
const LETTER = /\p{L}/gu;
const LATIN_LETTER = /[A-Za-z\u00C0-\u024F]/g;
const ENGLISH_WORD = /\b[A-Za-z]{2,}\b/g;

/** At least three English words, and at least half of the letters Latin. */
export function hasEnoughEnglish(text: string): boolean {
  const letters = text.match(LETTER)?.length ?? 0;
  if (letters === 0) return false;
  const latin = text.match(LATIN_LETTER)?.length ?? 0;
  if (latin / letters < 0.5) return false;
  return (text.match(ENGLISH_WORD)?.length ?? 0) >= 3;
}
