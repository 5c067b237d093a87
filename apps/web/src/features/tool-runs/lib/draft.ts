import { readStorage, removeStorage, writeStorage } from '@/lib/storage';

/** The text in a tool's editor. */
export interface Draft {
  text: string;
  /** The uploaded file the text came from; the run's title. */
  fileName?: string;
}

/** How much of the old text's start or end must survive an edit for the text to count as the same document. */
const SAME_DOCUMENT_MARGIN = 20;

/**
 * Whether `next` is still an edit of `previous` (so an uploaded file's name stays its title) rather than a new text
 * pasted over it: an edit keeps the beginning or the end of the text; a replacement keeps neither.
 */
export function isSameDocument(previous: string, next: string): boolean {
  if (!previous || !next) return false;
  const margin = Math.min(SAME_DOCUMENT_MARGIN, previous.length, next.length);
  return next.startsWith(previous.slice(0, margin)) || next.endsWith(previous.slice(previous.length - margin));
}

/**
 * `draft` with a new text, and the file it came from when there is one: a tool's other inputs (the Copyright
 * Detector's sources) stay as they are, so typing or uploading never drops them.
 */
export function withText<D extends Draft>(draft: D, text: string, fileName?: string): D {
  const { fileName: _previous, ...rest } = draft;
  return (fileName ? { ...rest, text, fileName } : { ...rest, text }) as D;
}

/** The editor's draft kept in sessionStorage under `key` (until its run succeeds), or an empty one. */
export function readStoredDraft(key: string): Draft {
  try {
    const stored = JSON.parse(readStorage('session', key) ?? 'null') as Draft | null;
    return stored && typeof stored.text === 'string' ? stored : { text: '' };
  } catch {
    return { text: '' };
  }
}

export const storeDraft = (key: string, draft: Draft) => writeStorage('session', key, JSON.stringify(draft));
export const forgetDraft = (key: string) => removeStorage('session', key);
