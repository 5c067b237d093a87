import { BoostedTrees, type SerializedBoostedTrees } from './boosted-trees.js';
import { EnglishLanguageModel, type SerializedEnglishLanguageModel } from './english-language-model.js';
import type { ScoredText } from './features.js';
import { featuresOf, scoreText } from './features.js';
import { LanguageModel, type SerializedLanguageModel } from './language-model.js';
import { LinearModel, type SerializedLinearModel } from './linear-model.js';

/** What the detectors ask of a classifier: class scores, probabilities and per-feature pushes for the evidence. */
export interface Classifier {
  readonly classes: string[];
  scores(values: ArrayLike<number>): Float64Array;
  probabilities(values: ArrayLike<number>): Float64Array;
  contributions(values: ArrayLike<number>, towards: number, against: number): Float64Array;
}

export type SerializedClassifier = SerializedLinearModel | SerializedBoostedTrees;

export function classifierFrom(serialized: SerializedClassifier): Classifier {
  return 'kind' in serialized ? new BoostedTrees(serialized) : new LinearModel(serialized);
}

/**
 * The file `npm run train:detectors` writes (model/detectors.json) and both detectors load: a language model of
 * human writing, one of AI writing, one of general English, and the classifiers over their features.
 * docs/models/ai-detect.md and humanized-detect.md describe it.
 */
export interface DetectorModelFile {
  name: string;
  version: string;
  languageModel: SerializedLanguageModel;
  aiLanguageModel: SerializedLanguageModel;
  englishLanguageModel: SerializedEnglishLanguageModel;
  /** Human vs AI over whole texts. */
  document: SerializedClassifier;
  /** Human vs AI over single sentences, for the highlights (linear: sentences are too short for trees). */
  sentence: SerializedLinearModel;
  /** Which family wrote an AI text. */
  family: SerializedClassifier;
  /** Human vs AI vs AI passed through a paraphraser. */
  humanized: SerializedClassifier;
  /**
   * AI probability at or above which a text is called AI: ≤ 1% false positives on held-out human text, including human
   * text of a domain left out of training (docs/models/ai-detect.md).
   */
  threshold: number;
  /**
   * AI probability below which a text is called human: at most 5% of held-out AI texts score lower. Between the two
   * thresholds the detector says "uncertain" rather than guess.
   */
  humanThreshold: number;
  /** Smallest standard error of the document log-odds for a 100-word text; shrinks with √words. */
  standardErrorAt100Words: number;
  /** Below this many words the label is "uncertain" whatever the score. */
  minimumWords: number;
}

export class DetectorModel {
  readonly languageModel: LanguageModel;
  readonly aiLanguageModel: LanguageModel;
  readonly englishLanguageModel: EnglishLanguageModel;
  readonly document: Classifier;
  readonly sentence: LinearModel;
  readonly family: Classifier;
  readonly humanized: Classifier;

  constructor(readonly file: DetectorModelFile) {
    this.languageModel = new LanguageModel(file.languageModel);
    this.aiLanguageModel = new LanguageModel(file.aiLanguageModel);
    this.englishLanguageModel = new EnglishLanguageModel(file.englishLanguageModel);
    this.document = classifierFrom(file.document);
    this.sentence = new LinearModel(file.sentence);
    this.family = classifierFrom(file.family);
    this.humanized = classifierFrom(file.humanized);
  }

  score(text: string): ScoredText {
    return scoreText(text, this.languageModel, this.aiLanguageModel, this.englishLanguageModel);
  }

  /** The named features over sentences [from, to) minus [skipFrom, skipTo). */
  features(scored: ScoredText, from = 0, to = scored.sentences.length, skipFrom = 0, skipTo = 0): Float64Array {
    return featuresOf(scored, from, to, skipFrom, skipTo);
  }
}
