import type { CouponCheck } from '@candor/contracts';
import { formatDate, formatPrice } from '@/lib/format';

export type ValidCoupon = Extract<CouponCheck, { valid: true }>;

/** What a coupon gives, in a line: "SPRING20 — 20% off your first payment". */
export function couponSummary(coupon: ValidCoupon): string {
  const off =
    coupon.percent_off !== null
      ? `${coupon.percent_off}% off`
      : coupon.amount_off_cents !== null
        ? `${formatPrice(coupon.amount_off_cents, coupon.currency)} off`
        : 'A discount';
  return `${coupon.code} — ${off} your first payment`;
}

/** "Valid until Mar 31, 2027", or null for a coupon without an end date. */
export const couponValidity = (coupon: ValidCoupon) =>
  coupon.valid_until ? `Valid until ${formatDate(coupon.valid_until)}` : null;

export const couponAppliesTo = (coupon: ValidCoupon, productSlug: string) =>
  coupon.product_slugs === null || coupon.product_slugs.includes(productSlug);

/**
 * The first payment for a product with this coupon, as the server computes it: percent off rounded to the cent,
 * amount off never below zero. Null when the coupon does not apply to the product (or the price is free anyway).
 */
export function discountedCents(
  coupon: ValidCoupon,
  product: { slug: string; price_cents: number; currency: string },
): number | null {
  if (product.price_cents === 0 || !couponAppliesTo(coupon, product.slug)) return null;
  if (coupon.percent_off !== null) {
    return Math.max(0, product.price_cents - Math.round((product.price_cents * coupon.percent_off) / 100));
  }
  // An amount off is money in one currency: the server refuses it for a price in another.
  if (coupon.amount_off_cents !== null && coupon.currency.toLowerCase() === product.currency.toLowerCase()) {
    return Math.max(0, product.price_cents - coupon.amount_off_cents);
  }
  return null;
}
