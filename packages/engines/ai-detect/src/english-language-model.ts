import { deflateSync, inflateSync } from 'node:zlib';

/**
 * A backoff trigram model of general English, the third model the detector reads a text with. The two counted on the
 * training data know 1.4 million words of it; this one was estimated by CMU Sphinx on far more text (its US-English
 * model, 72,547 words; docs/models/ai-detect.md), so it can tell how ordinary a word sequence is in English at large,
 * including in kinds of writing the training data lacks. `npm run train:detectors` prunes it to fit the model file.
 *
 * Log-probabilities are natural logs, stored to 0.01 (finer steps cost megabytes and move no feature). A word outside
 * the vocabulary scores as the rarest word does (−21.8) and starts a new context, as a sentence does. The sentence
 * start's own unigram is left out of that minimum: "<s>" is never predicted, and its probability is a placeholder
 * (Sphinx's 10^−99, −228) that would let the share of unknown words swamp the mean and spread features.
 */

/** Log-probabilities are stored as 16-bit integers in hundredths. */
const SCALE = 100;

export interface SerializedEnglishLanguageModel {
  /** Where the probabilities come from. */
  source: string;
  vocabulary: string[];
  bigramCount: number;
  trigramCount: number;
  /** The tables below, deflated, in base64 (see `encodeTables`). */
  tables: string;
}

/** The model as arrays: n-grams sorted by their words, log-probabilities in natural logs. */
export interface EnglishLanguageModelTables {
  vocabulary: string[];
  unigramLogProbability: Float64Array;
  unigramBackoff: Float64Array;
  bigramFirst: Uint32Array;
  bigramSecond: Uint32Array;
  bigramLogProbability: Float64Array;
  bigramBackoff: Float64Array;
  trigramFirst: Uint32Array;
  trigramSecond: Uint32Array;
  trigramThird: Uint32Array;
  trigramLogProbability: Float64Array;
}

export interface EnglishWordScores {
  /** Natural-log probability of each word given the two before it. */
  logProbability: Float64Array;
  /**
   * What the model expects at each word, over its whole next-word distribution (renormalised: pruning leaves contexts
   * summing to 0.93–1.005): the mean log-probability (minus the entropy) and its variance, and the log of the mass it
   * gives the context, so `logProbability − logMass` is the word's renormalised log-probability. NaN for unknown words.
   */
  expectedLogProbability: Float64Array;
  logProbabilityVariance: Float64Array;
  logMass: Float64Array;
  /** Natural-log probability of the word on its own. */
  unigramLogProbability: Float64Array;
  /** True when the word is not in the vocabulary. */
  unknown: Uint8Array;
}

/**
 * In memory the n-grams form a trie, as in Sphinx and KenLM: a word's bigrams are one sorted run, and a bigram's
 * trigrams another, so each lookup is a binary search over a few entries that sit together in memory. (Searching one
 * sorted array of all n-gram keys halved the detector's speed: every step of it missed the cache.)
 */
export class EnglishLanguageModel {
  private readonly ids: Map<string, number>;
  private readonly unigramLog: Float64Array;
  private readonly unigramBackoff: Float64Array;
  /** Bigrams of word w: indexes bigramStart[w] to bigramStart[w + 1]. */
  private readonly bigramStart: Uint32Array;
  private readonly bigramSecond: Uint32Array;
  private readonly bigramLog: Float64Array;
  private readonly bigramBackoff: Float64Array;
  /** Trigrams whose first two words are bigram b: indexes trigramStart[b] to trigramStart[b + 1]. */
  private readonly trigramStart: Uint32Array;
  private readonly trigramThird: Uint32Array;
  private readonly trigramLog: Float64Array;
  private readonly unknownLog: number;
  private readonly sentenceStart: number;
  /** Sums over the unigram distribution (sentence start excluded): mass, Σ q log q, Σ q (log q)². */
  private readonly unigramSums: Moments;
  /** The same sums over each word's bigram context, filled on first use (NaN until then). */
  private readonly bigramSums: Float64Array;
  /** Renormalised expectations of trigram contexts, by context bigram, filled on first use. */
  private readonly trigramExpectations = new Map<number, Expectation>();

