import { describe, expect, it } from 'vitest';
import { formatBalance, formatPrice, formatTokens, totalTokens } from './format';

describe('formatTokens', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1K'],
    [1500, '1.5K'],
    [2000, '2K'],
    [2049, '2K'],
    [2050, '2.1K'],
    [12_345, '12.3K'],
    [999_949, '999.9K'],
    [999_950, '1M'],
    [1_000_000, '1M'],
    [2_500_000, '2.5M'],
    [3_000_000_000, '3B'],
    [4_200_000_000_000, '4.2T'],
    [5_000_000_000_000_000, '5000T'],
    [-1500, '-1.5K'],
  ])('%d → %s', (value, expected) => {
    expect(formatTokens(value)).toBe(expected);
  });
});

describe('balances', () => {
  it('sums the three balances', () => {
    expect(totalTokens({ token_balance: 1000, plan_balance: 500, referral_token_balance: 250 })).toBe(1750);
  });

  it('is unlimited when the plan balance is -1', () => {
    const total = totalTokens({ token_balance: 1000, plan_balance: -1, referral_token_balance: 250 });
    expect(total).toBe('unlimited');
    expect(formatBalance(total)).toBe('Unlimited');
    expect(formatBalance(-1)).toBe('Unlimited');
  });

  it('shortens finite balances without ever showing more than there is', () => {
    expect(formatBalance(1750)).toBe('1.7K');
    expect(formatBalance(1966)).toBe('1.9K');
    expect(formatBalance(1999)).toBe('1.9K');
    expect(formatBalance(2000)).toBe('2K');
    expect(formatBalance(999)).toBe('999');
    expect(formatBalance(999_999)).toBe('999.9K');
    expect(formatBalance(2_390_000)).toBe('2.3M');
  });
});

describe('formatPrice', () => {
  it('always shows the cents, as the checkout page and the receipts do', () => {
    expect(formatPrice(900, 'usd')).toBe('$9.00');
    expect(formatPrice(12_470, 'usd')).toBe('$124.70');
    expect(formatPrice(1_000_000, 'usd')).toBe('$10,000.00');
    expect(formatPrice(999, 'eur')).toBe('€9.99');
  });

  it('still shows an amount in a currency it does not know', () => {
    expect(formatPrice(900, 'xx')).toBe('9.00 XX');
  });
});
