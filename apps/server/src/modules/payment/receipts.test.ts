import { errorCodes, type Invoice, planListSchema } from '@candor/contracts';
import { checkoutSessions, subscriptions } from '@candor/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createMailer } from '../../mail/mailer.js';
import { type TestClient, useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';
import type { ReceivedMail } from '../../test/smtp.js';
import { type StripeDouble, signedWebhook, startStripeDouble, stripeEvent } from '../../test/stripe-double.js';
import { API, cards, expectError, paymentSteps, uniqueCode } from './payments.test-support.js';
import { sweepSubscriptions } from './subscription-sweep.js';
import { addPeriod } from './subscriptions.js';

const PUBLIC_URL = 'http://localhost:8080';
const day = (date: Date | string) => new Date(date).toISOString().slice(0, 10);
const receiptLink = (invoice: Invoice) => `${PUBLIC_URL}${API}/v1/payments/invoices/${invoice.id}/receipt`;

/** The one receipt mailed to `email`: waits for it, then checks nothing else arrived. */
async function onlyMail(
  smtp: { nextMail(to: string): Promise<ReceivedMail>; pending(to: string): ReceivedMail[] },
  email: string,
) {
  const mail = await smtp.nextMail(email);
  expect(smtp.pending(email)).toEqual([]);
  // SMTP carries CRLF line ends; the text part is written with LF.
  return { ...mail, text: mail.text.replace(/\r\n/g, '\n') };
}

/** What every receipt says about its invoice, in the text part and as a link in the HTML part. */
function expectReceipt(mail: ReceivedMail, invoice: Invoice) {
  expect(mail.subject).toBe(`Your Candor receipt ${invoice.number}`);
  expect(mail.text).toMatch(new RegExp(`Receipt:\\s+${invoice.number}\\n`));
  expect(mail.text).toMatch(new RegExp(`Date:\\s+${day(invoice.created_at)}\\n`));
  expect(mail.text).toContain(invoice.description);
  expect(mail.text).toContain(`\n${receiptLink(invoice)}\n`);
  expect(mail.text).toContain(`${PUBLIC_URL}/account?tab=subscription`);
  expect(mail.html).toContain(`href="${receiptLink(invoice)}"`);
  expect(mail.html).toContain(invoice.number);
}

describeOnEachDatabase('receipts by e-mail with the local provider', (database) => {
  const t = useTestApp(database);
  const { db, signedIn, checkoutPlan, checkoutPacket, pay, invoices, addCoupon } = paymentSteps(t);
  const silent = { warn: vi.fn(), info: vi.fn(), error: vi.fn() };

  async function activeRow(userId: string) {
    const [row] = await db()
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')));
    if (!row?.expiresAt) throw new Error('no active subscription with an end');
    return { ...row, expiresAt: row.expiresAt };
  }

  it('mails one receipt for a plan bought with a coupon: amounts, plan, period, date and the invoice link', async () => {
    const { client, email } = await signedIn();
    const code = uniqueCode('MAIL');
    await addCoupon({ code, percentOff: 20 });
    const { pagePath } = await checkoutPlan(
      client,
      'ai-detector-basic-monthly',
      `subscription_type=monthly&coupon_code=${code}`,
    );
    // A declined card is no payment: nothing is mailed.
    await pay(pagePath, cards.declined);
    expect((await pay(pagePath, cards.success)).statusCode).toBe(303);

    const [invoice] = await invoices(client);
    if (!invoice?.period_start || !invoice.period_end) throw new Error('a plan invoice has a period');
    const mail = await onlyMail(t().smtp, email);
    expectReceipt(mail, invoice);
    expect(mail.text).toContain('Hello Ada Lovelace,');
    expect(mail.text).toMatch(/Item:\s+AI Detector Basic \(monthly\)\n/);
    expect(mail.text).toMatch(new RegExp(`Period:\\s+${day(invoice.period_start)} to ${day(invoice.period_end)}\\n`));
    expect(mail.text).toMatch(/Subtotal:\s+\$12\.99\n/);
    expect(mail.text).toMatch(/Discount:\s+-\$2\.60\n/);
    expect(mail.text).toMatch(/Total paid:\s+\$10\.39\n/);
    expect(mail.html).toContain('$10.39');

    // The link is the invoice's printable receipt, as the account page serves it to its owner.
    const receipt = await client.get(new URL(receiptLink(invoice)).pathname);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain(invoice.number);
    expect(receipt.body).toContain('$10.39');

    // Posting the card form again (a double submit, a reload) pays nothing and mails nothing.
    await pay(pagePath, cards.success);
    expect(await invoices(client)).toHaveLength(1);
    expect(t().smtp.pending(email)).toEqual([]);
  });

  it('mails one receipt for a token packet, without a period', async () => {
    const { client, email } = await signedIn();
    const { pagePath } = await checkoutPacket(client, 'tokens-50k');
    await pay(pagePath, cards.success);
    const [invoice] = await invoices(client);
    if (!invoice) throw new Error('no invoice');
    const mail = await onlyMail(t().smtp, email);
    expectReceipt(mail, invoice);
    expect(mail.text).toMatch(/Item:\s+50K tokens\n/);
    expect(mail.text).toMatch(/Total paid:\s+\$9\.00\n/);
    expect(mail.text).not.toContain('Period:');
    expect(mail.text).not.toContain('Discount:');
  });

  it('mails one receipt per renewal the sweep charges, however many sweeps run at once', async () => {
    const { client, userId, email } = await signedIn();
    const { pagePath } = await checkoutPlan(client, 'ai-detector-basic-monthly', 'subscription_type=monthly');
    await pay(pagePath, cards.success);
    await onlyMail(t().smtp, email);

    const receipts = {
      mailer: createMailer({
        from: 'Candor <no-reply@candor.local>',
        smtpUrl: t().smtp.url,
        outboxDir: '/nonexistent',
      }),
      publicUrl: PUBLIC_URL,
      paymentPrefix: API,
      log: silent,
    };
    const { expiresAt } = await activeRow(userId);
    const due = new Date(expiresAt.getTime() + 1_000);
    await Promise.all([1, 2, 3].map(() => sweepSubscriptions(db(), due, receipts)));
    await sweepSubscriptions(db(), new Date(due.getTime() + 1_000), receipts);
    receipts.mailer.close();

    const renewal = (await invoices(client)).find((invoice) => invoice.description.endsWith('renewal'));
    if (!renewal) throw new Error('no renewal invoice');
    const mail = await onlyMail(t().smtp, email);
    expectReceipt(mail, renewal);
    expect(mail.text).toContain('has renewed');
    expect(mail.text).toMatch(/Item:\s+AI Detector Basic \(monthly\) renewal\n/);
    expect(mail.text).toMatch(new RegExp(`Period:\\s+${day(expiresAt)} to ${day(addPeriod(expiresAt, 'monthly'))}\\n`));
    expect(mail.text).toMatch(/Total paid:\s+\$12\.99\n/);
  });

  it('sends someone who opens the link signed out to the account page, where the invoices are', async () => {
    const { client } = await signedIn();
    const { pagePath } = await checkoutPacket(client, 'tokens-50k');
    await pay(pagePath, cards.success);
    const [invoice] = await invoices(client);
    if (!invoice) throw new Error('no invoice');
    const path = new URL(receiptLink(invoice)).pathname;

    const browser = await t().client().prime();
    const navigation = await browser.get(path, {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'sec-fetch-mode': 'navigate' },
    });
    expect(navigation.statusCode).toBe(303);
    expect(navigation.headers.location).toBe(`${PUBLIC_URL}/account?tab=subscription`);
    // A program asking for it is told why, as everywhere in the API.
    expectError(await browser.get(path), 401, errorCodes.unauthenticated);
    // Someone else's session sees no such invoice.
    const stranger = (await signedIn()).client;
    expectError(await stranger.get(path), 404, errorCodes.notFound);
  });
});

