import { readFileSync } from 'node:fs';

/**
 * Reads the binary trie ("Trie Language Model") in which CMU Sphinx ships its language models, e.g. the US-English
 * 3-gram model of Debian's `pocketsphinx-en-us` (/usr/share/pocketsphinx/model/en-us/en-us.lm.bin, BSD-2). Sphinx's
 * own ARPA export can't read that file back out (an assertion fails on the placeholder n-grams its trie holds), so
 * the training script reads the trie itself. The layout is KenLM's: sphinxbase's lm_trie.c, lm_trie_quant.c and
 * ngram_model_trie.c, little-endian:
 *
 * - "Trie Language Model", the order (1 byte), the n-gram counts (uint32 each);
 * - an unused int32, then the quantiser's tables (float32): bigram probabilities and backoffs (2^16 each), trigram
 *   probabilities (2^16);
 * - the unigrams, one more than counted: {float32 prob, float32 backoff, uint32 index of their first bigram};
 * - the bigrams, bit-packed: word id, backoff code (16 bits), probability code (16 bits), index of their first trigram;
 * - the trigrams, bit-packed: word id, probability code (16 bits);
 * - the words, NUL-terminated, after their total length (int32).
 *
 * The trie is reversed, as KenLM's is for lookups: under unigram w come the words seen *before* w, and under that
 * bigram the words before those. Scores are logarithms in base 1.0001 (Sphinx's logmath); this returns natural logs.
 */
export interface SphinxLanguageModel {
  words: string[];
  unigramLogProbability: Float64Array;
  unigramBackoff: Float64Array;
  /** Bigrams "w1 w2" in any order: w1, w2, log p(w2 | w1) and the backoff of the context "w1 w2". */
  bigrams: { first: Uint32Array; second: Uint32Array; logProbability: Float64Array; backoff: Float64Array };
  /** Trigrams "w1 w2 w3": log p(w3 | w1 w2). */
  trigrams: { first: Uint32Array; second: Uint32Array; third: Uint32Array; logProbability: Float64Array };
}

const HEADER = 'Trie Language Model';
const QUANTISER_BINS = 1 << 16;
const LOG_BASE = Math.log(1.0001);

