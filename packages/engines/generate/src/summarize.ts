import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { stemmer } from 'stemmer';
import { type Sentence, sentencesOf } from './text.js';

/** How long a summary or a shortened text should be: a share of the original's words, or a number of words. */
export type TargetLength = { ratio: number } | { words: number };

/** Ways to pick sentences, one per variant: graph centrality, centrality with diversity, and lead-weighted. */
export const extractionStrategies = ['textrank', 'diverse', 'lead'] as const;
export type ExtractionStrategy = (typeof extractionStrategies)[number];

export interface RankedSentence extends Sentence {
  words: number;
  /** Centrality in the sentence graph (PageRank over shared content words), summing to 1. */
  rank: number;
  stems: Int32Array;
}

const STOP = new Set(
  'a an the and or but if of to in on at by for with from as is are was were be been it its this that these those there i we you he she they them their our your his her not no so than then can will would could should may might must do does did have has had'.split(
    ' ',
  ),
);

/**
 * Sentences ranked by TextRank (Mihalcea & Tarau 2004): a graph whose edges weigh the content words two sentences
 * share, normalised by their lengths' logarithms, and PageRank over it. Linear in words for the stems, quadratic in
 * sentences for the edges (a 30,000-word text has about 1,500 sentences: about a million pairs, a few hundred ms).
 */
export function rankSentences(text: string): RankedSentence[] {
  const sentences = sentencesOf(text);
  const ids = new Map<string, number>();
  const ranked: RankedSentence[] = sentences.map((sentence) => {
    const words = tokenizeWords(text.slice(sentence.start, sentence.end));
    const stems = new Set<number>();
    for (const word of words) {
      const lower = word.text.toLowerCase();
      if (STOP.has(lower) || lower.length < 3 || !/\p{L}/u.test(lower)) continue;
      const key = stemmer(lower);
      let id = ids.get(key);
      if (id === undefined) {
        id = ids.size;
        ids.set(key, id);
      }
      stems.add(id);
    }
    return { ...sentence, words: words.length, rank: 0, stems: Int32Array.from([...stems].sort((a, b) => a - b)) };
  });
  const n = ranked.length;
  if (n === 0) return ranked;
  const weights: number[][] = Array.from({ length: n }, () => []);
  const neighbours: number[][] = Array.from({ length: n }, () => []);
  const totals = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = (ranked[i] as RankedSentence).stems;
    if (a.length < 2) continue;
    for (let j = i + 1; j < n; j++) {
      const b = (ranked[j] as RankedSentence).stems;
      if (b.length < 2) continue;
      const overlap = intersectionSize(a, b);
      if (overlap === 0) continue;
      const weight = overlap / (Math.log(a.length) + Math.log(b.length));
      (weights[i] as number[]).push(weight);
      (neighbours[i] as number[]).push(j);
      (weights[j] as number[]).push(weight);
      (neighbours[j] as number[]).push(i);
      totals[i] = (totals[i] as number) + weight;
      totals[j] = (totals[j] as number) + weight;
    }
  }
  let scores = new Float64Array(n).fill(1 / n);
  const damping = 0.85;
  for (let iteration = 0; iteration < 40; iteration++) {
    const next = new Float64Array(n).fill((1 - damping) / n);
    let dangling = 0;
    for (let i = 0; i < n; i++) if ((totals[i] as number) === 0) dangling += scores[i] as number;
    for (let i = 0; i < n; i++) {
      const total = totals[i] as number;
      if (total === 0) continue;
      const share = (damping * (scores[i] as number)) / total;
      const list = neighbours[i] as number[];
      const w = weights[i] as number[];
      for (let k = 0; k < list.length; k++) {
        const j = list[k] as number;
        next[j] = (next[j] as number) + share * (w[k] as number);
      }
    }
    for (let i = 0; i < n; i++) next[i] = (next[i] as number) + (damping * dangling) / n;
    let delta = 0;
    for (let i = 0; i < n; i++) delta += Math.abs((next[i] as number) - (scores[i] as number));
    scores = next;
    if (delta < 1e-6) break;
  }
  ranked.forEach((sentence, i) => {
    sentence.rank = scores[i] as number;
  });
  return ranked;
}

