// Fast, dependency-free segmentation used by the statistics path; offsets are UTF-16 code units (JS string indices).

export interface Span {
  start: number;
  end: number;
}

export interface WordToken extends Span {
  text: string;
}

export interface SentenceSpan extends Span {
  /** Index of the sentence's first word in the word array, and how many words it holds. */
  firstWord: number;
  wordCount: number;
}

// A word is letters/digits with inner apostrophes or hyphens ("don't", "well-known", "3.5" counts as "3" and "5"
// joined by the number rule below). Combining marks (an "e" plus its accent) and invisible format characters inside
// a word belong to it: a zero-width space hidden in "gar\u200Bden" leaves one word, as the detectors read it.
const WORD =
  /[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}\p{Cf}]*[\p{L}\p{N}\p{M}])?(?:['\u2019\-.][\p{L}\p{N}](?:[\p{L}\p{N}\p{M}\p{Cf}]*[\p{L}\p{N}\p{M}])?)*/gu;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Words of the text. A dot only stays inside a word between digits ("3.5") or single letters ("e.g", "U.S"). */
export function tokenizeWords(text: string): WordToken[] {
  const words: WordToken[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index ?? 0;
    const raw = match[0];
    if (!raw.includes('.')) {
      words.push({ text: raw, start, end: start + raw.length });
      continue;
    }
    // Split on dots that are not part of a number or an abbreviation made of single letters.
    const parts = raw.split('.');
    const keep = parts.every((p) => /^\p{N}+$/u.test(p)) || parts.every((p) => /^\p{L}$/u.test(p));
    if (keep) {
      words.push({ text: raw, start, end: start + raw.length });
      continue;
    }
    let offset = start;
    for (const part of parts) {
      if (HAS_LETTER_OR_DIGIT.test(part)) words.push({ text: part, start: offset, end: offset + part.length });
      offset += part.length + 1;
    }
  }
  return words;
}

// Abbreviations whose trailing dot does not end a sentence.
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'cf',
  'no',
  'fig',
  'inc',
  'ltd',
  'co',
  'corp',
  'approx',
  'al',
  'ca',
  'viz',
  'esp',
  'incl',
  'resp',
  'vol',
  'pp',
  'ch',
  'sec',
  'ft',
  'oz',
  'lb',
  'lbs',
  'ibid',
  'dept',
  'est',
  'gen',
  'gov',
  'lt',
  'mt',
  'rev',
  'sgt',
  'capt',
  'col',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);

/**
 * Sentences as spans over the words. A sentence ends at `.`, `!`, `?` or `…` (runs of them count once, closing
 * quotes/brackets stay with the sentence) followed by whitespace or the end, unless the dot closes a known
 * abbreviation, a word with dots inside ("p.m.") or a single-letter initial; a blank line (paragraph break) also ends
 * a sentence. Text without any terminal punctuation is one sentence per paragraph.
 */
export function segmentSentences(text: string, words: WordToken[]): SentenceSpan[] {
  const sentences: SentenceSpan[] = [];
  let first = 0;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as WordToken;
    const next = words[i + 1];
    const gapEnd = next ? next.start : text.length;
    if (!next || endsSentence(text, word, gapEnd)) {
      const firstWord = words[first] as WordToken;
      sentences.push({
        start: sentenceStart(text, firstWord.start),
        end: sentenceEnd(text, word.end, gapEnd),
        firstWord: first,
        wordCount: i - first + 1,
      });
      first = i + 1;
    }
  }
  return sentences;
}

// Opening quotes and brackets right before the first word belong to the sentence.
function sentenceStart(text: string, wordStart: number): number {
  let start = wordStart;
  while (start > 0 && '"\'“‘([¿¡'.includes(text[start - 1] ?? ' ')) start--;
  return start;
}

function endsSentence(text: string, word: WordToken, gapEnd: number): boolean {
  const gap = text.slice(word.end, gapEnd);
  if (/\n[ \t]*\r?\n/.test(gap)) return true;
  const terminal = /^[)"'’”\]]*([.!?…]+)[)"'’”\]]*\s/u.exec(gap);
  if (!terminal) return false;
  const marks = terminal[1] ?? '';
  if (marks === '.') {
    const lower = word.text.toLowerCase();
    if (ABBREVIATIONS.has(lower)) return false;
    if (/^\p{L}$/u.test(word.text)) return false;
    // "at 5 p.m. on Monday", "the U.S. and": a word with dots inside is an abbreviation. Any other dot ends the
    // sentence even when the next one starts in lower case, as casual writing's sentences often do ("wet. anyway").
    if (word.text.includes('.')) return false;
  }
  return true;
}

function sentenceEnd(text: string, wordEnd: number, gapEnd: number): number {
  const gap = text.slice(wordEnd, gapEnd);
  const trail = /^[^\s]*/u.exec(gap)?.[0] ?? '';
  return wordEnd + trail.length;
}

/** Paragraphs: runs of text separated by one or more blank lines, ignoring blocks without a letter or digit. */
export function segmentParagraphs(text: string): Span[] {
  const paragraphs: Span[] = [];
  const separator = /\n[ \t]*(?:\r?\n[ \t]*)+/g;
  let start = 0;
  const push = (s: number, e: number) => {
    const block = text.slice(s, e);
    if (!HAS_LETTER_OR_DIGIT.test(block)) return;
    const lead = block.length - block.trimStart().length;
    const trail = block.length - block.trimEnd().length;
    paragraphs.push({ start: s + lead, end: e - trail });
  };
  for (const match of text.matchAll(separator)) {
    const index = match.index ?? 0;
    push(start, index);
    start = index + match[0].length;
  }
  push(start, text.length);
  return paragraphs;
}
