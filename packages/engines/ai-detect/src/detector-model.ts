import { BoostedTrees, type SerializedBoostedTrees } from './boosted-trees.js';
import { EnglishLanguageModel, type SerializedEnglishLanguageModel } from './english-language-model.js';
import type { ScoredText } from './features.js';
import { featureNames, featuresOf, scoreText } from './features.js';
import { LanguageModel, type SerializedLanguageModel } from './language-model.js';
import { LinearModel, type SerializedLinearModel, sigmoid } from './linear-model.js';
import type { Levels } from './sensitivity.js';

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
   * How much of the humanized classifier's log-odds that a text is AI-written, disguised or not, the AI Detector adds
   * to the document classifier's (`DetectorModel.documentLogOdds`): trained on the same features with AI texts split
   * by whether they were disguised, it ranks plain AI texts differently enough that the sum catches more of them.
   */
  humanizedWeight: number;
  /** How the document log-odds read as the AI probability a report shows (`DetectorModel.probabilityOf`). */
  probabilityScale: ProbabilityScale;
  /**
   * How the humanized trees' log-odds that a text is AI-written, disguised or not, read as the probability a humanized
   * report shows (`DetectorModel.humanizedProbabilityOf`).
   */
  humanizedProbabilityScale: ProbabilityScale;
  /** Which training domain a text reads most like (per-domain calibration of the levels); absent in old files. */
  domain?: SerializedLinearModel;
  /**
   * AI probability at or above which a text is called AI, per sensitivity level and text length: each level's share of
   * human texts flagged, in every domain left out of training in turn and out of fold (docs/models/ai-detect.md).
   */
  levels: Levels;
  /**
   * AI probability below which a text is called human: at most 5% of held-out AI texts score lower. Between it and the
   * level's threshold the detector says "uncertain" rather than guess.
   */
  humanThreshold: number;
  /** The humanized verdict's levels, on the probability that a text is AI-written, disguised or not. */
  humanizedLevels: Levels;
  /** Below this probability of AI (disguised or not) the humanized verdict is "human" without doubt. */
  humanizedHumanThreshold: number;
  /**
   * The range of a few features over the training texts (0.5th to 99.5th percentile): a text outside any of them is a
   * kind of writing the detector rarely saw, and its verdict says so.
   */
  familiar: { features: string[]; low: number[]; high: number[] };
  /** Smallest standard error of the document log-odds for a 100-word text; shrinks with √words. */
  standardErrorAt100Words: number;
  /** Below this many words the label is "uncertain" whatever the score. */
  minimumWords: number;
}

/**
 * Platt scaling: the probability is sigmoid(slope × log-odds + intercept), fitted on held-out texts with human and AI
 * weighed alike. Monotone, so verdicts read against thresholds on the same scale are those of the raw log-odds.
 */
export interface ProbabilityScale {
  slope: number;
  intercept: number;
}

/** Log-odds read through a probability scale. */
export function scaledProbability(scale: ProbabilityScale, logOdds: number): number {
  return sigmoid(scale.slope * logOdds + scale.intercept);
}

/** The scale as a formula of `variable`, for the model cards: "sigmoid(0.45 × L − 0.44)". */
export function scaleFormula(scale: ProbabilityScale, variable: string): string {
  return `sigmoid(${scale.slope} × ${variable} ${scale.intercept < 0 ? '−' : '+'} ${Math.abs(scale.intercept)})`;
}

export class DetectorModel {
  readonly languageModel: LanguageModel;
  readonly aiLanguageModel: LanguageModel;
  readonly englishLanguageModel: EnglishLanguageModel;
  readonly document: Classifier;
  readonly sentence: LinearModel;
  readonly family: Classifier;
  readonly humanized: Classifier;
  readonly domain: LinearModel | undefined;

