import { describe, expect, it } from 'vitest';
import { decimalsToKeepOrder, formatPercent, formatPercentRange, formatPercentShares } from './percent.js';

describe('formatPercent', () => {
  it('rounds to whole percent', () => {
    expect(formatPercent(0.874)).toBe('87%');
    expect(formatPercent(0.5)).toBe('50%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(1)).toBe('100%');
  });

  it('does not round an estimate to a certainty', () => {
    expect(formatPercent(0.004)).toBe('<1%');
    expect(formatPercent(0.996)).toBe('>99%');
  });

  it('writes an interval with an en dash', () => {
    expect(formatPercentRange(0.781, 0.93)).toBe('78–93%');
  });
});

describe('decimalsToKeepOrder', () => {
  it('keeps whole percents when every value reads on its side of every reference', () => {
    expect(decimalsToKeepOrder([0.62, 0.91], [0.98947, 0.23])).toBe(0);
    expect(decimalsToKeepOrder([0.98947], [0.98947])).toBe(0);
  });

  it('adds a decimal where a value and a reference on different sides would read the same', () => {
    // 98.7% and 98.947% both read 99%.
    const decimals = decimalsToKeepOrder([0.987, 0.999], [0.98947, 0.23]);
    expect(decimals).toBe(1);
    expect(formatPercentRange(0.987, 0.999, decimals)).toBe('98.7–99.9%');
    expect(formatPercent(0.98947, decimals)).toBe('98.9%');
    expect(decimalsToKeepOrder([0.2296], [0.2304])).toBe(2);
  });

  it('compares values as they are written, so two ends never print the same', () => {
    // 0.14 and 0.15 percent: Math.round would part them at one decimal (1 and 2), toFixed writes both "0.1".
    const decimals = decimalsToKeepOrder([0.0014], [0.0015]);
    expect(formatPercentRange(0.0014, 0.0015, decimals)).toBe('0.14–0.15%');
  });

  it('stops at two decimals', () => {
    expect(decimalsToKeepOrder([0.98945], [0.98947])).toBe(2);
  });
});

describe('formatPercentShares', () => {
  const sum = (percents: string[]) => percents.reduce((total, percent) => total + Number.parseInt(percent, 10), 0);

  it('rounds the shares of a whole so that they add up to 100%', () => {
    // Rounded one by one these read 50%, 49% and 2%: 101%.
    expect(formatPercentShares([0.496, 0.486, 0.018])).toEqual(['50%', '48%', '2%']);
    expect(formatPercentShares([1 / 3, 1 / 3, 1 / 3])).toEqual(['34%', '33%', '33%']);
    expect(formatPercentShares([0.62, 0.18, 0.09, 0.06, 0.05])).toEqual(['62%', '18%', '9%', '6%', '5%']);
    for (const shares of [
      [0.125, 0.125, 0.75],
      [0.335, 0.335, 0.33],
      [0.4449, 0.4449, 0.1102],
    ]) {
      expect(sum(formatPercentShares(shares))).toBe(100);
    }
  });

  it('keeps the shares in their order when their remainders tie', () => {
    expect(formatPercentShares([0.486, 0.496, 0.018])).toEqual(['48%', '50%', '2%']);
  });

  it('does not round a share to nothing or to everything', () => {
    expect(formatPercentShares([0.5, 0.496, 0.004])).toEqual(['50%', '50%', '<1%']);
    expect(formatPercentShares([0.996, 0.003, 0.001])).toEqual(['>99%', '<1%', '<1%']);
    expect(formatPercentShares([1, 0, 0])).toEqual(['100%', '0%', '0%']);
  });

  it('reads shares that do not quite sum to one as parts of their total', () => {
    expect(formatPercentShares([0.2, 0.2, 0.6000001])).toEqual(['20%', '20%', '60%']);
    expect(formatPercentShares([0, 0])).toEqual(['0%', '0%']);
  });
});
