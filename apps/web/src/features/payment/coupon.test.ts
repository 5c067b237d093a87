import { describe, expect, it } from 'vitest';
import { couponSummary, couponValidity, discountedCents, type ValidCoupon } from './coupon';

const coupon = (overrides: Partial<ValidCoupon> = {}): ValidCoupon => ({
  valid: true,
  code: 'SPRING20',
  description: 'Spring sale',
  percent_off: 20,
  amount_off_cents: null,
  currency: 'usd',
  valid_until: null,
  product_slugs: null,
  ...overrides,
});
const pro = { slug: 'ai-detector-pro-yearly', price_cents: 28_790, currency: 'usd' };

describe('coupon display', () => {
  it('says what a percent or an amount off gives on the first payment', () => {
    expect(couponSummary(coupon())).toBe('SPRING20 — 20% off your first payment');
    expect(couponSummary(coupon({ code: 'FIVE', percent_off: null, amount_off_cents: 500 }))).toBe(
      'FIVE — $5.00 off your first payment',
    );
  });

  it('gives the end of the validity window when there is one', () => {
    expect(couponValidity(coupon())).toBeNull();
    expect(couponValidity(coupon({ valid_until: '2027-03-31T12:00:00.000Z' }))).toBe('Valid until Mar 31, 2027');
  });

  it('discounts a price as the server does: percent rounded to the cent, amount never below zero', () => {
    expect(discountedCents(coupon(), pro)).toBe(23_032);
    expect(discountedCents(coupon({ percent_off: 100 }), pro)).toBe(0);
    expect(discountedCents(coupon({ percent_off: null, amount_off_cents: 50_000 }), pro)).toBe(0);
    expect(discountedCents(coupon({ percent_off: null, amount_off_cents: 1_000 }), pro)).toBe(27_790);
  });

  it('leaves alone products the coupon is not for, free plans and prices in another currency', () => {
    expect(discountedCents(coupon({ product_slugs: ['tokens-50k'] }), pro)).toBeNull();
    expect(discountedCents(coupon({ product_slugs: [pro.slug] }), pro)).toBe(23_032);
    expect(discountedCents(coupon(), { slug: 'free', price_cents: 0, currency: 'usd' })).toBeNull();
    expect(discountedCents(coupon({ percent_off: null, amount_off_cents: 500, currency: 'eur' }), pro)).toBeNull();
  });
});
