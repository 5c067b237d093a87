import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * jsdom lays nothing out, so it has no IntersectionObserver. This one stands in for it: nothing is near the viewport
 * until a test scrolls near an element with `scrollNear`, which tells every observer watching that element.
 */
export function fakeScrolling() {
  const observers = new Set<FakeIntersectionObserver>();

  class FakeIntersectionObserver implements IntersectionObserver {
    readonly root: Element | Document | null;
    readonly rootMargin: string;
    readonly thresholds: readonly number[] = [0];
    readonly scrollMargin = '0px';
    readonly watched = new Set<Element>();

    constructor(
      readonly callback: IntersectionObserverCallback,
      options: IntersectionObserverInit = {},
    ) {
      this.root = options.root ?? null;
      this.rootMargin = options.rootMargin ?? '0px';
      observers.add(this);
    }
    observe(target: Element) {
      this.watched.add(target);
    }
    unobserve(target: Element) {
      this.watched.delete(target);
    }
    disconnect() {
      this.watched.clear();
      observers.delete(this);
    }
    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }
  }

  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return {
    /** The user scrolls until `element` is within the observers' margin of the visible area. */
    scrollNear(element: Element) {
      const rect = element.getBoundingClientRect();
      const entry = {
        target: element,
        isIntersecting: true,
        intersectionRatio: 1,
        boundingClientRect: rect,
        intersectionRect: rect,
        rootBounds: null,
        time: performance.now(),
      };
      act(() => {
        for (const observer of observers) {
          if (observer.watched.has(element)) observer.callback([entry], observer);
        }
      });
    },
    /** Whether anything is still waiting to be scrolled near. */
    watching: (element: Element) => [...observers].some((observer) => observer.watched.has(element)),
  };
}
