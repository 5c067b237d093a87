import { obfuscationOf } from '@candor/engine-writing/obfuscation';
import type { LanguageModelFeatures, LanguageModelScore } from './curvature.js';
import { combineLogOdds, documentFingerprint, type LanguageModelCalibration } from './curvature-calibration.js';
import type { DetectorModel } from './detector-model.js';
import { evidenceLabel, featureNames, type ScoredText } from './features.js';
import { logit, sigmoid } from './linear-model.js';
import type { AiDetectionReport, AiLabel, Evidence, SourceFamily } from './report.schema.js';
import {
  DEFAULT_SENSITIVITY,
  operatingPointOf,
  type Sensitivity,
  thresholdLogOddsAt,
  type UncertaintyReason,
} from './sensitivity.js';

/** z for a two-sided 90% interval. */
const Z90 = 1.645;
/** Blocks of sentences left out in turn to estimate how much the score depends on which sentences were written. */
const JACKKNIFE_BLOCKS = 8;
/** A "mixed" text has at least this share of its words in confidently AI and in confidently human sentences. */
const MIXED_SHARE = 0.25;
const CONFIDENT_SENTENCE = 0.8;
const EVIDENCE_ITEMS = 3;
const DOCUMENT_EVIDENCE_ITEMS = 6;

export const CURVATURE_EVIDENCE_FEATURE = 'probability_curvature';
export const curvatureEvidenceLabel = (model: string) => `Probability curvature under ${model}`;
/** The language model's evidence: each of its features, named for the model. */
export const languageModelEvidence: Record<
  keyof LanguageModelFeatures,
  { feature: string; label: (model: string) => string }
> = {
  curvature: { feature: CURVATURE_EVIDENCE_FEATURE, label: curvatureEvidenceLabel },
  logLikelihood: {
    feature: 'language_model_likelihood',
    label: (model) => `How predictable the words are to ${model}`,
  },
  logRank: {
    feature: 'language_model_rank',
    label: (model) => `How far down ${model}’s list of likely next words the words come`,
  },
  entropy: {
    feature: 'language_model_entropy',
    label: (model) => `How many next words ${model} expects at each point`,
  },
};

/** The language model's pushes as evidence, strongest first. */
export function languageModelEvidenceOf(
  model: string,
  pushes: Record<keyof LanguageModelFeatures, number>,
): Evidence[] {
  return (Object.keys(languageModelEvidence) as (keyof LanguageModelFeatures)[])
    .map((name) => ({
      feature: languageModelEvidence[name].feature,
      label: languageModelEvidence[name].label(model),
      contribution: round(pushes[name]),
    }))
    .sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
}

/** Turns per-feature pushes (log-odds) into the evidence users see, strongest first; `values` are the features'. */
export function evidenceFrom(contributions: Float64Array, values: Float64Array, limit: number): Evidence[] {
  const items: Evidence[] = featureNames.map((name, j) => ({
    feature: name,
    label: evidenceLabel(name, values[j] as number),
    // A model trained before a feature existed gives it no push.
    contribution: round(contributions[j] ?? 0),
  }));
  return items
    .filter((item) => Math.abs(item.contribution) >= 0.05)
    .sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution))
    .slice(0, limit);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Document log-odds of AI and their standard error (jackknife over blocks of sentences, with a floor by length). */
export function documentLogOdds(model: DetectorModel, scored: ScoredText) {
  const values = model.features(scored);
  const estimate = model.documentLogOdds(values);
  const words = scored.words.length;
  const floor = model.file.standardErrorAt100Words / Math.sqrt(Math.max(words, 1) / 100);
  const sentenceCount = scored.sentences.length;
  const blocks = Math.min(JACKKNIFE_BLOCKS, sentenceCount);
  let jackknife = 0;
  if (blocks >= 2) {
    const leftOut: number[] = [];
    for (let b = 0; b < blocks; b++) {
      const from = Math.floor((b * sentenceCount) / blocks);
      const to = Math.floor(((b + 1) * sentenceCount) / blocks);
      leftOut.push(model.documentLogOdds(model.features(scored, 0, sentenceCount, from, to)));
    }
    const mean = leftOut.reduce((a, b) => a + b, 0) / blocks;
    jackknife = Math.sqrt(((blocks - 1) / blocks) * leftOut.reduce((a, b) => a + (b - mean) ** 2, 0));
  }
  return { values, logOdds: estimate, standardError: Math.max(jackknife, floor) };
}