describeOnEachDatabase('receipts by e-mail with Stripe', (database) => {
  const SECRET = 'whsec_test_receipts';
  const WEBHOOK_URL = `${API}/v1/payments/webhooks/stripe`;
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
  const t = useTestApp(database, { env });
  const { db, signedIn, invoices } = paymentSteps(t);

  const deliver = (event: object) => {
    const { payload, signature } = signedWebhook(event, SECRET);
    return t()
      .client()
      .post(WEBHOOK_URL, payload, {
        csrf: 'none',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      });
  };
  const outcome = async (event: object) => {
    const response = await deliver(event);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().outcome;
  };

  async function checkout(client: TestClient, path: string) {
    const response = await client.post(`${API}${path}`);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, response.json().session_id));
    if (!row?.providerSessionId) throw new Error('no Stripe session');
    return row.providerSessionId;
  }

  it('mails one receipt for a completion Stripe delivers twice, and one for a renewal delivered twice', async () => {
    const { items } = planListSchema.parse((await t().client().get(`${API}/v1/plans/`)).json());
    const plan = items.find((item) => item.slug === 'ai-detector-pro-yearly');
    if (!plan) throw new Error('no plan');
    const { client, email } = await signedIn();
    const code = uniqueCode('STRIPEMAIL');
    await paymentSteps(t).addCoupon({ code, percentOff: 10 });
    const sessionId = await checkout(
      client,
      `/v1/payments/plan-checkout-session/${plan.slug}?subscription_type=yearly&coupon_code=${code}`,
    );
    const paid = double.completeSession(sessionId);
    const completed = stripeEvent('checkout.session.completed', paid);
    // Delivered twice at once and once more later: one payment, one receipt.
    expect((await Promise.all([outcome(completed), outcome(completed)])).sort()).toEqual(['applied', 'duplicate']);
    expect(await outcome(completed)).toBe('duplicate');
    expect(await outcome(stripeEvent('checkout.session.async_payment_succeeded', paid))).toBe('duplicate');
    const [first] = await invoices(client);
    if (!first) throw new Error('no invoice');
    const purchase = await onlyMail(t().smtp, email);
    expectReceipt(purchase, first);
    expect(purchase.text).toMatch(/Paid with:\s+Stripe\n/);
    expect(purchase.text).toMatch(/Discount:\s+-\$28\.79\n/);
    expect(purchase.text).toMatch(/Total paid:\s+\$259\.11\n/);

    const [row] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, paid.subscription ?? ''));
    const start = Math.floor((row?.expiresAt?.getTime() ?? 0) / 1000);
    const end = Math.floor(addPeriod(new Date(start * 1000), 'yearly').getTime() / 1000);
    const subscription = paid.subscription ?? '';
    const renewal = stripeEvent('invoice.paid', {
      id: `in_test_renewal_${subscription}`,
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      amount_paid: plan.price_cents,
      currency: plan.currency,
      parent: { type: 'subscription_details', subscription_details: { subscription, metadata: {} } },
      lines: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: 'il_test_receipt',
            object: 'line_item',
            amount: plan.price_cents,
            parent: { type: 'subscription_item_details', subscription_item_details: { subscription } },
            period: { start, end },
          },
        ],
      },
    });
    expect(await outcome(renewal)).toBe('applied');
    expect(await outcome(renewal)).toBe('duplicate');
    // The same invoice in another event (Stripe's retry after a timeout) is no second payment either.
    expect(await outcome({ ...renewal, id: `${renewal.id}_again` })).toBe('duplicate');
    const renewed = (await invoices(client)).find((invoice) => invoice.description.endsWith('renewal'));
    if (!renewed) throw new Error('no renewal invoice');
    const mail = await onlyMail(t().smtp, email);
    expectReceipt(mail, renewed);
    expect(mail.text).toMatch(/Total paid:\s+\$287\.90\n/);
    expect(mail.text).toMatch(
      new RegExp(`Period:\\s+${day(new Date(start * 1000))} to ${day(new Date(end * 1000))}\\n`),
    );
  });

  it('mails one receipt for a token packet paid through Stripe', async () => {
    const { client, email } = await signedIn();
    const sessionId = await checkout(client, '/v1/payments/token-packet-checkout-session/tokens-200k');
    const completed = stripeEvent('checkout.session.completed', double.completeSession(sessionId));
    expect(await outcome(completed)).toBe('applied');
    expect(await outcome(completed)).toBe('duplicate');
    const [invoice] = await invoices(client);
    if (!invoice) throw new Error('no invoice');
    const mail = await onlyMail(t().smtp, email);
    expectReceipt(mail, invoice);
    expect(mail.text).toMatch(/Total paid:\s+\$29\.00\n/);
  });
});
