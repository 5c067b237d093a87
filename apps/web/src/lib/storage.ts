const USER_WORK_PREFIX = 'work:';

/** Storage keys the app owns, in one place so they never drift. */
export const storageKeys = {
  theme: 'vite-ui-theme',
  cookieConsent: 'cookie-consent',
  utm: 'utm',
  referralCode: 'referral_code',
  chunkReloads: 'chunk-reload-messages',
  // The user's work, in sessionStorage under USER_WORK_PREFIX: dropped when they sign out (forgetUserWork).
  /** Per tool: the id of its unfinished job, so a reloaded screen re-attaches. */
  runningJob: (tool: string) => `${USER_WORK_PREFIX}tool-job:${tool}`,
  /** Per tool: the editor's draft, kept while the tab is open. */
  draft: (tool: string) => `${USER_WORK_PREFIX}${tool}:draft`,
  /** Where to submit a text kept while its user buys tokens (the AI Humanizer's `submitSaved`). */
  pendingSubmit: `${USER_WORK_PREFIX}pending-submit`,
  /** The fixes and dismissals made in a Writing Analysis report, so a reload keeps them. */
  writingAnalysisEdits: (historyId: string) => `${USER_WORK_PREFIX}writing-analysis:edits:${historyId}`,
} as const;

type Area = 'local' | 'session';

function area(kind: Area): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can throw (disabled cookies, sandboxed iframes); the app keeps working without it.
    return undefined;
  }
}

export function readStorage(kind: Area, key: string): string | undefined {
  try {
    return area(kind)?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeStorage(kind: Area, key: string, value: string) {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    // Quota or privacy mode: losing a preference is better than crashing.
  }
}

export function removeStorage(kind: Area, key: string) {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // See writeStorage.
  }
}

/**
 * Drops the signed-in user's work from this tab (drafts, running jobs, report edits) when their session ends, so
 * whoever signs in next on the same computer sees none of it.
 */
export function forgetUserWork() {
  const session = area('session');
  if (!session) return;
  try {
    const keys = Array.from({ length: session.length }, (_, index) => session.key(index));
    for (const key of keys) if (key?.startsWith(USER_WORK_PREFIX)) session.removeItem(key);
  } catch {
    // See writeStorage.
  }
}