  constructor(private readonly serialized: SerializedEnglishLanguageModel) {
    const tables = decodeTables(serialized);
    const words = tables.vocabulary.length;
    this.ids = new Map(tables.vocabulary.map((word, id) => [word, id]));
    this.unigramLog = tables.unigramLogProbability;
    this.unigramBackoff = tables.unigramBackoff;
    // The runs and binary searches below need each list sorted, with no n-gram twice.
    assertStrictlySorted('bigrams', [tables.bigramFirst, tables.bigramSecond]);
    assertStrictlySorted('trigrams', [tables.trigramFirst, tables.trigramSecond, tables.trigramThird]);
    this.bigramStart = runStarts(tables.bigramFirst, words);
    this.bigramSecond = tables.bigramSecond;
    this.bigramLog = tables.bigramLogProbability;
    this.bigramBackoff = tables.bigramBackoff;
    // Both lists are sorted by their first two words, so one pass pairs each trigram with its context bigram.
    const trigramContext = new Uint32Array(tables.trigramFirst.length);
    let bigram = 0;
    for (let t = 0; t < trigramContext.length; t++) {
      const first = tables.trigramFirst[t] as number;
      const second = tables.trigramSecond[t] as number;
      while (
        bigram < tables.bigramFirst.length &&
        ((tables.bigramFirst[bigram] as number) < first ||
          ((tables.bigramFirst[bigram] as number) === first && (tables.bigramSecond[bigram] as number) < second))
      ) {
        bigram++;
      }
      if (tables.bigramFirst[bigram] !== first || tables.bigramSecond[bigram] !== second) {
        throw new Error('The English model holds a trigram without its context bigram');
      }
      trigramContext[t] = bigram;
    }
    this.trigramStart = runStarts(trigramContext, tables.bigramFirst.length);
    this.trigramThird = tables.trigramThird;
    this.trigramLog = tables.trigramLogProbability;
    this.sentenceStart = this.ids.get('<s>') ?? -1;
    if (words - (this.sentenceStart === -1 ? 0 : 1) < 1) throw new Error('The English model has no words');
    this.unknownLog = this.unigramLog.reduce(
      (lowest, value, id) => (id === this.sentenceStart ? lowest : Math.min(lowest, value)),
      0,
    );
    const unigram: Moments = [0, 0, 0];
    for (let id = 0; id < words; id++) if (id !== this.sentenceStart) addTerm(unigram, this.unigramLog[id] as number);
    this.unigramSums = unigram;
    this.bigramSums = new Float64Array(3 * words).fill(Number.NaN);
  }

  toJSON(): SerializedEnglishLanguageModel {
    return this.serialized;
  }

  /** Scores a sequence of lower-cased words; `sentenceStarts[i]` marks words that begin a sentence. */
  score(words: readonly string[], sentenceStarts: Uint8Array): EnglishWordScores {
    const n = words.length;
    const scores: EnglishWordScores = {
      logProbability: new Float64Array(n),
      expectedLogProbability: new Float64Array(n).fill(Number.NaN),
      logProbabilityVariance: new Float64Array(n).fill(Number.NaN),
      logMass: new Float64Array(n).fill(Number.NaN),
      unigramLogProbability: new Float64Array(n),
      unknown: new Uint8Array(n),
    };
    let previous2 = -1;
    let previous1 = this.sentenceStart;
    for (let i = 0; i < n; i++) {
      if (sentenceStarts[i]) {
        previous2 = -1;
        previous1 = this.sentenceStart;
      }
      const id = this.ids.get(words[i] as string);
      if (id === undefined) {
        scores.logProbability[i] = this.unknownLog;
        scores.unigramLogProbability[i] = this.unknownLog;
        scores.unknown[i] = 1;
        previous2 = -1;
        previous1 = -1;
        continue;
      }
      scores.logProbability[i] = this.logProbability(previous2, previous1, id);
      scores.unigramLogProbability[i] = this.unigramLog[id] as number;
      const expectation = this.expectation(previous2, previous1);
      scores.expectedLogProbability[i] = expectation.mean;
      scores.logProbabilityVariance[i] = expectation.variance;
      scores.logMass[i] = expectation.logMass;
      previous2 = previous1;
      previous1 = id;
    }
    return scores;
  }

  /** Whether the word is in the vocabulary. */
  knows(word: string): boolean {
    return this.ids.has(word);
  }

  /** Natural-log probability of a word on its own; undefined outside the vocabulary. */
  unigramLogProbabilityOf(word: string): number | undefined {
    const id = this.ids.get(word);
    return id === undefined ? undefined : (this.unigramLog[id] as number);
  }

