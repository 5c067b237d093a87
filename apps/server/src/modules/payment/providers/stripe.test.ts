import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type StripeDouble, startStripeDouble } from '../../../test/stripe-double.js';
import type { CheckoutOrder, PaymentProvider } from './provider.js';
import { createStripeProvider } from './stripe.js';

const SECRET_KEY = 'sk_test_unit_4f2a';
const expiresAt = new Date('2030-01-01T12:30:00Z');

// A new session id per order: the provider's idempotency keys would otherwise replay an earlier test's session.
const planOrder = (overrides: Partial<CheckoutOrder> = {}): CheckoutOrder => ({
  sessionId: randomUUID(),
  userId: 'b1d3c0de-0000-4000-8000-000000000001',
  customerEmail: 'ada@example.test',
  description: 'Pro (yearly)',
  kind: 'plan',
  recurring: { interval: 'year' },
  subtotalCents: 12_000,
  discountCents: 0,
  totalCents: 12_000,
  currency: 'USD',
  coupon: null,
  expiresAt,
  successUrl: 'https://candor.example/payment-confirmation/success',
  cancelUrl: 'https://candor.example/pricing',
  ...overrides,
});

describe('the stripe provider', () => {
  let double: StripeDouble;
  let provider: PaymentProvider;

  beforeAll(async () => {
    double = await startStripeDouble();
    provider = createStripeProvider({ secretKey: SECRET_KEY, apiUrl: double.url });
  });
  afterAll(() => double.close());
  beforeEach(() => {
    double.requests.length = 0;
  });

  it('checks out a plan as a subscription priced inline and returns the session', async () => {
    const order = planOrder();
    const created = await provider.createCheckout(order);

    expect(double.requests).toHaveLength(1);
    const [request] = double.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/checkout/sessions');
    expect(request?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(request?.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '12000',
      'line_items[0][price_data][product_data][name]': 'Pro (yearly)',
      'line_items[0][price_data][recurring][interval]': 'year',
      client_reference_id: order.sessionId,
      'metadata[candor_session_id]': order.sessionId,
      'metadata[candor_user_id]': order.userId,
      'subscription_data[metadata][candor_session_id]': order.sessionId,
      customer_email: 'ada@example.test',
      expires_at: String(expiresAt.getTime() / 1000),
      success_url: 'https://candor.example/payment-confirmation/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://candor.example/pricing',
    });
    expect(request?.form).not.toHaveProperty('discounts[0][coupon]');

    const session = double.sessions.get(created.providerSessionId);
    expect(created.providerSessionId).toMatch(/^cs_test_/);
    expect(created.checkoutUrl).toBe(session?.url);
  });

  it('checks out a token packet as a one-off payment without a recurring price', async () => {
    await provider.createCheckout(
      planOrder({
        kind: 'token_packet',
        recurring: null,
        description: '200K tokens',
        subtotalCents: 1_900,
        totalCents: 1_900,
      }),
    );

    const form = double.requests[0]?.form ?? {};
    expect(form.mode).toBe('payment');
    expect(form['line_items[0][price_data][unit_amount]']).toBe('1900');
    expect(Object.keys(form).some((key) => key.includes('recurring'))).toBe(false);
    expect(Object.keys(form).some((key) => key.startsWith('subscription_data'))).toBe(false);
  });

  it('sends a monthly interval for a monthly plan', async () => {
    await provider.createCheckout(planOrder({ recurring: { interval: 'month' }, description: 'Pro (monthly)' }));
    expect(double.requests[0]?.form['line_items[0][price_data][recurring][interval]']).toBe('month');
  });

  it('takes a coupon off the first payment through a single-use Stripe coupon worth exactly our discount', async () => {
    const order = planOrder({
      subtotalCents: 999,
      discountCents: 333,
      totalCents: 666,
      coupon: { code: 'SPRING33', percentOff: 33, amountOffCents: null },
    });
    const created = await provider.createCheckout(order);

    expect(double.requests.map((request) => request.path)).toEqual(['/v1/coupons', '/v1/checkout/sessions']);
    const [coupon, checkout] = double.requests;
    expect(coupon?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(coupon?.form).toMatchObject({
      amount_off: '333',
      currency: 'usd',
      duration: 'once',
      max_redemptions: '1',
      name: 'SPRING33 (33% off)',
      redeem_by: String(expiresAt.getTime() / 1000),
    });
    expect(coupon?.form).not.toHaveProperty('percent_off');
    expect(checkout?.form['discounts[0][coupon]']).toMatch(/^coupon_test_/);
    // Stripe then charges what we computed, so the webhook's amount check holds.
    expect(double.sessions.get(created.providerSessionId)?.amountTotal).toBe(666);
  });

  it('names an amount-off coupon by its code alone', async () => {
    await provider.createCheckout(
      planOrder({
        discountCents: 500,
        totalCents: 11_500,
        coupon: { code: 'WELCOME5', percentOff: null, amountOffCents: 500 },
      }),
    );
    expect(double.requests[0]?.form).toMatchObject({ amount_off: '500', name: 'WELCOME5' });
  });

  it('creates no Stripe coupon for a coupon worth nothing on this order', async () => {
    await provider.createCheckout(planOrder({ coupon: { code: 'ZERO', percentOff: 0, amountOffCents: null } }));
    expect(double.requests.map((request) => request.path)).toEqual(['/v1/checkout/sessions']);
  });

  it('keeps a success URL that already names the session and appends to an existing query', async () => {
    await provider.createCheckout(
      planOrder({ successUrl: 'https://candor.example/payment-confirmation/success?session_id=ours' }),
    );
    await provider.createCheckout(
      planOrder({ successUrl: 'https://candor.example/payment-confirmation/success?from=pricing' }),
    );
    expect(double.requests.map((request) => request.form.success_url)).toEqual([
      'https://candor.example/payment-confirmation/success?session_id=ours',
      'https://candor.example/payment-confirmation/success?from=pricing&session_id={CHECKOUT_SESSION_ID}',
    ]);
  });

  it('makes checkout creation idempotent per order, so a retry cannot open a second Stripe session', async () => {
    const order = planOrder({ sessionId: 'idempotent-order' });
    const first = await provider.createCheckout(order);
    const second = await provider.createCheckout(order);
    expect(second).toEqual(first);
    expect(double.requests[0]?.headers['idempotency-key']).toBe('candor-checkout-idempotent-order');
  });

  it('stops and resumes renewal with cancel_at_period_end', async () => {
    double.subscriptions.set('sub_test_cancel', { id: 'sub_test_cancel', cancelAtPeriodEnd: false });

    await provider.setCancelAtPeriodEnd('sub_test_cancel', true);
    expect(double.subscriptions.get('sub_test_cancel')?.cancelAtPeriodEnd).toBe(true);
    await provider.setCancelAtPeriodEnd('sub_test_cancel', false);
    expect(double.subscriptions.get('sub_test_cancel')?.cancelAtPeriodEnd).toBe(false);

    expect(double.requests.map((request) => [request.path, request.form.cancel_at_period_end])).toEqual([
      ['/v1/subscriptions/sub_test_cancel', 'true'],
      ['/v1/subscriptions/sub_test_cancel', 'false'],
    ]);
    expect(double.requests[0]?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });

  it('stops billing a replaced subscription, counting one Stripe no longer has as stopped', async () => {
    double.subscriptions.set('sub_test_replaced', { id: 'sub_test_replaced', cancelAtPeriodEnd: false });
    const stripe = createStripeProvider({ secretKey: SECRET_KEY, apiUrl: double.url });

    await stripe.stopBilling('sub_test_replaced');
    await stripe.stopBilling('sub_test_replaced');
    expect(double.subscriptions.get('sub_test_replaced')?.cancelAtPeriodEnd).toBe(true);
    await expect(stripe.stopBilling('sub_test_gone')).resolves.toBeUndefined();
    expect(double.requests.map((request) => [request.path, request.form.cancel_at_period_end])).toEqual([
      ['/v1/subscriptions/sub_test_replaced', 'true'],
      ['/v1/subscriptions/sub_test_replaced', 'true'],
      ['/v1/subscriptions/sub_test_gone', 'true'],
    ]);

    // Any other refusal is not a stop.
    double.failNext('/v1/subscriptions/sub_test_replaced', {
      status: 429,
      type: 'rate_limit_error',
      message: 'Too many requests hit the API too quickly.',
      code: 'rate_limit',
    });
    await expect(stripe.stopBilling('sub_test_replaced')).rejects.toBeInstanceOf(Stripe.errors.StripeRateLimitError);
  });

  it('counts a subscription cancelled outright as stopped, and any other refused update as not', async () => {
    double.subscriptions.set('sub_test_canceled', {
      id: 'sub_test_canceled',
      cancelAtPeriodEnd: false,
      status: 'canceled',
    });
    double.subscriptions.set('sub_test_active', { id: 'sub_test_active', cancelAtPeriodEnd: false });
    const stripe = createStripeProvider({ secretKey: SECRET_KEY, apiUrl: double.url });

    await expect(stripe.stopBilling('sub_test_canceled')).resolves.toBeUndefined();
    expect(double.requests.map((request) => [request.method, request.path])).toEqual([
      ['POST', '/v1/subscriptions/sub_test_canceled'],
      ['GET', '/v1/subscriptions/sub_test_canceled'],
    ]);

    double.failNext('/v1/subscriptions/sub_test_active', {
      status: 400,
      type: 'invalid_request_error',
      message: 'This subscription cannot be updated right now.',
    });
    await expect(stripe.stopBilling('sub_test_active')).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(double.subscriptions.get('sub_test_active')?.cancelAtPeriodEnd).toBe(false);
  });

  it("surfaces Stripe's errors as the package's typed errors", async () => {
    double.failNext('/v1/checkout/sessions', {
      status: 400,
      type: 'invalid_request_error',
      message: 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
    });
    const checkout = provider.createCheckout(planOrder());
    await expect(checkout).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(checkout).rejects.toThrow(/expires_at/);

    const cancel = provider.setCancelAtPeriodEnd('sub_test_unknown', true);
    await expect(cancel).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('is refused with a wrong key', async () => {
    const stranger = createStripeProvider({ secretKey: 'pk_test_publishable', apiUrl: double.url });
    await expect(stranger.createCheckout(planOrder())).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('accepts only an origin as the API URL', () => {
    expect(() => createStripeProvider({ secretKey: SECRET_KEY, apiUrl: 'http://127.0.0.1:9/v1' })).toThrow(/origin/);
    expect(() => createStripeProvider({ secretKey: SECRET_KEY, apiUrl: 'ftp://127.0.0.1:9' })).toThrow(/http/);
  });
});
