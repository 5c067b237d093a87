import { beforeEach, describe, expect, it } from 'vitest';
import { redactorStore } from '../store';
import { requireDocument, requireResult } from './guards';
import { letterAnalysis } from './test-fixtures';

const REDACTION_ID = '00000000-0000-4000-8000-000000000031';

/** What a guard threw: the redirect's target, or the guard passed. */
async function outcome(guard: () => unknown) {
  try {
    await guard();
    return 'passes';
  } catch (thrown) {
    const options = (thrown as { options?: { to?: string; search?: unknown; replace?: boolean } }).options;
    if (!options) throw thrown;
    return { to: options.to, search: options.search, replace: options.replace };
  }
}

const file = new File(['%PDF'], 'letter.pdf');

beforeEach(() => {
  redactorStore.clear();
});

describe('requireDocument (/document-redactor/options)', () => {
  it('sends a visitor without a chosen document back to the upload step', async () => {
    expect(await outcome(requireDocument)).toEqual({ to: '/document-redactor', search: undefined, replace: true });
    redactorStore.setDocument({ file, analysis: letterAnalysis });
    expect(await outcome(requireDocument)).toBe('passes');
  });
});

describe('requireResult (/document-redactor/result)', () => {
  it('sends a visitor without a result back to the upload step', async () => {
    expect(await outcome(() => requireResult(undefined))).toEqual({
      to: '/document-redactor',
      search: undefined,
      replace: true,
    });
  });

  it('puts the id of the run just finished in the address, so a reload reopens it', async () => {
    redactorStore.setDocument({ file, analysis: letterAnalysis });
    redactorStore.setResult(REDACTION_ID);
    expect(await outcome(() => requireResult(undefined))).toEqual({
      to: '/document-redactor/result',
      search: { history_id: REDACTION_ID },
      replace: true,
    });
  });

  it('lets a stored run through: the page sends an unknown id or another tool’s run back', async () => {
    expect(await outcome(() => requireResult(REDACTION_ID))).toBe('passes');
  });
});