  /**
   * How likely `second` is right after `first`, whatever came before: the stored bigram's log-probability, or the
   * backoff to `second`'s unigram when the pair is not stored (`stored` false: rare, or pruned as predictable from
   * its words' frequencies). Undefined when either word is outside the vocabulary.
   */
  pair(first: string, second: string): { logProbability: number; stored: boolean } | undefined {
    const a = this.ids.get(first);
    const b = this.ids.get(second);
    if (a === undefined || b === undefined) return undefined;
    const bigram = this.bigramIndex(a, b);
    if (bigram >= 0) return { logProbability: this.bigramLog[bigram] as number, stored: true };
    return { logProbability: (this.unigramLog[b] as number) + (this.unigramBackoff[a] as number), stored: false };
  }

  /** Katz-style backoff: the longest n-gram the model holds, times the backoff weights of the contexts it skipped. */
  private logProbability(previous2: number, previous1: number, id: number): number {
    if (previous1 < 0) return this.unigramLog[id] as number;
    const context = previous2 >= 0 ? this.bigramIndex(previous2, previous1) : -1;
    if (context >= 0) {
      const trigram = search(
        this.trigramThird,
        this.trigramStart[context] as number,
        this.trigramStart[context + 1] as number,
        id,
      );
      if (trigram >= 0) return this.trigramLog[trigram] as number;
    }
    const contextBackoff = context >= 0 ? (this.bigramBackoff[context] as number) : 0;
    const bigram = this.bigramIndex(previous1, id);
    if (bigram >= 0) return (this.bigramLog[bigram] as number) + contextBackoff;
    return (this.unigramLog[id] as number) + (this.unigramBackoff[previous1] as number) + contextBackoff;
  }

  /**
   * Mean and variance of the log-probability of the next word over the model's whole (renormalised) distribution
   * after `previous2 previous1`: what Fast-DetectGPT's analytic form takes from a neural model, here exact for the
   * n-gram model. The backoff structure gives each context's sums from its stored n-grams alone: the words it doesn't
   * store take the lower order's sums, scaled by the backoff weight, minus the stored words' share.
   */
  expectation(previous2: number, previous1: number): Expectation {
    if (previous1 < 0) return expectationOf(this.unigramSums);
    const context = previous2 >= 0 ? this.bigramIndex(previous2, previous1) : -1;
    if (context < 0) return expectationOf(this.bigramMoments(previous1));
    const cached = this.trigramExpectations.get(context);
    if (cached) return cached;
    const from = this.trigramStart[context] as number;
    const to = this.trigramStart[context + 1] as number;
    const lower = this.bigramMoments(previous1);
    // The backoff weight shifts every backed-off log-probability equally, so a context without trigrams renormalises
    // to its lower order.
    if (from === to) return expectationOf(lower);
    const stored: Moments = [0, 0, 0];
    const replaced: Moments = [0, 0, 0];
    for (let t = from; t < to; t++) {
      addTerm(stored, this.trigramLog[t] as number);
      addTerm(replaced, this.bigramLogProbability(previous1, this.trigramThird[t] as number));
    }
    const expectation = expectationOf(withBackoff(stored, lower, replaced, this.bigramBackoff[context] as number));
    // Bounded: a long-running server sees ever new contexts.
    if (this.trigramExpectations.size >= MAX_CACHED_CONTEXTS) this.trigramExpectations.clear();
    this.trigramExpectations.set(context, expectation);
    return expectation;
  }

  /** Sums over the distribution after `word` (bigrams stored, else its backoff to unigrams). */
  private bigramMoments(word: number): Moments {
    const at = 3 * word;
    if (!Number.isNaN(this.bigramSums[at] as number)) {
      return [this.bigramSums[at] as number, this.bigramSums[at + 1] as number, this.bigramSums[at + 2] as number];
    }
    const stored: Moments = [0, 0, 0];
    const replaced: Moments = [0, 0, 0];
    const to = this.bigramStart[word + 1] as number;
    for (let b = this.bigramStart[word] as number; b < to; b++) {
      addTerm(stored, this.bigramLog[b] as number);
      addTerm(replaced, this.unigramLog[this.bigramSecond[b] as number] as number);
    }
    const moments = withBackoff(stored, this.unigramSums, replaced, this.unigramBackoff[word] as number);
    this.bigramSums.set(moments, at);
    return moments;
  }