export interface DetectAiOptions {
  /** How readily to call a text AI (default balanced): picks the threshold the verdict is read against. */
  sensitivity?: Sensitivity;
  /**
   * The language model's scores of this text (computed beforehand, asynchronously, by `LanguageModelScorer`) and the
   * calibration of that model: the document probability becomes their calibrated combination with the built-in one.
   */
  languageModel?: { score: LanguageModelScore; calibration: LanguageModelCalibration };
}

export function detectAi(text: string, model: DetectorModel, options: DetectAiOptions = {}): AiDetectionReport {
  const scored = model.score(text);
  const words = scored.words.length;
  const document = documentLogOdds(model, scored);
  const builtInEvidence = model.documentContributions(document.values);
  let { logOdds, standardError } = document;
  const level = options.sensitivity ?? DEFAULT_SENSITIVITY;
  let levels = model.file.levels;
  let { humanThreshold } = model.file;
  let evidence: Evidence[];
  let curvature: AiDetectionReport['curvature'];
  const local = options.languageModel;
  if (local) {
    if (local.calibration.builtIn.documentFingerprint !== documentFingerprint(model)) {
      throw new Error(
        `The calibration of ${local.calibration.model.name} was fitted against another built-in detector.`,
      );
    }
    const combined = combineLogOdds(local.calibration.aiDetection, document, local.score);
    ({ logOdds, standardError } = combined);
    ({ levels, humanThreshold } = local.calibration.aiDetection);
    // The built-in features push the combined score through the built-in log-odds.
    evidence = withLanguageModelEvidence(
      evidenceFrom(
        builtInEvidence.map((push) => push * combined.builtInSlope),
        document.values,
        DOCUMENT_EVIDENCE_ITEMS,
      ),
      languageModelEvidenceOf(local.score.model, combined.pushes),
    );
    curvature = {
      model: local.score.model,
      discrepancy: round(local.score.discrepancy),
      tokens: local.score.tokens,
      truncated: local.score.sampled,
      built_in_probability: round(model.probabilityOf(document.logOdds)),
      log_rank: round(local.score.features.logRank),
      text_tokens: local.score.textTokens,
      windows: local.score.windows,
    };
  } else {
    evidence = evidenceFrom(builtInEvidence, document.values, DOCUMENT_EVIDENCE_ITEMS);
  }
  // The built-in log-odds read through the model's probability scale; a language model's combination is a logistic
  // regression already, its log-odds a probability as they are. Thresholds go through the same map, so no verdict moves.
  const probabilityOf = local ? sigmoid : (value: number) => model.probabilityOf(value);
  const probability = probabilityOf(logOdds);
  const low = probabilityOf(logOdds - Z90 * standardError);
  const high = probabilityOf(logOdds + Z90 * standardError);

  const sentences = scored.sentences.map((sentence, s) => {
    const values = model.features(scored, s, s + 1);
    const scores = model.sentence.scores(values);
    return {
      ...scored.canonical.originalSpan(sentence.start, sentence.end),
      ai_probability: round(sigmoid((scores[1] as number) - (scores[0] as number))),
      evidence: evidenceFrom(model.sentence.contributions(values, 1, 0), values, EVIDENCE_ITEMS),
      words: sentence.wordCount,
    };
  });

  // Per-domain calibration applies to the built-in levels; a language model's calibration draws one line.
  const domain = local ? undefined : model.domainOf(document.values);
  const threshold = probabilityOf(thresholdLogOddsAt(levels, level, words, domain));
  humanThreshold = Math.min(probabilityOf(logit(humanThreshold)), threshold);
  const { label, reasons } = labelOf({
    words,
    probability,
    low,
    high,
    threshold,
    humanThreshold,
    minimumWords: model.file.minimumWords,
    sentences,
  });
  if (words >= model.file.minimumWords && model.isUnfamiliar(document.values)) reasons.push('unfamiliar_writing');
  const familyProbabilities = model.family.probabilities(document.values);
  const families = model.family.classes.map((family, k) => ({
    family: family as SourceFamily,
    probability: round(familyProbabilities[k] as number),
  }));
  families.sort((a, b) => b.probability - a.probability);

  return {
    ai_probability: round(probability),
    confidence_interval: { low: round(low), high: round(high) },
    label,
    verdict: verdictOf(label, reasons, model.file.minimumWords),
    threshold: round6(threshold),
    human_threshold: round6(humanThreshold),
    words,
    sentences: sentences.map(({ words: _, ...sentence }) => sentence),
    evidence,
    source_model:
      // No source is named for a text that reads as human, or is too short to judge at all.
      label === 'human' || probability < 0.5 || words < model.file.minimumWords
        ? null
        : { family: (families[0] as { family: SourceFamily }).family, probabilities: families },
    model: { name: model.file.name, version: model.file.version },
    sensitivity: operatingPointOf(levels, level),
    uncertainty: reasons,
    ...(domain && levels[level].byDomain?.[domain] !== undefined ? { calibrated_for: domain } : {}),
    ...(curvature ? { curvature } : {}),
    ...obfuscationOf(scored.canonical),
  };
}

