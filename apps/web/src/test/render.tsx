import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createAuth, type RouterContext } from '@/lib/session';

/** Renders `ui` as the only page of a small in-memory router (Links, navigate and route context work). */
export async function renderWithRouter(ui: () => ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: () => (
      <>
        <Outlet />
        <div data-testid="router-ready" />
      </>
    ),
  });
  const page = createRoute({ getParentRoute: () => rootRoute, path: path.split('?')[0] ?? '/', component: ui });
  const rest = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => <p>elsewhere</p> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page, rest]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient, auth: createAuth(queryClient) },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      {/* biome-ignore lint/suspicious/noExplicitAny: a test router is not the registered app router */}
      <RouterProvider router={router as any} />
    </QueryClientProvider>,
  );
  await screen.findByTestId('router-ready');
  return { ...view, router, queryClient };
}