  /** log p(word | previous) at the bigram level, whatever came before. */
  private bigramLogProbability(previous: number, word: number): number {
    const bigram = this.bigramIndex(previous, word);
    if (bigram >= 0) return this.bigramLog[bigram] as number;
    return (this.unigramLog[word] as number) + (this.unigramBackoff[previous] as number);
  }

  private bigramIndex(first: number, second: number): number {
    return search(this.bigramSecond, this.bigramStart[first] as number, this.bigramStart[first + 1] as number, second);
  }
}

/** The renormalised next-word distribution of a context: see `EnglishLanguageModel.expectation`. */
export interface Expectation {
  /** Log of the probability the context's distribution sums to. */
  logMass: number;
  /** Mean log-probability (renormalised) of the next word: minus the entropy. */
  mean: number;
  /** Variance of that log-probability. */
  variance: number;
}

/** Unnormalised sums over a distribution q: Σ q, Σ q log q, Σ q (log q)². */
type Moments = [number, number, number];

const MAX_CACHED_CONTEXTS = 200_000;

function addTerm(moments: Moments, logQ: number): void {
  const q = Math.exp(logQ);
  moments[0] += q;
  moments[1] += q * logQ;
  moments[2] += q * logQ * logQ;
}

/**
 * The sums of a backoff distribution: the stored terms, plus the lower order's distribution scaled by the backoff
 * weight exp(`logBackoff`) over every word not stored (`replaced` holds the lower order's terms of the stored words).
 */
function withBackoff(stored: Moments, lower: Moments, replaced: Moments, logBackoff: number): Moments {
  const backoff = Math.exp(logBackoff);
  const mass = Math.max(lower[0] - replaced[0], 0);
  const first = lower[1] - replaced[1];
  const second = lower[2] - replaced[2];
  return [
    stored[0] + backoff * mass,
    stored[1] + backoff * (logBackoff * mass + first),
    stored[2] + backoff * (logBackoff * logBackoff * mass + 2 * logBackoff * first + second),
  ];
}

function expectationOf([mass, first, second]: Moments): Expectation {
  const mean = first / mass;
  const logMass = Math.log(mass);
  return { logMass, mean: mean - logMass, variance: Math.max(second / mass - mean * mean, 0) };
}

/** Where each group's run begins in a column sorted by group (0 to groups − 1), plus where the last one ends. */
function runStarts(groupOf: Uint32Array, groups: number): Uint32Array {
  const starts = new Uint32Array(groups + 1);
  for (const group of groupOf) starts[group + 1] = (starts[group + 1] as number) + 1;
  for (let g = 0; g < groups; g++) starts[g + 1] = (starts[g + 1] as number) + (starts[g] as number);
  return starts;
}

/** Throws unless the rows of `columns` (one n-gram per index) strictly increase, compared word by word. */
function assertStrictlySorted(what: string, columns: Uint32Array[]): void {
  const rows = columns[0]?.length ?? 0;
  for (let row = 1; row < rows; row++) {
    let order = 0;
    for (const column of columns) {
      order = (column[row] as number) - (column[row - 1] as number);
      if (order !== 0) break;
    }
    if (order <= 0) throw new Error(`The English model's ${what} are not sorted, or hold one twice (row ${row})`);
  }
}

/** Index of `value` in the sorted run [from, to) of `column`, or −1. */
function search(column: Uint32Array, from: number, to: number, value: number): number {
  let low = from;
  let high = to - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = column[middle] as number;
    if (found < value) low = middle + 1;
    else if (found > value) high = middle - 1;
    else return middle;
  }
  return -1;
}

/**
 * Packs the tables: word ids as differences from the entry before (small numbers, mostly zero), written as LEB128
 * varints; log-probabilities as 16-bit little-endian integers in hundredths; deflated and in base64 so the model stays
 * one JSON file. N-grams must be sorted by their words.
 */
