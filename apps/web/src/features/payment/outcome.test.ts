import { describe, expect, it } from 'vitest';
import { isPaymentOutcome } from './outcome';

describe('payment outcomes', () => {
  it('knows only success and failure', () => {
    expect(['success', 'failure', 'pending', ''].map(isPaymentOutcome)).toEqual([true, true, false, false]);
  });
});
