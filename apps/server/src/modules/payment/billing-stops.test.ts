import { checkoutSessionSchema, myPlanSchema } from '@candor/contracts';
import { billingStops, checkoutSessions } from '@candor/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpVerified, type TestClient, useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';
import { type StripeDouble, signedWebhook, startStripeDouble, stripeEvent } from '../../test/stripe-double.js';
import { retryBillingStops, retryDelayMs } from './billing-stops.js';
import type { BillingStopper } from './providers/provider.js';
import { createStripeProvider } from './providers/stripe.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const later = (date: Date, ms: number) => new Date(date.getTime() + ms);

describe('the delay before retrying a billing stop', () => {
  it('starts at a minute and doubles after each failure, up to four hours', () => {
    expect([1, 2, 3, 4, 8, 9, 10, 50].map(retryDelayMs)).toEqual([
      MINUTE,
      2 * MINUTE,
      4 * MINUTE,
      8 * MINUTE,
      128 * MINUTE,
      4 * HOUR,
      4 * HOUR,
      4 * HOUR,
    ]);
  });
});

/**
 * A buyer replaces a Stripe plan with another (checkout, signed webhook); the old subscription must stop renewing at
 * Stripe even when Stripe refuses at first. The retry pass runs at moments the tests choose, like a server reaching them.
 */
