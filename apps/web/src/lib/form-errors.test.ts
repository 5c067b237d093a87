// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createApiClients } from './api-client';
import { applyServerErrors } from './form-errors';

async function apiError(status: number, body: unknown, headers: Record<string, string> = {}) {
  const clients = createApiClients({
    bases: {
      auth: 'http://t/a/',
      payment: 'http://t/p/',
      detector: 'http://t/d/',
      governance: 'http://t/g/',
      api: 'http://t/x/',
    },
    fetch: (async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      })) as typeof fetch,
    readCookie: () => undefined,
  });
  return clients.auth.post('users/signup', { json: {} }).catch((e: unknown) => e);
}

describe('applyServerErrors', () => {
  it('puts validation details on their fields and returns no form message', async () => {
    const setError = vi.fn();
    const error = await apiError(400, {
      error: { code: 'validation_failed', message: 'Check the form', details: [{ path: 'email', message: 'Taken' }] },
    });
    expect(applyServerErrors(error, setError, ['email', 'password'])).toBeNull();
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Taken' }, { shouldFocus: true });
  });

  it('returns details without a matching field as the form message', async () => {
    const setError = vi.fn();
    const error = await apiError(400, {
      error: {
        code: 'validation_failed',
        message: 'Check the form',
        details: [{ path: 'other', message: 'Odd value' }],
      },
    });
    expect(applyServerErrors(error, setError, ['email'])).toBe('Odd value');
    expect(setError).not.toHaveBeenCalled();
  });

  it('returns the server message of other errors, with the wait of a rate limit', async () => {
    const credentials = await apiError(401, { error: { code: 'invalid_credentials', message: 'Wrong password' } });
    expect(applyServerErrors(credentials, vi.fn(), ['email'])).toBe('Wrong password');
    const limited = await apiError(
      429,
      { error: { code: 'rate_limited', message: 'Too many attempts.' } },
      { 'Retry-After': '30' },
    );
    expect(applyServerErrors(limited, vi.fn(), ['email'])).toBe('Too many attempts. Try again in 30 s.');
  });

  it('explains a network failure', () => {
    expect(applyServerErrors(new TypeError('fetch failed'), vi.fn(), [])).toMatch(/Could not reach the server/);
  });
});