export function readSphinxTrie(path: string): SphinxLanguageModel {
  const bytes = readFileSync(path);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.subarray(0, HEADER.length).toString('latin1') !== HEADER) {
    throw new Error(`${path} is not a Sphinx trie language model`);
  }
  let offset = HEADER.length;
  const order = bytes[offset++] as number;
  if (order !== 3) throw new Error(`${path} is a ${order}-gram model; the reader expects trigrams`);
  const [unigramCount, bigramCount, trigramCount] = [0, 1, 2].map((i) => view.getUint32(offset + 4 * i, true)) as [
    number,
    number,
    number,
  ];
  offset += 4 * order + 4;
  const floats = (count: number) => {
    const values = new Float64Array(count);
    for (let i = 0; i < count; i++) values[i] = view.getFloat32(offset + 4 * i, true) * LOG_BASE;
    offset += 4 * count;
    return values;
  };
  const bigramProbabilityBins = floats(QUANTISER_BINS);
  const bigramBackoffBins = floats(QUANTISER_BINS);
  const trigramProbabilityBins = floats(QUANTISER_BINS);

  const unigramLogProbability = new Float64Array(unigramCount);
  const unigramBackoff = new Float64Array(unigramCount);
  const firstBigram = new Uint32Array(unigramCount + 1);
  for (let i = 0; i <= unigramCount; i++, offset += 12) {
    if (i < unigramCount) {
      unigramLogProbability[i] = view.getFloat32(offset, true) * LOG_BASE;
      unigramBackoff[i] = view.getFloat32(offset + 4, true) * LOG_BASE;
    }
    firstBigram[i] = view.getUint32(offset + 8, true);
  }

  const wordBits = bitsFor(unigramCount);
  const trigramPointerBits = bitsFor(trigramCount);
  const bigramBits = wordBits + 32 + trigramPointerBits;
  const trigramBits = wordBits + 16;
  const bigramBase = offset;
  offset += Math.floor(((bigramCount + 1) * bigramBits + 7) / 8) + 8;
  const trigramBase = offset;
  offset += Math.floor(((trigramCount + 1) * trigramBits + 7) / 8) + 8;
  const wordBytes = view.getInt32(offset, true);
  const words = bytes
    .subarray(offset + 4, offset + 4 + wordBytes)
    .toString('utf8')
    .split('\0')
    .slice(0, unigramCount);
  if (offset + 4 + wordBytes !== bytes.length || words.length !== unigramCount) {
    throw new Error(`${path}: the sections don't add up to the file`);
  }

  /** Reads `length` ≤ 32 bits at a bit offset (bits are packed little-endian, as on x86). */
  const bitsAt = (base: number, bitOffset: number, length: number) => {
    const byte = base + Math.floor(bitOffset / 8);
    // 16 bits of the high word are enough: a field is at most 32 bits and starts within the first byte.
    const window = view.getUint32(byte, true) + (view.getUint32(byte + 4, true) & 0xffff) * 2 ** 32;
    return Math.floor(window / 2 ** (bitOffset % 8)) % 2 ** length;
  };

  // The header counts the slots Sphinx allocated, which may be more than it filled (the en-us file has six spare
  // bigram slots). The sentinels say how many are used: the pointer of the unigram after the last, and the trigram
  // pointer of the bigram after the last used one.
  const overfull = () => new Error(`${path}: the trie uses more n-grams than its header counts`);
  const usedBigrams = firstBigram[unigramCount] as number;
  if (usedBigrams > bigramCount) throw overfull();
  const usedTrigrams = bitsAt(bigramBase, usedBigrams * bigramBits + wordBits + 32, trigramPointerBits);
  if (usedTrigrams > trigramCount) throw overfull();
  const bigrams = {
    first: new Uint32Array(usedBigrams),
    second: new Uint32Array(usedBigrams),
    logProbability: new Float64Array(usedBigrams),
    backoff: new Float64Array(usedBigrams),
  };
  const trigrams = {
    first: new Uint32Array(usedTrigrams),
    second: new Uint32Array(usedTrigrams),
    third: new Uint32Array(usedTrigrams),
    logProbability: new Float64Array(usedTrigrams),
  };
  for (let last = 0; last < unigramCount; last++) {
    for (let b = firstBigram[last] as number; b < (firstBigram[last + 1] as number); b++) {
      const at = b * bigramBits;
      const before = bitsAt(bigramBase, at, wordBits);
      bigrams.first[b] = before;
      bigrams.second[b] = last;
      bigrams.backoff[b] = bigramBackoffBins[bitsAt(bigramBase, at + wordBits, 16)] as number;
      bigrams.logProbability[b] = bigramProbabilityBins[bitsAt(bigramBase, at + wordBits + 16, 16)] as number;
      const trigramsFrom = bitsAt(bigramBase, at + wordBits + 32, trigramPointerBits);
      const trigramsTo = bitsAt(bigramBase, at + bigramBits + wordBits + 32, trigramPointerBits);
      for (let t = trigramsFrom; t < trigramsTo; t++) {
        const tat = t * trigramBits;
        trigrams.first[t] = bitsAt(trigramBase, tat, wordBits);
        trigrams.second[t] = before;
        trigrams.third[t] = last;
        trigrams.logProbability[t] = trigramProbabilityBins[bitsAt(trigramBase, tat + wordBits, 16)] as number;
      }
    }
  }
  return { words, unigramLogProbability, unigramBackoff, bigrams, trigrams };
}

function bitsFor(maximum: number): number {
  return maximum === 0 ? 0 : Math.floor(Math.log2(maximum)) + 1;
}
