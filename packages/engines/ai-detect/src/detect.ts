import { obfuscationOf } from '@candor/engine-writing/obfuscation';
import type { CurvatureScore } from './curvature.js';
import { type CurvatureCalibration, combineLogOdds, documentFingerprint } from './curvature-calibration.js';
import type { DetectorModel } from './detector-model.js';
import { evidenceLabel, featureNames, type ScoredText } from './features.js';
import { sigmoid } from './linear-model.js';
import type { AiDetectionReport, AiLabel, Evidence, SourceFamily } from './report.schema.js';

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

/** Turns per-feature pushes (log-odds) into the evidence users see, strongest first; `values` are the features'. */
export function evidenceFrom(contributions: Float64Array, values: Float64Array, limit: number): Evidence[] {
  const items: Evidence[] = featureNames.map((name, j) => ({
    feature: name,
    label: evidenceLabel(name, values[j] as number),
    contribution: round(contributions[j] as number),
  }));
  return items
    .filter((item) => Math.abs(item.contribution) >= 0.05)
    .sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution))
    .slice(0, limit);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** Document log-odds of AI and their standard error (jackknife over blocks of sentences, with a floor by length). */
export function documentLogOdds(model: DetectorModel, scored: ScoredText) {
  const logOdds = (values: Float64Array) => {
    const scores = model.document.scores(values);
    return (scores[1] as number) - (scores[0] as number);
  };
  const values = model.features(scored);
  const estimate = logOdds(values);
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
      leftOut.push(logOdds(model.features(scored, 0, sentenceCount, from, to)));
    }
    const mean = leftOut.reduce((a, b) => a + b, 0) / blocks;
    jackknife = Math.sqrt(((blocks - 1) / blocks) * leftOut.reduce((a, b) => a + (b - mean) ** 2, 0));
  }
  return { values, logOdds: estimate, standardError: Math.max(jackknife, floor) };
}

export interface DetectAiOptions {
  /**
   * The local model's curvature score of this text (computed beforehand, asynchronously, by `CurvatureScorer`) and
   * the calibration of that model: the document probability becomes their calibrated combination.
   */
  curvature?: { score: CurvatureScore; calibration: CurvatureCalibration };
}

export function detectAi(text: string, model: DetectorModel, options: DetectAiOptions = {}): AiDetectionReport {
  const scored = model.score(text);
  const words = scored.words.length;
  const document = documentLogOdds(model, scored);
  const builtInEvidence = model.document.contributions(document.values, 1, 0);
  let { logOdds, standardError } = document;
  let { threshold, humanThreshold } = model.file;
  let evidence: Evidence[];
  let curvature: AiDetectionReport['curvature'];
  const local = options.curvature;
  if (local) {
    if (local.calibration.builtIn.documentFingerprint !== documentFingerprint(model)) {
      throw new Error(
        `The calibration of ${local.calibration.model.name} was fitted against another built-in detector.`,
      );
    }
    const combined = combineLogOdds(local.calibration, document, local.score.discrepancy);
    ({ logOdds, standardError } = combined);
    ({ threshold, humanThreshold } = local.calibration);
    // The built-in features push the combined score through the built-in log-odds.
    evidence = withCurvatureEvidence(
      evidenceFrom(
        builtInEvidence.map((push) => push * combined.builtInSlope),
        document.values,
        DOCUMENT_EVIDENCE_ITEMS,
      ),
      {
        feature: CURVATURE_EVIDENCE_FEATURE,
        label: curvatureEvidenceLabel(local.score.model),
        contribution: round(combined.curvaturePush),
      },
    );
    curvature = {
      model: local.score.model,
      discrepancy: round(local.score.discrepancy),
      tokens: local.score.tokens,
      truncated: local.score.truncated,
      built_in_probability: round(sigmoid(document.logOdds)),
    };
  } else {
    evidence = evidenceFrom(builtInEvidence, document.values, DOCUMENT_EVIDENCE_ITEMS);
  }
  const probability = sigmoid(logOdds);
  const low = sigmoid(logOdds - Z90 * standardError);
  const high = sigmoid(logOdds + Z90 * standardError);

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

  const label = labelOf({
    words,
    probability,
    low,
    high,
    threshold,
    humanThreshold,
    minimumWords: model.file.minimumWords,
    sentences,
  });
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
    verdict: verdictOf(label, words, model.file.minimumWords),
    threshold,
    human_threshold: humanThreshold,
    words,
    sentences: sentences.map(({ words: _, ...sentence }) => sentence),
    evidence,
    source_model:
      // No source is named for a text that reads as human, or is too short to judge at all.
      label === 'human' || probability < 0.5 || words < model.file.minimumWords
        ? null
        : { family: (families[0] as { family: SourceFamily }).family, probabilities: families },
    model: { name: model.file.name, version: model.file.version },
    ...(curvature ? { curvature } : {}),
    ...obfuscationOf(scored.canonical),
  };
}

/** The curvature item always shows (it is why the score differs from the built-in one), in order of strength. */
function withCurvatureEvidence(items: Evidence[], item: Evidence): Evidence[] {
  const merged = [...items, item].sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
  if (merged.length <= DOCUMENT_EVIDENCE_ITEMS) return merged;
  const weakest = merged.findLastIndex((entry) => entry !== item);
  merged.splice(weakest, 1);
  return merged;
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
 * "ai" only when the whole 90% interval clears the AI threshold, "human" only when it lies below the (lower) human
 * threshold; a text whose sentences split into confidently AI and confidently human parts is "mixed"; everything
 * else, and every text too short to judge, is "uncertain" — a confident wrong answer costs a writer far more than an
 * honest "can't tell".
 */
export function labelOf(inputs: LabelInputs): AiLabel {
  if (inputs.words < inputs.minimumWords) return 'uncertain';
  let aiWords = 0;
  let humanWords = 0;
  for (const sentence of inputs.sentences) {
    if (sentence.ai_probability >= CONFIDENT_SENTENCE) aiWords += sentence.words;
    else if (sentence.ai_probability <= 1 - CONFIDENT_SENTENCE) humanWords += sentence.words;
  }
  const mixed = aiWords >= MIXED_SHARE * inputs.words && humanWords >= MIXED_SHARE * inputs.words;
  if (inputs.low >= inputs.threshold) return 'ai';
  if (mixed && inputs.high >= inputs.threshold) return 'mixed';
  if (inputs.high < inputs.humanThreshold) return 'human';
  return 'uncertain';
}

function verdictOf(label: AiLabel, words: number, minimumWords: number): string {
  switch (label) {
    case 'ai':
      return 'This text reads as written by an AI: the whole confidence interval is above the threshold.';
    case 'human':
      return 'This text reads as written by a person: the whole confidence interval is below the human threshold.';
    case 'mixed':
      return 'Parts of this text read as AI-written and parts as human-written.';
    case 'uncertain':
      return words < minimumWords
        ? `Too short to tell: the detector needs at least ${minimumWords} words to judge a text.`
        : 'Too close to call: the confidence interval reaches between the human and the AI thresholds. Longer samples give clearer answers.';
  }
}
