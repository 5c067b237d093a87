// Tokenisation with exact UTF-16 offsets into the original text, and the normalisation that makes light edits
// match: the canonical text (hidden characters dropped, look-alike letters read as Latin: the old trick of Cyrillic
// letters to dodge a plagiarism checker), NFKC, lower case, curly → straight apostrophes, punctuation stripped,
// Porter stem, stop words flagged.
import { type CanonicalText, canonicalText } from '@candor/engine-writing/canonical';
import { stemmer } from 'stemmer';
import { isStopWord } from './stop-words.js';

export interface Token {
  /** UTF-16 offsets of the token in the original text: [start, end). */
  start: number;
  end: number;
  /** 32-bit hash of the normalised, stemmed form. */
  hash: number;
  stop: boolean;
}

/** Words never exceed this many UTF-16 units, so a 10 MB run of one letter becomes many small tokens. */
export const MAX_TOKEN_LENGTH = 64;

// A word: letters, digits and marks, with inner apostrophes ("don't", "l’homme"). Han and kana are written
// without spaces, so each of their characters is a word of its own. The repeats are bounded (64 characters, 8
// apostrophes; longer words come as several matches): unbounded, the regular expression engine's backtracking
// stack overflowed on a few million letters in a row.
const WORD =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{N}\p{M}]){1,64}(?:['’‘ʼ](?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{N}\p{M}]){1,64}){0,8}/gu;
const ASCII_WORD = /^[a-z]+$/;
const NON_ASCII = /[^ -~\t\n\r]/;
const NOT_WORD_CHARACTER = /[^\p{L}\p{N}\p{M}]/gu;

interface Normalised {
  hash: number;
  stop: boolean;
}

// Words repeat heavily across documents; caching their normalisation keeps indexing fast. Bounded for servers.
const CACHE_LIMIT = 200_000;
const cache = new Map<string, Normalised>();

export function normaliseWord(raw: string): string {
  const folded = NON_ASCII.test(raw) ? raw.normalize('NFKC').toLowerCase() : raw.toLowerCase();
  // Apostrophes and any other punctuation NFKC leaves inside the word are dropped: "Don’t" and "dont" agree.
  return folded.replace(NOT_WORD_CHARACTER, '');
}

function normalise(raw: string): Normalised {
  const cached = cache.get(raw);
  if (cached) return cached;
  const word = normaliseWord(raw);
  const stem = ASCII_WORD.test(word) ? stemmer(word) : word;
  // The stem too: an inflected function word ("ands", "thes" in a sloppy edit) is still a function word.
  const stop = isStopWord(word) || isStopWord(stem);
  const result = { hash: hashString(stem), stop };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(raw, result);
  return result;
}

/** FNV-1a over UTF-16 code units. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash = Math.imul(hash ^ value.charCodeAt(i), 0x01000193);
  }
  return hash >>> 0;
}

/** Tokens of the canonical text at their offsets in the submitted one (pass `canonical` when it is read already). */
export function tokenize(submitted: string, canonical: CanonicalText = canonicalText(submitted)): Token[] {
  const text = canonical.text;
  // Most texts need no reading back; this loop runs for every word of every indexed document.
  const unchanged = text === submitted;
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    const end = start + match[0].length;
    for (let pieceStart = start; pieceStart < end; ) {
      const pieceEnd = splitPoint(text, pieceStart, end);
      const { hash, stop } = normalise(text.slice(pieceStart, pieceEnd));
      if (unchanged) tokens.push({ start: pieceStart, end: pieceEnd, hash, stop });
      else {
        const span = canonical.originalSpan(pieceStart, pieceEnd);
        tokens.push({ start: span.start, end: span.end, hash, stop });
      }
      pieceStart = pieceEnd;
    }
  }
  return tokens;
}

// Cuts an over-long word at MAX_TOKEN_LENGTH without separating a surrogate pair.
function splitPoint(text: string, start: number, end: number): number {
  if (end - start <= MAX_TOKEN_LENGTH) return end;
  let cut = start + MAX_TOKEN_LENGTH;
  const previous = text.charCodeAt(cut - 1);
  if (previous >= 0xd800 && previous <= 0xdbff) cut--;
  return cut;
}