describeOnEachDatabase('stopping the billing of replaced Stripe subscriptions', (database) => {
  const SECRET = 'whsec_test_stops';
  const SECRET_KEY = 'sk_test_stops';
  // Filled in once the double listens: useTestApp reads the env when it builds the app, after this hook.
  const env: Record<string, string> = {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: SECRET,
  };
  let double: StripeDouble;
  let stripe: BillingStopper;
  beforeAll(async () => {
    double = await startStripeDouble();
    env.STRIPE_API_URL = double.url;
    stripe = createStripeProvider({ secretKey: SECRET_KEY, apiUrl: double.url });
  });
  afterAll(() => double.close());
  const t = useTestApp(database, { env });
  const db = () => t().database.handle.db;

  const rateLimited = {
    status: 429,
    type: 'rate_limit_error',
    message: 'Too many requests hit the API too quickly.',
    code: 'rate_limit',
  };
  const subscriptionPath = (providerSubscriptionId: string) => `/v1/subscriptions/${providerSubscriptionId}`;
  const callsFor = (providerSubscriptionId: string) =>
    double.requests.filter((request) => request.path === subscriptionPath(providerSubscriptionId)).length;
  const quietLog = () => ({ warn: vi.fn(), error: vi.fn() });
  const pass = (at: Date, log = quietLog()) => retryBillingStops({ db: db(), provider: stripe, clock: () => at, log });

  async function deliver(event: object) {
    const { payload, signature } = signedWebhook(event, SECRET);
    const response = await t()
      .client()
      .post('/api/payment/v1/payments/webhooks/stripe', payload, {
        csrf: 'none',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** Buys `plan` through a Stripe checkout; returns the Stripe subscription that bills it. */
  async function buy(client: TestClient, plan: string) {
    const response = await client.post(
      `/api/payment/v1/payments/plan-checkout-session/${plan}?subscription_type=yearly`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { session_id } = checkoutSessionSchema.parse(response.json());
    const [row] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, session_id));
    const paid = double.completeSession(row?.providerSessionId ?? '');
    expect(await deliver(stripeEvent('checkout.session.completed', paid))).toEqual({
      received: true,
      outcome: 'applied',
    });
    if (!paid.subscription) throw new Error('a plan checkout creates a Stripe subscription');
    return paid.subscription;
  }

  /** A subscriber who upgraded; `refuseStop` makes Stripe refuse the first stop of the replaced subscription. */
  async function upgraded({ refuseStop }: { refuseStop: boolean }) {
    const client = t().client();
    await signUpVerified(t(), client);
    const replaced = await buy(client, 'ai-detector-basic-yearly');
    if (refuseStop) double.failNext(subscriptionPath(replaced), rateLimited);
    const current = await buy(client, 'ai-detector-pro-yearly');
    const myPlan = myPlanSchema.parse((await client.get('/api/payment/v1/plans/my_plan')).json());
    expect(myPlan.plan.slug).toBe('ai-detector-pro-yearly');
    return { replaced, current };
  }

  async function stopOf(providerSubscriptionId: string) {
    const [row] = await db()
      .select()
      .from(billingStops)
      .where(and(eq(billingStops.provider, 'stripe'), eq(billingStops.providerSubscriptionId, providerSubscriptionId)));
    return row;
  }

  async function pendingStop(providerSubscriptionId: string) {
    const row = await stopOf(providerSubscriptionId);
    if (!row) throw new Error(`no billing stop is pending for ${providerSubscriptionId}`);
    return row;
  }

  it('stops the replaced subscription at once and keeps nothing when Stripe accepts', async () => {
    const { replaced, current } = await upgraded({ refuseStop: false });
    expect(double.subscriptions.get(replaced)?.cancelAtPeriodEnd).toBe(true);
    expect(double.subscriptions.get(current)?.cancelAtPeriodEnd).toBe(false);
    expect(await stopOf(replaced)).toBeUndefined();
  });

  it('keeps a stop Stripe refused and retries it after a growing delay until Stripe accepts', async () => {
    const { replaced, current } = await upgraded({ refuseStop: true });
    expect(double.subscriptions.get(replaced)?.cancelAtPeriodEnd).toBe(false);
    const first = await pendingStop(replaced);
    expect(first).toMatchObject({ attempts: 1, lastError: 'StripeRateLimitError 429 rate_limit' });
    const firstDelay = first.nextAttemptAt.getTime() - first.createdAt.getTime();
    expect(firstDelay).toBeGreaterThanOrEqual(MINUTE);
    expect(firstDelay).toBeLessThan(2 * MINUTE);
    expect(callsFor(replaced)).toBe(1);

    // Not due yet: Stripe is not asked.
    expect(await pass(later(first.nextAttemptAt, -1))).toEqual({ stopped: 0, failed: 0 });
    expect(callsFor(replaced)).toBe(1);

    double.failNext(subscriptionPath(replaced), rateLimited);
    const log = quietLog();
    expect(await pass(first.nextAttemptAt, log)).toEqual({ stopped: 0, failed: 1 });
    const second = await pendingStop(replaced);
    expect(second.attempts).toBe(2);
    expect(second.nextAttemptAt).toEqual(later(first.nextAttemptAt, 2 * MINUTE));
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]?.[0]).toMatchObject({ providerSubscriptionId: replaced, attempts: 2 });
    expect(log.error).not.toHaveBeenCalled();

    expect(await pass(later(second.nextAttemptAt, -1))).toEqual({ stopped: 0, failed: 0 });
    expect(callsFor(replaced)).toBe(2);
    expect(await pass(second.nextAttemptAt)).toEqual({ stopped: 1, failed: 0 });
    expect(callsFor(replaced)).toBe(3);
    expect(double.subscriptions.get(replaced)?.cancelAtPeriodEnd).toBe(true);
    expect(double.subscriptions.get(current)?.cancelAtPeriodEnd).toBe(false);
    expect(await stopOf(replaced)).toBeUndefined();

    expect(await pass(later(second.nextAttemptAt, DAY))).toEqual({ stopped: 0, failed: 0 });
    expect(callsFor(replaced)).toBe(3);
  });

  it('counts a subscription Stripe no longer has as stopped', async () => {
    const { replaced } = await upgraded({ refuseStop: true });
    const pending = await pendingStop(replaced);
    double.subscriptions.delete(replaced);

    const log = quietLog();
    expect(await pass(pending.nextAttemptAt, log)).toEqual({ stopped: 1, failed: 0 });
    expect(await stopOf(replaced)).toBeUndefined();
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('makes each attempt once while several instances retry at the same moment', async () => {
    const subscribers = [await upgraded({ refuseStop: true }), await upgraded({ refuseStop: true })];
    const pending = await Promise.all(subscribers.map(({ replaced }) => pendingStop(replaced)));
    const due = new Date(Math.max(...pending.map((stop) => stop.nextAttemptAt.getTime())));

    // One instance's call to Stripe is still under way while two more run whole passes side by side.
    let called: () => void = () => {};
    let release: () => void = () => {};
    const firstCalled = new Promise<void>((resolve) => {
      called = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowStripe: BillingStopper = {
      name: 'stripe',
      async stopBilling(providerSubscriptionId) {
        called();
        await released;
        return stripe.stopBilling(providerSubscriptionId);
      },
    };
    const slowPass = retryBillingStops({ db: db(), provider: slowStripe, clock: () => due, log: quietLog() });
    await firstCalled;
    const others = await Promise.all([pass(due), pass(due)]);
    release();
    const results = [await slowPass, ...others];

    expect(results.reduce((sum, result) => sum + result.stopped, 0)).toBe(2);
    expect(results.reduce((sum, result) => sum + result.failed, 0)).toBe(0);
    for (const { replaced } of subscribers) {
      expect(callsFor(replaced)).toBe(2);
      expect(double.subscriptions.get(replaced)?.cancelAtPeriodEnd).toBe(true);
      expect(await stopOf(replaced)).toBeUndefined();
    }
  });

  it('keeps retrying after a day of refusals, and tells an operator once', async () => {
    const { replaced } = await upgraded({ refuseStop: true });
    const { createdAt } = await pendingStop(replaced);
    const log = quietLog();
    // Hours since the first refusal at each retry, and whether that retry raised the alert.
    const retries: { hours: number; alerted: boolean }[] = [];
    for (let failures = 2; failures <= 16; failures++) {
      const { nextAttemptAt } = await pendingStop(replaced);
      double.failNext(subscriptionPath(replaced), rateLimited);
      const errorsBefore = log.error.mock.calls.length;
      expect(await pass(nextAttemptAt, log)).toEqual({ stopped: 0, failed: 1 });
      retries.push({
        hours: (nextAttemptAt.getTime() - createdAt.getTime()) / HOUR,
        alerted: log.error.mock.calls.length > errorsBefore,
      });
    }

    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]?.[0]).toMatchObject({ provider: 'stripe', providerSubscriptionId: replaced });
    // The alert comes with the first refusal a day or more after the first one.
    const alert = retries.findIndex((retry) => retry.alerted);
    expect(retries[alert]?.hours).toBeGreaterThanOrEqual(24);
    expect(retries[alert - 1]?.hours).toBeLessThan(24);
    expect(log.warn).toHaveBeenCalledTimes(retries.length - 1);
    expect((await pendingStop(replaced)).attempts).toBe(16);
    expect(double.subscriptions.get(replaced)?.cancelAtPeriodEnd).toBe(false);

    const { nextAttemptAt } = await pendingStop(replaced);
    expect(await pass(nextAttemptAt, log)).toEqual({ stopped: 1, failed: 0 });
    expect(double.subscriptions.get(replaced)?.cancelAtPeriodEnd).toBe(true);
    expect(await stopOf(replaced)).toBeUndefined();
  });
});
