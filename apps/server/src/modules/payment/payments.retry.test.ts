import { checkoutSessionSchema, checkoutStatusSchema } from '@candor/contracts';
import { checkoutSessions } from '@candor/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestClient, useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';
import { type StripeDouble, startStripeDouble } from '../../test/stripe-double.js';
import { API, cards, paymentSteps, uniqueCode } from './payments.test-support.js';

describeOnEachDatabase('coming back from a checkout to try again', (database) => {
  const t = useTestApp(database);
  const steps = paymentSteps(t);
  const { db, signedIn, checkoutPlan, checkoutPacket, pay, addCoupon, invoices } = steps;

  const status = async (client: TestClient, sessionId: string) => {
    const response = await client.get(`${API}/v1/payments/checkout-sessions/${sessionId}`);
    expect(response.statusCode, response.body).toBe(200);
    return checkoutStatusSchema.parse(response.json());
  };

  it('tells the failure screen which plan, period and coupon a declined checkout was for', async () => {
    const { client } = await signedIn();
    const code = uniqueCode('RETRY');
    await addCoupon({ code, percentOff: 20 });
    // The yearly plan's id with subscription_type=monthly: the monthly plan of its family is what was bought.
    const { session, pagePath } = await checkoutPlan(
      client,
      'ai-detector-basic-yearly',
      `subscription_type=monthly&coupon_code=${code.toLowerCase()}`,
    );
    const declined = await pay(pagePath, cards.declined);
    expect(declined.headers.location).toBe(
      `http://localhost:8080/payment-confirmation/failure?session_id=${session.session_id}`,
    );
    expect(await status(client, session.session_id)).toEqual({
      session_id: session.session_id,
      status: 'open',
      kind: 'plan',
      failure_reason: 'Your card was declined.',
      plan: { slug: 'ai-detector-basic-monthly', tab: 'ai-detector', period: 'monthly' },
      coupon_code: code,
    });
  });

  it('keeps a once-per-user coupon usable after a decline: the pricing page offers it and the retry takes it', async () => {
    const { client } = await signedIn();
    const code = uniqueCode('AGAIN');
    await addCoupon({ code, percentOff: 20, maxRedemptionsPerUser: 1 });
    const query = `subscription_type=monthly&coupon_code=${code}`;
    const first = await checkoutPlan(client, 'ai-detector-basic-monthly', query);
    await pay(first.pagePath, cards.declined);

    // What the pricing page asks before "Try again" buys: the unpaid checkout is no use of the coupon.
    const check = await client.get(`${API}/v1/coupons/${code}?product_id=ai-detector-basic-monthly`);
    expect(check.json()).toMatchObject({ valid: true, code });
    const retry = await checkoutPlan(client, 'ai-detector-basic-monthly', query);
    expect((await pay(retry.pagePath, cards.success)).statusCode).toBe(303);
    const [invoice] = await invoices(client);
    expect(invoice).toMatchObject({ subtotal_cents: 1_299, discount_cents: 260, total_cents: 1_039 });

    // Once paid, it is used.
    const after = await client.get(`${API}/v1/coupons/${code}?product_id=ai-detector-basic-monthly`);
    expect(after.json()).toMatchObject({ valid: false, problem: 'already_used' });
  });

  it('names no plan for a token packet, and no coupon when none was used', async () => {
    const { client } = await signedIn();
    const { session, pagePath } = await checkoutPacket(client, 'tokens-50k');
    await pay(pagePath, cards.declined);
    expect(await status(client, session.session_id)).toMatchObject({
      kind: 'token_packet',
      plan: null,
      coupon_code: null,
    });
  });

  it("keeps the coupon on the checkout page's way back to pricing, also once it has expired", async () => {
    const { client } = await signedIn();
    const code = uniqueCode('BACK');
    await addCoupon({ code, percentOff: 10 });
    const { session, pagePath } = await checkoutPlan(
      client,
      'ai-detector-pro-monthly',
      `subscription_type=monthly&coupon_code=${code}`,
    );
    const back = `http://localhost:8080/pricing?tab=ai-detector&amp;period=monthly&amp;coupon=${code}`;
    expect((await steps.page(pagePath)).body).toContain(`<a href="${back}">Cancel and return to pricing</a>`);

    await db()
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(checkoutSessions.id, session.session_id));
    const expired = await steps.page(pagePath);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain(`href="${back}"`);
  });
});

describeOnEachDatabase('coming back from a Stripe checkout to try again', (database) => {
  const env: Record<string, string> = {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_test',
  };
  let double: StripeDouble;
  beforeAll(async () => {
    double = await startStripeDouble();
    env.STRIPE_API_URL = double.url;
  });
  afterAll(() => double.close());
  const t = useTestApp(database, { env });
  const { signedIn, addCoupon } = paymentSteps(t);

  it("sends a buyer who leaves Stripe's page back to pricing with the coupon", async () => {
    const { client } = await signedIn();
    const code = uniqueCode('STRIPEBACK');
    await addCoupon({ code, percentOff: 10 });
    const response = await client.post(
      `${API}/v1/payments/plan-checkout-session/ai-detector-basic-yearly?subscription_type=monthly&coupon_code=${code}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { session_id } = checkoutSessionSchema.parse(response.json());
    const sent = double.requests.find((request) => request.form.client_reference_id === session_id);
    expect(sent?.form.cancel_url).toBe(`http://localhost:8080/pricing?tab=ai-detector&period=monthly&coupon=${code}`);
  });
});
