import { createFileRoute, redirect } from '@tanstack/react-router';
import { PlainNotFound } from '@/components/layout/not-found';
import { productsQueryOptions } from '@/lib/products';
import { encodeRedirect } from '@/lib/redirect';
import { AppLayout } from './-components/app-layout';

const isPricing = (pathname: string) => pathname === '/pricing' || pathname === '/pricing/';

/** Spec §2/§4/§6: every signed-in page. Logged out → sign-in (except /pricing); free plan expired → /pricing. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.auth.ensureSession();
    if (!session.user) {
      if (isPricing(location.pathname)) return { session };
      throw redirect({ to: '/auth/signin', search: encodeRedirect(location) });
    }
    if (session.plan.status === 'free_plan_expired' && !isPricing(location.pathname)) {
      throw redirect({ to: '/pricing', search: { freePlanExpired: true } });
    }
    return { session };
  },
  // The sidebar and the catalogues mark what is offered: ask early, without holding the page.
  loader: ({ context }) => void context.queryClient.prefetchQuery(productsQueryOptions()),
  component: AppLayout,
  // An unmatched path under this layout (spec §2: plain 'Not Found'); the root keeps the full 404 page.
  notFoundComponent: PlainNotFound,
});
