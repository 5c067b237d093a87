import type { ScoredText } from './features.js';

/**
 * Word choice as features: relative frequencies of words and word pairs, hashed into a fixed number of buckets
 * (FNV-1a). Generators share habits of vocabulary ("additionally", "crucial", "overall") that a linear model picks up
 * across topics. Their evidence is shown to users as one item, "word choice".
 */
export function lexicalFeatures(scored: ScoredText, buckets: number, from = 0, to = scored.sentences.length) {
  const values = new Float64Array(buckets);
  const { lower, sentences } = scored;
  let count = 0;
  for (let s = from; s < to; s++) {
    const sentence = sentences[s];
    if (!sentence) continue;
    const end = sentence.firstWord + sentence.wordCount;
    for (let i = sentence.firstWord; i < end; i++) {
      const word = lower[i] as string;
      const unigram = hash(word) % buckets;
      values[unigram] = (values[unigram] as number) + 1;
      if (i > sentence.firstWord) {
        const pair = hashPair(lower[i - 1] as string, word) % buckets;
        values[pair] = (values[pair] as number) + 1;
      }
      count++;
    }
  }
  if (count > 0) for (let b = 0; b < buckets; b++) values[b] = (values[b] as number) / count;
  return values;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function hashPair(first: string, second: string): number {
  let h = hash(first);
  h ^= 32;
  h = Math.imul(h, 16777619);
  for (let i = 0; i < second.length; i++) {
    h ^= second.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}
