import { z } from 'zod';
import { planPeriodSchema, planSchema } from './plans.js';

/** `v1/token-packets/` and `v1/token-packets/{id}`: one-off tokens that never expire. */
export const tokenPacketSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  tokens: z.number().int(),
  price_cents: z.number().int(),
  currency: z.string(),
});
export type TokenPacket = z.infer<typeof tokenPacketSchema>;
export const tokenPacketListSchema = z.object({ items: z.array(tokenPacketSchema) });
export type TokenPacketList = z.infer<typeof tokenPacketListSchema>;

/** `v1/api-services/subscriptions-types`: the API Agent plans (an API subscription is a plan of that tab). */
export const apiSubscriptionTypesSchema = z.object({ items: z.array(planSchema) });
export type ApiSubscriptionTypes = z.infer<typeof apiSubscriptionTypesSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  plan: planSchema,
  status: z.enum(['active', 'cancelled', 'expired']),
  started_at: z.string(),
  current_period_start: z.string(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  provider: z.enum(['none', 'local', 'stripe']),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `v1/api-services/my-subscription` and the answer of `subscriptions/cancel`: the API subscription, if any. */
export const mySubscriptionSchema = z.object({ subscription: subscriptionSchema.nullable() });
export type MySubscription = z.infer<typeof mySubscriptionSchema>;

const couponCode = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'A coupon code has only letters, digits, - and _');

/** Query of `v1/payments/plan-checkout-session/{id}` (and of the token-packet checkout, without the period). */
export const checkoutQuerySchema = z.object({
  /** Picks the plan of the same family in this billing period (after sign-up it is always yearly, §9). */
  subscription_type: planPeriodSchema.optional(),
  coupon_code: couponCode.optional(),
});
export type CheckoutQuery = z.infer<typeof checkoutQuerySchema>;

/** Checkout session response (spec §3): the client invalidates the plan cache and goes to `checkout_url`. */
export const checkoutSessionSchema = z.object({ checkout_url: z.string(), session_id: z.string() });
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const couponProblems = [
  'unknown',
  'inactive',
  'not_started',
  'expired',
  'used_up',
  'already_used',
  'not_applicable',
] as const;
export type CouponProblem = (typeof couponProblems)[number];

/** `v1/coupons/{code}?product_id=`: what a coupon would do, or why it can't be used (200 either way). */
export const couponCheckSchema = z.discriminatedUnion('valid', [
  z.object({
    valid: z.literal(true),
    code: z.string(),
    description: z.string().nullable(),
    percent_off: z.number().int().nullable(),
    amount_off_cents: z.number().int().nullable(),
    currency: z.string(),
    valid_until: z.string().nullable(),
    /** Product slugs it is limited to; null: every product. */
    product_slugs: z.array(z.string()).nullable(),
  }),
  z.object({ valid: z.literal(false), code: z.string(), problem: z.enum(couponProblems), message: z.string() }),
]);
export type CouponCheck = z.infer<typeof couponCheckSchema>;
export const couponCheckQuerySchema = z.object({ product_id: z.string().max(100).optional() });
export const couponCodeSchema = couponCode;

/** `v1/payments/invoices`: receipts of every payment, newest first. */
export const invoiceSchema = z.object({
  id: z.string(),
  /** INV-000042 */
  number: z.string(),
  description: z.string(),
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  total_cents: z.number().int(),
  currency: z.string(),
  provider: z.enum(['local', 'stripe']),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  created_at: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = z.object({ items: z.array(invoiceSchema) });
export type InvoiceList = z.infer<typeof invoiceListSchema>;

/**
 * `v1/payments/checkout-sessions/{id}`: where the user's own checkout stands. The confirmation screen polls it while
 * a provider's confirmation (Stripe's webhook) may still be on its way.
 */
export const checkoutStatusSchema = z.object({
  session_id: z.string(),
  status: z.enum(['open', 'completed', 'failed', 'expired']),
  kind: z.enum(['plan', 'token_packet']),
  /** Why the last attempt failed (a declined card), when it did. */
  failure_reason: z.string().nullable(),
  /** The plan being bought (null for a token packet) and the coupon used, so "Try again" goes back to them. */
  plan: planSchema.pick({ slug: true, tab: true, period: true }).nullable(),
  coupon_code: z.string().nullable(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;
