import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { billingStops, createDatabase, type Database, plans, seedDatabase, subscriptions, users } from '@candor/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv, readTestSettings } from '../config/env.js';
import { retryDelayMs } from '../modules/payment/billing-stops.js';
import { createPostgresDatabase, type TestDatabase } from '../test/databases.js';
import { type StripeDouble, startStripeDouble } from '../test/stripe-double.js';
import { runBillingStopsCli } from './billing-stops.js';

const MINUTE = 60_000;
const SECRET_KEY = 'sk_test_cli_stops';
const rateLimited = {
  status: 429,
  type: 'rate_limit_error',
  message: 'Too many requests hit the API too quickly.',
  code: 'rate_limit',
};
/** How the CLI prints a time: to the minute, in UTC. */
const TIME = '\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC';

async function run(argv: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const config = parseEnv({ NODE_ENV: 'test', PORT: '1', ...env });
  const code = await runBillingStopsCli(argv, config, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

/** A database the CLI opens by itself, and a way for the test to use it in between (PGlite: one opener at a time). */
interface CliDatabase {
  env: Record<string, string>;
  use<T>(work: (db: Database) => Promise<T>): Promise<T>;
}

function pgliteDatabase(): { database: CliDatabase; setUp(): Promise<void>; tearDown(): void } {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'candor-billing-stops-'));
  const use = async <T>(work: (db: Database) => Promise<T>) => {
    const handle = await createDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  };
  return {
    database: { env: { DATA_DIR: dataDir }, use },
    // The server's database, migrated and seeded, as the CLI finds it.
    async setUp() {
      const handle = await createDatabase({ dataDir: path.join(dataDir, 'pglite') });
      try {
        await handle.migrate();
        await seedDatabase(handle.db);
      } finally {
        await handle.close();
      }
    },
    tearDown: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * Replaced Stripe subscriptions whose stop is pending, as the retry pass leaves them; the CLI talks to the Stripe test
 * double the billing-stops tests use.
 */
function billingStopsCliSuite(database: () => CliDatabase) {
  let double: StripeDouble;
  let stripeEnv: Record<string, string>;
  beforeAll(async () => {
    double = await startStripeDouble();
    stripeEnv = {
      ...database().env,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: 'whsec_test_cli_stops',
      STRIPE_API_URL: double.url,
    };
  });
  afterAll(() => double.close());
  beforeEach(() => database().use((db) => db.delete(billingStops)));

  const subscriptionPath = (id: string) => `/v1/subscriptions/${id}`;
  const callsFor = (id: string) => double.requests.filter((request) => request.path === subscriptionPath(id)).length;
  const stopOf = (id: string) =>
    database().use(async (db) => {
      const [row] = await db.select().from(billingStops).where(eq(billingStops.providerSubscriptionId, id));
      return row;
    });

  /** A user's Stripe subscription a new plan replaced, still billing at Stripe; its stop is pending as `stop` says. */
  async function pendingStop(stop: {
    attempts: number;
    lastError: string | null;
    nextAttemptAt: Date;
    createdAt: Date;
  }) {
    const suffix = randomBytes(6).toString('hex');
    const id = `sub_test_${suffix}`;
    const email = `stops-${suffix}@example.test`;
    double.subscriptions.set(id, { id, cancelAtPeriodEnd: false });
    await database().use(async (db) => {
      const [user] = await db
        .insert(users)
        .values({ fullName: 'Stops Test', email, username: `stops${suffix}`, referralCode: suffix })
        .returning();
      const [plan] = await db.select().from(plans).where(eq(plans.slug, 'ai-detector-basic-yearly'));
      if (!user || !plan) throw new Error('no user or plan');
      await db.insert(subscriptions).values({
        userId: user.id,
        planId: plan.id,
        status: 'cancelled',
        provider: 'stripe',
        providerSubscriptionId: id,
      });
      await db.insert(billingStops).values({ provider: 'stripe', providerSubscriptionId: id, ...stop });
    });
    return { id, email };
  }

  it('says when no stop is pending', async () => {
    for (const argv of [[], ['list'], ['retry']]) {
      const result = await run(argv, stripeEnv);
      expect(result.code, argv.join(' ')).toBe(0);
      expect(result.out).toEqual(['No billing stops are pending.']);
    }
  });

  it('lists the pending stops with their user, failed attempts, last failure and next attempt', async () => {
    const now = Date.now();
    const refused = await pendingStop({
      attempts: 2,
      lastError: 'StripeRateLimitError 429 rate_limit',
      nextAttemptAt: new Date(now + 30 * MINUTE),
      createdAt: new Date(now - 60 * MINUTE),
    });
    // Recorded, then the server died before its first attempt.
    const untried = await pendingStop({
      attempts: 0,
      lastError: null,
      nextAttemptAt: new Date(now - MINUTE),
      createdAt: new Date(now - 10 * MINUTE),
    });

    const requestsBefore = double.requests.length;
    const list = await run([], stripeEnv);
    expect(list.code, list.err.join('\n')).toBe(0);
    expect(list.out).toHaveLength(3);
    expect(list.out[0]).toMatch(/^subscription\s+provider\s+user\s+attempts\s+last failure\s+next attempt$/);
    expect(list.out[1]).toMatch(
      new RegExp(
        `^${refused.id}\\s+stripe\\s+${refused.email}\\s+2\\s+StripeRateLimitError 429 rate_limit\\s+${TIME}$`,
      ),
    );
    expect(list.out[2]).toMatch(
      new RegExp(`^${untried.id}\\s+stripe\\s+${untried.email}\\s+0\\s+-\\s+${TIME} \\(due\\)$`),
    );
    expect(double.requests).toHaveLength(requestsBefore);
  });

  it('retries one stop now, due or not; a refusal keeps it pending, after the backoff, with exit code 1', async () => {
    const now = Date.now();
    const first = await pendingStop({
      attempts: 2,
      lastError: 'StripeConnectionError',
      nextAttemptAt: new Date(now + 30 * MINUTE),
      createdAt: new Date(now - 60 * MINUTE),
    });
    const other = await pendingStop({
      attempts: 1,
      lastError: 'StripeConnectionError',
      nextAttemptAt: new Date(now + MINUTE),
      createdAt: new Date(now - 5 * MINUTE),
    });
    const otherBefore = await stopOf(other.id);

    double.failNext(subscriptionPath(first.id), rateLimited);
    const refused = await run(['retry', '--subscription', first.id], stripeEnv);
    expect(refused.code, refused.err.join('\n')).toBe(1);
    expect(refused.out).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${first.id} {2}failed: StripeRateLimitError 429 rate_limit \\(attempt 3; next attempt ${TIME}\\)$`,
        ),
      ),
      '0 stopped, 1 failed.',
    ]);
    const after = await stopOf(first.id);
    expect(after).toMatchObject({ attempts: 3, lastError: 'StripeRateLimitError 429 rate_limit' });
    const delay = (after?.nextAttemptAt.getTime() ?? 0) - now;
    expect(delay).toBeGreaterThanOrEqual(retryDelayMs(3));
    expect(delay).toBeLessThan(retryDelayMs(3) + MINUTE);
    expect(callsFor(first.id)).toBe(1);
    // Only the stop asked for was attempted.
    expect(callsFor(other.id)).toBe(0);
    expect(await stopOf(other.id)).toEqual(otherBefore);

    const accepted = await run(['retry', '--subscription', first.id], stripeEnv);
    expect(accepted.code, accepted.err.join('\n')).toBe(0);
    expect(accepted.out).toEqual([`${first.id}  stopped`, '1 stopped, 0 failed.']);
    expect(double.subscriptions.get(first.id)?.cancelAtPeriodEnd).toBe(true);
    expect(await stopOf(first.id)).toBeUndefined();
    expect(double.subscriptions.get(other.id)?.cancelAtPeriodEnd).toBe(false);
  });

  it('retries every pending stop now and forgets those Stripe accepted', async () => {
    const now = Date.now();
    const stops = [
      await pendingStop({
        attempts: 4,
        lastError: 'StripeAPIError 500',
        nextAttemptAt: new Date(now + 60 * MINUTE),
        createdAt: new Date(now - 90 * MINUTE),
      }),
      await pendingStop({
        attempts: 1,
        lastError: 'StripeAPIError 500',
        nextAttemptAt: new Date(now + MINUTE),
        createdAt: new Date(now - 2 * MINUTE),
      }),
      await pendingStop({
        attempts: 0,
        lastError: null,
        nextAttemptAt: new Date(now - MINUTE),
        createdAt: new Date(now - MINUTE),
      }),
    ];
    double.failNext(subscriptionPath(stops[1]?.id ?? ''), rateLimited);

    const result = await run(['retry'], stripeEnv);
    expect(result.code, result.err.join('\n')).toBe(1);
    expect(result.out).toEqual([
      `${stops[0]?.id}  stopped`,
      expect.stringMatching(new RegExp(`^${stops[1]?.id} {2}failed: StripeRateLimitError 429 rate_limit `)),
      `${stops[2]?.id}  stopped`,
      '2 stopped, 1 failed.',
    ]);
    expect(stops.map(({ id }) => double.subscriptions.get(id)?.cancelAtPeriodEnd)).toEqual([true, false, true]);
    expect(await stopOf(stops[0]?.id ?? '')).toBeUndefined();
    expect(await stopOf(stops[1]?.id ?? '')).toMatchObject({ attempts: 2 });

    const again = await run(['retry'], stripeEnv);
    expect(again.code, again.err.join('\n')).toBe(0);
    expect(again.out).toEqual([`${stops[1]?.id}  stopped`, '1 stopped, 0 failed.']);
    expect((await run(['list'], stripeEnv)).out).toEqual(['No billing stops are pending.']);
  });

  it('says that stops left from Stripe cannot be made while the local provider is configured', async () => {
    const now = Date.now();
    const left = await pendingStop({
      attempts: 3,
      lastError: 'StripeAuthenticationError 401',
      nextAttemptAt: new Date(now),
      createdAt: new Date(now - 60 * MINUTE),
    });
    const localEnv = { ...database().env, PAYMENT_PROVIDER: 'local' };
    const requestsBefore = double.requests.length;

    const list = await run(['list'], localEnv);
    expect(list.code, list.err.join('\n')).toBe(0);
    expect(list.out[1]).toMatch(new RegExp(`^${left.id}\\s+stripe\\s+`));
    expect(list.out.at(-1)).toMatch(
      /^PAYMENT_PROVIDER is local: this stop is not retried and cannot be made from here/,
    );

    const retry = await run(['retry'], localEnv);
    expect(retry.code).toBe(1);
    expect(retry.out.join('\n')).toContain('cannot be made from here');
    expect(retry.out.join('\n')).toContain('Stripe dashboard');
    expect(double.requests).toHaveLength(requestsBefore);
    expect(await stopOf(left.id)).toMatchObject({ attempts: 3 });
  });

  it('explains bad usage with exit code 2', async () => {
    for (const argv of [
      ['stop'],
      ['retry', '--nope'],
      ['retry', 'now'],
      ['list', '--subscription', 'sub_test_x'],
      ['retry', '--subscription', 'sub_test_not_pending'],
    ]) {
      const result = await run(argv, stripeEnv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.out).toEqual([]);
      expect(result.err[0]).toMatch(/^Error: /);
    }
    const help = await run(['--help'], stripeEnv);
    expect(help.code).toBe(0);
    expect(help.out.join('\n')).toContain('retry [--subscription ID]');
  });
}

// Each command opens the embedded database and migrates it: slow on a busy machine.
describe('npm run billing:stops on PGlite', { timeout: 120_000 }, () => {
  const pglite = pgliteDatabase();
  beforeAll(() => pglite.setUp());
  afterAll(() => pglite.tearDown());
  billingStopsCliSuite(() => pglite.database);
});

const adminUrl = readTestSettings().databaseUrl;
describe.skipIf(!adminUrl)('npm run billing:stops on PostgreSQL', () => {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createPostgresDatabase(adminUrl ?? '');
  });
  afterAll(() => database?.drop());
  billingStopsCliSuite(() => {
    if (!database) throw new Error('the database is not created yet');
    const { handle, url } = database;
    return { env: { DATABASE_URL: url ?? '' }, use: (work) => work(handle.db) };
  });
});
