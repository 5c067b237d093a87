import { auroc, thresholdForFalsePositiveRate, thresholdForMissRate } from '../training/metrics.js';
import { CURVATURE_FEATURES, type CurvatureCalibration } from './curvature-calibration.js';
import { sigmoid, trainLinearModel } from './linear-model.js';

/**
 * Fitting the combination of the built-in detector and a local model's curvature (`npm run train:curvature`): a
 * class-balanced logistic regression over [built-in document log-odds, discrepancy], and thresholds of the combined
 * probability chosen like the built-in ones (≤ 1% of human texts at or above the AI threshold, ≤ 5% of AI texts below
 * the human one), from out-of-fold predictions.
 */

export const CALIBRATION_FOLDS = 5;
const FIT = { l2: 1e-3, iterations: 600 };
const FALSE_POSITIVE_RATE = 0.01;
const MISS_RATE = 0.05;

/** One labelled text of the calibration sample, scored both ways. */
export interface CalibrationRow {
  /** 1 AI, 0 human. */
  label: 0 | 1;
  builtInLogOdds: number;
  discrepancy: number;
  /** Fold in [0, CALIBRATION_FOLDS) for the out-of-fold estimates. */
  fold: number;
}

const balanced = (labels: readonly number[]) => {
  const counts = [0, 0];
  for (const label of labels) counts[label] = (counts[label] as number) + 1;
  return labels.map((label) => 1 / (2 * (counts[label] as number)));
};

function fitCombiner(rows: readonly CalibrationRow[]) {
  const labels = rows.map((row) => row.label);
  return trainLinearModel(
    rows.map((row) => [row.builtInLogOdds, row.discrepancy]),
    labels,
    ['human', 'ai'],
    [...CURVATURE_FEATURES],
    { ...FIT, sampleWeights: balanced(labels) },
  );
}

export interface CurvatureFit {
  combiner: CurvatureCalibration['combiner'];
  threshold: number;
  humanThreshold: number;
  auroc: { builtIn: number; curvature: number; combined: number; combinedInSample: number };
  /** Out-of-fold combined log-odds per row, for reports. */
  outOfFold: number[];
}

/**
 * Fits the combination on all rows; AUROC and thresholds come from out-of-fold predictions (`fold`: five folds by
 * text group in training, so an AI continuation and its human prompt never sit on both sides).
 */
export function fitCurvatureCombination(rows: readonly CalibrationRow[]): CurvatureFit {
  const labels = rows.map((row) => row.label === 1);
  const outOfFold = new Array<number>(rows.length).fill(0);
  for (let fold = 0; fold < CALIBRATION_FOLDS; fold++) {
    const train = rows.filter((row) => row.fold !== fold);
    if (new Set(train.map((row) => row.label)).size < 2) continue;
    const model = fitCombiner(train);
    rows.forEach((row, i) => {
      if (row.fold !== fold) return;
      const scores = model.scores([row.builtInLogOdds, row.discrepancy]);
      outOfFold[i] = (scores[1] as number) - (scores[0] as number);
    });
  }
  const model = fitCombiner(rows);
  const inSample = rows.map((row) => {
    const scores = model.scores([row.builtInLogOdds, row.discrepancy]);
    return (scores[1] as number) - (scores[0] as number);
  });
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  const threshold = sigmoid(
    thresholdForFalsePositiveRate(
      outOfFold.filter((_, i) => !labels[i]),
      FALSE_POSITIVE_RATE,
    ),
  );
  const humanThreshold = sigmoid(
    thresholdForMissRate(
      outOfFold.filter((_, i) => labels[i]),
      MISS_RATE,
    ),
  );
  const parameters = model.parameters;
  return {
    combiner: {
      classes: ['human', 'ai'],
      features: [CURVATURE_FEATURES[0], CURVATURE_FEATURES[1]],
      mean: parameters.mean,
      scale: parameters.scale,
      weights: parameters.weights,
      bias: parameters.bias,
    },
    threshold: round(threshold),
    // Never above the AI threshold: a weak combination leaves no "human" band rather than an overlapping one.
    humanThreshold: round(Math.min(humanThreshold, threshold)),
    auroc: {
      builtIn: auroc(
        rows.map((row) => row.builtInLogOdds),
        labels,
      ),
      curvature: auroc(
        rows.map((row) => row.discrepancy),
        labels,
      ),
      combined: auroc(outOfFold, labels),
      combinedInSample: auroc(inSample, labels),
    },
    outOfFold,
  };
}
