import { errorBodySchema, licenceActivationListSchema, licenceActivationResultSchema } from '@candor/contracts';
import { licenceActivations, licenceCodes, plans, subscriptions, tokenAccounts } from '@candor/db';
import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { signUpVerified, type TestClient, useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';
import { createLicencesRepository, stackedTier } from './licences.repository.js';
import { createLicencesService, generateLicenceCode, hashLicenceCode, licenceCodeHint } from './licences.service.js';

const ACTIVATE = '/api/auth/appsumo/license-activation';
const LIST = '/api/auth/appsumo/activations';

function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const { error } = errorBodySchema.parse(response.json());
  expect(error.code).toBe(code);
  return error;
}

it('makes codes of 80 random bits and hashes them however they are typed', () => {
  const code = generateLicenceCode();
  expect(code).toMatch(/^CANDOR(-[A-Z2-7]{4}){4}$/);
  expect(new Set(Array.from({ length: 200 }, generateLicenceCode)).size).toBe(200);
  const hash = hashLicenceCode(code);
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  expect(hashLicenceCode(` ${code.toLowerCase()} `)).toBe(hash);
  expect(hashLicenceCode(code.replaceAll('-', ''))).toBe(hash);
  expect(hashLicenceCode(code.slice('CANDOR-'.length))).toBe(hash);
  expect(licenceCodeHint(code)).toBe(code.slice(-4));
});

it('stacks codes: the highest tier plus one per extra code, at most tier 3', () => {
  expect(stackedTier(1, 1)).toBe(1);
  expect(stackedTier(1, 2)).toBe(2);
  expect(stackedTier(2, 2)).toBe(3);
  expect(stackedTier(1, 3)).toBe(3);
  expect(stackedTier(3, 3)).toBe(3);
});

