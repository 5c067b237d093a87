import { describe, expect, it } from 'vitest';
import { runRefusal } from './run-allowance';

describe('runRefusal', () => {
  it('refuses words over the plan’s limit before anything else, as the server does', () => {
    expect(runRefusal(2_727, 2_727, { maxWordsPerRun: 2_000, balance: 680 })).toEqual({
      kind: 'over_plan_limit',
      limit: 2_000,
    });
  });

  it('refuses a cost over the balance', () => {
    expect(runRefusal(1_000, 1_500, { maxWordsPerRun: 2_000, balance: 680 })).toEqual({
      kind: 'over_balance',
      balance: 680,
    });
  });

  it('allows a run up to the limit and the balance exactly, and whatever it cannot tell', () => {
    expect(runRefusal(2_000, 680, { maxWordsPerRun: 2_000, balance: 680 })).toBeNull();
    expect(runRefusal(50_000, 50_000, { maxWordsPerRun: null, balance: 'unlimited' })).toBeNull();
    // The price list or the balance is not loaded (or could not be read): the server decides.
    expect(runRefusal(1_000, undefined, { maxWordsPerRun: null, balance: 10 })).toBeNull();
    expect(runRefusal(1_000, 1_000, { maxWordsPerRun: null, balance: undefined })).toBeNull();
  });
});
