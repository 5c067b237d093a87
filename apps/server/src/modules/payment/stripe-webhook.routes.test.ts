import {
  checkoutSessionSchema,
  errorBodySchema,
  errorCodes,
  invoiceListSchema,
  myPlanSchema,
  mySubscriptionSchema,
  planListSchema,
  tokenBalanceSchema,
  tokenPacketListSchema,
} from '@candor/contracts';
import { checkoutSessions, couponRedemptions, coupons, subscriptions } from '@candor/db';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError, registerErrorHandler } from '../../http/errors.js';
import { everyProduct } from '../../products.js';
import { signUpVerified, type TestClient, useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';
import { type StripeDouble, signedWebhook, startStripeDouble, stripeEvent } from '../../test/stripe-double.js';
import { charge } from '../detector/ledger.js';
import type { EventOutcome, ProviderEvent } from './providers/provider.js';
import { stripeWebhookRoutes } from './stripe-webhook.routes.js';

const WEBHOOK_SECRET = 'whsec_test_route';
const WEBHOOK_URL = '/api/payment/v1/payments/webhooks/stripe';

const paidSession = (overrides: Record<string, unknown> = {}) => ({
  id: 'cs_test_paid',
  object: 'checkout.session',
  mode: 'subscription',
  status: 'complete',
  payment_status: 'paid',
  amount_total: 9_600,
  currency: 'usd',
  subscription: 'sub_test_1',
  invoice: 'in_test_first',
  client_reference_id: 'our-session',
  ...overrides,
});

const renewalInvoice = (overrides: Record<string, unknown> = {}) => ({
  id: 'in_test_renewal',
  object: 'invoice',
  billing_reason: 'subscription_cycle',
  amount_paid: 12_000,
  currency: 'usd',
  // The invoice's own period is the one just ended; the subscription line holds the new one.
  period_start: 1_767_225_600,
  period_end: 1_798_761_600,
  parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_test_1', metadata: {} } },
  lines: {
    object: 'list',
    has_more: false,
    data: [
      {
        id: 'il_test_1',
        object: 'line_item',
        amount: 12_000,
        parent: { type: 'subscription_item_details', subscription_item_details: { subscription: 'sub_test_1' } },
        period: { start: 1_798_761_600, end: 1_830_297_600 },
      },
    ],
  },
  ...overrides,
});

/** The endpoint inside an app set up like app.ts (JSON-only parsing, the one error handler), fulfilment recorded. */
describe('the stripe webhook endpoint', () => {
  let app: FastifyInstance;
  const received: ProviderEvent[] = [];
  let answer: (event: ProviderEvent) => Promise<EventOutcome> = async () => 'applied';

  beforeAll(async () => {
    app = Fastify();
    registerErrorHandler(app);
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
    app.post('/api/payment/echo', async (request) => ({ body: request.body }));
    await app.register(stripeWebhookRoutes, {
      prefix: '/api/payment',
      webhookSecret: WEBHOOK_SECRET,
      secretKey: 'sk_test_route',
      apiUrl: undefined,
      handleEvent: (event) => {
        received.push(event);
        return answer(event);
      },
    });
    await app.ready();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    received.length = 0;
    answer = async () => 'applied';
  });

  const post = (payload: string, signature: string | undefined) =>
    app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      payload,
    });
  const deliver = (event: object) => {
    const { payload, signature } = signedWebhook(event, WEBHOOK_SECRET);
    return post(payload, signature);
  };

  it('turns a paid checkout.session.completed into checkout.completed', async () => {
    const event = stripeEvent('checkout.session.completed', paidSession(), 'evt_test_completed');
    const response = await deliver(event);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'applied' });
    expect(received).toEqual([
      {
        provider: 'stripe',
        eventId: 'evt_test_completed',
        type: 'checkout.completed',
        providerSessionId: 'cs_test_paid',
        amountTotalCents: 9_600,
        currency: 'usd',
        providerSubscriptionId: 'sub_test_1',
        providerInvoiceId: 'in_test_first',
      },
    ]);
  });

  it('completes a one-off payment without subscription or invoice, and a 100% coupon checkout that needed no payment', async () => {
    await deliver(
      stripeEvent('checkout.session.completed', paidSession({ mode: 'payment', subscription: null, invoice: null })),
    );
    await deliver(
      stripeEvent(
        'checkout.session.completed',
        paidSession({ payment_status: 'no_payment_required', amount_total: 0 }),
      ),
    );
    expect(received).toMatchObject([
      { type: 'checkout.completed', providerSubscriptionId: null, providerInvoiceId: null },
      { type: 'checkout.completed', amountTotalCents: 0 },
    ]);
  });

  it('reads the ids of expanded subscription and invoice objects', async () => {
    await deliver(
      stripeEvent(
        'checkout.session.completed',
        paidSession({
          subscription: { id: 'sub_test_x', object: 'subscription' },
          invoice: { id: 'in_test_x', object: 'invoice' },
        }),
      ),
    );
    expect(received).toMatchObject([{ providerSubscriptionId: 'sub_test_x', providerInvoiceId: 'in_test_x' }]);
  });

  it('waits for the outcome of a delayed payment method, then completes or fails', async () => {
    const pending = await deliver(stripeEvent('checkout.session.completed', paidSession({ payment_status: 'unpaid' })));
    expect(pending.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(received).toEqual([]);

    await deliver(stripeEvent('checkout.session.async_payment_succeeded', paidSession(), 'evt_test_async_ok'));
    await deliver(
      stripeEvent(
        'checkout.session.async_payment_failed',
        paidSession({ payment_status: 'unpaid' }),
        'evt_test_async_ko',
      ),
    );
    expect(received).toMatchObject([
      { type: 'checkout.completed', eventId: 'evt_test_async_ok', providerSessionId: 'cs_test_paid' },
      { type: 'checkout.failed', eventId: 'evt_test_async_ko', providerSessionId: 'cs_test_paid' },
    ]);
  });

  it('reports an expired checkout', async () => {
    await deliver(
      stripeEvent(
        'checkout.session.expired',
        paidSession({ status: 'expired', payment_status: 'unpaid' }),
        'evt_test_exp',
      ),
    );
    expect(received).toEqual([
      { provider: 'stripe', eventId: 'evt_test_exp', type: 'checkout.expired', providerSessionId: 'cs_test_paid' },
    ]);
  });

  it("renews on a paid cycle invoice with the subscription line's period", async () => {
    await deliver(stripeEvent('invoice.paid', renewalInvoice(), 'evt_test_renewal'));
    expect(received).toEqual([
      {
        provider: 'stripe',
        eventId: 'evt_test_renewal',
        type: 'subscription.renewed',
        providerSubscriptionId: 'sub_test_1',
        providerInvoiceId: 'in_test_renewal',
        amountTotalCents: 12_000,
        currency: 'usd',
        periodStart: new Date('2027-01-01T00:00:00Z'),
        periodEnd: new Date('2028-01-01T00:00:00Z'),
      },
    ]);
  });

  it('ignores the first invoice of a subscription, which the checkout already paid', async () => {
    const response = await deliver(
      stripeEvent('invoice.paid', renewalInvoice({ billing_reason: 'subscription_create' })),
    );
    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(received).toEqual([]);
  });

  it('refuses a cycle invoice that names no subscription', async () => {
    const response = await deliver(stripeEvent('invoice.paid', renewalInvoice({ parent: null })));
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).error.code).toBe(errorCodes.paymentEventRefused);
    expect(received).toEqual([]);
  });

  it('ends the plan when Stripe deletes the subscription', async () => {
    await deliver(
      stripeEvent(
        'customer.subscription.deleted',
        { id: 'sub_test_1', object: 'subscription', status: 'canceled' },
        'evt_test_end',
      ),
    );
    expect(received).toEqual([
      { provider: 'stripe', eventId: 'evt_test_end', type: 'subscription.ended', providerSubscriptionId: 'sub_test_1' },
    ]);
  });

  it('acknowledges the events it does not act on', async () => {
    const response = await deliver(stripeEvent('customer.created', { id: 'cus_test_1', object: 'customer' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(received).toEqual([]);
  });

  it("answers fulfilment's outcome, and its refusal as a 400 Stripe shows in the dashboard", async () => {
    answer = async () => 'duplicate';
    expect((await deliver(stripeEvent('checkout.session.completed', paidSession()))).json()).toEqual({
      received: true,
      outcome: 'duplicate',
    });

    answer = async () => {
      throw new AppError(errorCodes.paymentEventRefused, 400, 'This payment does not match any checkout.');
    };
    const refused = await deliver(stripeEvent('checkout.session.completed', paidSession()));
    expect(refused.statusCode).toBe(400);
    expect(errorBodySchema.parse(refused.json()).error).toMatchObject({
      code: errorCodes.paymentEventRefused,
      message: 'This payment does not match any checkout.',
    });
  });

  it('fails with a 500 (which Stripe retries) when fulfilment breaks', async () => {
    answer = async () => {
      throw new Error('database down');
    };
    const response = await deliver(stripeEvent('checkout.session.completed', paidSession()));
    expect(response.statusCode).toBe(500);
    expect(errorBodySchema.parse(response.json()).error.code).toBe(errorCodes.internal);
  });

  describe('refuses with 400 and passes nothing on when the signature does not verify', () => {
    const event = stripeEvent('checkout.session.completed', paidSession());

    const expectRefused = async (response: Awaited<ReturnType<typeof post>>) => {
      expect(response.statusCode, response.body).toBe(400);
      expect(errorBodySchema.parse(response.json()).error).toEqual({
        code: errorCodes.paymentEventRefused,
        message: 'The webhook signature is invalid.',
      });
      expect(received).toEqual([]);
    };

    it('a body changed after signing', async () => {
      const { payload, signature } = signedWebhook(event, WEBHOOK_SECRET);
      await expectRefused(await post(payload.replace('"amount_total":9600', '"amount_total":1'), signature));
    });

    it('a body re-serialised after signing (same JSON, other bytes)', async () => {
      const { payload, signature } = signedWebhook(event, WEBHOOK_SECRET);
      await expectRefused(await post(JSON.stringify(JSON.parse(payload), null, 2), signature));
    });

    it('signed with another secret', async () => {
      const { payload, signature } = signedWebhook(event, 'whsec_someone_else');
      await expectRefused(await post(payload, signature));
    });

    it('no stripe-signature header', async () => {
      await expectRefused(await post(JSON.stringify(event), undefined));
    });

    it('a stale timestamp (a replayed capture)', async () => {
      const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
      const { payload, signature } = signedWebhook(event, WEBHOOK_SECRET, { timestamp: tenMinutesAgo });
      await expectRefused(await post(payload, signature));
    });

    it('a garbled header', async () => {
      await expectRefused(await post(JSON.stringify(event), 't=abc,v1=zzz'));
    });
  });

  it('keeps JSON parsing for the rest of the app', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/payment/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":1}',
    });
    expect(response.json()).toEqual({ body: { a: 1 } });
  });

  it('takes only JSON bodies', async () => {
    const response = await app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(415);
  });
});