describeOnEachDatabase('marketplace licence codes', (database) => {
  const t = useTestApp(database);
  const db = () => t().database.handle.db;
  const codes = () => createLicencesService({ repo: createLicencesRepository(db()), clock: () => new Date() });

  async function newCode(tier = 1) {
    const [code] = await codes().createCodes(tier, 1, `test-${tier}`);
    if (!code) throw new Error('no code');
    return code;
  }

  async function signedIn(): Promise<{ client: TestClient; userId: string }> {
    const client = t().client();
    const { user } = await signUpVerified(t(), client);
    return { client, userId: user.id };
  }

  async function snapshot(userId: string) {
    const [attempts] = await db()
      .select({ n: count() })
      .from(licenceActivations)
      .where(eq(licenceActivations.userId, userId));
    const [redeemed] = await db().select({ n: count() }).from(licenceCodes).where(eq(licenceCodes.redeemedBy, userId));
    const subs = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const [balance] = await db().select().from(tokenAccounts).where(eq(tokenAccounts.userId, userId));
    return { attempts: attempts?.n, redeemed: redeemed?.n, subs, planBalance: balance?.planBalance };
  }

  async function activePlanSlug(userId: string) {
    const rows = await db()
      .select({ slug: plans.slug })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')));
    return rows.map((r) => r.slug);
  }

  it('stores only hashes of the codes it creates', async () => {
    const created = await codes().createCodes(2, 3, 'hash-check');
    const rows = await db().select().from(licenceCodes).where(eq(licenceCodes.batch, 'hash-check'));
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.codeHash).sort()).toEqual(created.map(hashLicenceCode).sort());
    for (const row of rows) {
      expect(row.tier).toBe(2);
      expect(row.redeemedAt).toBeNull();
      for (const code of created) expect(JSON.stringify(row)).not.toContain(code.slice(7));
    }
  });

  it('activates a code: the tier plan replaces the free plan and sets the plan balance; a replay is idempotent', async () => {
    const { client, userId } = await signedIn();
    const code = await newCode(1);
    expect(await activePlanSlug(userId)).toEqual(['free']);

    const first = await client.post(ACTIVATE, { appsumo_code: code });
    expect(first.statusCode, first.body).toBe(200);
    expect(licenceActivationResultSchema.parse(first.json())).toEqual({
      outcome: 'activated',
      tier: 1,
      codes_redeemed: 1,
      plan: { slug: 'licence-tier-1', name: 'Licence Tier 1', tokens: 100_000 },
    });
    expect(await activePlanSlug(userId)).toEqual(['licence-tier-1']);
    const after = await snapshot(userId);
    expect(after.planBalance).toBe(100_000);
    const free = after.subs.find((s) => s.status === 'cancelled');
    expect(free?.expiresAt).not.toBeNull();
    const [row] = await db()
      .select()
      .from(licenceCodes)
      .where(eq(licenceCodes.codeHash, hashLicenceCode(code)));
    expect(row?.redeemedBy).toBe(userId);
    expect(row?.redeemedAt).toBeInstanceOf(Date);

    // The same user again, typed differently: 200 already_activated, nothing else changes.
    const replay = await client.post(ACTIVATE, { appsumo_code: code.toLowerCase().replaceAll('-', ' ') });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toMatchObject({ outcome: 'already_activated', tier: 1, codes_redeemed: 1 });
    const again = await snapshot(userId);
    expect(again.subs).toEqual(after.subs);
    expect(again.planBalance).toBe(100_000);

    const list = licenceActivationListSchema.parse((await client.get(LIST)).json());
    expect(list.items.map((i) => [i.outcome, i.code_hint, i.tier])).toEqual([
      ['already_activated', code.slice(-4), 1],
      ['activated', code.slice(-4), 1],
    ]);
    expect(JSON.stringify(list)).not.toContain(code.slice(7, 16));
  });

  it("refuses another user's code with 409 used_by_another and records the attempt on the second account only", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const code = await newCode(2);
    expect((await owner.client.post(ACTIVATE, { appsumo_code: code })).statusCode).toBe(200);
    const before = await snapshot(other.userId);

    const refused = await other.client.post(ACTIVATE, { appsumo_code: code });
    expectError(refused, 409, 'used_by_another');
    const after = await snapshot(other.userId);
    expect(after).toEqual({ ...before, attempts: (before.attempts ?? 0) + 1 });
    expect(await activePlanSlug(other.userId)).toEqual(['free']);
    const [row] = await db()
      .select()
      .from(licenceCodes)
      .where(eq(licenceCodes.codeHash, hashLicenceCode(code)));
    expect(row?.redeemedBy).toBe(owner.userId);

    // Each user sees only their own attempts.
    const theirs = licenceActivationListSchema.parse((await other.client.get(LIST)).json());
    expect(theirs.items.map((i) => [i.outcome, i.tier])).toEqual([['used_by_another', null]]);
    const mine = licenceActivationListSchema.parse((await owner.client.get(LIST)).json());
    expect(mine.items.map((i) => i.outcome)).toEqual(['activated']);
  });

  it('answers 404 unknown_code for a code that does not exist, and records it with the last 4 characters', async () => {
    const { client, userId } = await signedIn();
    const before = await snapshot(userId);
    expectError(await client.post(ACTIVATE, { appsumo_code: 'CANDOR-AAAA-BBBB-CCCC-WXYZ' }), 404, 'unknown_code');
    const after = await snapshot(userId);
    expect(after).toEqual({ ...before, attempts: (before.attempts ?? 0) + 1 });
    const list = licenceActivationListSchema.parse((await client.get(LIST)).json());
    expect(list.items[0]).toMatchObject({ outcome: 'unknown_code', code_hint: 'WXYZ', tier: null });
  });

  it('stacks up to 3 codes (tier rises by one per extra code) and refuses a 4th with 409 limit_reached', async () => {
    const { client, userId } = await signedIn();
    const results = [];
    for (const tier of [1, 1, 1]) {
      const response = await client.post(ACTIVATE, { appsumo_code: await newCode(tier) });
      expect(response.statusCode, response.body).toBe(200);
      results.push(licenceActivationResultSchema.parse(response.json()));
    }
    expect(results.map((r) => [r.tier, r.codes_redeemed, r.plan.tokens])).toEqual([
      [1, 1, 100_000],
      [2, 2, 300_000],
      [3, 3, -1],
    ]);
    expect(await activePlanSlug(userId)).toEqual(['licence-tier-3']);
    expect((await snapshot(userId)).planBalance).toBe(-1);

    const fourth = await newCode(3);
    const before = await snapshot(userId);
    const error = expectError(await client.post(ACTIVATE, { appsumo_code: fourth }), 409, 'limit_reached');
    expect(error.details).toEqual({ codes_redeemed: 3, tier: 3 });
    expect(await snapshot(userId)).toEqual({ ...before, attempts: (before.attempts ?? 0) + 1 });
    const [row] = await db()
      .select()
      .from(licenceCodes)
      .where(eq(licenceCodes.codeHash, hashLicenceCode(fourth)));
    expect(row?.redeemedAt).toBeNull();
  });

  it('a tier-3 code goes straight to tier 3 (unlimited)', async () => {
    const { client, userId } = await signedIn();
    const response = await client.post(ACTIVATE, { appsumo_code: await newCode(3) });
    expect(response.json()).toMatchObject({ outcome: 'activated', tier: 3, plan: { tokens: -1 } });
    expect(await activePlanSlug(userId)).toEqual(['licence-tier-3']);
  });

  it('two users racing for one code: exactly one wins', async () => {
    const racers = await Promise.all([signedIn(), signedIn(), signedIn()]);
    const code = await newCode(1);
    const responses = await Promise.all(racers.map((r) => r.client.post(ACTIVATE, { appsumo_code: code })));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const winner = racers[responses.findIndex((r) => r.statusCode === 200)];
    const [row] = await db()
      .select()
      .from(licenceCodes)
      .where(eq(licenceCodes.codeHash, hashLicenceCode(code)));
    expect(row?.redeemedBy).toBe(winner?.userId);
    for (const racer of racers) {
      expect(await activePlanSlug(racer.userId)).toEqual([racer === winner ? 'licence-tier-1' : 'free']);
    }
  });

  it('refuses a missing or wrong CSRF header and a signed-out caller, changing nothing', async () => {
    const { client, userId } = await signedIn();
    const code = await newCode(1);
    const before = await snapshot(userId);
    expectError(await client.post(ACTIVATE, { appsumo_code: code }, { csrf: 'none' }), 403, 'csrf_failed');
    expectError(await client.post(ACTIVATE, { appsumo_code: code }, { csrf: { value: 'forged' } }), 403, 'csrf_failed');
    const anonymous = await t().client().prime();
    expectError(await anonymous.post(ACTIVATE, { appsumo_code: code }), 401, 'unauthenticated');
    expectError(await anonymous.get(LIST), 401, 'unauthenticated');
    expect(await snapshot(userId)).toEqual(before);
    const [row] = await db()
      .select()
      .from(licenceCodes)
      .where(eq(licenceCodes.codeHash, hashLicenceCode(code)));
    expect(row?.redeemedAt).toBeNull();
  });

  it('answers malformed and oversized input with 400 validation_failed and records nothing', async () => {
    const { client, userId } = await signedIn();
    const before = await snapshot(userId);
    for (const body of [
      {},
      { appsumo_code: '' },
      { appsumo_code: '   ' },
      { appsumo_code: 42 },
      { appsumo_code: ['CANDOR'] },
      { appsumo_code: 'CANDOR-<script>' },
      { appsumo_code: 'A'.repeat(65) },
    ]) {
      const error = expectError(await client.post(ACTIVATE, body), 400, 'validation_failed');
      expect(error.details).toEqual([expect.objectContaining({ path: 'appsumo_code' })]);
    }
    const json = { headers: { 'content-type': 'application/json' } };
    expectError(await client.post(ACTIVATE, '{"appsumo_code":', json), 400, 'bad_request');
    expectError(
      await client.post(ACTIVATE, 'appsumo_code=x', { headers: { 'content-type': 'text/plain' } }),
      415,
      'unsupported_media_type',
    );
    expectError(await client.post(ACTIVATE, { appsumo_code: 'A'.repeat(2_000_000) }), 413, 'payload_too_large');
    expect(await snapshot(userId)).toEqual(before);
  });
});

describeOnEachDatabase('licence activation rate limit', (database) => {
  const t = useTestApp(database, {
    rateLimitRules: { perIp: { points: 1000, durationSeconds: 900 }, perAccount: { points: 3, durationSeconds: 900 } },
  });

  it('slows down guessing: past the per-account limit, 429 with Retry-After and no more attempts recorded', async () => {
    const client = t().client();
    const { user } = await signUpVerified(t(), client);
    for (let i = 0; i < 3; i++) {
      expectError(await client.post(ACTIVATE, { appsumo_code: `CANDOR-GUESS-${i}` }), 404, 'unknown_code');
    }
    const limited = await client.post(ACTIVATE, { appsumo_code: 'CANDOR-GUESS-9' });
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const [row] = await t()
      .database.handle.db.select({ n: count() })
      .from(licenceActivations)
      .where(eq(licenceActivations.userId, user.id));
    expect(row?.n).toBe(3);
  });
});
