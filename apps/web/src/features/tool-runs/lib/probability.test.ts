import { describe, expect, it } from 'vitest';
import { formatPercent, formatPercentRange } from './probability';

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
