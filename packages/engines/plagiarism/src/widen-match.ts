// Growing a match over what the index does not keep. The index holds content words only, so an aligned passage
// starts and ends at one: "When our town opened…" copied whole is found from "town", without its final full stop.
// With both texts at hand, the match grows outwards over the function words, punctuation and spaces that the two
// share, so the passage shown (and counted) is the text that was copied.
import { isBlank } from './characters.js';

const WORD_UNIT = /[\p{L}\p{N}\p{M}]/u;

/** A letter, digit or mark, or half of a surrogate pair, so that no boundary falls inside a pair. */
function isWordUnit(code: number): boolean {
  if (code < 0x80) return (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a);
  if (code >= 0xd800 && code <= 0xdfff) return true;
  return WORD_UNIT.test(String.fromCharCode(code));
}

/** Apostrophes and separators inside a word: "don't", "l’homme", "1,500", "3.14". */
const INNER_PUNCTUATION = new Set(["'", '’', ',', '.'].map((character) => character.charCodeAt(0)));

/** Whether text[i] is punctuation between two word units, so part of the word around it. */
function isInnerPunctuation(text: string, i: number): boolean {
  return (
    INNER_PUNCTUATION.has(text.charCodeAt(i)) &&
    i > 0 &&
    isWordUnit(text.charCodeAt(i - 1)) &&
    i + 1 < text.length &&
    isWordUnit(text.charCodeAt(i + 1))
  );
}

/** Whether a word starts or ends between text[i - 1] and text[i] (the ends of the text count). */
function atWordBoundary(text: string, i: number): boolean {
  if (i === 0 || i === text.length) return true;
  if (isInnerPunctuation(text, i) || isInnerPunctuation(text, i - 1)) return false;
  return !isWordUnit(text.charCodeAt(i - 1)) || !isWordUnit(text.charCodeAt(i));
}

function sameCharacter(a: number, b: number): boolean {
  return a === b || String.fromCharCode(a).toLowerCase() === String.fromCharCode(b).toLowerCase();
}

export interface WidenedMatch {
  start: number;
  end: number;
  source_start: number;
  source_end: number;
}

/**
 * Grows a match outwards while the query and the source read the same, character for character (case aside; any
 * run of blanks equals any other), and keeps the widest reach that ends at a word boundary in both texts, on a word
 * or on punctuation attached to one: "scribe." and "“When" but not the full stop that ends the sentence before. The
 * query side stays within [limit.start, limit.end): outside exclusions and other matches of the source.
 */
export function widenMatch<T extends WidenedMatch>(
  match: T,
  query: string,
  source: string,
  limit: { start: number; end: number },
): T {
  let q = match.start;
  let s = match.source_start;
  let start = q;
  let sourceStart = s;
  // Whether the characters stepped over since the last blank include a word.
  let onWord = true;
  for (;;) {
    if (q > limit.start && s > 0 && isBlank(query.charCodeAt(q - 1)) && isBlank(source.charCodeAt(s - 1))) {
      while (q > limit.start && isBlank(query.charCodeAt(q - 1))) q--;
      while (s > 0 && isBlank(source.charCodeAt(s - 1))) s--;
      onWord = false;
      continue;
    }
    if (q <= limit.start || s <= 0) break;
    const code = query.charCodeAt(q - 1);
    if (isBlank(code) || !sameCharacter(code, source.charCodeAt(s - 1))) break;
    q--;
    s--;
    if (isWordUnit(code)) onWord = true;
    if (onWord && atWordBoundary(query, q) && atWordBoundary(source, s)) {
      start = q;
      sourceStart = s;
    }
  }

  let e = match.end;
  let se = match.source_end;
  let end = e;
  let sourceEnd = se;
  onWord = true;
  for (;;) {
    if (e < limit.end && se < source.length && isBlank(query.charCodeAt(e)) && isBlank(source.charCodeAt(se))) {
      while (e < limit.end && isBlank(query.charCodeAt(e))) e++;
      while (se < source.length && isBlank(source.charCodeAt(se))) se++;
      onWord = false;
      continue;
    }
    if (e >= limit.end || se >= source.length) break;
    const code = query.charCodeAt(e);
    if (isBlank(code) || !sameCharacter(code, source.charCodeAt(se))) break;
    e++;
    se++;
    if (isWordUnit(code)) onWord = true;
    if (onWord && atWordBoundary(query, e) && atWordBoundary(source, se)) {
      end = e;
      sourceEnd = se;
    }
  }
  return { ...match, start, end, source_start: sourceStart, source_end: sourceEnd };
}