  constructor(readonly file: DetectorModelFile) {
    this.languageModel = new LanguageModel(file.languageModel);
    this.aiLanguageModel = new LanguageModel(file.aiLanguageModel);
    this.englishLanguageModel = new EnglishLanguageModel(file.englishLanguageModel);
    this.document = classifierFrom(file.document);
    this.sentence = new LinearModel(file.sentence);
    this.family = classifierFrom(file.family);
    this.humanized = classifierFrom(file.humanized);
    this.domain = file.domain ? new LinearModel(file.domain) : undefined;
  }

  /** The AI probability a report shows for document log-odds (and for thresholds on them). */
  probabilityOf(logOdds: number): number {
    return scaledProbability(this.file.probabilityScale, logOdds);
  }

  /**
   * The probability a humanized report shows that a text is AI-written, disguised or not, for the humanized trees'
   * log-odds of it (`aiMassLogOdds`; and for thresholds on them).
   */
  humanizedProbabilityOf(logOdds: number): number {
    return scaledProbability(this.file.humanizedProbabilityScale, logOdds);
  }

  /**
   * Log-odds that a text is AI-written: the document classifier's plus `humanizedWeight` times the humanized
   * classifier's log-odds of AI, disguised or not (`log(P(ai) + P(ai_humanized)) − log P(human)`).
   */
  documentLogOdds(values: Float64Array): number {
    const scores = this.document.scores(values);
    const own = (scores[1] as number) - (scores[0] as number);
    const weight = this.file.humanizedWeight;
    if (weight === 0) return own;
    const humanized = this.humanized.scores(values);
    const human = this.humanized.classes.indexOf('human');
    const top = Math.max(...humanized.filter((_, k) => k !== human));
    let aiMass = 0;
    humanized.forEach((score, k) => {
      if (k !== human) aiMass += Math.exp(score - top);
    });
    return own + weight * (top + Math.log(aiMass) - (humanized[human] as number));
  }

  /**
   * How much each feature pushed `documentLogOdds`: the document classifier's pushes towards AI plus, weighed by
   * `humanizedWeight`, each AI class's pushes against human in the humanized classifier, in proportion to that class's
   * share of the AI probability (the slope of the log-odds of AI in each class's score, at this text). They add up to
   * the log-odds less the classifiers' priors and, for the humanized part, the entropy of the split between the AI
   * classes (none when one class holds the whole AI probability).
   */
  documentContributions(values: Float64Array): Float64Array {
    const pushes = this.document.contributions(values, 1, 0);
    const weight = this.file.humanizedWeight;
    if (weight === 0) return pushes;
    const probabilities = this.humanized.probabilities(values);
    const human = this.humanized.classes.indexOf('human');
    const aiMass = 1 - (probabilities[human] as number);
    probabilities.forEach((probability, k) => {
      if (k === human || aiMass <= 0) return;
      const share = (weight * probability) / aiMass;
      this.humanized.contributions(values, k, human).forEach((push, j) => {
        pushes[j] = (pushes[j] as number) + share * push;
      });
    });
    return pushes;
  }

  /** The training domain a text reads most like, from its features; undefined without a domain classifier. */
  domainOf(values: Float64Array): string | undefined {
    if (!this.domain) return undefined;
    const probabilities = this.domain.probabilities(values);
    return this.domain.classes[probabilities.indexOf(Math.max(...probabilities))];
  }

  score(text: string): ScoredText {
    return scoreText(text, this.languageModel, this.aiLanguageModel, this.englishLanguageModel);
  }

  /** The named features over sentences [from, to) minus [skipFrom, skipTo). */
  features(scored: ScoredText, from = 0, to = scored.sentences.length, skipFrom = 0, skipTo = 0): Float64Array {
    return featuresOf(scored, from, to, skipFrom, skipTo);
  }

  /** Whether a text's features lie outside the range the training texts span (see `familiar`). */
  isUnfamiliar(values: Float64Array): boolean {
    const { features, low, high } = this.file.familiar;
    return features.some((name, k) => {
      const value = values[featureNames.indexOf(name as (typeof featureNames)[number])] as number;
      return value < (low[k] as number) || value > (high[k] as number);
    });
  }
}
