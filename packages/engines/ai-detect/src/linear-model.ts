/**
 * Multinomial logistic regression over standardised features: small, explainable (each feature's push on the score is
 * weight × standardised value) and fast. Written here rather than taken from a library because the npm options
 * (ml-logistic-regression and friends) are one-vs-rest, unweighted and slower, and inference is ten lines.
 */
export interface SerializedLinearModel {
  classes: string[];
  features: string[];
  mean: number[];
  scale: number[];
  /** weights[class][feature]. */
  weights: number[][];
  bias: number[];
}

export class LinearModel {
  constructor(readonly parameters: SerializedLinearModel) {}

  get classes(): string[] {
    return this.parameters.classes;
  }

  /** Standardised feature values. */
  // Plain loops rather than `Float64Array.from(…, map)`, which V8 runs several times slower: a check scores the
  // features of a text some twenty times over (the confidence interval, each sentence).
  standardise(values: ArrayLike<number>): Float64Array {
    const { mean, scale } = this.parameters;
    const x = new Float64Array(mean.length);
    for (let j = 0; j < mean.length; j++) x[j] = ((values[j] as number) - (mean[j] as number)) / (scale[j] as number);
    return x;
  }

  /** Raw class scores (log-odds up to a constant). */
  scores(values: ArrayLike<number>): Float64Array {
    const x = this.standardise(values);
    const { weights, bias } = this.parameters;
    const scores = new Float64Array(weights.length);
    for (let k = 0; k < weights.length; k++) {
      const row = weights[k] as number[];
      let score = bias[k] as number;
      for (let j = 0; j < row.length; j++) score += (row[j] as number) * (x[j] as number);
      scores[k] = score;
    }
    return scores;
  }

  probabilities(values: ArrayLike<number>): Float64Array {
    return softmax(this.scores(values));
  }

  /**
   * How much each feature pushed class `towards` against class `against` (in log-odds), for the evidence users see.
   */
  contributions(values: ArrayLike<number>, towards: number, against: number): Float64Array {
    const x = this.standardise(values);
    const up = this.parameters.weights[towards] as number[];
    const down = this.parameters.weights[against] as number[];
    for (let j = 0; j < x.length; j++) x[j] = ((up[j] as number) - (down[j] as number)) * (x[j] as number);
    return x;
  }
}

export function softmax(scores: ArrayLike<number>): Float64Array {
  let max = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < scores.length; k++) max = Math.max(max, scores[k] as number);
  const exps = Float64Array.from({ length: scores.length }, (_, k) => Math.exp((scores[k] as number) - max));
  let total = 0;
  for (const value of exps) total += value;
  return exps.map((value) => value / total);
}

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

export function logit(p: number): number {
  return Math.log(p / (1 - p));
}

export interface TrainingOptions {
  /** L2 penalty on the weights (not the biases), per example. */
  l2: number;
  iterations: number;
  /** Per-example weights, e.g. to balance classes; defaults to 1. */
  sampleWeights?: ArrayLike<number>;
}

