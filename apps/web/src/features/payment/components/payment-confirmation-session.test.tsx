import type { MyPlan, Plan } from '@candor/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, notFoundResponse } from '@/test/fake-api';
import { testPlan } from '@/test/plans';
import { renderWithRouter } from '@/test/render';

const replies: Record<string, () => Response> = {};
let statusAsks = 0;

vi.mock('@/lib/api-client', async (importOriginal) => {
  const { withFakeApi } = await import('@/test/fake-api');
  return withFakeApi(await importOriginal(), (input) => {
    const path = new URL(input.url).pathname;
    if (path.startsWith('/api/payment/v1/payments/checkout-sessions/')) statusAsks += 1;
    const reply = replies[path];
    return reply ? reply() : notFoundResponse();
  });
});

const { PaymentConfirmation } = await import('./payment-confirmation');
const { CHECKOUT_CONFIRMATION_POLLS } = await import('../api/payments.queries');

const SESSION = '/api/payment/v1/payments/checkout-sessions/s-1';
const status = (value: 'open' | 'completed' | 'failed' | 'expired', extra: Record<string, unknown> = {}) =>
  jsonResponse(200, {
    session_id: 's-1',
    status: value,
    kind: 'plan',
    failure_reason: null,
    plan: null,
    coupon_code: null,
    ...extra,
  });

const freePlan = testPlan();
const basic: Plan = {
  ...freePlan,
  id: 'p-basic',
  slug: 'ai-detector-basic-yearly',
  name: 'Basic',
  tab: 'ai-detector',
  period: 'yearly',
  price_cents: 12_470,
  family: 'ai-detector-basic',
};
const myPlan = (overrides: Partial<MyPlan>): MyPlan => ({
  subscription_id: 'sub-1',
  plan: freePlan,
  started_at: '2026-11-22T12:00:00Z',
  current_period_start: '2026-11-22T12:00:00Z',
  expires_at: '2026-12-06T12:00:00Z',
  cancel_at_period_end: false,
  provider: 'none',
  ...overrides,
});

beforeEach(() => {
  for (const key of Object.keys(replies)) delete replies[key];
  statusAsks = 0;
  replies['/api/detector/ai-detector/user-token-balance/'] = () =>
    jsonResponse(200, { token_balance: 50_000, plan_balance: 2_000, referral_token_balance: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('PaymentConfirmation: the checkout session decides what the success screen says', () => {
  it("says it can't find a payment for an unknown session, and never that it succeeded", async () => {
    await renderWithRouter(() => <PaymentConfirmation outcome="success" sessionId="garbage" />);
    expect(await screen.findByRole('heading', { name: "We can't find this payment" })).toBeTruthy();
    expect(screen.queryByText("You're All Set!")).toBeNull();
    expect(screen.queryByText('Your payment has been processed successfully.')).toBeNull();
    expect(screen.queryByTestId('purchase-summary')).toBeNull();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('link', { name: 'View subscription' }).getAttribute('href')).toBe(
      '/account?tab=subscription',
    );
    expect(screen.getByText('garbage')).toBeTruthy();
    expect(document.title).toBe('Payment Not Found | Candor Dashboard');
  });

  it('says an expired checkout was not completed and nothing was charged; a packet is tried again from the account', async () => {
    replies[SESSION] = () => status('expired', { kind: 'token_packet' });
    await renderWithRouter(() => <PaymentConfirmation outcome="success" sessionId="s-1" />);
    expect(await screen.findByRole('heading', { name: "Your payment wasn't completed" })).toBeTruthy();
    expect(screen.getByText('Nothing was charged. You can start again whenever you like.')).toBeTruthy();
    expect(screen.queryByText("You're All Set!")).toBeNull();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      '/account?tab=subscription&buyMoreTokens=true',
    );
  });

  it('gives up on an abandoned checkout after the polling window: not completed, with the last decline', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    replies[SESSION] = () => status('open', { failure_reason: 'Your card was declined.' });
    await renderWithRouter(() => <PaymentConfirmation outcome="success" sessionId="s-1" />);
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();
    expect(screen.queryByText("You're All Set!")).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_CONFIRMATION_POLLS * 1_000 + 1_000));
    expect(await screen.findByRole('heading', { name: "Your payment wasn't completed" })).toBeTruthy();
    expect(screen.getByText('Nothing was charged. You can start again whenever you like.')).toBeTruthy();
    expect(screen.getByText('The last attempt failed: Your card was declined.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByText('Confirming your payment…')).toBeNull();

    // A confirmation that arrives late still turns the screen into the success.
    const asked = statusAsks;
    replies[SESSION] = () => status('completed');
    await act(() => vi.advanceTimersByTimeAsync(16_000));
    expect(statusAsks).toBeGreaterThan(asked);
    expect(await screen.findByRole('heading', { name: "You're All Set!" })).toBeTruthy();
  });

  it("says the payment couldn't be checked when the service fails, and checks again on request", async () => {
    replies[SESSION] = () => jsonResponse(400, { error: { code: 'bad_request', message: 'Not now.' } });
    await renderWithRouter(() => <PaymentConfirmation outcome="success" sessionId="s-1" />);
    expect(await screen.findByRole('heading', { name: "We couldn't check your payment" })).toBeTruthy();
    expect(screen.queryByText("You're All Set!")).toBeNull();
    replies[SESSION] = () => status('completed');
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: "You're All Set!" })).toBeTruthy();
  });
});

