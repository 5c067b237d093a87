import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { PlainNotFound } from '@/components/layout/not-found';
import { RoutePending } from '@/components/layout/pending';
import { RouteError } from '@/components/layout/route-error';
import { createAuth } from '@/lib/session';
import { routeTree } from './routeTree.gen';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient, auth: createAuth(queryClient) },
    defaultPreload: 'intent',
    defaultPreloadDelay: 50,
    defaultPendingMs: 1000,
    defaultPendingMinMs: 500,
    // Loaders read through TanStack Query, which owns freshness (staleTime 5 s); the router always asks it.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: PlainNotFound,
    defaultPendingComponent: RoutePending,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
