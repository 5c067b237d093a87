import { readStorage, storageKeys, writeStorage } from './storage';

/** Messages browsers give when a lazily loaded chunk cannot be fetched (usually a deploy replaced it). */
const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? '');
  return error instanceof Error && error.name === 'ChunkLoadError'
    ? true
    : CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

const ROUTER_RELOAD_PREFIX = 'tanstack_router_reload:';

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error ?? 'unknown'));

function reloadedMessages(): string[] {
  try {
    const parsed: unknown = JSON.parse(readStorage('session', storageKeys.chunkReloads) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((m): m is string => typeof m === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Spec §4: a screen that fails to load causes one page reload per distinct error message. Returns true when it
 * reloads; false when this message already caused a reload (the error is then shown instead of looping).
 */
export function reloadOnceFor(error: unknown, reload: () => void = () => window.location.reload()): boolean {
  const message = errorMessage(error);
  const seen = reloadedMessages();
  // TanStack's lazy route components reload once on their own and mark it under this key: that reload counts.
  const routerKey = `${ROUTER_RELOAD_PREFIX}${message}`;
  if (seen.includes(message) || readStorage('session', routerKey)) return false;
  writeStorage('session', storageKeys.chunkReloads, JSON.stringify([...seen, message].slice(-20)));
  writeStorage('session', routerKey, '1');
  reload();
  return true;
}

/** Vite fires `vite:preloadError` when a dynamic import's dependencies fail to load. */
export function installPreloadErrorReload(target: EventTarget = window, reload?: () => void) {
  target.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (reloadOnceFor(payload, reload)) event.preventDefault();
  });
}
