import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useNavigate,
} from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusAfterNavigation } from './use-focus-after-navigation';

function Shell() {
  const main = useRef<HTMLElement>(null);
  useFocusAfterNavigation(main);
  return (
    <>
      <a href="/elsewhere">A link that stays</a>
      <main ref={main} tabIndex={-1} aria-label="Main">
        <Outlet />
      </main>
    </>
  );
}

function Upload() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate({ to: '/document-redactor/options' })}>
      Upload
    </button>
  );
}

function Options({ autoFocus }: { autoFocus: boolean }) {
  return (
    <>
      <h1>Options</h1>
      {/* biome-ignore lint/a11y/noAutofocus: the case of a page that places focus itself */}
      <input aria-label="Search" autoFocus={autoFocus} />
    </>
  );
}

function renderApp(optionsFocus: boolean) {
  const root = createRootRoute({ component: Shell });
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/', component: Upload }),
    createRoute({
      getParentRoute: () => root,
      path: '/document-redactor/options',
      component: () => <Options autoFocus={optionsFocus} />,
    }),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useFocusAfterNavigation', () => {
  it('moves focus to the main content when the navigation took the focused element away', async () => {
    renderApp(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    await screen.findByRole('heading', { name: 'Options' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
  });

  it('leaves focus where the new page put it', async () => {
    renderApp(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    const search = await screen.findByRole('textbox', { name: 'Search' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(search);
  });
});
