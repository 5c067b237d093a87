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
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof planSchema>;

export const planListSchema = z.object({ items: z.array(planSchema) });
export type PlanList = z.infer<typeof planListSchema>;

export const planStatusSchema = z.enum(['ok', 'free_plan_expired', 'logged_out']);
export type PlanStatus = z.infer<typeof planStatusSchema>;

/** `v1/plans/my_plan` (200). A 418 with the error shape means the free plan has expired. */
export const myPlanSchema = z.object({
  plan: planSchema,
  started_at: z.string(),
  expires_at: z.string().nullable(),
});
export type MyPlan = z.infer<typeof myPlanSchema>;