/** The language model's strongest item always shows (it is why the score differs from the built-in one). */
function withLanguageModelEvidence(items: Evidence[], model: Evidence[]): Evidence[] {
  const [strongest, ...rest] = model;
  const merged = [...items, ...rest]
    .sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution))
    .filter((item) => Math.abs(item.contribution) >= 0.05)
    .slice(0, DOCUMENT_EVIDENCE_ITEMS - 1);
  return (strongest ? [...merged, strongest] : merged).sort(
    (a, b) => Math.abs(b.contribution) - Math.abs(a.contribution),
  );
}

interface LabelInputs {
  words: number;
  probability: number;
  low: number;
  high: number;
  threshold: number;
  humanThreshold: number;
  minimumWords: number;
  sentences: { ai_probability: number; words: number }[];
}

/**
 * The verdict is read from the point estimate against the level's threshold: "ai" at or above it, "human" below the
 * (lower) human threshold, "uncertain" between the two — too close to call — and for every text too short to judge. A
 * text whose sentences split into confidently AI and confidently human parts, its interval reaching the threshold, is
 * "mixed". The interval doesn't decide the label; when it reaches across the threshold the label borders on, the
 * verdict says so (`near_threshold`).
 */
export function labelOf(inputs: LabelInputs): { label: AiLabel; reasons: UncertaintyReason[] } {
  if (inputs.words < inputs.minimumWords) return { label: 'uncertain', reasons: ['too_short'] };
  let aiWords = 0;
  let humanWords = 0;
  for (const sentence of inputs.sentences) {
    if (sentence.ai_probability >= CONFIDENT_SENTENCE) aiWords += sentence.words;
    else if (sentence.ai_probability <= 1 - CONFIDENT_SENTENCE) humanWords += sentence.words;
  }
  const mixed = aiWords >= MIXED_SHARE * inputs.words && humanWords >= MIXED_SHARE * inputs.words;
  if (inputs.probability >= inputs.threshold) {
    return { label: 'ai', reasons: inputs.low < inputs.threshold ? ['near_threshold'] : [] };
  }
  if (mixed && inputs.high >= inputs.threshold) return { label: 'mixed', reasons: [] };
  if (inputs.probability < inputs.humanThreshold) {
    return { label: 'human', reasons: inputs.high >= inputs.humanThreshold ? ['near_threshold'] : [] };
  }
  return { label: 'uncertain', reasons: ['near_threshold'] };
}

function verdictOf(label: AiLabel, reasons: readonly UncertaintyReason[], minimumWords: number): string {
  const near = reasons.includes('near_threshold');
  const unfamiliar = reasons.includes('unfamiliar_writing')
    ? ' It is a kind of writing the detector rarely saw in training, so read the verdict with care.'
    : '';
  switch (label) {
    case 'ai':
      return `${
        near
          ? 'This text reads as written by an AI, though its score is close to the threshold: its 90% confidence interval reaches below it.'
          : 'This text reads as written by an AI: its score and its whole 90% confidence interval are above the threshold.'
      }${unfamiliar}`;
    case 'human':
      return `${
        near
          ? 'This text reads as written by a person, though not by a wide margin: its 90% confidence interval reaches above the human threshold.'
          : 'This text reads as written by a person: its score and its whole 90% confidence interval are below the human threshold.'
      }${unfamiliar}`;
    case 'mixed':
      return `Parts of this text read as AI-written and parts as human-written.${unfamiliar}`;
    case 'uncertain':
      return reasons.includes('too_short')
        ? `Too short to tell: the detector needs at least ${minimumWords} words to judge a text.`
        : `Too close to call: the score falls between the human and the AI thresholds. Longer samples give clearer answers.${unfamiliar}`;
  }
}