const expectError = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorBodySchema.parse(response.json()).error.code).toBe(code);
};

/** The whole path with PAYMENT_PROVIDER=stripe: our checkout, the Stripe double, signed webhooks, the balances. */
describeOnEachDatabase('stripe payments', (database) => {
  const SECRET = 'whsec_test';
  // Filled in once the double listens: useTestApp reads the env when it builds the app, after this hook.
  const env: Record<string, string> = {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: SECRET,
  };
  let double: StripeDouble;
  beforeAll(async () => {
    double = await startStripeDouble();
    env.STRIPE_API_URL = double.url;
  });
  afterAll(() => double.close());
  const t = useTestApp(database, { env, products: everyProduct() });

  /** Stripe posting to the endpoint: no cookie, no CSRF header, just the signed body. */
  const webhook = (payload: string, signature?: string) =>
    t()
      .client()
      .post(WEBHOOK_URL, payload, {
        csrf: 'none',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          ...(signature === undefined ? {} : { 'stripe-signature': signature }),
        },
      });
  const deliver = (event: object) => {
    const { payload, signature } = signedWebhook(event, SECRET);
    return webhook(payload, signature);
  };

  const balance = async (client: TestClient) =>
    tokenBalanceSchema.parse((await client.get('/api/detector/ai-detector/user-token-balance/')).json());

  async function planBySlug(slug: string) {
    const { items } = planListSchema.parse((await t().client().get('/api/payment/v1/plans/')).json());
    const plan = items.find((item) => item.slug === slug);
    if (!plan) throw new Error(`no plan ${slug}`);
    return plan;
  }

  /** A signed-in user with an open Stripe checkout for `path` (plan or packet checkout URL). */
  async function checkout(path: string) {
    const client = t().client();
    const { user } = await signUpVerified(t(), client);
    const response = await client.post(path);
    expect(response.statusCode, response.body).toBe(200);
    const created = checkoutSessionSchema.parse(response.json());
    const [row] = await t()
      .database.handle.db.select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, created.session_id));
    const providerSessionId = row?.providerSessionId;
    if (!providerSessionId) throw new Error('the checkout session has no Stripe id');
    return { client, user, created, providerSessionId };
  }

  const PLAN = 'ai-detector-pro-yearly';
  const planCheckout = (plan = PLAN, period = 'yearly') =>
    checkout(`/api/payment/v1/payments/plan-checkout-session/${plan}?subscription_type=${period}`);

  it('sends the buyer to the Stripe session and credits the plan once from the signed completion', async () => {
    const plan = await planBySlug(PLAN);
    const { client, created, providerSessionId } = await planCheckout();

    const session = double.sessions.get(providerSessionId);
    expect(created.checkout_url).toBe(session?.url);
    expect(session).toMatchObject({
      mode: 'subscription',
      currency: plan.currency,
      amountTotal: plan.price_cents,
      clientReferenceId: created.session_id,
      metadata: { candor_session_id: created.session_id },
    });
    const sent = double.requests.find((request) => request.form.client_reference_id === created.session_id);
    expect(sent?.headers.authorization).toBe('Bearer sk_test_x');
    expect(sent?.form['line_items[0][price_data][recurring][interval]']).toBe('year');
    expect(sent?.form.success_url).toContain(`session_id=${created.session_id}`);

    const event = stripeEvent('checkout.session.completed', double.completeSession(providerSessionId));
    const first = await deliver(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'applied' });
    expect(myPlanSchema.parse((await client.get('/api/payment/v1/plans/my_plan')).json()).plan.slug).toBe(PLAN);
    const credited = await balance(client);
    expect(credited.plan_balance).toBe(plan.tokens);

    // Stripe delivers at least once: the same event again changes nothing.
    const replay = await deliver(event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await balance(client)).toEqual(credited);
    const { items } = invoiceListSchema.parse((await client.get('/api/payment/v1/payments/invoices')).json());
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ provider: 'stripe', total_cents: plan.price_cents });
  });

  it('stops Stripe renewing the subscription that a newly bought plan replaced', async () => {
    const basic = await planCheckout('ai-detector-basic-yearly');
    const first = double.completeSession(basic.providerSessionId);
    await deliver(stripeEvent('checkout.session.completed', first));

    const upgrade = await basic.client.post(
      `/api/payment/v1/payments/plan-checkout-session/${PLAN}?subscription_type=yearly`,
    );
    expect(upgrade.statusCode, upgrade.body).toBe(200);
    const { session_id } = checkoutSessionSchema.parse(upgrade.json());
    const [row] = await t()
      .database.handle.db.select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, session_id));
    const second = double.completeSession(row?.providerSessionId ?? '');
    expect((await deliver(stripeEvent('checkout.session.completed', second))).json()).toEqual({
      received: true,
      outcome: 'applied',
    });

    expect(myPlanSchema.parse((await basic.client.get('/api/payment/v1/plans/my_plan')).json()).plan.slug).toBe(PLAN);
    // The old subscription ends with the period it paid for; the new one renews.
    expect(double.subscriptions.get(first.subscription ?? '')?.cancelAtPeriodEnd).toBe(true);
    expect(double.subscriptions.get(second.subscription ?? '')?.cancelAtPeriodEnd).toBe(false);
  });

  it('charges at Stripe exactly the discounted total we computed, so the completion with a coupon applies', async () => {
    const plan = await planBySlug(PLAN);
    const code = `STRIPE33${Date.now()}`;
    const db = t().database.handle.db;
    // 33% of most prices is not a whole number of cents: Stripe must not round it differently from us.
    await db.insert(coupons).values({ code, percentOff: 33, maxRedemptionsPerUser: 1 });
    const { client, created, providerSessionId } = await checkout(
      `/api/payment/v1/payments/plan-checkout-session/${PLAN}?subscription_type=yearly&coupon_code=${code.toLowerCase()}`,
    );
    const [order] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, created.session_id));
    expect(order?.discountCents).toBeGreaterThan(0);
    expect(double.sessions.get(providerSessionId)?.amountTotal).toBe(order?.totalCents);
    const couponRequest = double.requests.find(
      (request) => request.form['metadata[candor_session_id]'] === created.session_id && request.path === '/v1/coupons',
    );
    expect(couponRequest?.form).toMatchObject({ duration: 'once', amount_off: String(order?.discountCents) });

    const completed = await deliver(
      stripeEvent('checkout.session.completed', double.completeSession(providerSessionId)),
    );
    expect(completed.json(), completed.body).toEqual({ received: true, outcome: 'applied' });
    expect((await balance(client)).plan_balance).toBe(plan.tokens);
    const redemptions = await db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.checkoutSessionId, created.session_id));
    expect(redemptions).toHaveLength(1);
  });

  it('refuses every badly signed delivery and changes nothing, then applies the genuine one', async () => {
    const { client, providerSessionId } = await planCheckout();
    const before = await balance(client);
    const event = stripeEvent('checkout.session.completed', double.completeSession(providerSessionId));
    const { payload, signature } = signedWebhook(event, SECRET);
    const stale = signedWebhook(event, SECRET, { timestamp: Math.floor(Date.now() / 1000) - 600 });

    const attempts = [
      webhook(payload.replace(/"amount_total":\d+/, '"amount_total":1'), signature),
      webhook(payload, signedWebhook(event, 'whsec_wrong').signature),
      webhook(payload),
      webhook(stale.payload, stale.signature),
    ];
    for (const response of await Promise.all(attempts)) {
      expectError(response, 400, errorCodes.paymentEventRefused);
      expect(errorBodySchema.parse(response.json()).error.message).toBe('The webhook signature is invalid.');
    }
    expect(await balance(client)).toEqual(before);
    expect(myPlanSchema.parse((await client.get('/api/payment/v1/plans/my_plan')).json()).plan.slug).toBe('free');

    const genuine = await webhook(payload, signature);
    expect(genuine.json()).toEqual({ received: true, outcome: 'applied' });
  });

  it('refuses a signed event for a session it never opened', async () => {
    const { client, providerSessionId } = await planCheckout();
    const before = await balance(client);
    const paid = double.completeSession(providerSessionId);
    const response = await deliver(stripeEvent('checkout.session.completed', { ...paid, id: 'cs_test_not_ours' }));
    expectError(response, 400, errorCodes.paymentEventRefused);
    expect(await balance(client)).toEqual(before);
  });

  it('refuses a signed completion whose amount or currency is not the order', async () => {
    const { client, providerSessionId } = await planCheckout();
    const before = await balance(client);
    const paid = double.completeSession(providerSessionId);
    expectError(
      await deliver(stripeEvent('checkout.session.completed', { ...paid, amount_total: 100 })),
      400,
      errorCodes.paymentEventRefused,
    );
    expectError(
      await deliver(stripeEvent('checkout.session.completed', { ...paid, currency: 'eur' })),
      400,
      errorCodes.paymentEventRefused,
    );
    expect(await balance(client)).toEqual(before);
    // The refused events were not recorded: the genuine completion still applies.
    expect((await deliver(stripeEvent('checkout.session.completed', paid))).json()).toEqual({
      received: true,
      outcome: 'applied',
    });
  });

  it('credits a completed checkout once even when async_payment_succeeded follows for the same session', async () => {
    const { client, providerSessionId } = await planCheckout();
    const paid = double.completeSession(providerSessionId);
    expect((await deliver(stripeEvent('checkout.session.completed', paid))).json().outcome).toBe('applied');
    const credited = await balance(client);
    expect((await deliver(stripeEvent('checkout.session.async_payment_succeeded', paid))).json().outcome).toBe(
      'duplicate',
    );
    expect(await balance(client)).toEqual(credited);
  });

  it('renews on invoice.paid (the allowance is reset), stops renewing on request, and ends on deletion', async () => {
    const plan = await planBySlug(PLAN);
    const { client, user, providerSessionId } = await planCheckout();
    const paid = double.completeSession(providerSessionId);
    await deliver(stripeEvent('checkout.session.completed', paid));
    const subscriptionId = paid.subscription;
    if (!subscriptionId) throw new Error('a plan checkout creates a Stripe subscription');

    const db = t().database.handle.db;
    await db.transaction((tx) =>
      charge(tx, { userId: user.id, modelName: 'AI_DETECTION', units: 1_000, now: new Date() }),
    );
    expect((await balance(client)).plan_balance).toBeLessThan(plan.tokens);

    // Cancel and resume go to Stripe first.
    const cancelled = await client.post('/api/payment/v1/api-services/subscriptions/cancel');
    expect(mySubscriptionSchema.parse(cancelled.json()).subscription?.cancel_at_period_end).toBe(true);
    expect(double.subscriptions.get(subscriptionId)?.cancelAtPeriodEnd).toBe(true);
    const resumed = await client.post('/api/payment/v1/api-services/subscriptions/resume');
    expect(mySubscriptionSchema.parse(resumed.json()).subscription?.cancel_at_period_end).toBe(false);
    expect(double.subscriptions.get(subscriptionId)?.cancelAtPeriodEnd).toBe(false);
    // When Stripe refuses, nothing here pretends the billing stopped.
    double.failNext(`/v1/subscriptions/${subscriptionId}`, {
      status: 400,
      type: 'invalid_request_error',
      message: 'No such subscription.',
    });
    expectError(await client.post('/api/payment/v1/api-services/subscriptions/cancel'), 503, errorCodes.unavailable);
    const unchanged = await client.get('/api/payment/v1/api-services/my-subscription');
    expect(mySubscriptionSchema.parse(unchanged.json()).subscription?.cancel_at_period_end).toBe(false);

    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscriptionId));
    const periodStart = Math.floor((row?.expiresAt?.getTime() ?? 0) / 1000);
    const periodEnd = periodStart + 365 * 86_400;
    const renewal = stripeEvent(
      'invoice.paid',
      renewalInvoice({
        id: `in_test_renewal_${subscriptionId}`,
        amount_paid: plan.price_cents,
        currency: plan.currency,
        parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: {} } },
        lines: {
          object: 'list',
          has_more: false,
          data: [
            {
              id: 'il_test_renewal',
              object: 'line_item',
              amount: plan.price_cents,
              parent: {
                type: 'subscription_item_details',
                subscription_item_details: { subscription: subscriptionId },
              },
              period: { start: periodStart, end: periodEnd },
            },
          ],
        },
      }),
    );
    const renewed = await deliver(renewal);
    expect(renewed.json(), renewed.body).toEqual({ received: true, outcome: 'applied' });
    expect((await balance(client)).plan_balance).toBe(plan.tokens);
    const myPlan = myPlanSchema.parse((await client.get('/api/payment/v1/plans/my_plan')).json());
    expect(Date.parse(myPlan.expires_at ?? '')).toBe(periodEnd * 1000);
    expect((await deliver(renewal)).json()).toEqual({ received: true, outcome: 'duplicate' });
    const { items } = invoiceListSchema.parse((await client.get('/api/payment/v1/payments/invoices')).json());
    expect(items).toHaveLength(2);

    const ended = await deliver(
      stripeEvent('customer.subscription.deleted', { id: subscriptionId, object: 'subscription', status: 'canceled' }),
    );
    expect(ended.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await balance(client)).plan_balance).toBe(0);
    const [after] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, subscriptionId));
    expect(after?.status).toBe('expired');
  });

  it('refuses a renewal for a subscription it does not know', async () => {
    const response = await deliver(
      stripeEvent(
        'invoice.paid',
        renewalInvoice({
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: 'sub_test_stranger', metadata: {} },
          },
        }),
      ),
    );
    expectError(response, 400, errorCodes.paymentEventRefused);
  });

  it('credits purchased tokens for a token-packet checkout, as a one-off payment', async () => {
    const { items } = tokenPacketListSchema.parse((await t().client().get('/api/payment/v1/token-packets/')).json());
    const packet = items.find((item) => item.slug === 'tokens-200k');
    if (!packet) throw new Error('no tokens-200k packet');
    const { client, providerSessionId } = await checkout(
      `/api/payment/v1/payments/token-packet-checkout-session/${packet.slug}`,
    );
    expect(double.sessions.get(providerSessionId)?.mode).toBe('payment');

    const before = await balance(client);
    const event = stripeEvent('checkout.session.completed', double.completeSession(providerSessionId));
    expect((await deliver(event)).json()).toEqual({ received: true, outcome: 'applied' });
    expect(await balance(client)).toEqual({ ...before, token_balance: before.token_balance + packet.tokens });
    expect((await deliver(event)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await balance(client)).token_balance).toBe(before.token_balance + packet.tokens);
  });

  it("sends a buyer who leaves Stripe's page back where the purchase started", async () => {
    const cancelUrl = async (path: string) => {
      const { created } = await checkout(path);
      return double.requests.find((request) => request.form.client_reference_id === created.session_id)?.form
        .cancel_url;
    };
    expect(await cancelUrl('/api/payment/v1/payments/token-packet-checkout-session/tokens-50k')).toBe(
      'http://localhost:8080/account?tab=subscription&buyMoreTokens=true',
    );
    expect(
      await cancelUrl(
        '/api/payment/v1/payments/plan-checkout-session/stealth-ai-starter-yearly?subscription_type=monthly',
      ),
    ).toBe('http://localhost:8080/pricing?tab=stealth-ai&period=monthly');
  });

  it('lets an expired or failed Stripe checkout change no balance', async () => {
    const { client, providerSessionId } = await planCheckout();
    const before = await balance(client);
    const open = { ...double.completeSession(providerSessionId), status: 'expired', payment_status: 'unpaid' };
    expect((await deliver(stripeEvent('checkout.session.async_payment_failed', open))).statusCode).toBe(200);
    expect((await deliver(stripeEvent('checkout.session.expired', open))).json()).toEqual({
      received: true,
      outcome: 'applied',
    });
    expect(await balance(client)).toEqual(before);
  });

  it('answers 503 when Stripe refuses to open the checkout', async () => {
    double.failNext('/v1/checkout/sessions', { status: 400, type: 'invalid_request_error', message: 'Not today.' });
    const client = t().client();
    await signUpVerified(t(), client);
    const response = await client.post(
      `/api/payment/v1/payments/plan-checkout-session/${PLAN}?subscription_type=yearly`,
    );
    expectError(response, 503, errorCodes.unavailable);
  });
});
