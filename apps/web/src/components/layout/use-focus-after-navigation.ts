import { useRouterState } from '@tanstack/react-router';
import { type RefObject, useEffect, useRef } from 'react';

/**
 * After a navigation that left focus nowhere (the button that had it went with the old page), focus moves to
 * `target`, the main content, so keyboard and screen-reader users carry on in the new page instead of at the top of
 * the document. A page that placed focus itself, or a link that is still there (the sidebar), keeps it.
 */
export function useFocusAfterNavigation(target: RefObject<HTMLElement | null>) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // A frame later: the new page has mounted and had its chance to focus something.
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active === null || active === document.body) target.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, target]);
}
