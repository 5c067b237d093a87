import { existsSync } from 'node:fs';
import { EnglishLanguageModel, type EnglishLanguageModelTables, encodeTables } from '../src/english-language-model.js';
import { readSphinxTrie, type SphinxLanguageModel } from './sphinx-trie.js';

/** Debian's `pocketsphinx-en-us` (apt-get install pocketsphinx-en-us); SPHINX_LM reads another copy. */
export const SPHINX_MODEL_PATH = process.env.SPHINX_LM ?? '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin';
export const SPHINX_MODEL_SOURCE =
  'CMU Sphinx US-English 3-gram model (Debian pocketsphinx-en-us 0.8+5prealpha+1, BSD-2), pruned';

/**
 * How many n-grams the committed model keeps, so that the model file stays under the 25 MB: the ones whose
 * loss would change the model's predictions most (below).
 */
export const ENGLISH_MODEL_SIZE = { bigrams: 1_000_000, trigrams: 600_000 };

/** The general-English model the detectors read texts with, from Sphinx's model, pruned to `size`. */
export function buildEnglishLanguageModel(size = ENGLISH_MODEL_SIZE): EnglishLanguageModel {
  if (!existsSync(SPHINX_MODEL_PATH)) {
    throw new Error(
      `The general-English model ${SPHINX_MODEL_PATH} is missing: install Debian's pocketsphinx-en-us, ` +
        'or point SPHINX_LM at en-us.lm.bin',
    );
  }
  return new EnglishLanguageModel(encodeTables(SPHINX_MODEL_SOURCE, prune(readSphinxTrie(SPHINX_MODEL_PATH), size)));
}

/**
 * Weighted-difference pruning (Seymore & Rosenfeld): an n-gram matters in proportion to how often it occurs, p(h, w),
 * times how far its probability is from what the model would back off to without it. The trigrams are chosen first;
 * the bigrams every kept trigram's context needs (for its backoff weight) are kept whatever their rank.
 */
function prune(model: SphinxLanguageModel, size: { bigrams: number; trigrams: number }): EnglishLanguageModelTables {
  const { unigramLogProbability: unigramAsPredicted, unigramBackoff, bigrams, trigrams } = model;
  // A sentence start is never predicted, so its unigram probability is nil; as a history it is as common as sentences
  // (about one word in twenty), and the n-grams after it are among the most used.
  const unigram = Float64Array.from(unigramAsPredicted);
  const sentenceStart = model.words.indexOf('<s>');
  if (sentenceStart >= 0) unigram[sentenceStart] = Math.log(1 / 20);
  const bigramIndex = new Map<number, number>();
  const V = model.words.length;
  for (let b = 0; b < bigrams.first.length; b++) {
    bigramIndex.set((bigrams.first[b] as number) * V + (bigrams.second[b] as number), b);
  }
  const bigramOrBackoff = (w1: number, w2: number) => {
    const b = bigramIndex.get(w1 * V + w2);
    return b === undefined
      ? (unigram[w2] as number) + (unigramBackoff[w1] as number)
      : (bigrams.logProbability[b] as number);
  };

  const trigramWeight = new Float64Array(trigrams.first.length);
  for (let t = 0; t < trigramWeight.length; t++) {
    const w1 = trigrams.first[t] as number;
    const w2 = trigrams.second[t] as number;
    const w3 = trigrams.third[t] as number;
    const context = bigramIndex.get(w1 * V + w2);
    const contextBackoff = context === undefined ? 0 : (bigrams.backoff[context] as number);
    const logProbability = trigrams.logProbability[t] as number;
    const history = (unigram[w1] as number) + bigramOrBackoff(w1, w2);
    trigramWeight[t] =
      Math.exp(history + logProbability) * Math.abs(logProbability - (bigramOrBackoff(w2, w3) + contextBackoff));
  }
  const keptTrigrams = topIndices(trigramWeight, size.trigrams);

  const bigramWeight = new Float64Array(bigrams.first.length);
  for (let b = 0; b < bigramWeight.length; b++) {
    const w1 = bigrams.first[b] as number;
    const w2 = bigrams.second[b] as number;
    const logProbability = bigrams.logProbability[b] as number;
    bigramWeight[b] =
      Math.exp((unigram[w1] as number) + logProbability) *
      Math.abs(logProbability - ((unigram[w2] as number) + (unigramBackoff[w1] as number)));
  }
  const keptBigrams = new Set(topIndices(bigramWeight, size.bigrams));
  for (const t of keptTrigrams) {
    const context = bigramIndex.get((trigrams.first[t] as number) * V + (trigrams.second[t] as number));
    if (context !== undefined) keptBigrams.add(context);
  }

  const bigramOrder = [...keptBigrams].sort(
    (a, b) =>
      (bigrams.first[a] as number) - (bigrams.first[b] as number) ||
      (bigrams.second[a] as number) - (bigrams.second[b] as number),
  );
  const trigramOrder = keptTrigrams.sort(
    (a, b) =>
      (trigrams.first[a] as number) - (trigrams.first[b] as number) ||
      (trigrams.second[a] as number) - (trigrams.second[b] as number) ||
      (trigrams.third[a] as number) - (trigrams.third[b] as number),
  );
  const pick = <T extends Uint32Array | Float64Array>(column: T, order: number[]) =>
    (column instanceof Uint32Array
      ? Uint32Array.from(order, (i) => column[i] as number)
      : Float64Array.from(order, (i) => column[i] as number)) as T;
  return {
    vocabulary: model.words,
    unigramLogProbability: unigramAsPredicted,
    unigramBackoff,
    bigramFirst: pick(bigrams.first, bigramOrder),
    bigramSecond: pick(bigrams.second, bigramOrder),
    bigramLogProbability: pick(bigrams.logProbability, bigramOrder),
    bigramBackoff: pick(bigrams.backoff, bigramOrder),
    trigramFirst: pick(trigrams.first, trigramOrder),
    trigramSecond: pick(trigrams.second, trigramOrder),
    trigramThird: pick(trigrams.third, trigramOrder),
    trigramLogProbability: pick(trigrams.logProbability, trigramOrder),
  };
}

/** Indices of the `count` largest weights (ties broken by index, so the choice is deterministic). */
function topIndices(weights: Float64Array, count: number): number[] {
  const indices = Array.from(weights, (_, i) => i);
  indices.sort((a, b) => (weights[b] as number) - (weights[a] as number) || a - b);
  return indices.slice(0, Math.min(count, indices.length));
}
