// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, notFoundResponse } from '@/test/fake-api';
import { testPlan } from '@/test/plans';

const replies: Record<string, () => Response> = {};

vi.mock('./api-client', async (importOriginal) => {
  const { withFakeApi } = await import('@/test/fake-api');
  return withFakeApi(await importOriginal(), (input) => {
    const reply = replies[`${input.method} ${new URL(input.url).pathname}`];
    return reply ? reply() : notFoundResponse();
  });
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
const plan = testPlan({ id: 'p1' });

beforeEach(() => {
  for (const key of Object.keys(replies)) delete replies[key];
});

describe('plan status (spec §3/§8)', () => {
  it('is ok with the plan on 200', async () => {
    replies['GET /api/payment/v1/plans/my_plan'] = () =>
      jsonResponse(200, {
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
      jsonResponse(418, { error: { code: 'free_plan_expired', message: 'x' } });
    await expect(fetchPlanState()).resolves.toEqual({ status: 'free_plan_expired' });
  });

  it.each([401, 403, 404, 400])('is logged_out on %i', async (status) => {
    replies['GET /api/payment/v1/plans/my_plan'] = () => jsonResponse(status, { error: { code: 'x', message: 'x' } });
    await expect(fetchPlanState()).resolves.toEqual({ status: 'logged_out' });
  });
});

describe('session', () => {
  it('reads the user, or null when logged out', async () => {
    replies['GET /api/auth/users/info'] = () => jsonResponse(200, user);
    await expect(fetchUserInfo()).resolves.toEqual(user);
    replies['GET /api/auth/users/info'] = () => jsonResponse(401, { error: { code: 'unauthenticated', message: 'x' } });
    await expect(fetchUserInfo()).resolves.toBeNull();
  });

  it('ignores the plan of a logged-out visitor', async () => {
    replies['GET /api/auth/users/info'] = () => jsonResponse(401, { error: { code: 'unauthenticated', message: 'x' } });
    replies['GET /api/payment/v1/plans/my_plan'] = () =>
      jsonResponse(418, { error: { code: 'free_plan_expired', message: 'x' } });
    const auth = createAuth(new QueryClient());
    await expect(auth.ensureSession()).resolves.toEqual({ user: null, plan: { status: 'logged_out' } });
  });

  it('gives a signed-in user their plan state', async () => {
    replies['GET /api/auth/users/info'] = () => jsonResponse(200, user);
    replies['GET /api/payment/v1/plans/my_plan'] = () =>
      jsonResponse(418, { error: { code: 'free_plan_expired', message: 'x' } });
    const auth = createAuth(new QueryClient());
    await expect(auth.ensureSession()).resolves.toEqual({ user, plan: { status: 'free_plan_expired' } });
  });

  it('clearSession marks the user logged out without a call', async () => {
    replies['GET /api/auth/users/info'] = () => jsonResponse(200, user);
    const queryClient = new QueryClient();
    const auth = createAuth(queryClient);
    await auth.ensureUser();
    auth.clearSession();
    await expect(auth.ensureUser()).resolves.toBeNull();
  });
});
