import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { committedCalibrationFiles } from './committed-calibrations.js';
import {
  createLanguageModelScorer,
  type LanguageModelFeatures,
  type LanguageModelScore,
  type LanguageModelScorer,
  languageModelFeatureNames,
} from './curvature.js';
import type { DetectorModelFile } from './detector-model.js';
import { LinearModel, type SerializedLinearModel } from './linear-model.js';
import { levelsSchema } from './sensitivity.js';

/**
 * How a language model's scores join the built-in detectors. Their scale depends on the model, so the combination is
 * fitted per GGUF file by `npm run train:curvature`: a logistic regression over the built-in score and the model's
 * features, with its own thresholds per sensitivity level. It is used only for the model file whose sha256 it names,
 * and only with the built-in detector it was fitted against; otherwise the model is not used (never a guessed weight).
 *
 * Calibrations live beside the model (`<model>.candor-lm.json`, an operator's own) or in the repository
 * (`model/language-models/`, committed with the detector, found by the model's sha256).
 */

export const CALIBRATION_FORMAT = 'candor-language-model/2';
export const COMBINED_FEATURES = ['built_in_log_odds', ...languageModelFeatureNames] as const;

export const calibrationPathFor = (modelPath: string): string => `${modelPath}.candor-lm.json`;
/** Where `npm run train:curvature -- --commit` writes calibrations (src/committed-calibrations.ts imports them). */
export const COMMITTED_CALIBRATIONS = path.resolve(import.meta.dirname, '../model/language-models');

const probability = z.number().min(0).max(1);
const combinationSchema = z.object({
  /** Logistic regression, classes human and ai, over the built-in log-odds and the model's features (standardised). */
  combiner: z.object({
    classes: z.tuple([z.literal('human'), z.literal('ai')]),
    features: z.array(z.string()).length(COMBINED_FEATURES.length),
    mean: z.array(z.number()).length(COMBINED_FEATURES.length),
    scale: z.array(z.number().positive()).length(COMBINED_FEATURES.length),
    weights: z.array(z.array(z.number()).length(COMBINED_FEATURES.length)).length(2),
    bias: z.array(z.number()).length(2),
  }),
  levels: levelsSchema,
  humanThreshold: probability,
});
export type Combination = z.infer<typeof combinationSchema>;

/** A fitted two-class linear model (human, ai) as a combination's combiner. */
export function combinerOf(p: SerializedLinearModel): Combination['combiner'] {
  return {
    classes: ['human', 'ai'],
    features: p.features,
    mean: p.mean,
    scale: p.scale,
    weights: p.weights,
    bias: p.bias,
  };
}

