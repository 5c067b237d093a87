import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { type CurvatureScorer, createCurvatureScorer, modelNameOf } from './curvature.js';
import type { CurvatureFit } from './curvature-fit.js';
import type { DetectorModelFile } from './detector-model.js';
import { LinearModel } from './linear-model.js';

/**
 * How the local model's curvature is combined with the built-in detector. The discrepancy's scale depends on the
 * model, so the combination is fitted per GGUF file by `npm run train:curvature` and stored beside it as
 * `<model>.candor-curvature.json`. It is used only when the file's sha256 matches the model and it was fitted
 * against the built-in detector model in use; otherwise the local model is not used at all (never a guessed weight).
 */

export const CALIBRATION_FORMAT = 'candor-curvature/1';
export const CURVATURE_FEATURES = ['built_in_log_odds', 'curvature_discrepancy'] as const;

export const calibrationPathFor = (modelPath: string): string => `${modelPath}.candor-curvature.json`;

const probability = z.number().min(0).max(1);

export const curvatureCalibrationSchema = z.object({
  format: z.literal(CALIBRATION_FORMAT),
  /** The GGUF file this was fitted for. */
  model: z.object({
    name: z.string(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    bytes: z.number().int().nonnegative(),
  }),
  /** The built-in detector whose document log-odds are the first feature (`documentFingerprint` of its weights). */
  builtIn: z.object({ name: z.string(), version: z.string(), documentFingerprint: z.string() }),
  /** Tokens scored per text; the scorer must use the same cap, as the discrepancy grows with length. */
  maxTokens: z.number().int().positive(),
  /** Logistic regression over [built-in log-odds, discrepancy], classes human and ai (standardised features). */
  combiner: z.object({
    classes: z.tuple([z.literal('human'), z.literal('ai')]),
    features: z.tuple([z.literal(CURVATURE_FEATURES[0]), z.literal(CURVATURE_FEATURES[1])]),
    mean: z.array(z.number()).length(2),
    scale: z.array(z.number().positive()).length(2),
    weights: z.array(z.array(z.number()).length(2)).length(2),
    bias: z.array(z.number()).length(2),
  }),
  /** AI threshold of the combined probability: ≤ 1% of the sample's human texts at or above it (out of fold). */
  threshold: probability,
  /** Human threshold of the combined probability: ≤ 5% of the sample's AI texts below it (out of fold). */
  humanThreshold: probability,
  metrics: z.object({
    /** AUROC, human vs AI, on the calibration sample; `combined` is out of fold (5 folds by text group). */
    auroc: z.object({ builtIn: z.number(), curvature: z.number(), combined: z.number() }),
    sample: z.object({
      texts: z.number().int().positive(),
      human: z.number().int().nonnegative(),
      ai: z.number().int().nonnegative(),
      seed: z.number().int(),
      files: z.array(z.string()),
    }),
    /** Tokens per second of the scorer while calibrating (machine-dependent, for orientation). */
    tokensPerSecond: z.number().nonnegative(),
  }),
  createdAt: z.string(),
});
export type CurvatureCalibration = z.infer<typeof curvatureCalibrationSchema>;

/** The built-in detector as far as the calibration depends on it: a `DetectorModel`, or just its file. */
export interface BuiltInDetector {
  file: Pick<DetectorModelFile, 'name' | 'version' | 'document'>;
}

const fingerprints = new WeakMap<object, string>();

/** A short fingerprint of the built-in document classifier (whatever its kind): a retrained detector gives a new one. */
export function documentFingerprint(detector: BuiltInDetector): string {
  const document = detector.file.document;
  let fingerprint = fingerprints.get(document);
  if (!fingerprint) {
    fingerprint = createHash('sha256').update(JSON.stringify(document)).digest('hex').slice(0, 16);
    fingerprints.set(document, fingerprint);
  }
  return fingerprint;
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The calibration record of a fit: which model file, fitted against which built-in detector, and the fit. */
export async function calibrationOf(input: {
  modelPath: string;
  detector: BuiltInDetector;
  maxTokens: number;
  fit: CurvatureFit;
  sample: CurvatureCalibration['metrics']['sample'];
  tokensPerSecond: number;
}): Promise<CurvatureCalibration> {
  const { modelPath, detector, fit } = input;
  const round3 = (value: number) => Math.round(value * 1000) / 1000;
  return {
    format: CALIBRATION_FORMAT,
    model: { name: modelNameOf(modelPath), sha256: await sha256File(modelPath), bytes: (await stat(modelPath)).size },
    builtIn: {
      name: detector.file.name,
      version: detector.file.version,
      documentFingerprint: documentFingerprint(detector),
    },
    maxTokens: input.maxTokens,
    combiner: fit.combiner,
    threshold: fit.threshold,
    humanThreshold: fit.humanThreshold,
    metrics: {
      auroc: {
        builtIn: round3(fit.auroc.builtIn),
        curvature: round3(fit.auroc.curvature),
        combined: round3(fit.auroc.combined),
      },
      sample: input.sample,
      tokensPerSecond: input.tokensPerSecond,
    },
    createdAt: new Date().toISOString(),
  };
}

export async function writeCurvatureCalibration(modelPath: string, calibration: CurvatureCalibration): Promise<string> {
  const file = calibrationPathFor(modelPath);
  await writeFile(file, `${JSON.stringify(curvatureCalibrationSchema.parse(calibration), null, 2)}\n`);
  return file;
}

export type CalibrationCheck = { calibration: CurvatureCalibration } | { calibration: null; problem: string };

/**
 * Reads `<model>.candor-curvature.json` and checks it against the model file (sha256) and the built-in detector.
 * `problem` says, in one sentence an operator can act on, why it can't be used.
 */
export async function checkCurvatureCalibration(
  modelPath: string,
  detector: BuiltInDetector,
): Promise<CalibrationCheck> {
  const file = calibrationPathFor(modelPath);
  const refuse = (why: string): CalibrationCheck => ({
    calibration: null,
    problem: `The AI detector's local model ${modelPath} is not used: ${why} Run \`npm run train:curvature -- --model ${modelPath}\` to calibrate it.`,
  });
  try {
    await stat(modelPath);
  } catch {
    return refuse('the model file cannot be read.');
  }
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch {
    return refuse(`there is no calibration file ${file}.`);
  }
  let parsed: ReturnType<typeof curvatureCalibrationSchema.safeParse>;
  try {
    parsed = curvatureCalibrationSchema.safeParse(JSON.parse(raw));
  } catch {
    return refuse(`its calibration file ${file} is not valid JSON.`);
  }
  if (!parsed.success) return refuse(`its calibration file ${file} is not in the ${CALIBRATION_FORMAT} format.`);
  const calibration = parsed.data;
  if ((await sha256File(modelPath)) !== calibration.model.sha256) {
    return refuse(`its calibration file ${file} was made for a different model file (sha256 differs).`);
  }
  if (calibration.builtIn.documentFingerprint !== documentFingerprint(detector)) {
    return refuse(
      `its calibration was fitted against another version of the built-in detector (${calibration.builtIn.name} ${calibration.builtIn.version}).`,
    );
  }
  return { calibration };
}

export interface CalibratedCurvatureScorer {
  scorer: CurvatureScorer;
  calibration: CurvatureCalibration;
}

/**
 * The scorer for `modelPath` when a matching calibration file is there; otherwise null, and `warn` is told why (the
 * caller opens it once per process, so the warning comes once). The model itself loads on the first score.
 */
export async function openCalibratedCurvatureScorer(options: {
  modelPath: string;
  detector: BuiltInDetector;
  warn: (message: string) => void;
  threads?: number;
}): Promise<CalibratedCurvatureScorer | null> {
  const check = await checkCurvatureCalibration(options.modelPath, options.detector);
  if (!check.calibration) {
    options.warn('problem' in check ? check.problem : 'The local model is not calibrated.');
    return null;
  }
  const scorer = createCurvatureScorer({
    modelPath: options.modelPath,
    maxTokens: check.calibration.maxTokens,
    ...(options.threads === undefined ? {} : { threads: options.threads }),
  });
  return { scorer, calibration: check.calibration };
}

export interface CombinedLogOdds {
  logOdds: number;
  standardError: number;
  /** d(combined log-odds) / d(built-in log-odds): scales the built-in features' pushes. */
  builtInSlope: number;
  /** The curvature's push on the combined log-odds (weight × standardised discrepancy). */
  curvaturePush: number;
}

/**
 * Combined document log-odds. Its standard error adds the built-in one (scaled by its slope) and the discrepancy's
 * sampling noise — 1 under the hypothesis that the text came from the model — scaled by the curvature's slope.
 */
export function combineLogOdds(
  calibration: CurvatureCalibration,
  builtIn: { logOdds: number; standardError: number },
  discrepancy: number,
): CombinedLogOdds {
  const combiner = new LinearModel(calibration.combiner);
  const values = [builtIn.logOdds, discrepancy];
  const scores = combiner.scores(values);
  const pushes = combiner.contributions(values, 1, 0);
  const { weights, scale } = calibration.combiner;
  const slope = (j: number) =>
    (((weights[1] as number[])[j] as number) - ((weights[0] as number[])[j] as number)) / (scale[j] as number);
  const builtInSlope = slope(0);
  const curvatureSlope = slope(1);
  return {
    logOdds: (scores[1] as number) - (scores[0] as number),
    standardError: Math.hypot(builtInSlope * builtIn.standardError, curvatureSlope),
    builtInSlope,
    curvaturePush: pushes[1] as number,
  };
}
