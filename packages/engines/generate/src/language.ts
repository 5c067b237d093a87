import { type DetectorModel, defaultDetectorModel } from '@candor/engine-ai-detect';

/**
 * The AI Detector's three n-gram models (human writing, AI writing, general English: ADR 0003, 0004), read for what a
 * rewrite needs: how fluent a word is in its context, whether two words form a fixed expression that must not be
 * broken, and whether a choice reads more like people's writing or a model's.
 */
export class LanguageJudge {
  private readonly starts = new Uint8Array(8);

  constructor(private readonly model: DetectorModel) {}

  /** An ordinary English word: known to the general model and not rare (names and jargon are not). */
  isCommonWord(lower: string): boolean {
    return (this.model.englishLanguageModel.unigramLogProbabilityOf(lower) ?? -Infinity) > -12;
  }

  knows(lower: string): boolean {
    return this.model.englishLanguageModel.knows(lower);
  }

  /** Natural-log frequency of a word in general English; −30 when unknown. */
  frequency(lower: string): number {
    return this.model.englishLanguageModel.unigramLogProbabilityOf(lower) ?? -30;
  }

  /**
   * How strongly two neighbours belong together: log P(second | first) − log P(second) under general English. A fixed
   * expression ("deep learning", "breast cancer", "take place") scores high; swapping either word breaks it.
   */
  association(first: string, second: string): number {
    const english = this.model.englishLanguageModel;
    const pair = english.pair(first, second);
    const unigram = english.unigramLogProbabilityOf(second);
    if (!pair || unigram === undefined || !pair.stored) return 0;
    return pair.logProbability - unigram;
  }

  /**
   * Log-probability of the words at `from` onwards (to the window's end) under each model, for a window of at most
   * eight lower-cased words that starts a sentence when `sentenceStart` is set: what a word choice at `from` changes.
   */
  windowScores(words: readonly string[], from: number, sentenceStart: boolean) {
    const starts = this.starts;
    starts.fill(0);
    if (sentenceStart) starts[0] = 1;
    const view = starts.subarray(0, words.length);
    const english = this.model.englishLanguageModel.score(words, view).logProbability;
    const human = this.model.languageModel.score(words, view).logProbability;
    const ai = this.model.aiLanguageModel.score(words, view).logProbability;
    let e = 0;
    let h = 0;
    let a = 0;
    for (let i = from; i < words.length; i++) {
      e += english[i] as number;
      h += human[i] as number;
      a += ai[i] as number;
    }
    return { english: e, human: h, ai: a };
  }

  /** Mean log-probability per word of a text's lower-cased words under general English (fluency of the whole). */
  meanLogProbability(words: readonly string[], sentenceStarts: Uint8Array): number {
    if (words.length === 0) return 0;
    const scores = this.model.englishLanguageModel.score(words, sentenceStarts).logProbability;
    let sum = 0;
    for (const value of scores) sum += value;
    return sum / words.length;
  }
}

let shared: LanguageJudge | undefined;
/** The judge over the committed detector model, built once per thread (the model loads in about a second). */
export function defaultLanguageJudge(): LanguageJudge {
  shared ??= new LanguageJudge(defaultDetectorModel());
  return shared;
}
