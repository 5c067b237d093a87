// @vitest-environment node
import { userInfoSchema } from '@candor/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClients,
  parseJson,
  REQUEST_TIMEOUT_MS,
  type RunExclusive,
  retryOptions,
} from './api-client';

interface Call {
  method: string;
  path: string;
  csrf: string | null;
  credentials: RequestCredentials;
  body: string;
  at: number;
}

type Reply = (call: Call, index: number) => Response | Promise<Response>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const errorBody = (code: string, message = code) => ({ error: { code, message } });

const user = {
  id: 'u1',
  full_name: 'Ada Lovelace',
  email: 'ada@example.test',
  username: 'ada',
  category: null,
  is_verified: true,
  referral_code: 'ADA123',
  created_at: '2026-01-01T00:00:00.000Z',
};

/** A fake server at the ky `fetch` seam: routes by path, records every call with its CSRF header and time. */
function setup(routes: Record<string, Reply>) {
  const calls: Call[] = [];
  const cookies: Record<string, string> = { csrf_access_token: 'access-1', csrf_refresh_token: 'refresh-1' };
  const started = performance.now();
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const call: Call = {
      method: request.method,
      path: url.pathname + url.search,
      csrf: request.headers.get('X-CSRF-TOKEN'),
      credentials: request.credentials,
      body: request.body ? await request.text() : '',
      at: performance.now() - started,
    };
    calls.push(call);
    const route = routes[`${request.method} ${url.pathname}`];
    if (!route) return json(404, errorBody('not_found'));
    return route(call, calls.filter((c) => c.method === call.method && c.path === call.path).length - 1);
  });
  const onSessionExpired = vi.fn();
  const clients = createApiClients({
    bases: {
      auth: 'http://test.local/api/auth/',
      payment: 'http://test.local/api/payment/',
      detector: 'http://test.local/api/detector/',
      governance: 'http://test.local/api/governance/',
      api: 'http://test.local/api/public/',
    },
    fetch: fetch as unknown as typeof globalThis.fetch,
    readCookie: (name) => cookies[name],
    onSessionExpired,
  });
  return { clients, calls, cookies, onSessionExpired, fetch };
}

const gaps = (calls: Call[]) => calls.slice(1).map((c, i) => c.at - (calls[i]?.at ?? 0));

