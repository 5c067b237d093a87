import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../bench/lib.mjs';
import { calibrationError, fitProbabilityScale } from './probability-scale.js';

/** Log-odds whose true chance of AI is sigmoid(slope × value + intercept), as many of each class drawn. */
function drawn(slope: number, intercept: number, n: number) {
  const random = seededRandom(3);
  const logOdds: number[] = [];
  const labels: (0 | 1)[] = [];
  for (let i = 0; i < n; i++) {
    const value = -12 + 24 * random();
    logOdds.push(value);
    labels.push(random() < 1 / (1 + Math.exp(-(slope * value + intercept))) ? 1 : 0);
  }
  return { logOdds, labels };
}

describe('fitProbabilityScale', () => {
  it('recovers the scale of overconfident log-odds', () => {
    // Symmetric draws give about as many texts of each class, so the class weights leave the intercept alone.
    const { logOdds, labels } = drawn(0.45, 0, 5_000);
    const scale = fitProbabilityScale(logOdds, labels);
    expect(scale.slope).toBeCloseTo(0.45, 1);
    expect(scale.intercept).toBeCloseTo(0, 1);
  });

  it('weighs the classes alike, so a rarer class moves the intercept, not the slope', () => {
    const { logOdds, labels } = drawn(0.5, -2, 5_000);
    const scale = fitProbabilityScale(logOdds, labels);
    const ai = labels.filter((label) => label === 1).length;
    expect(scale.slope).toBeCloseTo(0.5, 1);
    // Weighing the classes alike shifts a well-specified logistic model's intercept by the log of the classes' ratio.
    expect(scale.intercept).toBeCloseTo(-2 + Math.log((labels.length - ai) / ai), 1);
  });

  it('refuses texts of one class only', () => {
    expect(() => fitProbabilityScale([1, 2, 3], [1, 1, 1])).toThrow(/both classes/);
  });
});

describe('calibrationError', () => {
  it('is near zero for probabilities that come true as often as they say, and large for overconfident ones', () => {
    const { logOdds, labels } = drawn(0.45, 0, 5_000);
    const honest = calibrationError(
      logOdds.map((value) => 1 / (1 + Math.exp(-0.45 * value))),
      labels,
    );
    const overconfident = calibrationError(
      logOdds.map((value) => 1 / (1 + Math.exp(-value))),
      labels,
    );
    expect(honest).toBeLessThan(0.03);
    expect(overconfident).toBeGreaterThan(0.05);
  });
});