function intersectionSize(a: Int32Array, b: Int32Array): number {
  let i = 0;
  let j = 0;
  let count = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      count++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return count;
}

/** The words a target asks for, out of `total` (at least one sentence's worth is always kept). */
export function targetWords(total: number, target: TargetLength): number {
  const words = 'ratio' in target ? Math.round(total * target.ratio) : target.words;
  return Math.max(1, Math.min(total, words));
}

/**
 * Picks sentences up to the word budget, in the text's order: by rank (textrank), by rank less similarity to those
 * already picked (diverse: maximal marginal relevance), or by rank weighted towards the start (lead, for news-like
 * writing whose first sentences carry the point). A sentence that would overshoot the budget by more than half its
 * length is skipped for a shorter one.
 */
export function selectSentences(
  ranked: readonly RankedSentence[],
  budget: number,
  strategy: ExtractionStrategy,
): number[] {
  const n = ranked.length;
  if (n === 0) return [];
  const score = (i: number) => {
    const sentence = ranked[i] as RankedSentence;
    // A fragment of two words is a heading or a list item: it rarely says enough alone.
    const shortPenalty = sentence.words < 4 ? 0.3 : 1;
    const lead = strategy === 'lead' ? 1 + 2 / (1 + i) : 1;
    return sentence.rank * shortPenalty * lead;
  };
  const chosen: number[] = [];
  const taken = new Uint8Array(n);
  let words = 0;
  while (words < budget) {
    let best = -1;
    let bestScore = -Infinity;
    for (let i = 0; i < n; i++) {
      if (taken[i]) continue;
      const sentence = ranked[i] as RankedSentence;
      if (words > 0 && words + sentence.words - budget > sentence.words / 2) continue;
      let value = score(i);
      if (strategy === 'diverse' && chosen.length > 0) {
        let similarity = 0;
        for (const j of chosen) {
          const other = ranked[j] as RankedSentence;
          const overlap = intersectionSize(sentence.stems, other.stems);
          similarity = Math.max(similarity, overlap / Math.max(1, Math.min(sentence.stems.length, other.stems.length)));
        }
        value *= 1 - 0.7 * similarity;
      }
      if (value > bestScore) {
        bestScore = value;
        best = i;
      }
    }
    if (best < 0) break;
    taken[best] = 1;
    chosen.push(best);
    words += (ranked[best] as RankedSentence).words;
  }
  return chosen.sort((a, b) => a - b);
}

export interface Extract {
  text: string;
  /** Indexes of the kept sentences, in order. */
  kept: number[];
  sentences: number;
}

/** An extractive summary: the chosen sentences verbatim, in order, a paragraph break kept where the source had one. */
export function summarize(text: string, target: TargetLength, strategy: ExtractionStrategy = 'textrank'): Extract {
  const ranked = rankSentences(text);
  const total = ranked.reduce((sum, sentence) => sum + sentence.words, 0);
  const kept = selectSentences(ranked, targetWords(total, target), strategy);
  return { text: joinSentences(text, ranked, kept), kept, sentences: ranked.length };
}

/** The kept sentences' text, joined by a space within a paragraph and a blank line between paragraphs. */
export function joinSentences(
  text: string,
  sentences: readonly Sentence[],
  kept: readonly number[],
  pieces?: readonly string[],
) {
  let out = '';
  let previous: Sentence | undefined;
  kept.forEach((index, k) => {
    const sentence = sentences[index] as Sentence;
    if (previous) out += previous.paragraph === sentence.paragraph ? ' ' : '\n\n';
    out += pieces ? (pieces[k] as string) : text.slice(sentence.start, sentence.end);
    previous = sentence;
  });
  return out;
}
