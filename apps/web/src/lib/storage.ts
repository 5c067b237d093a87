/** Storage keys the app owns, in one place so they never drift. */
export const storageKeys = {
  theme: 'vite-ui-theme',
  cookieConsent: 'cookie-consent',
  utm: 'utm',
  referralCode: 'referral_code',
  chunkReloads: 'chunk-reload-messages',
  /** Per tool: the id of its unfinished job, so a reloaded screen re-attaches (sessionStorage). */
  runningJob: (tool: string) => `tool-job:${tool}`,
  /** The text of the Writing Analysis run in progress, given back if it is cancelled after a reload. */
  writingAnalysisDraft: 'writing-analysis:draft',
  /** The fixes and dismissals made in a Writing Analysis report, so a reload keeps them (sessionStorage). */
  writingAnalysisEdits: (historyId: string) => `writing-analysis:edits:${historyId}`,
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
