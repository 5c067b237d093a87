/** Area under the ROC curve: the chance a synthetic clip scores above a real one (ties count half). */
export function auroc(scores: number[], labels: boolean[]): number {
  const positives = scores.filter((_, i) => labels[i]);
  const negatives = scores.filter((_, i) => !labels[i]);
  if (!positives.length || !negatives.length) return Number.NaN;
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}

/** Equal error rate: where the share of real clips flagged equals the share of synthetic clips missed. */
export function eer(scores: number[], labels: boolean[]): number {
  const thresholds = [...new Set(scores)].sort((a, b) => a - b);
  const positives = labels.filter(Boolean).length;
  const negatives = labels.length - positives;
  if (!positives || !negatives) return Number.NaN;
  let best = 1;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const t of [Number.NEGATIVE_INFINITY, ...thresholds]) {
    let falsePositive = 0;
    let falseNegative = 0;
    scores.forEach((s, i) => {
      if (labels[i] && s <= t) falseNegative++;
      if (!labels[i] && s > t) falsePositive++;
    });
    const fpr = falsePositive / negatives;
    const fnr = falseNegative / positives;
    if (Math.abs(fpr - fnr) < bestGap) {
      bestGap = Math.abs(fpr - fnr);
      best = (fpr + fnr) / 2;
    }
  }
  return best;
}

export interface LogisticModel {
  weights: number[];
  bias: number;
}

/**
 * L2-regularised logistic regression by full-batch gradient descent from zero (deterministic), classes weighted to
 * count equally.
 */
export function fitLogistic(
  rows: ArrayLike<number>[],
  labels: boolean[],
  options: { l2: number; iterations: number; rate: number },
): LogisticModel {
  const dims = rows[0]?.length ?? 0;
  const weights = new Float64Array(dims);
  let bias = 0;
  const positives = labels.filter(Boolean).length;
  const negatives = labels.length - positives;
  const classWeight = (label: boolean) => labels.length / (2 * (label ? positives : negatives));
  const gradient = new Float64Array(dims);
  for (let step = 0; step < options.iterations; step++) {
    gradient.fill(0);
    let biasGradient = 0;
    rows.forEach((row, i) => {
      let z = bias;
      for (let d = 0; d < dims; d++) z += (weights[d] as number) * (row[d] as number);
      const p = 1 / (1 + Math.exp(-z));
      const error = (p - (labels[i] ? 1 : 0)) * classWeight(labels[i] as boolean);
      for (let d = 0; d < dims; d++) gradient[d] = (gradient[d] as number) + error * (row[d] as number);
      biasGradient += error;
    });
    for (let d = 0; d < dims; d++) {
      weights[d] =
        (weights[d] as number) -
        options.rate * ((gradient[d] as number) / rows.length + options.l2 * (weights[d] as number));
    }
    bias -= (options.rate * biasGradient) / rows.length;
  }
  return { weights: [...weights], bias };
}
