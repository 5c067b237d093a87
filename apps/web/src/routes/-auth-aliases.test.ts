import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createAuth, sessionKeys } from '@/lib/session';
import { routeTree } from '../routeTree.gen';

/** The app's own route tree in memory, for a signed-out visitor (no request needed to know it). */
function appRouter(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionKeys.user(), null);
  queryClient.setQueryData(sessionKeys.plan(), { status: 'logged_out' });
  return createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient, auth: createAuth(queryClient) },
  });
}

const SEARCH = 'redirect=%2Fhistory&redirectSearch=page%3D2&buyPlanId=ai-detector-pro-yearly&referral_code=FRIEND1';

describe('the addresses people type for signing in and up', () => {
  for (const [typed, screen] of [
    ['/signin', '/auth/signin'],
    ['/login', '/auth/signin'],
    ['/signup', '/auth/signup'],
    ['/register', '/auth/signup'],
  ] as const) {
    it(`${typed} opens ${screen} with every search parameter, in place of itself`, async () => {
      const router = appRouter(`${typed}?${SEARCH}`);
      await router.load();
      expect(router.state.location.pathname).toBe(screen);
      expect(router.state.location.search).toMatchObject({
        redirect: '/history',
        redirectSearch: 'page=2',
        buyPlanId: 'ai-detector-pro-yearly',
        referral_code: 'FRIEND1',
      });
      expect(router.history.length).toBe(1);
    });
  }

  it('redirects a navigation inside the app too, and Back skips the typed address', async () => {
    const router = appRouter('/auth/signup');
    await router.load();
    await router.navigate({ href: '/login?redirect=%2Fpricing' });
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(router.state.location.search).toMatchObject({ redirect: '/pricing' });
    router.history.back();
    await router.load();
    expect(router.state.location.pathname).toBe('/auth/signup');
  });
});
