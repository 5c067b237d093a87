import { couponCheckSchema, errorCodes } from '@candor/contracts';
import { checkoutSessions } from '@candor/db';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/app.js';
import { useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';
import { couponRateLimits } from './coupons.js';
import { API, cards, expectError, paymentSteps, uniqueCode } from './payments.test-support.js';

const DAY = 86_400_000;
const PRO_YEARLY = 'ai-detector-pro-yearly';

describeOnEachDatabase('coupons', (database) => {
  const t = useTestApp(database);
  const steps = paymentSteps(t);
  const { db, signedIn, checkoutPlan, checkoutPacket, pay, invoices, addCoupon, sessionsOf } = steps;

  async function check(client: TestClient, code: string, productId?: string) {
    const query = productId ? `?product_id=${productId}` : '';
    const response = await client.get(`${API}/v1/coupons/${encodeURIComponent(code)}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return couponCheckSchema.parse(response.json());
  }

  /** A checkout refused for its coupon: 422 with the problem's message, and no session was created. */
  async function expectRefused(client: TestClient, userId: string, path: string, message: string) {
    const before = await sessionsOf(userId);
    const { response } = await steps.startCheckout(client, path);
    const error = expectError(response, 422, errorCodes.couponInvalid);
    expect(error.message).toBe(message);
    expect(await sessionsOf(userId)).toBe(before);
    return error;
  }

  const planPath = (code: string, plan = PRO_YEARLY) =>
    `/v1/payments/plan-checkout-session/${plan}?subscription_type=yearly&coupon_code=${code}`;

  it('takes a percentage off the first payment, whatever case the code is typed in', async () => {
    const code = uniqueCode('PCT');
    await addCoupon({ code, percentOff: 25, description: 'Launch offer' });
    const { client } = await signedIn();

    const checked = await check(client, code.toLowerCase(), PRO_YEARLY);
    expect(checked).toMatchObject({ valid: true, code, percent_off: 25, amount_off_cents: null, product_slugs: null });

    const { pagePath } = await checkoutPlan(
      client,
      PRO_YEARLY,
      `subscription_type=yearly&coupon_code=${code.toLowerCase()}`,
    );
    const page = await steps.page(pagePath);
    expect(page.body).toContain(code);
    expect(page.body).toContain('−$71.98');
    expect(page.body).toContain('$215.92');
    await pay(pagePath, cards.success);
    const [invoice] = await invoices(client);
    expect(invoice).toMatchObject({ subtotal_cents: 28_790, discount_cents: 7_198, total_cents: 21_592 });
  });

  it('takes an amount off, never below zero; a free order still goes through the checkout page', async () => {
    const small = uniqueCode('AMT');
    await addCoupon({ code: small, amountOffCents: 500 });
    const whole = uniqueCode('ALL');
    await addCoupon({ code: whole, amountOffCents: 1_000_000 });
    const { client } = await signedIn();

    const first = await checkoutPacket(client, 'tokens-50k', `coupon_code=${small}`);
    await pay(first.pagePath, cards.success);
    const second = await checkoutPacket(client, 'tokens-200k', `coupon_code=${whole}`);
    expect((await steps.page(second.pagePath)).body).toContain('$0.00');
    await pay(second.pagePath, cards.success);
    expect((await steps.balance(client)).token_balance).toBe(250_000);
    const totals = (await invoices(client)).map((i) => [i.description, i.discount_cents, i.total_cents]);
    expect(totals).toContainEqual(['50K tokens', 500, 400]);
    expect(totals).toContainEqual(['200K tokens', 2_900, 0]);
  });

  it('is valid only inside its window and while active', async () => {
    const early = uniqueCode('EARLY');
    await addCoupon({ code: early, validFrom: new Date(Date.now() + DAY) });
    const late = uniqueCode('LATE');
    await addCoupon({ code: late, validUntil: new Date(Date.now() - 1_000) });
    const off = uniqueCode('OFF');
    await addCoupon({ code: off, active: false });
    const open = uniqueCode('OPEN');
    await addCoupon({ code: open, validFrom: new Date(Date.now() - DAY), validUntil: new Date(Date.now() + DAY) });
    const { client, userId } = await signedIn();

    expect(await check(client, early)).toMatchObject({ valid: false, problem: 'not_started' });
    await expectRefused(client, userId, planPath(early), 'This coupon is not valid yet.');
    expect(await check(client, late)).toMatchObject({ valid: false, problem: 'expired' });
    await expectRefused(client, userId, planPath(late), 'This coupon has expired.');
    expect(await check(client, off)).toMatchObject({ valid: false, problem: 'inactive' });
    await expectRefused(client, userId, planPath(off), 'This coupon is no longer active.');
    expect(await check(client, open)).toMatchObject({ valid: true });
    await checkoutPlan(client, PRO_YEARLY, `subscription_type=yearly&coupon_code=${open}`);
  });

  it('answers unknown codes plainly, signed in or not, and refuses them at checkout', async () => {
    const anonymous = await t().client().prime();
    expect(await check(anonymous, 'NOSUCHCODE')).toEqual({
      valid: false,
      code: 'NOSUCHCODE',
      problem: 'unknown',
      message: 'This coupon code does not exist.',
    });
    expect(await check(anonymous, 'not a code!')).toMatchObject({ valid: false, problem: 'unknown' });
    const { client, userId } = await signedIn();
    await expectRefused(client, userId, planPath('NOSUCHCODE'), 'This coupon code does not exist.');
    await expectRefused(
      client,
      userId,
      '/v1/payments/token-packet-checkout-session/tokens-50k?coupon_code=NOSUCHCODE',
      'This coupon code does not exist.',
    );
  });

  it('applies only to the products it names', async () => {
    const code = uniqueCode('PKT');
    await addCoupon({ code, percentOff: 50, productSlugs: ['tokens-50k'] });
    const { client, userId } = await signedIn();

    expect(await check(client, code, 'tokens-50k')).toMatchObject({ valid: true, product_slugs: ['tokens-50k'] });
    expect(await check(client, code, PRO_YEARLY)).toMatchObject({
      valid: false,
      problem: 'not_applicable',
      message: 'This coupon does not apply to AI Detector Pro (yearly).',
    });
    await expectRefused(client, userId, planPath(code), 'This coupon does not apply to AI Detector Pro (yearly).');
    const { pagePath } = await checkoutPacket(client, 'tokens-50k', `coupon_code=${code}`);
    await pay(pagePath, cards.success);
    expect((await invoices(client))[0]).toMatchObject({ total_cents: 450 });
  });

  it('counts uses per user: paid or held by an open checkout; a new checkout replaces your own open one', async () => {
    const code = uniqueCode('ONCE');
    await addCoupon({ code, maxRedemptionsPerUser: 1 });
    const { client, userId } = await signedIn();

    const first = await checkoutPacket(client, 'tokens-50k', `coupon_code=${code}`);
    // Going back and checking out again is not a second use: the first session is replaced.
    const second = await checkoutPacket(client, 'tokens-50k', `coupon_code=${code}`);
    const [replaced] = await db()
      .select({ status: checkoutSessions.status })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, first.session.session_id));
    expect(replaced?.status).toBe('expired');
    expect((await steps.page(first.pagePath)).statusCode).toBe(410);

    await pay(second.pagePath, cards.success);
    expect(await check(client, code)).toMatchObject({ valid: false, problem: 'already_used' });
    await expectRefused(
      client,
      userId,
      `/v1/payments/token-packet-checkout-session/tokens-50k?coupon_code=${code}`,
      'You have already used this coupon.',
    );
    // Someone else may still use it.
    const other = await signedIn();
    expect(await check(other.client, code)).toMatchObject({ valid: true });
  });

  it('stops at max_redemptions, counting open checkouts, and two racing checkouts cannot both take the last use', async () => {
    const code = uniqueCode('LAST');
    const coupon = await addCoupon({ code, maxRedemptions: 2, maxRedemptionsPerUser: null });
    const payer = await signedIn();
    const paid = await checkoutPacket(payer.client, 'tokens-50k', `coupon_code=${code}`);
    await pay(paid.pagePath, cards.success);

    const racers = await Promise.all([signedIn(), signedIn(), signedIn()]);
    const attempts = await Promise.all(
      racers.map((r) =>
        steps.startCheckout(r.client, `/v1/payments/token-packet-checkout-session/tokens-50k?coupon_code=${code}`),
      ),
    );
    const statuses = attempts.map((a) => a.response.statusCode).sort();
    expect(statuses).toEqual([200, 422, 422]);
    for (const attempt of attempts.filter((a) => a.response.statusCode === 422)) {
      expect(expectError(attempt.response, 422, errorCodes.couponInvalid).message).toBe(
        'This coupon has been used up.',
      );
    }
    const loser = racers[attempts.findIndex((a) => a.response.statusCode === 422)];
    if (!loser) throw new Error('no loser');
    expect(await check(loser.client, code)).toMatchObject({ valid: false, problem: 'used_up' });

    // An open checkout that expires unpaid gives its use back.
    await db()
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(and(eq(checkoutSessions.couponId, coupon.id), eq(checkoutSessions.status, 'open')));
    expect(await check(loser.client, code)).toMatchObject({ valid: true });
  });

  // Each test below has addresses of its own, so the suite's other look-ups (all from 127.0.0.1) don't count.
  it('limits look-ups to 10 a minute per user: the next is 429 rate_limited, at checkout too; other users go on', async () => {
    const code = uniqueCode('GUESS');
    await addCoupon({ code });
    const address = '198.51.100.10';
    const guesser = await signedIn(address);
    const allowed = couponRateLimits.perAccount;
    expect(allowed).toEqual({ points: 10, durationSeconds: 60 });

    for (let i = 0; i < allowed.points; i++) {
      expect(await check(guesser.client, `${code}X${i}`)).toMatchObject({ valid: false, problem: 'unknown' });
    }
    const limited = await guesser.client.get(`${API}/v1/coupons/${code}`);
    const error = expectError(limited, 429, errorCodes.rateLimited);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(allowed.durationSeconds);
    expect(error.details).toEqual({ retry_after: retryAfter });
    // Naming a coupon at checkout tells whether it exists, so it is held by the same counter; nothing is opened.
    expectError((await steps.startCheckout(guesser.client, planPath(code))).response, 429, errorCodes.rateLimited);
    expect(await sessionsOf(guesser.userId)).toBe(0);
    // A checkout without a coupon is not a look-up.
    await checkoutPacket(guesser.client, 'tokens-50k');

    // Another user, even on the same address, is unaffected.
    const other = await signedIn(address);
    expect(await check(other.client, code)).toMatchObject({ valid: true, code });
    await checkoutPlan(other.client, PRO_YEARLY, `subscription_type=yearly&coupon_code=${code}`);
  });

  it('limits visitors who are not signed in by address: 60 a minute, then 429; another address goes on', async () => {
    const allowed = couponRateLimits.perIp;
    expect(allowed).toEqual({ points: 60, durationSeconds: 60 });
    const visitor = await t().client('198.51.100.20').prime();
    for (let i = 0; i < allowed.points; i++) {
      expect(await check(visitor, `NOSUCHCODE${i}`)).toMatchObject({ valid: false, problem: 'unknown' });
    }
    const limited = await visitor.get(`${API}/v1/coupons/NOSUCHCODE`);
    expectError(limited, 429, errorCodes.rateLimited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A fresh cookie jar on the same address doesn't help; another address is unaffected.
    expectError(await t().client('198.51.100.20').get(`${API}/v1/coupons/NOSUCHCODE`), 429, errorCodes.rateLimited);
    const elsewhere = await t().client('198.51.100.21').prime();
    expect(await check(elsewhere, 'NOSUCHCODE')).toMatchObject({ valid: false, problem: 'unknown' });
  });
});
