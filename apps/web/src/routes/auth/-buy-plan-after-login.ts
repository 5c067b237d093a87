import type { QueryClient } from '@tanstack/react-query';
import type { createPlanCheckout } from '@/features/payment/api/checkout.api';
import { findPlan, invalidatePlanCache, plansQueryOptions } from '@/features/payment/api/plans.queries';
import type { PricingSearch } from '@/features/payment/search';

export interface BuyPlanDeps {
  queryClient: QueryClient;
  startCheckout: typeof createPlanCheckout;
  leaveForCheckout: (url: string) => void;
  toPricing: (search: Partial<PricingSearch>) => Promise<void>;
}

/**
 * Spec §4/§9, buyPlanId after login: a yearly checkout with the coupon, then the provider's page. When the checkout
 * can't start (a bad coupon, a plan that can't be bought, the network) the pricing page on the plan's tab says why:
 * it gets the plan and the coupon, checks the coupon itself and lets the user buy without it.
 */
export async function buyPlanAfterLogin(
  { buyPlanId, buyPlanCoupon }: { buyPlanId: string; buyPlanCoupon?: string | undefined },
  { queryClient, startCheckout, leaveForCheckout, toPricing }: BuyPlanDeps,
): Promise<'checkout' | 'pricing'> {
  try {
    const session = await startCheckout({ planId: buyPlanId, period: 'yearly', coupon: buyPlanCoupon });
    await invalidatePlanCache(queryClient);
    leaveForCheckout(session.checkout_url);
    return 'checkout';
  } catch {
    const plans = await queryClient.ensureQueryData(plansQueryOptions()).catch(() => []);
    const plan = findPlan(plans, buyPlanId);
    await toPricing({
      tab: plan && plan.tab !== 'free' ? plan.tab : 'ai-detector',
      period: 'yearly',
      plan: buyPlanId,
      ...(buyPlanCoupon ? { coupon: buyPlanCoupon } : {}),
    });
    return 'pricing';
  }
}
