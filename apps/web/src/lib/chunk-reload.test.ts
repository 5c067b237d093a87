import { afterEach, describe, expect, it, vi } from 'vitest';
import { installPreloadErrorReload, isChunkLoadError, reloadOnceFor } from './chunk-reload';

afterEach(() => sessionStorage.clear());

describe('lazy-load failures', () => {
  it('recognises chunk import errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once per distinct message', () => {
    const reload = vi.fn();
    const a = new TypeError('Failed to fetch dynamically imported module: /assets/a.js');
    const b = new TypeError('Failed to fetch dynamically imported module: /assets/b.js');
    expect(reloadOnceFor(a, reload)).toBe(true);
    expect(reloadOnceFor(a, reload)).toBe(false);
    expect(reloadOnceFor(b, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(JSON.parse(sessionStorage.getItem('chunk-reload-messages') ?? '[]')).toHaveLength(2);
  });

  it('counts the reload TanStack Router already made for the same message', () => {
    const reload = vi.fn();
    const error = new TypeError('Failed to fetch dynamically imported module: /assets/c.js');
    sessionStorage.setItem(`tanstack_router_reload:${error.message}`, '1');
    expect(reloadOnceFor(error, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('handles vite:preloadError by reloading and suppressing the error the first time', () => {
    const reload = vi.fn();
    const target = new EventTarget();
    installPreloadErrorReload(target, reload);
    const fire = () => {
      const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
        payload: new Error('Unable to preload CSS for /assets/x.css'),
      });
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(fire()).toBe(true);
    expect(fire()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
