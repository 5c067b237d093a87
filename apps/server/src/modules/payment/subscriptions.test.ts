import { errorCodes, myPlanSchema } from '@candor/contracts';
import { ledgerEntries, subscriptions } from '@candor/db';
import { and, asc, eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { createMailer } from '../../mail/mailer.js';
import { everyProduct } from '../../products.js';
import { type TestClient, useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';
import { charge } from '../detector/ledger.js';
import { createEventHandler } from './fulfilment.js';
import { API, cards, expectError, paymentSteps } from './payments.test-support.js';
import { sweepSubscriptions } from './subscription-sweep.js';
import { addPeriod } from './subscriptions.js';

const DAY = 86_400_000;
const later = (date: Date, ms: number) => new Date(date.getTime() + ms);

it('adds calendar months and years, keeping the day or the end of a shorter month', () => {
  expect(addPeriod(new Date('2026-01-15T10:00:00Z'), 'monthly').toISOString()).toBe('2026-02-15T10:00:00.000Z');
  expect(addPeriod(new Date('2026-01-31T10:00:00Z'), 'monthly').toISOString()).toBe('2026-02-28T10:00:00.000Z');
  expect(addPeriod(new Date('2026-12-31T00:00:00Z'), 'monthly').toISOString()).toBe('2027-01-31T00:00:00.000Z');
  expect(addPeriod(new Date('2028-02-29T00:00:00Z'), 'yearly').toISOString()).toBe('2029-02-28T00:00:00.000Z');
});

describeOnEachDatabase('subscriptions: cancel, resume, renewal and expiry', (database) => {
  // The sweep takes its time as an argument: each test hands it the later moments a running server would reach.
  // Subscriptions of every tab renew and end alike, whether or not their tools exist yet.
  const t = useTestApp(database, { products: everyProduct() });
  const steps = paymentSteps(t);
  const { db, signedIn, balance, checkoutPlan, pay, invoices, mySubscription } = steps;
  const sweepLog = { warn: vi.fn(), info: vi.fn(), error: vi.fn() };
  // Renewal receipts go to the test's SMTP server, as the server's own sweep mails them (receipts.test.ts reads them).
  const sweep = (now: Date) => {
    const mailer = createMailer({
      from: 'Candor <no-reply@candor.local>',
      smtpUrl: t().smtp.url,
      outboxDir: '/nonexistent',
    });
    return sweepSubscriptions(db(), now, {
      mailer,
      publicUrl: 'http://localhost:8080',
      paymentPrefix: API,
      log: sweepLog,
    }).finally(() => mailer.close());
  };

  async function buy(client: TestClient, plan: string, period: 'monthly' | 'yearly') {
    const { pagePath } = await checkoutPlan(client, plan, `subscription_type=${period}`);
    expect((await pay(pagePath, cards.success)).statusCode).toBe(303);
  }

  async function myPlanResponse(client: TestClient) {
    return client.get(`${API}/v1/plans/my_plan`);
  }

  async function myPlan(client: TestClient) {
    const response = await myPlanResponse(client);
    expect(response.statusCode, response.body).toBe(200);
    return myPlanSchema.parse(response.json());
  }

  async function activeRow(userId: string) {
    const [row] = await db()
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')));
    return row;
  }

  async function reasons(userId: string) {
    const rows = await db()
      .select({ reason: ledgerEntries.reason })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(asc(ledgerEntries.id));
    return rows.map((r) => r.reason);
  }

  it('cancels at the period end and resumes; my-subscription answers the new state each time', async () => {
    const { client } = await signedIn();
    expect(await mySubscription(client)).toBeNull();
    expectError(await client.post(`${API}/v1/api-services/subscriptions/cancel`), 404, errorCodes.notFound);

    await buy(client, 'api-agent-starter-monthly', 'monthly');
    const bought = await mySubscription(client);
    expect(bought).toMatchObject({
      status: 'active',
      provider: 'local',
      cancel_at_period_end: false,
      plan: { slug: 'api-agent-starter-monthly', tab: 'api-agent' },
    });

    const cancelled = await client.post(`${API}/v1/api-services/subscriptions/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({
      cancel_at_period_end: true,
      current_period_end: bought?.current_period_end,
    });
    expect((await myPlan(client)).cancel_at_period_end).toBe(true);
    expect((await mySubscription(client))?.cancel_at_period_end).toBe(true);
    // The plan stays until the period ends: the allowance is still there.
    expect((await balance(client)).plan_balance).toBe(1_000_000);

    const resumed = await client.post(`${API}/v1/api-services/subscriptions/resume`);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().subscription.cancel_at_period_end).toBe(false);
    expect((await myPlan(client)).cancel_at_period_end).toBe(false);

    const anonymous = await t().client().prime();
    expectError(await anonymous.post(`${API}/v1/api-services/subscriptions/cancel`), 401, errorCodes.unauthenticated);
    expectError(await anonymous.get(`${API}/v1/api-services/my-subscription`), 401, errorCodes.unauthenticated);
  });

  it('renews a local subscription at its period end: new period, allowance reset, an invoice; once', async () => {
    const { client, userId } = await signedIn();
    await buy(client, 'ai-detector-basic-monthly', 'monthly');
    await db().transaction((tx) => charge(tx, { userId, modelName: 'AI_DETECTION', units: 30_000, now: new Date() }));
    expect((await balance(client)).plan_balance).toBe(70_000);

    const first = await activeRow(userId);
    if (!first?.expiresAt) throw new Error('no period end');
    // Not yet due: nothing happens.
    await sweep(later(first.expiresAt, -1_000));
    expect((await activeRow(userId))?.expiresAt).toEqual(first.expiresAt);

    await sweep(later(first.expiresAt, 1_000));
    const renewed = await activeRow(userId);
    expect(renewed?.id).toBe(first.id);
    expect(renewed?.currentPeriodStart).toEqual(first.expiresAt);
    expect(renewed?.expiresAt).toEqual(addPeriod(first.expiresAt, 'monthly'));
    expect((await balance(client)).plan_balance).toBe(100_000);
    const plan = await myPlan(client);
    expect(plan.current_period_start).toBe(first.expiresAt.toISOString());
    const billed = await invoices(client);
    expect(billed).toHaveLength(2);
    expect(billed.find((i) => i.description.endsWith('renewal'))).toMatchObject({
      total_cents: 1_299,
      period_start: first.expiresAt.toISOString(),
    });

    // Several instances sweeping the same moment renew the next period exactly once.
    const next = renewed?.expiresAt;
    if (!next) throw new Error('no next period end');
    await db().transaction((tx) => charge(tx, { userId, modelName: 'AI_DETECTION', units: 10, now: new Date() }));
    await Promise.all([1, 2, 3].map(() => sweep(later(next, 1_000))));
    await sweep(later(next, 2_000));
    expect((await activeRow(userId))?.expiresAt).toEqual(addPeriod(next, 'monthly'));
    expect(await invoices(client)).toHaveLength(3);
    expect((await reasons(userId)).filter((r) => r === 'plan_renewal')).toHaveLength(2);
    expect((await balance(client)).plan_balance).toBe(100_000);
  });

  it('ends a cancelled subscription at its period end instead of renewing it', async () => {
    const { client, userId } = await signedIn();
    await buy(client, 'stealth-ai-unlimited-monthly', 'monthly');
    expect((await balance(client)).plan_balance).toBe(-1);
    await client.post(`${API}/v1/api-services/subscriptions/cancel`);
    const row = await activeRow(userId);
    if (!row?.expiresAt) throw new Error('no period end');

    await sweep(later(row.expiresAt, 1_000));
    expect(await activeRow(userId)).toBeUndefined();
    expect(await mySubscription(client)).toBeNull();
    expect((await balance(client)).plan_balance).toBe(0);
    expect((await reasons(userId)).at(-1)).toBe('plan_ended');
    expect(await invoices(client)).toHaveLength(1);
    expectError(await myPlanResponse(client), 418, errorCodes.freePlanExpired);
  });

  it("applies a provider's renewal and end events once, and refuses them for unknown subscriptions", async () => {
    const { client, userId } = await signedIn();
    await buy(client, 'ai-detector-basic-monthly', 'monthly');
    const row = await activeRow(userId);
    if (!row?.expiresAt || !row.providerSubscriptionId) throw new Error('no provider subscription');
    await db().transaction((tx) => charge(tx, { userId, modelName: 'AI_DETECTION', units: 500, now: new Date() }));
    const log = { warn: vi.fn(), info: vi.fn(), error: vi.fn() };
    const handle = createEventHandler({ db: db(), clock: () => new Date(), log });
    const periodEnd = addPeriod(row.expiresAt, 'monthly');
    const renewal = {
      type: 'subscription.renewed' as const,
      provider: 'local' as const,
      eventId: `evt_renew_${row.id}`,
      providerSubscriptionId: row.providerSubscriptionId,
      providerInvoiceId: `in_renew_${row.id}`,
      amountTotalCents: 1_299,
      currency: 'usd',
      periodStart: row.expiresAt,
      periodEnd,
    };

    expect(await handle(renewal)).toBe('applied');
    expect(await handle(renewal)).toBe('duplicate');
    expect(await handle({ ...renewal, eventId: `${renewal.eventId}-resent` })).toBe('duplicate');
    // A period it already has (Stripe's first invoice, an out-of-order delivery) changes nothing.
    expect(
      await handle({ ...renewal, eventId: 'evt_old', providerInvoiceId: 'in_old', periodEnd: row.expiresAt }),
    ).toBe('duplicate');
    expect((await activeRow(userId))?.expiresAt).toEqual(periodEnd);
    expect((await balance(client)).plan_balance).toBe(100_000);
    expect(await invoices(client)).toHaveLength(2);

    await expect(
      handle({ ...renewal, eventId: 'evt_nobody', providerSubscriptionId: 'sub_nobody' }),
    ).rejects.toMatchObject({ code: errorCodes.paymentEventRefused, status: 400 });
    await expect(handle({ ...renewal, eventId: 'evt_eur', currency: 'eur' })).rejects.toMatchObject({
      code: errorCodes.paymentEventRefused,
    });
    expect(log.warn).toHaveBeenCalledTimes(2);

    const ended = {
      type: 'subscription.ended' as const,
      provider: 'local' as const,
      eventId: `evt_end_${row.id}`,
      providerSubscriptionId: row.providerSubscriptionId,
    };
    expect(await handle(ended)).toBe('applied');
    expect(await handle({ ...ended, eventId: `${ended.eventId}-again` })).toBe('ignored');
    expect(await activeRow(userId)).toBeUndefined();
    expect((await balance(client)).plan_balance).toBe(0);
  });

  it('ends a lapsed free plan: the allowance goes to zero and my_plan answers 418', async () => {
    const { client, userId } = await signedIn();
    const free = await activeRow(userId);
    if (!free?.expiresAt) throw new Error('the free plan has no end');
    await sweep(later(free.expiresAt, -DAY));
    expect((await balance(client)).plan_balance).toBe(2_000);

    await sweep(later(free.expiresAt, 1_000));
    expect(await activeRow(userId)).toBeUndefined();
    const [ended] = await db().select().from(subscriptions).where(eq(subscriptions.id, free.id));
    expect(ended?.status).toBe('expired');
    expect((await balance(client)).plan_balance).toBe(0);
    expect((await reasons(userId)).at(-1)).toBe('plan_ended');
    expectError(await myPlanResponse(client), 418, errorCodes.freePlanExpired);

    // Buying a plan brings the account back.
    await buy(client, 'ai-detector-basic-monthly', 'yearly');
    expect((await myPlan(client)).plan.slug).toBe('ai-detector-basic-yearly');
    expect((await balance(client)).plan_balance).toBe(1_200_000);
  });
});
