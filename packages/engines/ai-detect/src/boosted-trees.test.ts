import { describe, expect, it } from 'vitest';
import { trainBoostedTrees } from './boosted-trees.js';
import { trainLinearModel } from './linear-model.js';

/** Points on a grid labelled by XOR of the signs: no line separates them, two splits do. */
function xorRows() {
  const rows: number[][] = [];
  const labels: number[] = [];
  for (let a = -5; a <= 5; a++) {
    for (let b = -5; b <= 5; b++) {
      if (a === 0 || b === 0) continue;
      rows.push([a, b, (a * 7 + b * 3) % 4]);
      labels.push(a > 0 !== b > 0 ? 1 : 0);
    }
  }
  return { rows, labels };
}

const options = { rounds: 40, depth: 2, rate: 0.3, bins: 16, lambda: 1, minChildWeight: 1 };
const accuracy = (predict: (row: number[]) => Float64Array, rows: number[][], labels: number[]) =>
  rows.filter((row, i) => {
    const scores = predict(row);
    return ((scores[1] as number) > (scores[0] as number) ? 1 : 0) === labels[i];
  }).length / rows.length;

describe('trainBoostedTrees', () => {
  it('learns an interaction a linear model cannot', () => {
    const { rows, labels } = xorRows();
    const trees = trainBoostedTrees(rows, labels, ['a', 'b'], ['x', 'y', 'noise'], options);
    const linear = trainLinearModel(rows, labels, ['a', 'b'], ['x', 'y', 'noise'], { l2: 1e-3, iterations: 200 });
    expect(accuracy((row) => trees.scores(row), rows, labels)).toBe(1);
    expect(accuracy((row) => linear.scores(row), rows, labels)).toBeLessThan(0.7);
  });

  it('credits every push to a feature: pushes add up to the score difference beyond the prior', () => {
    const { rows, labels } = xorRows();
    const trees = trainBoostedTrees(rows, labels, ['a', 'b'], ['x', 'y', 'noise'], options);
    const { bias } = trees.parameters;
    for (const row of [rows[0], rows[17], rows[60]] as number[][]) {
      const scores = trees.scores(row);
      const pushes = trees.contributions(row, 1, 0);
      const total = pushes.reduce((sum, push) => sum + push, 0);
      // Each tree's root value is its constant part, not any feature's doing.
      const roots = trees.parameters.rounds.reduce(
        (sum, round) => sum + (round[1]?.value[0] as number) - (round[0]?.value[0] as number),
        0,
      );
      expect(total).toBeCloseTo(
        (scores[1] as number) - (scores[0] as number) - ((bias[1] as number) - (bias[0] as number)) - roots,
        9,
      );
      expect(Math.abs(pushes[0] as number) + Math.abs(pushes[1] as number)).toBeGreaterThan(
        Math.abs(pushes[2] as number),
      );
    }
  });

  it('is deterministic and balances classes by the given weights', () => {
    const { rows, labels } = xorRows();
    const first = trainBoostedTrees(rows, labels, ['a', 'b'], ['x', 'y', 'noise'], options);
    const second = trainBoostedTrees(rows, labels, ['a', 'b'], ['x', 'y', 'noise'], options);
    expect(JSON.stringify(first.parameters)).toBe(JSON.stringify(second.parameters));
    const skewed = labels.map((label) => (label === 1 ? 3 : 1));
    const weighted = trainBoostedTrees(rows, labels, ['a', 'b'], ['x', 'y', 'noise'], {
      ...options,
      rounds: 0,
      sampleWeights: skewed,
    });
    expect(weighted.probabilities([1, 1, 0])[1]).toBeCloseTo(0.75, 6);
  });
});
