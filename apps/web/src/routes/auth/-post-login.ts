import { useNavigate, useRouteContext } from '@tanstack/react-router';
import type { AuthSearch } from '@/features/auth/search';
import { plansQueryOptions } from '@/features/payment/api/plans.queries';
import { resolveRedirect } from '@/lib/redirect';

/**
 * Spec §4, after sign-in or verification: refetch the user, then
 * buyPlanId → /pricing on the plan's tab, yearly (checkout itself arrives with the payments issue);
 * else a marketplace code → /ai-detector?appSumoGreeting=true; else the saved redirect (with its search) or /.
 */
export function usePostLogin(search: AuthSearch) {
  const { auth, queryClient } = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  return async () => {
    await auth.reloadUser();
    if (search.buyPlanId) {
      const plans = await queryClient.ensureQueryData(plansQueryOptions()).catch(() => []);
      const plan = plans.find((p) => p.id === search.buyPlanId || p.slug === search.buyPlanId);
      await navigate({
        to: '/pricing',
        search: {
          tab: plan && plan.tab !== 'free' ? plan.tab : 'ai-detector',
          period: 'yearly',
          plan: search.buyPlanId,
          ...(search.buyPlanCoupon ? { coupon: search.buyPlanCoupon } : {}),
        },
      });
      return;
    }
    if (search.code) {
      await navigate({ to: '/ai-detector', search: { appSumoGreeting: true } });
      return;
    }
    await navigate({ href: resolveRedirect(search) });
  };
}