/** Fits the model by full-batch Adam on the weighted, L2-penalised cross-entropy. Deterministic. */
export function trainLinearModel(
  rows: readonly ArrayLike<number>[],
  labels: readonly number[],
  classes: string[],
  features: string[],
  options: TrainingOptions,
): LinearModel {
  const n = rows.length;
  const d = features.length;
  const K = classes.length;
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(0);
  for (const row of rows) for (let j = 0; j < d; j++) mean[j] = (mean[j] as number) + (row[j] as number) / n;
  for (const row of rows)
    for (let j = 0; j < d; j++) scale[j] = (scale[j] as number) + ((row[j] as number) - (mean[j] as number)) ** 2 / n;
  for (let j = 0; j < d; j++) scale[j] = Math.sqrt(scale[j] as number) || 1;
  // One flat row-major matrix of standardised values; zeros are skipped, as word-choice buckets are mostly zero.
  const stride = d;
  const x = new Float64Array(n * stride);
  const nonZero: Uint32Array[] = [];
  for (let i = 0; i < n; i++) {
    const row = rows[i] as ArrayLike<number>;
    const indexes: number[] = [];
    for (let j = 0; j < d; j++) {
      const raw = row[j] as number;
      x[i * stride + j] = (raw - (mean[j] as number)) / (scale[j] as number);
      if (raw !== 0) indexes.push(j);
    }
    nonZero.push(Uint32Array.from(indexes));
  }
  // A zero raw value standardises to -mean/scale for every row: its part of each score is a per-class constant.
  const zeroValue = Float64Array.from(mean, (m, j) => -m / (scale[j] as number));
  const sampleWeights = options.sampleWeights ?? new Float64Array(n).fill(1);
  let weightTotal = 0;
  for (let i = 0; i < n; i++) weightTotal += sampleWeights[i] as number;

  const width = d + 1;
  const size = K * width;
  const theta = new Float64Array(size);
  const m1 = new Float64Array(size);
  const m2 = new Float64Array(size);
  const gradient = new Float64Array(size);
  const scores = new Float64Array(K);
  const zeroScores = new Float64Array(K);
  const errorTotals = new Float64Array(K);
  const rate = 0.05;
  for (let step = 1; step <= options.iterations; step++) {
    gradient.fill(0);
    errorTotals.fill(0);
    for (let k = 0; k < K; k++) {
      let score = theta[k * width + d] as number;
      for (let j = 0; j < d; j++) score += (theta[k * width + j] as number) * (zeroValue[j] as number);
      zeroScores[k] = score;
    }
    for (let i = 0; i < n; i++) {
      const indexes = nonZero[i] as Uint32Array;
      const base = i * stride;
      let max = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < K; k++) {
        let score = zeroScores[k] as number;
        for (const j of indexes) {
          score += (theta[k * width + j] as number) * ((x[base + j] as number) - (zeroValue[j] as number));
        }
        scores[k] = score;
        if (score > max) max = score;
      }
      let total = 0;
      for (let k = 0; k < K; k++) {
        scores[k] = Math.exp((scores[k] as number) - max);
        total += scores[k] as number;
      }
      const w = (sampleWeights[i] as number) / weightTotal;
      for (let k = 0; k < K; k++) {
        const error = w * ((scores[k] as number) / total - (labels[i] === k ? 1 : 0));
        errorTotals[k] = (errorTotals[k] as number) + error;
        for (const j of indexes) {
          gradient[k * width + j] =
            (gradient[k * width + j] as number) + error * ((x[base + j] as number) - (zeroValue[j] as number));
        }
      }
    }
    for (let k = 0; k < K; k++) {
      const errorTotal = errorTotals[k] as number;
      for (let j = 0; j < d; j++) {
        gradient[k * width + j] =
          (gradient[k * width + j] as number) +
          errorTotal * (zeroValue[j] as number) +
          options.l2 * (theta[k * width + j] as number);
      }
      gradient[k * width + d] = errorTotal;
    }
    for (let t = 0; t < size; t++) {
      const g = gradient[t] as number;
      m1[t] = 0.9 * (m1[t] as number) + 0.1 * g;
      m2[t] = 0.999 * (m2[t] as number) + 0.001 * g * g;
      const corrected1 = (m1[t] as number) / (1 - 0.9 ** step);
      const corrected2 = (m2[t] as number) / (1 - 0.999 ** step);
      theta[t] = (theta[t] as number) - (rate * corrected1) / (Math.sqrt(corrected2) + 1e-8);
    }
  }
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return new LinearModel({
    classes,
    features,
    mean: mean.map(round),
    scale: scale.map(round),
    weights: Array.from({ length: K }, (_, k) =>
      Array.from({ length: d }, (_, j) => round(theta[k * width + j] as number)),
    ),
    bias: Array.from({ length: K }, (_, k) => round(theta[k * width + d] as number)),
  });
}