describe('retry rules', () => {
  it('retries a GET twice on 503, waiting 300 ms then 600 ms, then throws the parsed error', async () => {
    const { clients, calls } = setup({
      'GET /api/detector/ai-detector/user-token-balance/': () => json(503, errorBody('unavailable', 'Busy')),
    });
    const error = await clients.detector
      .get('ai-detector/user-token-balance/')
      .json()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(calls).toHaveLength(3);
    const [first, second] = gaps(calls);
    expect(first).toBeGreaterThanOrEqual(290);
    expect(first).toBeLessThan(550);
    expect(second).toBeGreaterThanOrEqual(590);
    expect(second).toBeLessThan(1000);
  });

  it.each([408, 413, 429, 500, 502, 503, 504])('retries a GET on %i and returns the later success', async (status) => {
    const { clients, calls } = setup({
      'GET /api/payment/v1/plans/': (_c, i) => (i === 0 ? json(status, errorBody('x')) : json(200, { items: [] })),
    });
    await expect(clients.payment.get('v1/plans/').json()).resolves.toEqual({ items: [] });
    expect(calls).toHaveLength(2);
  });

  it.each(['put', 'delete', 'head'] as const)('retries %s like GET', async (method) => {
    const { clients, calls } = setup({
      [`${method.toUpperCase()} /api/public/v1/my-api-keys/k1`]: () => json(500, errorBody('internal_error')),
    });
    await expect(clients.api[method]('v1/my-api-keys/k1')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(3);
  });

  it.each(['post', 'patch'] as const)('never retries %s', async (method) => {
    const { clients, calls } = setup({
      [`${method.toUpperCase()} /api/public/v1/my-api-keys/`]: () => json(503, errorBody('unavailable')),
    });
    await expect(clients.api[method]('v1/my-api-keys/', { json: { name: 'k' } })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
  });

  it.each([400, 403, 404, 409, 422, 501])('does not retry a GET on %i', async (status) => {
    const { clients, calls } = setup({ 'GET /api/payment/v1/plans/': () => json(status, errorBody('nope')) });
    await expect(clients.payment.get('v1/plans/')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
  });

  it('waits for Retry-After instead of the backoff', async () => {
    const { clients, calls } = setup({
      'GET /api/payment/v1/plans/': (_c, i) =>
        i === 0 ? json(429, errorBody('rate_limited'), { 'Retry-After': '1' }) : json(200, { items: [] }),
    });
    await clients.payment.get('v1/plans/').json();
    expect(calls).toHaveLength(2);
    expect(gaps(calls)[0]).toBeGreaterThanOrEqual(990);
  });

  it('gives up at once when Retry-After is too long to wait inside a request', async () => {
    const { clients, calls } = setup({
      'GET /api/payment/v1/plans/': () => json(429, errorBody('rate_limited'), { 'Retry-After': '120' }),
    });
    const error = (await clients.payment.get('v1/plans/').catch((e: unknown) => e)) as ApiError;
    expect(calls).toHaveLength(1);
    expect(error.retryAfter).toBe(120);
  });

  it('uses the spec constants: 2 retries, 0.3 s doubling, 5-minute time-out', () => {
    expect(retryOptions.limit).toBe(2);
    expect([1, 2, 3].map((n) => retryOptions.delay?.(n))).toEqual([300, 600, 1200]);
    expect(REQUEST_TIMEOUT_MS).toBe(300_000);
  });
});

describe('headers and errors', () => {
  it('sends cookies and the access CSRF token on every call, the refresh CSRF token on users/refresh', async () => {
    const { clients, calls } = setup({
      'GET /api/auth/users/info': () => json(200, user),
      'POST /api/auth/users/logout': () => json(200, { ok: true }),
      'POST /api/auth/users/refresh': () => json(200, { ok: true }),
    });
    await clients.auth.get('users/info').json();
    await clients.auth.post('users/logout').json();
    await clients.refreshSession();
    expect(calls.map((c) => [c.path, c.csrf, c.credentials])).toEqual([
      ['/api/auth/users/info', 'access-1', 'include'],
      ['/api/auth/users/logout', 'access-1', 'include'],
      ['/api/auth/users/refresh', 'refresh-1', 'include'],
    ]);
  });

  it('turns the error shape into an ApiError with code, message and field details', async () => {
    const details = [{ path: 'email', message: 'Email is required' }];
    const { clients } = setup({
      'POST /api/auth/users/signup': () =>
        json(400, { error: { code: 'validation_failed', message: 'Check the form', details } }),
    });
    const error = (await clients.auth.post('users/signup', { json: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Check the form' });
    expect(error.fieldErrors).toEqual(details);
  });

  it('gives a non-JSON error a code from its status', async () => {
    const { clients } = setup({ 'GET /api/payment/v1/plans/': () => new Response('teapot', { status: 418 }) });
    const error = (await clients.payment.get('v1/plans/').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 418, code: 'http_418' });
  });

  it('validates responses against the contract schema', async () => {
    const { clients } = setup({ 'GET /api/auth/users/info': () => json(200, { id: 1 }) });
    await expect(parseJson(clients.auth.get('users/info'), userInfoSchema)).rejects.toThrow();
  });
});

describe('401 → refresh → one retry', () => {
  it('refreshes once and retries the original request with the new CSRF token', async () => {
    const env = setup({
      'GET /api/auth/users/info': (c) =>
        c.csrf === 'access-2' ? json(200, user) : json(401, errorBody('unauthenticated')),
      'POST /api/auth/users/refresh': () => {
        env.cookies.csrf_access_token = 'access-2';
        return json(200, { ok: true });
      },
    });
    await expect(env.clients.auth.get('users/info').json()).resolves.toEqual(user);
    expect(env.calls.map((c) => `${c.method} ${c.path} ${c.csrf}`)).toEqual([
      'GET /api/auth/users/info access-1',
      'POST /api/auth/users/refresh refresh-1',
      'GET /api/auth/users/info access-2',
    ]);
    expect(env.onSessionExpired).not.toHaveBeenCalled();
  });

  it('retries a POST after a refresh too, with its body', async () => {
    const { clients, calls } = setup({
      'POST /api/public/v1/my-api-keys/': (_c, i) =>
        i === 0 ? json(401, errorBody('unauthenticated')) : json(201, { id: 'k' }),
      'POST /api/auth/users/refresh': () => json(200, { ok: true }),
    });
    await expect(clients.api.post('v1/my-api-keys/', { json: { name: 'ci' } }).json()).resolves.toEqual({ id: 'k' });
    expect(calls.map((c) => `${c.path} ${c.body}`)).toEqual([
      '/api/public/v1/my-api-keys/ {"name":"ci"}',
      '/api/auth/users/refresh ',
      '/api/public/v1/my-api-keys/ {"name":"ci"}',
    ]);
  });

  it('does not retry when the refresh is refused, and ends the session', async () => {
    const { clients, calls, onSessionExpired } = setup({
      'GET /api/payment/v1/plans/my_plan': () => json(401, errorBody('unauthenticated')),
      'POST /api/auth/users/refresh': () => json(401, errorBody('unauthenticated')),
    });
    const error = (await clients.payment.get('v1/plans/my_plan').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(calls.map((c) => c.path)).toEqual(['/api/payment/v1/plans/my_plan', '/api/auth/users/refresh']);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('retries only once: a second 401 after a good refresh is the answer', async () => {
    const { clients, calls } = setup({
      'GET /api/auth/users/info': () => json(401, errorBody('unauthenticated')),
      'POST /api/auth/users/refresh': () => json(200, { ok: true }),
    });
    await expect(clients.auth.get('users/info')).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.path)).toEqual([
      '/api/auth/users/info',
      '/api/auth/users/refresh',
      '/api/auth/users/info',
    ]);
  });

  it('shares one refresh between concurrent 401s', async () => {
    let releaseRefresh: () => void = () => {};
    const refreshed = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    let sessionOk = false;
    const env = setup({
      'GET /api/auth/users/info': () => (sessionOk ? json(200, user) : json(401, errorBody('unauthenticated'))),
      'GET /api/payment/v1/plans/': () =>
        sessionOk ? json(200, { items: [] }) : json(401, errorBody('unauthenticated')),
      'GET /api/detector/ai-detector/user-token-balance/': () =>
        sessionOk
          ? json(200, { token_balance: 1, plan_balance: 2, referral_token_balance: 3 })
          : json(401, errorBody('x')),
      'POST /api/auth/users/refresh': async () => {
        await refreshed;
        sessionOk = true;
        return json(200, { ok: true });
      },
    });
    const all = Promise.all([
      env.clients.auth.get('users/info').json(),
      env.clients.payment.get('v1/plans/').json(),
      env.clients.detector.get('ai-detector/user-token-balance/').json(),
    ]);
    await vi.waitFor(() => expect(env.calls.filter((c) => c.path === '/api/auth/users/refresh')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    releaseRefresh();
    await all;
    expect(env.calls.filter((c) => c.path === '/api/auth/users/refresh')).toHaveLength(1);
    expect(env.calls).toHaveLength(7);
  });

  it('lets one tab refresh while another waits and then uses the rotated cookies (no reuse of the old token)', async () => {
    // Two tabs: one cookie jar and one lock between them, as in a browser; each has its own client.
    const jar: Record<string, string> = { csrf_access_token: 'access-1', csrf_refresh_token: 'refresh-1' };
    let queue = Promise.resolve();
    const runExclusive: RunExclusive = (_name, task) => {
      const run = queue.then(task);
      queue = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    };
    const refreshes: (string | null)[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      if (path === '/api/auth/users/refresh') {
        const presented = request.headers.get('X-CSRF-TOKEN');
        refreshes.push(presented);
        if (presented !== jar.csrf_refresh_token) return json(401, errorBody('refresh_token_reused'));
        await new Promise((resolve) => setTimeout(resolve, 20));
        jar.csrf_refresh_token = 'refresh-2';
        jar.csrf_access_token = 'access-2';
        return json(200, { ok: true });
      }
      return request.headers.get('X-CSRF-TOKEN') === 'access-2' ? json(200, user) : json(401, errorBody('x'));
    });
    const tab = () =>
      createApiClients({
        bases: {
          auth: 'http://test.local/api/auth/',
          payment: 'http://test.local/api/payment/',
          detector: 'http://test.local/api/detector/',
          governance: 'http://test.local/api/governance/',
          api: 'http://test.local/api/public/',
        },
        fetch: fetch as unknown as typeof globalThis.fetch,
        readCookie: (name) => jar[name],
        runExclusive,
      });
    const [first, second] = [tab(), tab()];
    const results = await Promise.all([first.auth.get('users/info').json(), second.auth.get('users/info').json()]);
    expect(results).toEqual([user, user]);
    expect(refreshes).toEqual(['refresh-1']);
  });

  it.each([
    'users/signin',
    'users/signup',
    'users/verify-account',
    'users/logout',
    'users/forgot-password',
    'users/reset-password',
  ])('never refreshes on a 401 from %s', async (path) => {
    const { clients, calls } = setup({
      [`POST /api/auth/${path}`]: () => json(401, errorBody('invalid_credentials')),
      'POST /api/auth/users/refresh': () => json(200, { ok: true }),
    });
    await expect(clients.auth.post(path, { json: {} })).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.path)).toEqual([`/api/auth/${path}`]);
  });

  it('does not call users/refresh without a refresh CSRF cookie (a visitor who never signed in)', async () => {
    const env = setup({
      'GET /api/auth/users/info': () => json(401, errorBody('unauthenticated')),
      'POST /api/auth/users/refresh': () => json(200, { ok: true }),
    });
    delete env.cookies.csrf_refresh_token;
    await expect(env.clients.auth.get('users/info')).rejects.toMatchObject({ status: 401 });
    expect(env.calls.map((c) => c.path)).toEqual(['/api/auth/users/info']);
    expect(env.onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('does not loop when users/refresh itself answers 401', async () => {
    const { clients, calls, onSessionExpired } = setup({
      'POST /api/auth/users/refresh': () => json(401, errorBody('unauthenticated')),
    });
    await expect(clients.refreshSession()).resolves.toBe(false);
    expect(calls).toHaveLength(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });
});
