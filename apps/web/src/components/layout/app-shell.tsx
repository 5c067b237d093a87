import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { SidebarBrand, SidebarNav } from './app-sidebar';
import { Logo } from './logo';
import { MobileNavButton } from './mobile-nav-button';
import { useFocusAfterNavigation } from './use-focus-after-navigation';

/** The signed-in frame: sidebar (a sheet below lg), sticky header with the given actions, main content. */
export function AppShell({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  const main = useRef<HTMLElement>(null);
  useFocusAfterNavigation(main);
  return (
    <div className="min-h-svh bg-background">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-sidebar-border border-r bg-sidebar lg:flex">
        <SidebarBrand />
        <div className="flex-1 overflow-y-auto">
          <SidebarNav />
        </div>
      </aside>
      <div className="flex min-h-svh flex-col lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-2 border-b bg-background/80 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/60 sm:px-6 lg:px-8">
          <LazyMobileNav />
          <div className="flex-1" />
          <div className="flex items-center gap-1 sm:gap-2">{actions}</div>
        </header>
        <main ref={main} id="main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto w-full max-w-6xl">{children}</div>
        </main>
      </div>
    </div>
  );
}

const loadMobileNav = () => import('./mobile-nav');
const MobileNav = lazy(loadMobileNav);

/** The sheet (Radix dialog) loads when the menu button is first used, so desktop never downloads it. */
function LazyMobileNav() {
  const [activated, setActivated] = useState(false);
  const button = (
    <MobileNavButton
      aria-expanded={false}
      onPointerEnter={() => void loadMobileNav()}
      onFocus={() => void loadMobileNav()}
      onClick={() => setActivated(true)}
    />
  );
  if (!activated) return button;
  return (
    <Suspense fallback={button}>
      <MobileNav defaultOpen />
    </Suspense>
  );
}

/** The frame for a logged-out visitor on /pricing: brand, actions, content. */
export function PublicShell({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="min-h-svh bg-background">
      <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b bg-background/80 px-4 backdrop-blur sm:px-6 lg:px-8">
        <div className="mx-auto flex w-full max-w-6xl items-center gap-2">
          <Link to="/pricing" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
            <Logo />
          </Link>
          <div className="flex-1" />
          {actions}
        </div>
      </header>
      <main id="main" className="px-4 py-8 sm:px-6 lg:px-8">
        <div className="mx-auto w-full max-w-6xl">{children}</div>
      </main>
    </div>
  );
}
