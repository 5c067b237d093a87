import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { PlainNotFound } from '@/components/layout/not-found';
import { clearSessionForCode } from '@/features/auth/api/auth.mutations';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { rememberReferralCode } from '@/features/auth/referral';
import { authSearchSchema } from '@/features/auth/search';
import { activateLicenceOnce, rememberPendingLicenceCode } from '@/features/licences/api/licences';
import { resolveRedirect } from '@/lib/redirect';

export const Route = createFileRoute('/auth')({
  validateSearch: authSearchSchema,
  beforeLoad: async ({ context, search, preload }) => {
    if (search.referral_code) rememberReferralCode(search.referral_code);
    const user = await context.auth.ensureUser();
    if (user && search.code && !preload) {
      // Spec §4: a logged-in user has the licence activated (a failure is ignored here: the server recorded it, and
      // the subscription tab shows it), then goes to the subscription tab.
      await activateLicenceOnce(search.code, context.queryClient);
      throw redirect({ to: '/account', search: { tab: 'subscription' }, replace: true });
    }
    if (user) throw redirect({ href: resolveRedirect(search), replace: true });
    if (search.code && !preload) {
      // A logged-out visitor: the session is cleared, and the code waits until they have signed in (the greeting
      // on /ai-detector activates it).
      rememberPendingLicenceCode(search.code);
      await clearSessionForCode(search.code);
    }
  },
  component: AuthRoute,
  // An unmatched path under this layout (spec §2: plain 'Not Found'); the root keeps the full 404 page.
  notFoundComponent: PlainNotFound,
});

function AuthRoute() {
  return (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  );
}
