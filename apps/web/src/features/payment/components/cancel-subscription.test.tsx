import type { MyPlan, Plan } from '@candor/contracts';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { myPlanQueryOptions } from '@/lib/session';
import { jsonResponse, notFoundResponse } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';

let cancelled = false;

const basic: Plan = {
  id: 'p-basic',
  slug: 'ai-detector-basic-monthly',
  name: 'Basic',
  tab: 'ai-detector',
  period: 'monthly',
  price_cents: 1_299,
  currency: 'usd',
  tokens: 100_000,
  family: 'ai-detector-basic',
  features: [],
  available: true,
  limits: { max_words_per_run: 25_000, api_requests_per_minute: null },
};
const myPlan = (): MyPlan => ({
  subscription_id: 'sub-1',
  plan: basic,
  started_at: '2026-11-01T12:00:00Z',
  current_period_start: '2026-11-01T12:00:00Z',
  expires_at: '2026-12-01T12:00:00Z',
  cancel_at_period_end: cancelled,
  provider: 'local',
});
const subscription = () => ({
  id: 'sub-1',
  plan: basic,
  status: 'active',
  started_at: '2026-11-01T12:00:00Z',
  current_period_start: '2026-11-01T12:00:00Z',
  current_period_end: '2026-12-01T12:00:00Z',
  cancel_at_period_end: cancelled,
  provider: 'local',
});

vi.mock('@/lib/api-client', async (importOriginal) => {
  const { withFakeApi } = await import('@/test/fake-api');
  return withFakeApi(await importOriginal(), (input) => {
    const route = `${input.method} ${new URL(input.url).pathname}`;
    if (route === 'GET /api/payment/v1/plans/my_plan') return jsonResponse(200, myPlan());
    if (route === 'GET /api/payment/v1/api-services/my-subscription') {
      return jsonResponse(200, { subscription: subscription() });
    }
    if (route === 'POST /api/payment/v1/api-services/subscriptions/cancel') {
      cancelled = true;
      return jsonResponse(200, { subscription: subscription() });
    }
    if (route === 'POST /api/payment/v1/api-services/subscriptions/resume') {
      cancelled = false;
      return jsonResponse(200, { subscription: subscription() });
    }
    return notFoundResponse();
  });
});

const { SubscriptionActions } = await import('./cancel-subscription');

/** The actions as the subscription tab renders them: from the cached plan, which the change refreshes. */
function Actions() {
  const plan = useQuery(myPlanQueryOptions());
  return plan.data?.status === 'ok' ? <SubscriptionActions myPlan={plan.data.myPlan} /> : null;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeEach(() => {
  cancelled = false;
});

describe('SubscriptionActions', () => {
  it('moves the focus to the button that replaces the one used: Resume after cancelling, Cancel after resuming', async () => {
    const user = userEvent.setup();
    await renderWithRouter(() => <Actions />);
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Basic?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));

    const resume = await screen.findByRole('button', { name: 'Resume subscription' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await settle();
    expect(document.activeElement).toBe(resume);

    await user.keyboard('{Enter}');
    const cancel = await screen.findByRole('button', { name: 'Cancel subscription' });
    await settle();
    expect(document.activeElement).toBe(cancel);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
