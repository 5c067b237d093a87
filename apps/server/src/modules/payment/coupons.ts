import type { CouponProblem } from '@candor/contracts';
import type { coupons } from '@candor/db';
import type { AuthRateLimitRules } from '../../http/rate-limit.js';

export type CouponRow = typeof coupons.$inferSelect;

/** The product a coupon would be applied to. */
export interface CouponProduct {
  slug: string;
  name: string;
  currency: string;
}

/** How often a coupon is already taken: completed payments plus open, unexpired checkouts holding it. */
export interface CouponUses {
  total: number;
  /** The same for the user asking; null when nobody is signed in. */
  byUser: number | null;
}

const couponMessages: Record<Exclude<CouponProblem, 'not_applicable'>, string> = {
  unknown: 'This coupon code does not exist.',
  inactive: 'This coupon is no longer active.',
  not_started: 'This coupon is not valid yet.',
  expired: 'This coupon has expired.',
  used_up: 'This coupon has been used up.',
  already_used: 'You have already used this coupon.',
};

export const couponProblemMessage = (problem: CouponProblem, product: CouponProduct | undefined) =>
  problem === 'not_applicable'
    ? `This coupon does not apply to ${product?.name ?? 'this product'}.`
    : couponMessages[problem];

/**
 * Coupon look-ups, and checkouts that name a coupon, share these limits so codes can't be guessed by brute force:
 * 10 a minute per signed-in user and 60 a minute per IP address (the look-up is public, so a visitor who is not
 * signed in is held by the address alone; it is higher because many buyers can share one address). Past them:
 * 429 `rate_limited` with Retry-After.
 */
export const couponRateLimits: AuthRateLimitRules = {
  perIp: { points: 60, durationSeconds: 60 },
  perAccount: { points: 10, durationSeconds: 60 },
};

/** Codes are stored upper-case and matched however they are typed. */
export const normaliseCouponCode = (code: string) => code.trim().toUpperCase();

/** Why `coupon` can't be used now (for `product`, when given), or null when it can. */
export function couponProblem(
  coupon: CouponRow | undefined,
  context: { now: Date; uses: CouponUses; product?: CouponProduct | undefined },
): CouponProblem | null {
  if (!coupon) return 'unknown';
  if (!coupon.active) return 'inactive';
  const { now, uses, product } = context;
  if (coupon.validFrom && coupon.validFrom > now) return 'not_started';
  if (coupon.validUntil && coupon.validUntil <= now) return 'expired';
  if (coupon.maxRedemptions !== null && uses.total >= coupon.maxRedemptions) return 'used_up';
  if (coupon.maxRedemptionsPerUser !== null && uses.byUser !== null && uses.byUser >= coupon.maxRedemptionsPerUser) {
    return 'already_used';
  }
  if (product) {
    if (coupon.productSlugs !== null && !coupon.productSlugs.includes(product.slug)) return 'not_applicable';
    // An amount off is money in one currency; it means nothing for a price in another.
    if (coupon.amountOffCents !== null && coupon.currency !== product.currency) return 'not_applicable';
  }
  return null;
}

/** The discount on a first payment of `subtotalCents`: never more than the subtotal. */
export function discountCents(coupon: Pick<CouponRow, 'percentOff' | 'amountOffCents'>, subtotalCents: number): number {
  if (coupon.percentOff !== null) return Math.round((subtotalCents * coupon.percentOff) / 100);
  return Math.min(coupon.amountOffCents ?? 0, subtotalCents);
}
