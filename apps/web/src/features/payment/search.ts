import { planPeriods, pricingTabs } from '@candor/contracts';
import { z } from 'zod';
import { enumWithDefault, optionalFlag, optionalText } from '@/lib/search-params';

/** /pricing [tab, period, freePlanExpired, coupon] plus `plan`, the plan to highlight after a sign-up with buyPlanId. */
export const pricingSearchSchema = z.object({
  tab: enumWithDefault(pricingTabs, 'ai-detector'),
  period: enumWithDefault(planPeriods, 'yearly'),
  freePlanExpired: optionalFlag(),
  coupon: optionalText(100),
  plan: optionalText(100),
});
export type PricingSearch = z.infer<typeof pricingSearchSchema>;

/** /payment-confirmation/{outcome} [session_id]: the provider sends its checkout session back. */
export const paymentConfirmationSearchSchema = z.object({ session_id: optionalText(200) });
