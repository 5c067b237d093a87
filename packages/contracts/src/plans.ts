import { z } from 'zod';

export const pricingTabs = ['ai-detector', 'stealth-ai', 'api-agent'] as const;
export const pricingTabSchema = z.enum(pricingTabs);
export const planPeriods = ['yearly', 'monthly'] as const;
export const planPeriodSchema = z.enum(planPeriods);

/** `plan_balance` / `tokens` of -1 means unlimited (spec §3). */
export const UNLIMITED = -1;

export const planSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  tab: z.enum([...pricingTabs, 'free']),
  period: z.enum([...planPeriods, 'none']),
  price_cents: z.number().int(),
  currency: z.string(),
  tokens: z.number().int(),
  /** The same plan in the other billing period has the same family; null for the free plan. */
  family: z.string().nullable(),
  /** What the plan gives; a line whose products this deployment does not offer yet is `available: false`. */
  features: z.array(z.object({ text: z.string(), available: z.boolean() })),
  /**
   * Whether the plan can be bought: false when every product it promises is still to come (checkout refuses it with
   * 409 `plan_unavailable`).
   */
  available: z.boolean(),
  /** Null means no limit. */
  limits: z.object({
    max_words_per_run: z.number().int().nullable(),
    api_requests_per_minute: z.number().int().nullable(),
  }),
});
export type Plan = z.infer<typeof planSchema>;

export const planListSchema = z.object({ items: z.array(planSchema) });
export type PlanList = z.infer<typeof planListSchema>;

export const planStatusSchema = z.enum(['ok', 'free_plan_expired', 'logged_out']);
export type PlanStatus = z.infer<typeof planStatusSchema>;

/** `v1/plans/my_plan` (200). A 418 with the error shape means the free plan has expired. */
export const myPlanSchema = z.object({
  subscription_id: z.string(),
  plan: planSchema,
  started_at: z.string(),
  /** Start of the current billing period: the allowance was last reset then. */
  current_period_start: z.string(),
  /** End of the current period (paid plans renew then), of the free plan, or null for a plan that never ends. */
  expires_at: z.string().nullable(),
  /** The user cancelled: the plan ends at `expires_at` instead of renewing. */
  cancel_at_period_end: z.boolean(),
  /** Who bills the plan: none for the free plan and licences. */
  provider: z.enum(['none', 'local', 'stripe']),
});
export type MyPlan = z.infer<typeof myPlanSchema>;
