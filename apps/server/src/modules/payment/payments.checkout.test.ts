import {
  authCookies,
  checkoutStatusSchema,
  errorCodes,
  myPlanSchema,
  tokenPacketListSchema,
  tokenPacketSchema,
} from '@candor/contracts';
import { checkoutSessions, ledgerEntries, paymentEvents, plans } from '@candor/db';
import { and, count, eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { everyProduct } from '../../products.js';
import { useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';
import { createEventHandler } from './fulfilment.js';
import { API, cards, expectError, paymentSteps } from './payments.test-support.js';
import { localCompletedEvent } from './providers/local.js';

const PRO_YEARLY = { slug: 'ai-detector-pro-yearly', priceCents: 28_790, tokens: 6_000_000 };

describeOnEachDatabase('checkout with the local provider', (database) => {
  // The checkout works alike for every tab's plans; whether a plan is on sale is plans.routes.test.ts's subject.
  const t = useTestApp(database, { products: everyProduct() });
  const steps = paymentSteps(t);
  const { db, signedIn, balance, checkoutPlan, checkoutPacket, pay, confirm, follow, invoices } = steps;

  async function myPlan(client: Awaited<ReturnType<typeof signedIn>>['client']) {
    const response = await client.get(`${API}/v1/plans/my_plan`);
    expect(response.statusCode, response.body).toBe(200);
    return myPlanSchema.parse(response.json());
  }

  async function sessionRow(id: string) {
    const [row] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    if (!row) throw new Error('no session');
    return row;
  }

  function silentLog() {
    return { warn: vi.fn(), info: vi.fn(), error: vi.fn() };
  }

  it('lists token packets and the API subscription types to anyone', async () => {
    const packets = tokenPacketListSchema.parse((await t().client().get(`${API}/v1/token-packets/`)).json());
    expect(packets.items.map((p) => p.slug)).toEqual(['tokens-50k', 'tokens-200k', 'tokens-1m']);
    const bySlug = await t().client().get(`${API}/v1/token-packets/tokens-200k`);
    expect(tokenPacketSchema.parse(bySlug.json())).toMatchObject({ tokens: 200_000, price_cents: 2_900 });
    const byId = await t().client().get(`${API}/v1/token-packets/${packets.items[0]?.id}`);
    expect(tokenPacketSchema.parse(byId.json()).slug).toBe('tokens-50k');
    expectError(await t().client().get(`${API}/v1/token-packets/nope`), 404, errorCodes.notFound);

    const types = (await t().client().get(`${API}/v1/api-services/subscriptions-types`)).json();
    expect(types.items.map((p: { slug: string }) => p.slug)).toEqual([
      'api-agent-starter-monthly',
      'api-agent-starter-yearly',
    ]);
  });

  it('pays a yearly plan with the success card: the plan, allowance, invoice and ledger change once', async () => {
    const { client, userId, email } = await signedIn();
    const { session, pagePath } = await checkoutPlan(client, PRO_YEARLY.slug);
    expect(session.checkout_url).toBe(`http://localhost:8080${API}/v1/checkout/local/${session.session_id}`);

    const page = await steps.page(pagePath);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('$287.90');
    expect(page.body).toContain('4242 4242 4242 4242');
    expect(page.body).toContain('4000 0027 6000 3184');
    expect(page.body).toContain(email);
    expect(page.body).toContain('autocomplete="cc-number"');
    expect(page.body).not.toContain('<script');
    const css = await t().client().get(`${API}/v1/payments/assets/pages.css`);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).toContain('prefers-color-scheme: dark');

    const paid = await pay(pagePath, cards.success);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://localhost:8080/payment-confirmation/success?session_id=${session.session_id}`,
    );

    const plan = await myPlan(client);
    expect(plan.plan.slug).toBe(PRO_YEARLY.slug);
    expect(plan.provider).toBe('local');
    expect(plan.cancel_at_period_end).toBe(false);
    const days = (Date.parse(plan.expires_at ?? '') - Date.parse(plan.current_period_start)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(365);
    expect(await balance(client)).toMatchObject({ plan_balance: PRO_YEARLY.tokens, token_balance: 0 });
    const [invoice] = await invoices(client);
    expect(invoice).toMatchObject({ total_cents: PRO_YEARLY.priceCents, discount_cents: 0, provider: 'local' });
    expect(invoice?.number).toMatch(/^INV-\d{6}$/);
    expect((await sessionRow(session.session_id)).status).toBe('completed');

    // Paying again, or opening the page again, finds the order paid and changes nothing.
    const again = await pay(pagePath, cards.success);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Already paid');
    expect((await steps.page(pagePath)).body).toContain('Already paid');
    expect(await invoices(client)).toHaveLength(1);
    const purchases = await db()
      .select({ n: count() })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.reason, 'plan_purchase')));
    expect(purchases[0]?.n).toBe(1);

    // Buying the plan you already have is refused; the same family's monthly plan is a different plan.
    expectError(
      (await steps.startCheckout(client, `/v1/payments/plan-checkout-session/${PRO_YEARLY.slug}`)).response,
      409,
      errorCodes.conflict,
    );
  });

  it('declines the decline card and any other number, changing nothing; the session stays open for a retry', async () => {
    const { client } = await signedIn();
    const before = await balance(client);
    const { session, pagePath } = await checkoutPlan(client, 'ai-detector-basic-monthly', 'subscription_type=monthly');

    const declined = await pay(pagePath, cards.declined);
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe(
      `http://localhost:8080/payment-confirmation/failure?session_id=${session.session_id}`,
    );
    expect((await steps.page(pagePath)).body).toContain('Your card was declined.');

    const other = await pay(pagePath, cards.otherValid);
    expect(other.statusCode).toBe(303);
    expect(other.headers.location).toContain('/payment-confirmation/failure');
    expect((await steps.page(pagePath)).body).toContain('Use one of the test cards listed on this page.');

    // A form refused as typed comes back (Post/Redirect/Get: the page's own address) filled in, with the errors.
    const wrong = await follow(await pay(pagePath, cards.luhnInvalid));
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain('Your card number is incorrect.');
    expect(wrong.body).toContain('value="4242 4242 4242 4241"');
    expect(wrong.body).toContain('value="Ada Lovelace"');

    const expired = await follow(await pay(pagePath, cards.success, { expiry: '01/20', cvc: '' }));
    expect(expired.body).toContain('Your card has expired.');
    expect(expired.body).toContain('security code');

    expect(await balance(client)).toEqual(before);
    expect((await myPlan(client)).plan.slug).toBe('free');
    expect(await invoices(client)).toHaveLength(0);
    expect((await sessionRow(session.session_id)).status).toBe('open');

    // The confirmation screen follows the session: still open after a decline, with the reason.
    const status = async () =>
      checkoutStatusSchema.parse(
        (await client.get(`${API}/v1/payments/checkout-sessions/${session.session_id}`)).json(),
      );
    expect(await status()).toMatchObject({ status: 'open', kind: 'plan', failure_reason: expect.any(String) });

    expect((await pay(pagePath, cards.success)).statusCode).toBe(303);
    expect((await myPlan(client)).plan.slug).toBe('ai-detector-basic-monthly');
    expect((await balance(client)).plan_balance).toBe(100_000);
    expect(await status()).toMatchObject({ status: 'completed', failure_reason: null });

    // Nobody else learns anything about it.
    const stranger = (await signedIn()).client;
    const foreign = await stranger.get(`${API}/v1/payments/checkout-sessions/${session.session_id}`);
    expectError(foreign, 404, errorCodes.notFound);
    expectError(await client.get(`${API}/v1/payments/checkout-sessions/not-a-uuid`), 404, errorCodes.notFound);
  });

  it('asks for a confirmation with the 3-D Secure card: decline fails, approve pays', async () => {
    const { client } = await signedIn();
    const { pagePath } = await checkoutPacket(client, 'tokens-50k');

    const challenge = await follow(await pay(pagePath, cards.confirmation));
    expect(challenge.statusCode).toBe(200);
    expect(challenge.body).toContain('Confirm this payment');
    expect(challenge.body).toContain('value="approve"');
    expect(challenge.body).toContain('value="decline"');

    const declined = await confirm(pagePath, 'decline');
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toContain('/payment-confirmation/failure');
    expect((await balance(client)).token_balance).toBe(0);

    await pay(pagePath, cards.confirmation);
    const approved = await confirm(pagePath, 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toContain('/payment-confirmation/success');
    expect(await balance(client)).toMatchObject({ token_balance: 50_000, plan_balance: 2_000 });
  });

  it('answers the 3-D Secure card with a redirect to its own GET page: reload and Back never post a payment again', async () => {
    const { client } = await signedIn();
    const { session, pagePath } = await checkoutPacket(client, 'tokens-50k');

    const challenge = await pay(pagePath, cards.confirmation);
    expect(challenge.statusCode).toBe(303);
    expect(challenge.headers.location).toBe(`${pagePath}/confirm`);
    for (const _reload of [1, 2]) {
      const page = await steps.page(`${pagePath}/confirm`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('Confirm this payment');
      expect(page.body).toContain(`action="${pagePath}/confirm"`);
    }
    expect((await balance(client)).token_balance).toBe(0);

    const approved = await confirm(pagePath, 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(
      `http://localhost:8080/payment-confirmation/success?session_id=${session.session_id}`,
    );
    // Back from the app lands on the step's address, which now says the order is paid; nothing is paid twice.
    const back = await steps.page(`${pagePath}/confirm`);
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('Already paid');
    expect((await balance(client)).token_balance).toBe(50_000);
    expect(await invoices(client)).toHaveLength(1);
  });

  it('answers the bank question only while it is asked: an approve without the 3-D Secure card pays nothing', async () => {
    const { client } = await signedIn();
    const { pagePath } = await checkoutPacket(client, 'tokens-50k');

    const early = await steps.page(`${pagePath}/confirm`);
    expect(early.statusCode).toBe(303);
    expect(early.headers.location).toBe(pagePath);
    const approved = await confirm(pagePath, 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(pagePath);

    // A declined question is closed: approving it afterwards pays nothing either.
    await pay(pagePath, cards.confirmation);
    expect((await confirm(pagePath, 'decline')).headers.location).toContain('/payment-confirmation/failure');
    expect((await confirm(pagePath, 'approve')).headers.location).toBe(pagePath);
    expect((await balance(client)).token_balance).toBe(0);
    expect(await invoices(client)).toHaveLength(0);
  });

  it('keeps a refused card form on the server for its GET page, but never a number that could be a real card', async () => {
    const { client } = await signedIn();
    const { pagePath } = await checkoutPacket(client, 'tokens-50k');

    const refused = await pay(pagePath, cards.luhnInvalid);
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe(pagePath);
    for (const _reload of [1, 2]) {
      const page = await steps.page(pagePath);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Check the card details below.');
      expect(page.body).toContain('Your card number is incorrect.');
      expect(page.body).toContain('value="4242 4242 4242 4241"');
      expect(page.body).toMatch(/id="number"[^>]*autofocus/);
    }

    const realLooking = await follow(await pay(pagePath, cards.otherValid, { expiry: '01/20' }));
    expect(realLooking.body).toContain('Your card has expired.');
    expect(realLooking.body).toContain('value="01/20"');
    expect(realLooking.body).not.toContain('4111');

    // An attempt that reaches the bank starts the page afresh: only the decline's reason is left.
    expect((await pay(pagePath, cards.declined)).headers.location).toContain('/payment-confirmation/failure');
    const fresh = await steps.page(pagePath);
    expect(fresh.body).not.toContain('Check the card details below.');
    expect(fresh.body).toContain('Your card was declined.');
    expect((await balance(client)).token_balance).toBe(0);
  });

  it('sends a checkout left unpaid back where the purchase started: a packet to the account, a plan to its tab', async () => {
    const { client } = await signedIn();
    const accountTokens = 'http://localhost:8080/account?tab=subscription&amp;buyMoreTokens=true';
    const packet = await checkoutPacket(client, 'tokens-50k');
    const packetPage = (await steps.page(packet.pagePath)).body;
    expect(packetPage).toContain(`<a href="${accountTokens}">Cancel and return to your account</a>`);
    expect(packetPage).not.toContain('/pricing');

    const plan = await checkoutPlan(client, 'stealth-ai-starter-monthly', 'subscription_type=monthly');
    expect((await steps.page(plan.pagePath)).body).toContain(
      '<a href="http://localhost:8080/pricing?tab=stealth-ai&amp;period=monthly">Cancel and return to pricing</a>',
    );

    await db()
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(checkoutSessions.id, packet.session.session_id));
    const expired = await steps.page(packet.pagePath);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('Start again from your account');
    expect(expired.body).toContain(`href="${accountTokens}"`);
  });

  it('adds a token packet to the purchased balance, on top of the plan', async () => {
    const { client } = await signedIn();
    const first = await checkoutPacket(client, 'tokens-200k');
    await pay(first.pagePath, cards.success);
    const second = await checkoutPacket(client, 'tokens-50k');
    await pay(second.pagePath, cards.success);
    expect(await balance(client)).toEqual({ token_balance: 250_000, plan_balance: 2_000, referral_token_balance: 0 });
    expect((await myPlan(client)).plan.slug).toBe('free');
    const items = await invoices(client);
    expect(items.map((i) => i.description).sort()).toEqual(['200K tokens', '50K tokens']);
  });

  it('applies the same event once, and a second event for a settled session credits nothing', async () => {
    const { client } = await signedIn();
    const { session } = await checkoutPacket(client, 'tokens-50k');
    const handle = createEventHandler({ db: db(), clock: () => new Date(), log: silentLog() });
    const event = localCompletedEvent(await sessionRow(session.session_id));

    expect(await handle(event)).toBe('applied');
    expect(await handle(event)).toBe('duplicate');
    expect(await handle({ ...event, eventId: `${event.eventId}-again` })).toBe('duplicate');
    expect((await balance(client)).token_balance).toBe(50_000);
    expect(await invoices(client)).toHaveLength(1);

    // Racing deliveries: a double-submitted form and two different events for one session still credit once.
    const next = await checkoutPacket(client, 'tokens-50k');
    const racing = localCompletedEvent(await sessionRow(next.session.session_id));
    const outcomes = await Promise.all([
      handle(racing),
      handle(racing),
      handle({ ...racing, eventId: `${racing.eventId}-other` }),
    ]);
    expect(outcomes.sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    expect((await balance(client)).token_balance).toBe(100_000);
  });

  it('refuses and logs events for an unknown session or a tampered amount, changing nothing', async () => {
    const { client } = await signedIn();
    const { session, pagePath } = await checkoutPacket(client, 'tokens-50k');
    const log = silentLog();
    const handle = createEventHandler({ db: db(), clock: () => new Date(), log });
    const genuine = localCompletedEvent(await sessionRow(session.session_id));

    const unknown = { ...genuine, eventId: 'evt_unknown', providerSessionId: 'local_cs_nope' };
    await expect(handle(unknown)).rejects.toMatchObject({ code: errorCodes.paymentEventRefused, status: 400 });
    const tampered = { ...genuine, eventId: 'evt_tampered', amountTotalCents: 1 };
    await expect(handle(tampered)).rejects.toMatchObject({ code: errorCodes.paymentEventRefused, status: 400 });
    const otherCurrency = { ...genuine, eventId: 'evt_eur', currency: 'eur' };
    await expect(handle(otherCurrency)).rejects.toMatchObject({ code: errorCodes.paymentEventRefused });
    expect(log.warn).toHaveBeenCalledTimes(3);

    // Refused events leave no trace: not recorded, the session still open and payable.
    const recorded = await db()
      .select({ n: count() })
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, 'evt_tampered'));
    expect(recorded[0]?.n).toBe(0);
    expect((await sessionRow(session.session_id)).status).toBe('open');
    expect((await balance(client)).token_balance).toBe(0);
    expect((await pay(pagePath, cards.success)).statusCode).toBe(303);
    expect((await balance(client)).token_balance).toBe(50_000);
  });

  it('picks the plan of the asked billing period and refuses what cannot be bought', async () => {
    const { client } = await signedIn();
    const monthly = await checkoutPlan(client, 'ai-detector-pro-yearly', 'subscription_type=monthly');
    const [row] = await db()
      .select({ slug: plans.slug })
      .from(checkoutSessions)
      .innerJoin(plans, eq(plans.id, checkoutSessions.planId))
      .where(eq(checkoutSessions.id, monthly.session.session_id));
    expect(row?.slug).toBe('ai-detector-pro-monthly');

    const [pro] = await db().select().from(plans).where(eq(plans.slug, 'stealth-ai-starter-monthly'));
    await checkoutPlan(client, pro?.id ?? '', '');

    const start = (path: string) => steps.startCheckout(client, path).then((r) => r.response);
    expectError(await start('/v1/payments/plan-checkout-session/free'), 422, errorCodes.badRequest);
    expectError(await start('/v1/payments/plan-checkout-session/licence-tier-1'), 404, errorCodes.notFound);
    expectError(await start('/v1/payments/plan-checkout-session/nope'), 404, errorCodes.notFound);
    expectError(
      await start('/v1/payments/plan-checkout-session/ai-detector-pro-yearly?subscription_type=weekly'),
      400,
      errorCodes.validation,
    );
    expectError(await start('/v1/payments/token-packet-checkout-session/nope'), 404, errorCodes.notFound);

    const anonymous = await (await t().client().prime()).post(`${API}/v1/payments/plan-checkout-session/free`);
    expectError(anonymous, 401, errorCodes.unauthenticated);
  });

  it('shows a checkout link to nobody but its buyer: signed out or signed in as another, nothing of the order and no payment', async () => {
    const { client, email } = await signedIn();
    const { session, pagePath } = await checkoutPlan(client, PRO_YEARLY.slug);
    const other = (await signedIn()).client;
    const signedOut = await t().client().prime();
    const form = (who: typeof client) =>
      new URLSearchParams({
        csrf_token: who.jar.get(authCookies.csrfAccess) ?? '',
        name: 'Mallory',
        number: cards.success,
        expiry: '12/34',
        cvc: '123',
      }).toString();
    const formHeaders = { headers: { 'content-type': 'application/x-www-form-urlencoded' }, csrf: 'none' } as const;
    for (const who of [signedOut, other]) {
      for (const path of [pagePath, `${pagePath}/confirm`]) {
        const page = await who.get(path);
        expect(page.statusCode, path).toBe(403);
        expect(page.body).toContain('Sign in to pay');
        expect(page.body).not.toContain(email);
        expect(page.body).not.toContain('$287.90');
      }
      const paid = await who.post(`${pagePath}/pay`, form(who), formHeaders);
      expect(paid.statusCode).toBe(403);
      expect(paid.body).not.toContain(email);
    }
    // The buyer's own post without the page's CSRF value pays nothing either.
    const forged = await client.post(
      `${pagePath}/pay`,
      new URLSearchParams({ name: 'Ada', number: cards.success, expiry: '12/34', cvc: '123' }).toString(),
      formHeaders,
    );
    expect(forged.headers.location).toBe(pagePath);
    expect((await steps.page(pagePath)).body).toContain('This page was out of date');
    const [row] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, session.session_id));
    expect(row?.status).toBe('open');
    expect((await steps.pay(pagePath, cards.success)).headers.location).toContain('/payment-confirmation/success');
  });

  it('shows unknown, expired and completed checkout pages clearly', async () => {
    expect((await t().client().get(`${API}/v1/checkout/local/not-a-session`)).statusCode).toBe(404);
    const missing = await t().client().get(`${API}/v1/checkout/local/00000000-0000-4000-8000-000000000000`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Checkout not found');

    const { client } = await signedIn();
    const { session, pagePath } = await checkoutPacket(client, 'tokens-50k');
    await db()
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(checkoutSessions.id, session.session_id));
    const expired = await steps.page(pagePath);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('Checkout expired');
    expect((await pay(pagePath, cards.success)).statusCode).toBe(410);
    expect((await balance(client)).token_balance).toBe(0);
  });

  it('lists invoices and serves receipts to their owner only', async () => {
    const { client } = await signedIn();
    const { pagePath } = await checkoutPacket(client, 'tokens-1m');
    await pay(pagePath, cards.success);
    const [invoice] = await invoices(client);
    if (!invoice) throw new Error('no invoice');
    const receipt = await client.get(`${API}/v1/payments/invoices/${invoice.id}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toContain('text/html');
    expect(receipt.body).toContain(invoice.number);
    expect(receipt.body).toContain('$99.00');

    const other = await signedIn();
    expect(await invoices(other.client)).toEqual([]);
    expectError(await other.client.get(`${API}/v1/payments/invoices/${invoice.id}/receipt`), 404, errorCodes.notFound);
    expectError(await other.client.get(`${API}/v1/payments/invoices/nope/receipt`), 404, errorCodes.notFound);
    expectError(await (await t().client().prime()).get(`${API}/v1/payments/invoices`), 401, errorCodes.unauthenticated);
  });
});
