import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { PlainNotFound } from '@/components/layout/not-found';
import { clearSessionForCode } from '@/features/auth/api/auth.mutations';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { rememberReferralCode } from '@/features/auth/referral';
import { authSearchSchema } from '@/features/auth/search';
import { resolveRedirect } from '@/lib/redirect';

export const Route = createFileRoute('/auth')({
  validateSearch: authSearchSchema,
  beforeLoad: async ({ context, search, preload }) => {
    if (search.referral_code) rememberReferralCode(search.referral_code);
    const user = await context.auth.ensureUser();
    // A logged-in user (with or without a licence code: activation arrives with the marketplace issue) leaves /auth.
    if (user) throw redirect({ href: resolveRedirect(search), replace: true });
    if (search.code && !preload) await clearSessionForCode(search.code);
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
