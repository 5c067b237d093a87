import { describe, expect, it } from 'vitest';
import {
  decodeTables,
  EnglishLanguageModel,
  type EnglishLanguageModelTables,
  encodeTables,
} from './english-language-model.js';

// <s>, a, b, c: ids 0–3. Natural logs.
const tables: EnglishLanguageModelTables = {
  vocabulary: ['<s>', 'a', 'b', 'c'],
  unigramLogProbability: Float64Array.of(-99, -1.2, -1.5, -2.25),
  unigramBackoff: Float64Array.of(-0.5, -0.4, -0.3, 0),
  bigramFirst: Uint32Array.of(0, 0, 1, 1, 2),
  bigramSecond: Uint32Array.of(1, 2, 2, 3, 3),
  bigramLogProbability: Float64Array.of(-0.7, -1.9, -0.6, -2.8, -1.1),
  bigramBackoff: Float64Array.of(-0.2, 0, -0.35, 0.1, 0),
  trigramFirst: Uint32Array.of(0, 0, 1),
  trigramSecond: Uint32Array.of(1, 1, 2),
  trigramThird: Uint32Array.of(2, 3, 1),
  trigramLogProbability: Float64Array.of(-0.25, -3.1, -0.9),
};

describe('EnglishLanguageModel', () => {
  const model = new EnglishLanguageModel(encodeTables('test', tables));

  it('backs off from trigrams to bigrams to unigrams with the skipped contexts’ weights', () => {
    const scores = model.score(['a', 'b', 'c', 'b', 'zzz', 'a', 'a'], Uint8Array.of(1, 0, 0, 0, 0, 0, 1));
    expect(Array.from(scores.logProbability)).toEqual([
      -0.7, // "<s> a": a bigram
      -0.25, // "<s> a b": a trigram
      -1.1 + -0.35, // "a b c": no trigram: p(c | b) · backoff(a b)
      -1.5, // "b c b": no trigram nor bigram "c b": p(b) · backoff(c) · backoff(b c), both weights 1
      -2.25, // unknown: the rarest word's probability (c), not the sentence start's placeholder
      -1.2, // after an unknown word the context starts again, without a sentence start
      -0.7, // a new sentence: "<s> a"
    ]);
    expect(Array.from(scores.unknown)).toEqual([0, 0, 0, 0, 1, 0, 0]);
    expect(Array.from(scores.unigramLogProbability)).toEqual([-1.2, -1.5, -2.25, -1.5, -2.25, -1.2, -1.2]);
    // "a b b": no trigram nor bigram "b b": p(b) · backoff(b) · backoff(a b).
    expect(model.score(['a', 'b', 'b'], Uint8Array.of(1, 0, 0)).logProbability[2]).toBe(-1.5 + -0.3 + -0.35);
  });

  it('expects, in each context, the mean and variance of the next word’s log-probability over every word', () => {
    // Brute force: every word but the sentence start, scored after the context and renormalised.
    const words = ['a', 'b', 'c'];
    const contexts: [string[], Uint8Array][] = [
      [['a'], Uint8Array.of(1)], // after "<s>": a bigram context
      [['a', 'b'], Uint8Array.of(1, 0)], // after "<s> a": trigrams stored
      [['b', 'c'], Uint8Array.of(1, 0)], // after "b c": no trigram context
      [['a', 'a'], Uint8Array.of(1, 0)], // after "<s> a", no "a a" bigram: "a" alone
      [['zzz', 'a'], Uint8Array.of(1, 0)], // after an unknown word: unigrams
    ];
    for (const [context, starts] of contexts) {
      const logs = words.map((word) => {
        const scores = model.score([...context, word], Uint8Array.of(...starts, 0));
        return scores.logProbability[context.length] as number;
      });
      const mass = logs.reduce((total, log) => total + Math.exp(log), 0);
      const normalised = logs.map((log) => log - Math.log(mass));
      const mean = normalised.reduce((total, log) => total + Math.exp(log) * log, 0);
      const variance = normalised.reduce((total, log) => total + Math.exp(log) * (log - mean) ** 2, 0);
      const scores = model.score([...context, 'b'], Uint8Array.of(...starts, 0));
      const at = context.length;
      expect(scores.logMass[at], context.join(' ')).toBeCloseTo(Math.log(mass), 10);
      expect(scores.expectedLogProbability[at], context.join(' ')).toBeCloseTo(mean, 10);
      expect(scores.logProbabilityVariance[at], context.join(' ')).toBeCloseTo(variance, 10);
    }
    expect(model.score(['zzz'], Uint8Array.of(1)).expectedLogProbability[0]).toBeNaN();
  });

  it('gives a word pair its stored bigram, or the backoff to the second word when the pair is not stored', () => {
    expect(model.pair('a', 'c')).toEqual({ logProbability: -2.8, stored: true });
    expect(model.pair('c', 'b')).toEqual({ logProbability: -1.5 + 0, stored: false });
    expect(model.pair('b', 'a')).toEqual({ logProbability: -1.2 + -0.3, stored: false });
    expect(model.pair('a', 'zzz')).toBeUndefined();
    expect(model.knows('b')).toBe(true);
    expect(model.knows('zzz')).toBe(false);
    expect(model.unigramLogProbabilityOf('c')).toBe(-2.25);
    expect(model.unigramLogProbabilityOf('zzz')).toBeUndefined();
  });

  it('round-trips its tables through the packed, deflated form', () => {
    const decoded = decodeTables(encodeTables('test', tables));
    for (const [name, column] of Object.entries(tables)) {
      expect(Array.from(decoded[name as keyof EnglishLanguageModelTables] as ArrayLike<unknown>), name).toEqual(
        Array.from(column),
      );
    }
  });

  it('refuses a trigram whose first two words are not a bigram of the model (its backoff weight would be lost)', () => {
    const orphan = { ...tables, trigramFirst: Uint32Array.of(0, 0, 2), trigramSecond: Uint32Array.of(1, 1, 2) };
    expect(() => new EnglishLanguageModel(encodeTables('test', orphan))).toThrow(/without its context bigram/);
  });

  it('refuses n-grams out of order or twice (its runs and searches would miss them)', () => {
    const twice = {
      ...tables,
      bigramFirst: Uint32Array.of(0, 0, 1, 1, 1),
      bigramSecond: Uint32Array.of(1, 2, 2, 3, 3),
    };
    expect(() => new EnglishLanguageModel(encodeTables('test', twice))).toThrow(/bigrams are not sorted/);
    const unsorted = { ...tables, trigramThird: Uint32Array.of(3, 2, 1) };
    expect(() => new EnglishLanguageModel(encodeTables('test', unsorted))).toThrow(/trigrams are not sorted/);
  });

  it('refuses a model without words (an unknown word would have nothing to score as)', () => {
    const noIds = new Uint32Array(0);
    const noLogs = new Float64Array(0);
    const empty: EnglishLanguageModelTables = {
      vocabulary: ['<s>'],
      unigramLogProbability: Float64Array.of(-99),
      unigramBackoff: Float64Array.of(0),
      bigramFirst: noIds,
      bigramSecond: noIds,
      bigramLogProbability: noLogs,
      bigramBackoff: noLogs,
      trigramFirst: noIds,
      trigramSecond: noIds,
      trigramThird: noIds,
      trigramLogProbability: noLogs,
    };
    expect(() => new EnglishLanguageModel(encodeTables('test', empty))).toThrow(/has no words/);
  });

  it('refuses tables whose size disagrees with their counts', () => {
    const serialized = encodeTables('test', tables);
    expect(() => new EnglishLanguageModel({ ...serialized, trigramCount: 2 })).toThrow(/not the size/);
  });
});
