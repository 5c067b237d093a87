import { type TokenBalance, UNLIMITED } from '@candor/contracts';

const SUFFIXES = ['', 'K', 'M', 'B', 'T'] as const;

/**
 * Spec §9: token counts shortened with K, M, B, T and one decimal place.
 * A trailing ".0" is dropped (2000 → "2K", 1500 → "1.5K"); rounding that reaches 1000 moves to the next suffix.
 * Rounding `down` (towards zero) never shows more than there is, for a balance: 1966 → "1.9K", not "2K".
 */
export function formatTokens(value: number, rounding: 'nearest' | 'down' = 'nearest'): string {
  if (!Number.isFinite(value)) return '0';
  const round = rounding === 'down' ? Math.floor : Math.round;
  const sign = value < 0 ? '-' : '';
  let amount = Math.abs(value);
  if (amount < 1000) return `${sign}${round(amount)}`;
  let index = 0;
  while (amount >= 1000 && index < SUFFIXES.length - 1) {
    amount /= 1000;
    index += 1;
  }
  let rounded = round(amount * 10) / 10;
  if (rounded >= 1000 && index < SUFFIXES.length - 1) {
    rounded = Math.round(rounded / 100) / 10;
    index += 1;
  }
  const text = Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
  return `${sign}${text}${SUFFIXES[index]}`;
}

export const isUnlimited = (planBalance: number) => planBalance === UNLIMITED;

/** Spec §3: the total is the sum of the three balances, or unlimited when plan_balance is -1. */
export function totalTokens(balance: TokenBalance): number | 'unlimited' {
  if (isUnlimited(balance.plan_balance)) return 'unlimited';
  return balance.token_balance + balance.plan_balance + balance.referral_token_balance;
}

/** One balance for display: 'Unlimited' for -1 plan balances, otherwise shortened without rounding up. */
export function formatBalance(value: number | 'unlimited'): string {
  return value === 'unlimited' || isUnlimited(value) ? 'Unlimited' : formatTokens(value, 'down');
}

/**
 * An amount of money, always with its cents ("$9.00", "$124.70"), as the checkout page and the receipts show it, so
 * amounts side by side (pricing, coupons, token packets, invoices, the subscription) line up and read alike.
 */
export function formatPrice(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(cents / 100);
  } catch {
    // A currency code Intl doesn't know.
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export function formatDate(value: string | Date, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '—' : new Intl.DateTimeFormat('en', options).format(date);
}

export function formatDateTime(value: string | Date) {
  return formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "Nov 21" for a YYYY-MM-DD UTC day. */
export const formatDay = (value: string, options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' }) =>
  new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
