import { createRootRouteWithContext, HeadContent, Outlet, redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import { NotFoundPage } from '@/components/layout/not-found';
import { ThemeProvider } from '@/components/theme-provider';
import { ToasterHost } from '@/components/toaster-host';
import { CookieConsent } from '@/features/consent/components/cookie-consent';
import { recordUtm } from '@/lib/analytics';
import { pageTitle } from '@/lib/head';
import { utmKeys, utmSearchSchema } from '@/lib/search-params';
import type { RouterContext } from '@/lib/session';
import { hrefWithout } from '@/lib/url';

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: utmSearchSchema,
  beforeLoad: ({ search, location, preload }) => {
    if (preload || !utmKeys.some((key) => search[key] !== undefined)) return;
    // Spec §2: keep the campaign (session storage + analytics), then show the same page without it.
    recordUtm({ utm_source: search.utm_source, utm_medium: search.utm_medium, utm_campaign: search.utm_campaign });
    throw redirect({ href: hrefWithout(location, utmKeys), replace: true });
  },
  // Every route sets its own title; this one only shows when nothing matched.
  head: () => ({ meta: [{ title: pageTitle('Page not found') }] }),
  component: RootComponent,
  notFoundComponent: NotFoundPage,
});

function RootComponent() {
  useEffect(() => {
    // Performance reporting is not needed for the first paint: load it afterwards (spec §7).
    void import('@/lib/web-vitals').then(({ reportWebVitals }) => reportWebVitals());
  }, []);
  return (
    <ThemeProvider>
      <HeadContent />
      <Outlet />
      <ToasterHost />
      <CookieConsent />
    </ThemeProvider>
  );
}