describe('PaymentConfirmation: when the plan ends', () => {
  const ends = async (plan: MyPlan) => {
    replies[SESSION] = () => status('completed', { kind: 'token_packet' });
    replies['/api/payment/v1/plans/my_plan'] = () => jsonResponse(200, plan);
    await renderWithRouter(() => <PaymentConfirmation outcome="success" sessionId="s-1" />);
    return (await screen.findByTestId('confirmation-plan-end')).textContent;
  };

  it('says the free plan expires, as the subscription tab does', async () => {
    expect(await ends(myPlan({}))).toBe('Expires on Dec 6, 2026');
    expect(screen.queryByText(/Renews/)).toBeNull();
  });

  it('says a paid plan renews', async () => {
    expect(await ends(myPlan({ plan: basic, provider: 'local' }))).toBe('Renews on Dec 6, 2026');
  });

  it('says a cancelled paid plan ends on its date', async () => {
    expect(await ends(myPlan({ plan: basic, provider: 'stripe', cancel_at_period_end: true }))).toBe(
      'Cancels on Dec 6, 2026',
    );
  });
});

describe('PaymentConfirmation: Try again goes back to what was being bought', () => {
  const tryAgain = () => {
    const href = screen.getByRole('link', { name: 'Try again' }).getAttribute('href') ?? '';
    const url = new URL(href, 'http://app.test');
    return { path: url.pathname, search: Object.fromEntries(url.searchParams) };
  };

  it('after a declined monthly plan with a coupon: its tab and period, the plan highlighted, the coupon kept', async () => {
    replies[SESSION] = () =>
      status('open', {
        failure_reason: 'Your card was declined.',
        plan: { slug: 'stealth-ai-starter-monthly', tab: 'stealth-ai', period: 'monthly' },
        coupon_code: 'E2E20',
      });
    await renderWithRouter(() => <PaymentConfirmation outcome="failure" sessionId="s-1" />);
    // The spec's failure texts stay as they are.
    expect(screen.getByRole('heading', { name: 'Transaction Unsuccessful' })).toBeTruthy();
    expect(screen.getByText("We couldn't process your payment. Please try again.")).toBeTruthy();
    await waitFor(() =>
      expect(tryAgain()).toEqual({
        path: '/pricing',
        search: { tab: 'stealth-ai', period: 'monthly', plan: 'stealth-ai-starter-monthly', coupon: 'E2E20' },
      }),
    );
    // A failure is final: the session is read once, not followed.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(statusAsks).toBe(1);
  });

  it('after a declined yearly plan without a coupon: its tab and period only', async () => {
    replies[SESSION] = () =>
      status('open', { plan: { slug: 'api-agent-starter-yearly', tab: 'api-agent', period: 'yearly' } });
    await renderWithRouter(() => <PaymentConfirmation outcome="failure" sessionId="s-1" />);
    await waitFor(() =>
      expect(tryAgain()).toEqual({
        path: '/pricing',
        search: { tab: 'api-agent', period: 'yearly', plan: 'api-agent-starter-yearly' },
      }),
    );
  });

  it('after a declined token packet: the account page where packets are bought', async () => {
    replies[SESSION] = () => status('open', { kind: 'token_packet', coupon_code: 'E2E20' });
    await renderWithRouter(() => <PaymentConfirmation outcome="failure" sessionId="s-1" />);
    await waitFor(() =>
      expect(tryAgain()).toEqual({ path: '/account', search: { tab: 'subscription', buyMoreTokens: 'true' } }),
    );
  });

  it('after a checkout that was never completed: back to its plan, period and coupon', async () => {
    replies[SESSION] = () =>
      status('expired', {
        plan: { slug: 'ai-detector-basic-monthly', tab: 'ai-detector', period: 'monthly' },
        coupon_code: 'SPRING',
      });
    await renderWithRouter(() => <PaymentConfirmation outcome="success" sessionId="s-1" />);
    expect(await screen.findByRole('heading', { name: "Your payment wasn't completed" })).toBeTruthy();
    expect(tryAgain()).toEqual({
      path: '/pricing',
      search: { tab: 'ai-detector', period: 'monthly', plan: 'ai-detector-basic-monthly', coupon: 'SPRING' },
    });
  });

  it("falls back to the pricing page when the session can't be read", async () => {
    await renderWithRouter(() => <PaymentConfirmation outcome="failure" sessionId="gone" />);
    await waitFor(() => expect(statusAsks).toBe(1));
    expect(tryAgain()).toEqual({ path: '/pricing', search: {} });
    expect(screen.getByRole('heading', { name: 'Transaction Unsuccessful' })).toBeTruthy();
  });
});
