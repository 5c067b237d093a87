import type { MyPlan } from '@candor/contracts';

/** A marketplace licence's hidden plan: no billing period, never ends. */
export const isLicencePlan = (myPlan: MyPlan) => myPlan.plan.slug.startsWith('licence-tier-');

/** A plan someone pays for through a provider: it renews, and can be cancelled or resumed. */
export const isPaidPlan = (myPlan: MyPlan) => myPlan.provider !== 'none' && myPlan.plan.price_cents > 0;

export type PlanEndLabel = 'Ends' | 'Cancels on' | 'Renews on' | 'Expires on';

/**
 * What happens at `expires_at`: a paid plan renews unless cancelled; the free plan (and anything nobody pays for)
 * expires. The subscription tab and the payment confirmation say it alike.
 */
export function planEndLabel(myPlan: MyPlan): PlanEndLabel {
  if (!myPlan.expires_at) return 'Ends';
  if (myPlan.cancel_at_period_end) return 'Cancels on';
  return isPaidPlan(myPlan) ? 'Renews on' : 'Expires on';
}