export function encodeTables(source: string, tables: EnglishLanguageModelTables): SerializedEnglishLanguageModel {
  const parts: Uint8Array[] = [
    fixed(tables.unigramLogProbability),
    fixed(tables.unigramBackoff),
    ...sortedIdColumns([tables.bigramFirst, tables.bigramSecond]),
    fixed(tables.bigramLogProbability),
    fixed(tables.bigramBackoff),
    ...sortedIdColumns([tables.trigramFirst, tables.trigramSecond, tables.trigramThird]),
    fixed(tables.trigramLogProbability),
  ];
  const bytes = new Uint8Array(parts.reduce((total, part) => total + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return {
    source,
    vocabulary: tables.vocabulary,
    bigramCount: tables.bigramFirst.length,
    trigramCount: tables.trigramFirst.length,
    tables: deflateSync(bytes, { level: 9 }).toString('base64'),
  };
}

export function decodeTables(serialized: SerializedEnglishLanguageModel): EnglishLanguageModelTables {
  const bytes = inflateSync(Buffer.from(serialized.tables, 'base64'));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  const readFixed = (count: number) => {
    const values = new Float64Array(count);
    for (let i = 0; i < count; i++) values[i] = view.getInt16(offset + 2 * i, true) / SCALE;
    offset += 2 * count;
    return values;
  };
  const readIds = (count: number, columns: number) => {
    const raw = Array.from({ length: columns }, () => {
      const column = new Uint32Array(count);
      for (let i = 0; i < count; i++) {
        let value = 0;
        let shift = 0;
        let byte: number;
        do {
          byte = bytes[offset++] as number;
          value += (byte & 0x7f) * 2 ** shift;
          shift += 7;
        } while (byte & 0x80);
        column[i] = value;
      }
      return column;
    });
    return undoDifferences(raw);
  };
  const words = serialized.vocabulary.length;
  const unigramLogProbability = readFixed(words);
  const unigramBackoff = readFixed(words);
  const [bigramFirst, bigramSecond] = readIds(serialized.bigramCount, 2) as [Uint32Array, Uint32Array];
  const bigramLogProbability = readFixed(serialized.bigramCount);
  const bigramBackoff = readFixed(serialized.bigramCount);
  const [trigramFirst, trigramSecond, trigramThird] = readIds(serialized.trigramCount, 3) as [
    Uint32Array,
    Uint32Array,
    Uint32Array,
  ];
  const trigramLogProbability = readFixed(serialized.trigramCount);
  if (offset !== bytes.byteLength) throw new Error('The English model tables are not the size their counts say');
  return {
    vocabulary: serialized.vocabulary,
    unigramLogProbability,
    unigramBackoff,
    bigramFirst,
    bigramSecond,
    bigramLogProbability,
    bigramBackoff,
    trigramFirst,
    trigramSecond,
    trigramThird,
    trigramLogProbability,
  };
}

function fixed(values: Float64Array): Uint8Array {
  const bytes = new Uint8Array(values.length * 2);
  const view = new DataView(bytes.buffer);
  values.forEach((value, i) => {
    const stored = Math.round(value * SCALE);
    if (stored < -32768 || stored > 32767) throw new Error(`A log-probability of ${value} doesn't fit the model file`);
    view.setInt16(2 * i, stored, true);
  });
  return bytes;
}

/**
 * Sorted id tuples as differences: a column's value minus the one in the row before, where every column to its left
 * is unchanged; otherwise the value itself. The first column is always stored as a difference.
 */
function sortedIdColumns(columns: Uint32Array[]): Uint8Array[] {
  const count = columns[0]?.length ?? 0;
  const out = columns.map(() => new Uint32Array(count));
  for (let i = 0; i < count; i++) {
    let samePrefix = i > 0;
    columns.forEach((column, c) => {
      const value = column[i] as number;
      const previous = i > 0 ? (column[i - 1] as number) : 0;
      (out[c] as Uint32Array)[i] = samePrefix || c === 0 ? value - previous : value;
      if (value !== previous) samePrefix = false;
    });
  }
  return out.map(varints);
}

function undoDifferences(columns: Uint32Array[]): Uint32Array[] {
  const count = columns[0]?.length ?? 0;
  const out = columns.map(() => new Uint32Array(count));
  for (let i = 0; i < count; i++) {
    let samePrefix = i > 0;
    columns.forEach((column, c) => {
      const stored = column[i] as number;
      const previous = i > 0 ? ((out[c] as Uint32Array)[i - 1] as number) : 0;
      const value = samePrefix || c === 0 ? previous + stored : stored;
      (out[c] as Uint32Array)[i] = value;
      if (value !== previous) samePrefix = false;
    });
  }
  return out;
}

/** LEB128: seven bits a byte, low bits first, the top bit set on every byte but a number's last. */
function varints(values: Uint32Array): Uint8Array {
  const bytes: number[] = [];
  for (let value of values) {
    while (value >= 0x80) {
      bytes.push((value & 0x7f) | 0x80);
      value = Math.floor(value / 0x80);
    }
    bytes.push(value);
  }
  return Uint8Array.from(bytes);
}
