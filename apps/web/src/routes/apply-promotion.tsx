import { createFileRoute, redirect } from '@tanstack/react-router';
import { titleHead } from '@/lib/head';
import { applyPromotionSearchSchema } from '@/lib/search-params';

/** Spec §2: a promotion link. Signed in → /pricing with the coupon; signed out → sign up, keeping plan and coupon. */
export const Route = createFileRoute('/apply-promotion')({
  validateSearch: applyPromotionSearchSchema,
  head: titleHead('Apply promotion'),
  beforeLoad: async ({ context, search }) => {
    const user = await context.auth.ensureUser();
    if (user) {
      throw redirect({
        to: '/pricing',
        search: {
          ...(search.coupon ? { coupon: search.coupon } : {}),
          ...(search.buyPlanId ? { plan: search.buyPlanId } : {}),
        },
        replace: true,
      });
    }
    throw redirect({
      to: '/auth/signup',
      search: { buyPlanId: search.buyPlanId, buyPlanCoupon: search.coupon },
      replace: true,
    });
  },
});
