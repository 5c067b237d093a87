import { daleChall } from 'dale-chall';
import { syllable } from 'syllable';
import { readability } from './readability.js';
import type { SentenceLengths, TextStatistics } from './report.schema.js';
import { type SentenceSpan, segmentParagraphs, segmentSentences, tokenizeWords, type WordToken } from './tokenize.js';

/** Silent reading speed of adults for non-fiction (Brysbaert 2019, "How many words do we read per minute?"). */
export const READING_WPM = 238;
/** Speaking rate for presentations and audiobooks (National Center for Voice and Speech: 150–160 wpm). */
export const SPEAKING_WPM = 150;

/** Sentence-length buckets in words, inclusive; the last is open. */
export const SENTENCE_BUCKETS: ReadonlyArray<readonly [number, number | null]> = [
  [1, 5],
  [6, 10],
  [11, 15],
  [16, 20],
  [21, 25],
  [26, 30],
  [31, 40],
  [41, null],
];

const familiar = new Set(daleChall);
// Syllable counting dominates the statistics; words repeat a lot, so a bounded cache pays off.
const syllableCache = new Map<string, number>();
const CACHE_LIMIT = 50_000;

export function syllables(word: string): number {
  const key = word.toLowerCase();
  let n = syllableCache.get(key);
  if (n === undefined) {
    // Numbers and words the rules cannot split still count as one syllable (textstat does the same).
    n = Math.max(1, /\p{L}/u.test(key) ? syllable(key) : 1);
    if (syllableCache.size >= CACHE_LIMIT) syllableCache.clear();
    syllableCache.set(key, n);
  }
  return n;
}

/**
 * Dale–Chall counting rules (Chall & Dale 1995), as far as they can be applied without a tagger: a word is familiar
 * when it is on the list, or is a regular inflection of a listed word (-s, -es, -ies, -'s, -ed, -ied, -ing, -er,
 * -est), or is a number, or is a proper name (capitalised, not the first word of its sentence).
 */
export function isFamiliar(word: string, sentenceInitial = true): boolean {
  const lower = word.toLowerCase().replace(/\u2019/g, "'");
  if (familiar.has(lower) || !/\p{L}/u.test(lower)) return true;
  if (!sentenceInitial && /^\p{Lu}/u.test(word)) return true;
  return baseForms(lower).some((base) => familiar.has(base));
}

function baseForms(w: string): string[] {
  const forms: string[] = [];
  const strip = (suffix: string, ...replacements: string[]) => {
    if (w.length > suffix.length + 1 && w.endsWith(suffix)) {
      const stem = w.slice(0, -suffix.length);
      for (const r of replacements) forms.push(stem + r);
      // Doubled final consonant: "stopped" → "stop", "bigger" → "big".
      if (stem.length > 2 && stem.at(-1) === stem.at(-2)) forms.push(stem.slice(0, -1));
    }
  };
  strip("'s", '');
  strip('s', '');
  strip('es', '');
  strip('ies', 'y');
  strip('ied', 'y');
  strip('ed', '', 'e');
  strip('ing', '', 'e');
  strip('er', '', 'e');
  strip('est', '', 'e');
  strip('ier', 'y');
  strip('iest', 'y');
  return forms;
}

export interface Segmentation {
  words: WordToken[];
  sentences: SentenceSpan[];
  paragraphs: number;
  syllablesPerWord: number[];
}

export function segment(text: string): Segmentation {
  const words = tokenizeWords(text);
  return {
    words,
    sentences: segmentSentences(text, words),
    paragraphs: segmentParagraphs(text).length,
    syllablesPerWord: words.map((w) => syllables(w.text)),
  };
}

/** Counts, readability and sentence lengths: the cheap part of the analysis, no NLP pipeline. */
export function textStatistics(text: string): TextStatistics {
  return statisticsOf(text, segment(text));
}

export function statisticsOf(text: string, seg: Segmentation): TextStatistics {
  const { words, sentences } = seg;
  let syllableTotal = 0;
  let polysyllables = 0;
  let difficultWords = 0;
  const sentenceStarts = new Set(sentences.map((s) => s.firstWord));
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as WordToken;
    const n = seg.syllablesPerWord[i] ?? 1;
    syllableTotal += n;
    if (n >= 3) polysyllables++;
    if (!isFamiliar(word.text, sentenceStarts.has(i))) difficultWords++;
  }
  const { codePoints, spaces, letters, characters } = characterCounts(text);
  return {
    counts: {
      words: words.length,
      sentences: sentences.length,
      paragraphs: seg.paragraphs,
      characters: codePoints,
      charactersNoSpaces: codePoints - spaces,
      letters,
      syllables: syllableTotal,
      polysyllables,
      difficultWords,
      readingTimeSeconds: Math.round((words.length / READING_WPM) * 60),
      speakingTimeSeconds: Math.round((words.length / SPEAKING_WPM) * 60),
    },
    readability: readability({
      words: words.length,
      sentences: sentences.length,
      syllables: syllableTotal,
      polysyllables,
      letters,
      characters,
      difficultWords,
    }),
    sentenceLengths: sentenceLengths(sentences.map((s) => s.wordCount)),
  };
}

const LETTER = /\p{L}/u;
const DIGIT = /\p{N}/u;
const SPACE = /\s/u;

/**
 * One pass over the text with an ASCII fast path. Every letter and digit belongs to some word (see tokenizeWords),
 * so counting them over the whole text gives the letters and characters of the words.
 */
function characterCounts(text: string) {
  let codePoints = 0;
  let spaces = 0;
  let letters = 0;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      codePoints++;
      if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) letters++;
      else if (c >= 48 && c <= 57) digits++;
      else if (c === 32 || (c >= 9 && c <= 13)) spaces++;
      continue;
    }
    const cp = text.codePointAt(i) ?? c;
    if (cp > 0xffff) i++;
    codePoints++;
    const ch = String.fromCodePoint(cp);
    if (LETTER.test(ch)) letters++;
    else if (DIGIT.test(ch)) digits++;
    else if (SPACE.test(ch)) spaces++;
  }
  return { codePoints, spaces, letters, characters: letters + digits };
}

export function sentenceLengths(lengths: number[]): SentenceLengths {
  const buckets = SENTENCE_BUCKETS.map(([min, max]) => ({
    min,
    max,
    sentences: lengths.filter((n) => n >= min && (max === null || n <= max)).length,
  }));
  if (lengths.length === 0) {
    return { buckets, mean: 0, standardDeviation: 0, coefficientOfVariation: 0, longest: 0, shortest: 0 };
  }
  const mean = lengths.reduce((a, b) => a + b, 0) / lengths.length;
  const variance = lengths.reduce((a, n) => a + (n - mean) ** 2, 0) / lengths.length;
  const sd = Math.sqrt(variance);
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return {
    buckets,
    mean: r(mean),
    standardDeviation: r(sd),
    coefficientOfVariation: r(mean > 0 ? sd / mean : 0),
    longest: lengths.reduce((a, b) => Math.max(a, b), 0),
    shortest: lengths.reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY),
  };
}
