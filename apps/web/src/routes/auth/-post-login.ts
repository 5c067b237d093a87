import { useNavigate, useRouteContext } from '@tanstack/react-router';
import type { AuthSearch } from '@/features/auth/search';
import { resolveRedirect } from '@/lib/redirect';

/**
 * Spec §4, after sign-in or verification: refetch the user, then
 * buyPlanId → a yearly checkout (see buyPlanAfterLogin); else a marketplace code →
 * /ai-detector?appSumoGreeting=true; else the saved redirect (with its search) or /.
 */
export function usePostLogin(search: AuthSearch) {
  const { auth, queryClient } = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  return async () => {
    await auth.reloadUser();
    if (search.buyPlanId) {
      // Checkout code loads only for the users who need it, keeping it off the sign-in page's first load.
      const [{ buyPlanAfterLogin }, { createPlanCheckout, goToCheckout }] = await Promise.all([
        import('./-buy-plan-after-login'),
        import('@/features/payment/api/checkout.api'),
      ]);
      await buyPlanAfterLogin(
        { buyPlanId: search.buyPlanId, buyPlanCoupon: search.buyPlanCoupon },
        {
          queryClient,
          startCheckout: createPlanCheckout,
          leaveForCheckout: goToCheckout,
          toPricing: (pricing) => navigate({ to: '/pricing', search: pricing }),
        },
      );
      return;
    }
    if (search.code) {
      await navigate({ to: '/ai-detector', search: { appSumoGreeting: true } });
      return;
    }
    await navigate({ href: resolveRedirect(search) });
  };
}
