/** Area under the ROC curve: the chance a positive scores above a negative (ties count half). */
export function auroc(scores: readonly number[], positive: readonly boolean[]): number {
  const order = scores
    .map((score, i) => ({ score, positive: positive[i] as boolean }))
    .sort((a, b) => a.score - b.score);
  let rankSum = 0;
  let positives = 0;
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j < order.length && (order[j] as { score: number }).score === (order[i] as { score: number }).score) j++;
    const averageRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) {
      if ((order[k] as { positive: boolean }).positive) {
        rankSum += averageRank;
        positives++;
      }
    }
    i = j;
  }
  const negatives = order.length - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** The smallest threshold whose false-positive rate on the negatives is at most `rate`. */
export function thresholdForFalsePositiveRate(negativeScores: readonly number[], rate: number): number {
  const sorted = [...negativeScores].sort((a, b) => b - a);
  const allowed = Math.floor(sorted.length * rate);
  return (sorted[allowed] ?? Number.NEGATIVE_INFINITY) + 1e-9;
}

/** The largest threshold with at most `rate` of the positives below it. */
export function thresholdForMissRate(positiveScores: readonly number[], rate: number): number {
  return -thresholdForFalsePositiveRate(
    positiveScores.map((score) => -score),
    rate,
  );
}

export function macroF1(truth: readonly number[], predicted: readonly number[], classes: number): number {
  let total = 0;
  for (let k = 0; k < classes; k++) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    truth.forEach((t, i) => {
      if (predicted[i] === k && t === k) tp++;
      else if (predicted[i] === k) fp++;
      else if (t === k) fn++;
    });
    total += tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  }
  return total / classes;
}
