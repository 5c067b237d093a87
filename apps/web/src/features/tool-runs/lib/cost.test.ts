import { describe, expect, it } from 'vitest';
import { quoteTokens } from './cost';

describe('quoteTokens', () => {
  it('charges whole tokens, rounding a part token up', () => {
    expect(quoteTokens(120, 1)).toBe(120);
    expect(quoteTokens(11, 0.5)).toBe(6);
    expect(quoteTokens(3, 1.5)).toBe(5);
    expect(quoteTokens(0, 1)).toBe(0);
  });

  it('does not round floating-point noise up to an extra token', () => {
    // 0.1 × 3 is 0.30000000000000004 in binary floating point.
    expect(quoteTokens(3, 0.1)).toBe(1);
    expect(quoteTokens(10, 0.1)).toBe(1);
  });
});
