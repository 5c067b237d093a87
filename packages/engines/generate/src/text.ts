import { segmentParagraphs, segmentSentences, tokenizeWords } from '@candor/engine-writing/tokenize';

/** A sentence of the text: [start, end) and the paragraph it is in. */
export interface Sentence {
  start: number;
  end: number;
  paragraph: number;
}

/** The sentences of `text` in order, each with its paragraph's index (blank lines separate paragraphs). */
export function sentencesOf(text: string): Sentence[] {
  const out: Sentence[] = [];
  segmentParagraphs(text).forEach((paragraph, index) => {
    const body = text.slice(paragraph.start, paragraph.end);
    for (const sentence of segmentSentences(body, tokenizeWords(body))) {
      out.push({ start: paragraph.start + sentence.start, end: paragraph.start + sentence.end, paragraph: index });
    }
  });
  return out;
}

/** Words as the tools count them (the same tokenizer the charge uses). */
export const countWords = (text: string) => tokenizeWords(text).length;

/** Lower-cased words, for comparisons. */
export const lowerWords = (text: string) => tokenizeWords(text).map((word) => word.text.toLowerCase());

/**
 * The share of the original's words that a rewrite changed: 1 − (longest common subsequence of words) / (original
 * words). A word moved elsewhere (a clause brought forward) counts as changed, as a reader sees it.
 */
export function changedShare(original: readonly string[], rewritten: readonly string[]): number {
  if (original.length === 0) return rewritten.length === 0 ? 0 : 1;
  return 1 - commonSubsequence(original, rewritten) / original.length;
}

/** Length of the longest common subsequence; sentence-sized inputs, or a banded pass over long ones. */
export function commonSubsequence(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  // Long texts are compared in aligned chunks: rewrites change words locally, so a band is enough and stays linear.
  if (a.length * b.length > 4_000_000) {
    const chunk = 400;
    let total = 0;
    for (let i = 0, j = 0; i < a.length; i += chunk) {
      const share = Math.min(chunk, a.length - i) / a.length;
      const next = Math.min(b.length, Math.round(j + share * b.length));
      total += commonSubsequence(a.slice(i, i + chunk), b.slice(j, next));
      j = next;
    }
    return total;
  }
  let previous = new Uint32Array(b.length + 1);
  let current = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    const word = a[i - 1];
    for (let j = 1; j <= b.length; j++) {
      current[j] =
        word === b[j - 1] ? (previous[j - 1] as number) + 1 : Math.max(previous[j] as number, current[j - 1] as number);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length] as number;
}

/** A small seeded generator (mulberry32): the engines are deterministic for the same input and options. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable 32-bit hash of a string (FNV-1a), to seed per-sentence choices. */
export function hashString(text: string, seed = 0x811c9dc5): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** `replacement` with the case pattern of `source` ("However" → "But", "HOWEVER" → "BUT"). */
export function matchCase(source: string, replacement: string): string {
  if (replacement.length === 0) return replacement;
  if (source.length > 1 && source === source.toUpperCase() && /\p{L}/u.test(source)) return replacement.toUpperCase();
  if (/^\p{Lu}/u.test(source)) return replacement[0]?.toUpperCase() + replacement.slice(1);
  return replacement;
}

export const capitalise = (text: string) => (text ? text[0]?.toUpperCase() + text.slice(1) : text);
