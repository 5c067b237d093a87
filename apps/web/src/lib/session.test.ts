// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const replies: Record<string, () => Response> = {};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

vi.mock('./api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./api-client')>();
  const api = actual.createApiClients({
    bases: {
      auth: 'http://t/api/auth/',
      payment: 'http://t/api/payment/',
      detector: 'http://t/api/detector/',
      governance: 'http://t/api/governance/',
      api: 'http://t/api/public/',
    },
    fetch: (async (input: Request) => {
      const reply = replies[`${input.method} ${new URL(input.url).pathname}`];
      return reply ? reply() : json(404, { error: { code: 'not_found', message: 'Not found' } });
    }) as unknown as typeof fetch,
    readCookie: () => undefined,
  });
  return { ...actual, api };
});

const { createAuth, fetchPlanState, fetchUserInfo } = await import('./session');

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
const plan = {
  id: 'p1',
  slug: 'free',
  name: 'Free',
  tab: 'free',
  period: 'none',
  price_cents: 0,
  currency: 'usd',
  tokens: 2000,
  family: null,
  features: [],
  limits: { max_words_per_run: 5000, api_requests_per_minute: null },
};

beforeEach(() => {
  for (const key of Object.keys(replies)) delete replies[key];
});

describe('plan status (spec §3/§8)', () => {
  it('is ok with the plan on 200', async () => {
    replies['GET /api/payment/v1/plans/my_plan'] = () =>
      json(200, {
        subscription_id: 's1',
        plan,
        started_at: 'x',
        current_period_start: 'x',
        expires_at: null,
        cancel_at_period_end: false,
        provider: 'none',
      });
    await expect(fetchPlanState()).resolves.toMatchObject({ status: 'ok', myPlan: { plan: { id: 'p1' } } });
  });

  it('is free_plan_expired on 418', async () => {
    replies['GET /api/payment/v1/plans/my_plan'] = () =>
      json(418, { error: { code: 'free_plan_expired', message: 'x' } });
    await expect(fetchPlanState()).resolves.toEqual({ status: 'free_plan_expired' });
  });

  it.each([401, 403, 404, 400])('is logged_out on %i', async (status) => {
    replies['GET /api/payment/v1/plans/my_plan'] = () => json(status, { error: { code: 'x', message: 'x' } });
    await expect(fetchPlanState()).resolves.toEqual({ status: 'logged_out' });
  });
});

describe('session', () => {
  it('reads the user, or null when logged out', async () => {
    replies['GET /api/auth/users/info'] = () => json(200, user);
    await expect(fetchUserInfo()).resolves.toEqual(user);
    replies['GET /api/auth/users/info'] = () => json(401, { error: { code: 'unauthenticated', message: 'x' } });
    await expect(fetchUserInfo()).resolves.toBeNull();
  });

  it('ignores the plan of a logged-out visitor', async () => {
    replies['GET /api/auth/users/info'] = () => json(401, { error: { code: 'unauthenticated', message: 'x' } });
    replies['GET /api/payment/v1/plans/my_plan'] = () =>
      json(418, { error: { code: 'free_plan_expired', message: 'x' } });
    const auth = createAuth(new QueryClient());
    await expect(auth.ensureSession()).resolves.toEqual({ user: null, plan: { status: 'logged_out' } });
  });

  it('gives a signed-in user their plan state', async () => {
    replies['GET /api/auth/users/info'] = () => json(200, user);
    replies['GET /api/payment/v1/plans/my_plan'] = () =>
      json(418, { error: { code: 'free_plan_expired', message: 'x' } });
    const auth = createAuth(new QueryClient());
    await expect(auth.ensureSession()).resolves.toEqual({ user, plan: { status: 'free_plan_expired' } });
  });

  it('clearSession marks the user logged out without a call', async () => {
    replies['GET /api/auth/users/info'] = () => json(200, user);
    const queryClient = new QueryClient();
    const auth = createAuth(queryClient);
    await auth.ensureUser();
    auth.clearSession();
    await expect(auth.ensureUser()).resolves.toBeNull();
  });
});