export const languageModelCalibrationSchema = z.object({
  format: z.literal(CALIBRATION_FORMAT),
  /** The GGUF file this was fitted for. */
  model: z.object({
    name: z.string(),
    file: z.string(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    bytes: z.number().int().nonnegative(),
  }),
  /** The built-in detector whose scores are combined (`documentFingerprint` of its classifiers). */
  builtIn: z.object({ name: z.string(), version: z.string(), documentFingerprint: z.string() }),
  /** How texts are scored: the scorer must use the same cap, as the features' spread depends on it. */
  scoring: z.object({ maxTokens: z.number().int().positive(), topK: z.number().int().positive() }),
  /** The AI Detector's probability of AI. */
  aiDetection: combinationSchema,
  /** The Humanized Text Detector's probability that a text is AI-written, disguised or not. */
  humanized: combinationSchema,
  metrics: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type LanguageModelCalibration = z.infer<typeof languageModelCalibrationSchema>;

/** The built-in detector as far as the calibration depends on it: a `DetectorModel`, or just its file. */
export interface BuiltInDetector {
  file: Pick<DetectorModelFile, 'name' | 'version' | 'document' | 'humanized'>;
}

const fingerprints = new WeakMap<object, string>();

/** A short fingerprint of the built-in document and humanized classifiers: a retrained detector gives a new one. */
export function documentFingerprint(detector: BuiltInDetector): string {
  const document = detector.file.document;
  let fingerprint = fingerprints.get(document);
  if (!fingerprint) {
    fingerprint = createHash('sha256')
      .update(JSON.stringify(document))
      .update(JSON.stringify(detector.file.humanized))
      .digest('hex')
      .slice(0, 16);
    fingerprints.set(document, fingerprint);
  }
  return fingerprint;
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function writeLanguageModelCalibration(file: string, calibration: LanguageModelCalibration) {
  await writeFile(file, `${JSON.stringify(languageModelCalibrationSchema.parse(calibration), null, 2)}\n`);
  return file;
}

/** The committed calibrations (one that doesn't parse is skipped). */
export function committedCalibrations(): LanguageModelCalibration[] {
  return committedCalibrationFiles.flatMap((file) => {
    const parsed = languageModelCalibrationSchema.safeParse(file);
    return parsed.success ? [parsed.data] : [];
  });
}

export type CalibrationCheck = { calibration: LanguageModelCalibration } | { calibration: null; problem: string };

/**
 * The calibration for `modelPath`: beside it, else a committed one for the same sha256; checked against the model
 * file and the built-in detector. `problem` says, in one sentence an operator can act on, why it can't be used.
 */
export async function checkLanguageModelCalibration(
  modelPath: string,
  detector: BuiltInDetector,
  committed: readonly LanguageModelCalibration[] = committedCalibrations(),
): Promise<CalibrationCheck> {
  const refuse = (why: string): CalibrationCheck => ({
    calibration: null,
    problem: `The detectors' language model ${modelPath} is not used: ${why} Run \`npm run train:curvature -- --model ${modelPath}\` to calibrate it.`,
  });
  try {
    await stat(modelPath);
  } catch {
    return refuse('the model file cannot be read.');
  }
  const sha256 = await sha256File(modelPath);
  const beside = calibrationPathFor(modelPath);
  let calibration: LanguageModelCalibration | undefined;
  try {
    const raw = await readFile(beside, 'utf8');
    let parsed: ReturnType<typeof languageModelCalibrationSchema.safeParse>;
    try {
      parsed = languageModelCalibrationSchema.safeParse(JSON.parse(raw));
    } catch {
      return refuse(`its calibration file ${beside} is not valid JSON.`);
    }
    if (!parsed.success) return refuse(`its calibration file ${beside} is not in the ${CALIBRATION_FORMAT} format.`);
    calibration = parsed.data;
    if (calibration.model.sha256 !== sha256) {
      return refuse(`its calibration file ${beside} was made for a different model file (sha256 differs).`);
    }
  } catch {
    calibration = committed.find((entry) => entry.model.sha256 === sha256);
    if (!calibration) return refuse(`there is no calibration file ${beside}, nor a committed one for its sha256.`);
  }
  if (calibration.builtIn.documentFingerprint !== documentFingerprint(detector)) {
    return refuse(
      `its calibration was fitted against another version of the built-in detector (${calibration.builtIn.name} ${calibration.builtIn.version}).`,
    );
  }
  return { calibration };
}

export interface CalibratedLanguageModel {
  scorer: LanguageModelScorer;
  calibration: LanguageModelCalibration;
}

/**
 * The scorer for `modelPath` when a matching calibration is there; otherwise null, and `warn` is told why. The model
 * itself loads on the first score.
 */
export async function openCalibratedLanguageModel(options: {
  modelPath: string;
  detector: BuiltInDetector;
  warn: (message: string) => void;
  threads?: number;
}): Promise<CalibratedLanguageModel | null> {
  const check = await checkLanguageModelCalibration(options.modelPath, options.detector);
  if (!check.calibration) {
    options.warn('problem' in check ? check.problem : 'The language model is not calibrated.');
    return null;
  }
  const scorer = createLanguageModelScorer({
    modelPath: options.modelPath,
    maxTokens: check.calibration.scoring.maxTokens,
    ...(options.threads === undefined ? {} : { threads: options.threads }),
  });
  return { scorer, calibration: check.calibration };
}

export interface CombinedLogOdds {
  logOdds: number;
  standardError: number;
  /** d(combined log-odds) / d(built-in log-odds): scales the built-in features' pushes. */
  builtInSlope: number;
  /** Each language-model feature's push on the combined log-odds (weight × standardised value). */
  pushes: Record<keyof LanguageModelFeatures, number>;
}

const rowOf = (builtInLogOdds: number, features: LanguageModelFeatures) => [
  builtInLogOdds,
  ...languageModelFeatureNames.map((name) => features[name]),
];

/**
 * Combined log-odds. Its standard error adds the built-in one (scaled by its slope) and the language model's part's
 * jackknife over blocks of tokens.
 */
export function combineLogOdds(
  combination: Combination,
  builtIn: { logOdds: number; standardError: number },
  score: Pick<LanguageModelScore, 'features' | 'jackknife'>,
): CombinedLogOdds {
  const combiner = new LinearModel({ ...combination.combiner, features: [...combination.combiner.features] });
  const logOddsOf = (features: LanguageModelFeatures) => {
    const scores = combiner.scores(rowOf(builtIn.logOdds, features));
    return (scores[1] as number) - (scores[0] as number);
  };
  const logOdds = logOddsOf(score.features);
  const contributions = combiner.contributions(rowOf(builtIn.logOdds, score.features), 1, 0);
  const { weights, scale } = combination.combiner;
  const builtInSlope =
    (((weights[1] as number[])[0] as number) - ((weights[0] as number[])[0] as number)) / (scale[0] as number);
  const blocks = score.jackknife.map(logOddsOf);
  const mean = blocks.reduce((a, b) => a + b, 0) / Math.max(blocks.length, 1);
  const jackknife =
    blocks.length > 1
      ? Math.sqrt(((blocks.length - 1) / blocks.length) * blocks.reduce((a, b) => a + (b - mean) ** 2, 0))
      : 0;
  return {
    logOdds,
    standardError: Math.hypot(builtInSlope * builtIn.standardError, jackknife),
    builtInSlope,
    pushes: Object.fromEntries(
      languageModelFeatureNames.map((name, j) => [name, contributions[j + 1] as number]),
    ) as Record<keyof LanguageModelFeatures, number>,
  };
}
