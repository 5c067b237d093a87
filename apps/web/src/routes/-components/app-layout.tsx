import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { AppShell, PublicShell } from '@/components/layout/app-shell';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { TokenBalance } from '@/features/tokens/components/token-balance';
import { encodeRedirect } from '@/lib/redirect';
import { userInfoQueryOptions } from '@/lib/session';

/** The signed-in shell; a logged-out visitor (only possible on /pricing) gets the public frame instead. */
export function AppLayout() {
  const { data: user } = useQuery(userInfoQueryOptions());
  const location = useLocation();
  if (!user) {
    return (
      <PublicShell
        actions={
          <>
            {/* A phone keeps the system theme here: the toggle would push the buttons off a 390 px screen. */}
            <ThemeToggle className="hidden sm:inline-flex" />
            <Button asChild variant="ghost" size="sm">
              <Link to="/auth/signin" search={encodeRedirect(location)}>
                Sign in
              </Link>
            </Button>
            <Button asChild size="sm">
              <Link to="/auth/signup">Create account</Link>
            </Button>
          </>
        }
      >
        <Outlet />
      </PublicShell>
    );
  }
  return (
    <AppShell
      actions={
        <>
          <TokenBalance />
          <ThemeToggle />
          <AccountMenu />
        </>
      }
    >
      <Outlet />
    </AppShell>
  );
}
