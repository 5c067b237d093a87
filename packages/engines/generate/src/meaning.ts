import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { stemmer } from 'stemmer';
import { defaultLanguageJudge } from './language.js';
import { defaultLexicon } from './lexicon.js';
import type { ProtectedSpan } from './protected-spans.js';
import { lowerWords, sentencesOf } from './text.js';

/**
 * How much of the original's meaning a rewrite kept, from 0 to 1, with the parts it is made of so a user can see why:
 * - content: the content words (stemmed) the two texts share, a WordNet synonym counting as kept — an F1 for a
 *   rewrite; for a summary or a shortened text only the precision (every word it says must come from the source);
 * - protected: the share of the original's numbers, names, quotations, citations, terms … found unchanged;
 * - fluency: how ordinary the result reads under general English compared with the original;
 * - negation: whether the count of negations ("not", "no", "never", "n't") is the same — a flipped claim scores low
 *   whatever else it keeps.
 * No embedding model is needed; it measures what changed on the surface, not paraphrases a model would recognise.
 */
export interface MeaningScore {
  score: number;
  content: number;
  protected: number;
  fluency: number;
  negation_kept: boolean;
}

export type MeaningMode = 'rewrite' | 'condense';

const STOPWORDS = new Set(
  "a an the and or but if then else of to in on at by for with from into onto over under about as is are was were be been being am do does did doing have has had having it its it's this that these those there here i me my we us our you your he him his she her they them their what which who whom whose when where why how all any both each few more most other some such no nor not only own same so than too very can will just should would could may might must shall also into out up down off again further once s t don't isn't aren't wasn't weren't won't can't".split(
    ' ',
  ),
);
const NEGATION = /^(?:not|no|never|none|nothing|nobody|neither|nor|without|cannot|n't|.*n't|.*n’t)$/;

const WEIGHTS = { content: 0.55, protected: 0.25, fluency: 0.2 };

function contentStems(text: string): string[] {
  const out: string[] = [];
  for (const word of tokenizeWords(text)) {
    const lower = word.text.toLowerCase();
    if (STOPWORDS.has(lower) || !/\p{L}/u.test(lower)) continue;
    out.push(stem(lower));
  }
  return out;
}

const stemCache = new Map<string, string>();
function stem(word: string): string {
  let value = stemCache.get(word);
  if (value === undefined) {
    value = stemmer(word);
    if (stemCache.size > 50_000) stemCache.clear();
    stemCache.set(word, value);
  }
  return value;
}

/** Counts of each stem. */
function bag(stems: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of stems) counts.set(s, (counts.get(s) ?? 0) + 1);
  return counts;
}

/** Matched mass between two bags: exact stems first, then lexicon synonyms at 0.9. */
function matched(
  a: Map<string, number>,
  b: Map<string, number>,
  aWords: Map<string, string>,
  bWords: Map<string, string>,
) {
  const lexicon = defaultLexicon();
  const leftA = new Map(a);
  const leftB = new Map(b);
  let mass = 0;
  for (const [key, count] of a) {
    const other = leftB.get(key) ?? 0;
    const both = Math.min(count, other);
    if (both > 0) {
      mass += both;
      leftA.set(key, count - both);
      leftB.set(key, other - both);
    }
  }
  for (const [key, count] of leftA) {
    if (count <= 0) continue;
    const lemmasA = lexicon.lemmasOf(aWords.get(key) ?? key);
    if (lemmasA.length === 0) continue;
    for (const [otherKey, otherCount] of leftB) {
      if (otherCount <= 0) continue;
      const lemmasB = lexicon.lemmasOf(bWords.get(otherKey) ?? otherKey);
      if (!lemmasA.some((x) => lemmasB.some((y) => lexicon.areSynonyms(x, y)))) continue;
      const both = Math.min(count, otherCount);
      mass += 0.9 * both;
      leftB.set(otherKey, otherCount - both);
      break;
    }
  }
  return mass;
}

/** A stem's first surface word, so a synonym can be looked up by the word rather than its stem. */
function surfaces(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const word of tokenizeWords(text)) {
    const lower = word.text.toLowerCase();
    const key = stem(lower);
    if (!map.has(key)) map.set(key, lower);
  }
  return map;
}

const negations = (text: string) => lowerWords(text).filter((word) => NEGATION.test(word)).length;

/** The meaning kept by `rewritten`, given the original and its protected spans. */
export function meaningScore(
  original: string,
  rewritten: string,
  spans: readonly ProtectedSpan[],
  mode: MeaningMode = 'rewrite',
): MeaningScore {
  const a = contentStems(original);
  const b = contentStems(rewritten);
  const bagA = bag(a);
  const bagB = bag(b);
  const shared = matched(bagA, bagB, surfaces(original), surfaces(rewritten));
  const precision = b.length === 0 ? 0 : Math.min(1, shared / b.length);
  const recall = a.length === 0 ? 1 : Math.min(1, shared / a.length);
  const content =
    mode === 'condense' ? precision : precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);

  let kept = 0;
  let expected = 0;
  const pieces = new Map<string, number>();
  for (const span of spans) {
    const piece = original.slice(span.start, span.end);
    pieces.set(piece, (pieces.get(piece) ?? 0) + 1);
  }
  for (const [piece, count] of pieces) {
    // A condensed text is judged on the spans it kept a trace of: dropping a sentence drops its numbers honestly.
    let found = 0;
    let at = rewritten.indexOf(piece);
    while (at >= 0 && found < count) {
      found++;
      at = rewritten.indexOf(piece, at + piece.length);
    }
    if (mode === 'condense') {
      if (found > 0) {
        kept += found;
        expected += found;
      }
    } else {
      kept += found;
      expected += count;
    }
  }
  const protectedShare = expected === 0 ? 1 : kept / expected;

  const fluency = relativeFluency(original, rewritten);
  const negationKept = mode === 'condense' || negations(original) === negations(rewritten);
  let score = WEIGHTS.content * content + WEIGHTS.protected * protectedShare + WEIGHTS.fluency * fluency;
  if (!negationKept) score *= 0.6;
  return {
    score: round(score),
    content: round(content),
    protected: round(protectedShare),
    fluency: round(fluency),
    negation_kept: negationKept,
  };
}

/** 1 when the rewrite reads at least as naturally as the original; falls by 0.25 per nat of mean log-probability lost. */
function relativeFluency(original: string, rewritten: string): number {
  const judge = defaultLanguageJudge();
  const score = (text: string) => {
    const tokens = tokenizeWords(text);
    const starts = new Uint8Array(tokens.length);
    let w = 0;
    for (const sentence of sentencesOf(text)) {
      while (w < tokens.length && (tokens[w] as { start: number }).start < sentence.start) w++;
      if (w < tokens.length) starts[w] = 1;
    }
    return judge.meanLogProbability(
      tokens.map((token) => token.text.toLowerCase()),
      starts,
    );
  };
  const loss = score(original) - score(rewritten);
  return Math.max(0, Math.min(1, 1 - Math.max(0, loss) * 0.25));
}

const round = (value: number) => Math.round(value * 1000) / 1000;
