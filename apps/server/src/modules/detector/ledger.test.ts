import {
  type Database,
  historyItems,
  ledgerEntries,
  subscriptions,
  tokenAccounts,
  tokenHolds,
  users,
} from '@candor/db';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../test/databases.js';
import { charge, credit, readBalance, release, renewHold, reserve, setPlanAllowance, withCharge } from './ledger.js';
import { findLedgerDrift } from './ledger-check.js';

const now = () => new Date();

/** A bare user with an active subscription of the plan `slug` (the free plan unless told), through the ledger. */
async function newUser(db: Database, balances: { plan?: number; referral?: number; token?: number } = {}) {
  const suffix = Math.random().toString(36).slice(2, 10);
  const [user] = await db
    .insert(users)
    .values({
      fullName: 'Ledger Test',
      email: `l-${suffix}@example.test`,
      username: `l${suffix}`,
      referralCode: suffix,
    })
    .returning();
  if (!user) throw new Error('no user');
  const [free] = await db
    .execute(sql`select id from plans where slug = 'free'`)
    .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
  await db
    .insert(subscriptions)
    .values({ userId: user.id, planId: free?.id ?? '', expiresAt: new Date(Date.now() + 86_400_000) });
  await db.transaction(async (tx) => {
    await setPlanAllowance(tx, { userId: user.id, tokens: balances.plan ?? 0, reason: 'free_plan', now: now() });
    await credit(tx, {
      userId: user.id,
      bucket: 'referral',
      amount: balances.referral ?? 0,
      reason: 'referral',
      now: now(),
    });
    await credit(tx, {
      userId: user.id,
      bucket: 'token',
      amount: balances.token ?? 0,
      reason: 'token_packet',
      now: now(),
    });
  });
  return user.id;
}

describeOnEachDatabase('token ledger', (database) => {
  const db = () => database().handle.db;

  it('spends plan tokens first, then referral tokens, then purchased tokens', async () => {
    const userId = await newUser(db(), { plan: 10, referral: 5, token: 100 });
    const receipt = await db().transaction((tx) =>
      charge(tx, { userId, modelName: 'AI_DETECTION', units: 12, now: now() }),
    );
    expect(receipt).toEqual({
      cost: 12,
      spent: { plan: 10, referral: 2, token: 0 },
      balance: { plan: 0, referral: 3, token: 100 },
    });
    const second = await db().transaction((tx) =>
      charge(tx, { userId, modelName: 'PLAGIARISM', units: 10, now: now() }),
    );
    expect(second).toEqual({
      cost: 20,
      spent: { plan: 0, referral: 3, token: 17 },
      balance: { plan: 0, referral: 0, token: 83 },
    });
    expect(await readBalance(db(), userId)).toEqual({ plan: 0, referral: 0, token: 83 });
  });

  it('costs ceil(units × coefficient)', async () => {
    const userId = await newUser(db(), { token: 100 });
    const receipt = await db().transaction((tx) =>
      charge(tx, { userId, modelName: 'WRITING_ANALYSIS', units: 7, now: now() }),
    );
    expect(receipt.cost).toBe(4);
  });

  it('refuses with 402 and changes nothing when the balance is short', async () => {
    const userId = await newUser(db(), { plan: 3, referral: 2, token: 4 });
    const attempt = db().transaction((tx) => charge(tx, { userId, modelName: 'AI_DETECTION', units: 10, now: now() }));
    await expect(attempt).rejects.toMatchObject({
      status: 402,
      code: 'insufficient_tokens',
      message: 'This run costs 10 tokens but only 9 are left. Buy more tokens or upgrade your plan.',
    });
    expect(await readBalance(db(), userId)).toEqual({ plan: 3, referral: 2, token: 4 });
    const charges = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
    expect(charges.filter((e) => e.reason === 'charge')).toHaveLength(0);
  });

  it('charges nothing for a run that fails after the charge', async () => {
    const userId = await newUser(db(), { plan: 50 });
    const run = withCharge(db(), { userId, modelName: 'AI_DETECTION', units: 20, now: now() }, async (tx) => {
      await tx.insert(historyItems).values({ userId, modelName: 'AI_DETECTION', title: 'half-written' });
      throw new Error('the engine crashed');
    });
    await expect(run).rejects.toThrow('the engine crashed');
    expect(await readBalance(db(), userId)).toEqual({ plan: 50, referral: 0, token: 0 });
    expect(await db().select().from(historyItems).where(eq(historyItems.userId, userId))).toHaveLength(0);
  });

  it('commits the charge with the work it paid for', async () => {
    const userId = await newUser(db(), { plan: 50 });
    const { result, receipt } = await withCharge(
      db(),
      { userId, modelName: 'AI_DETECTION', units: 20, now: now() },
      async (tx, r) => {
        const [item] = await tx
          .insert(historyItems)
          .values({ userId, modelName: 'AI_DETECTION', title: 'paid run', cost: r.cost })
          .returning();
        return item;
      },
    );
    expect(receipt.balance.plan).toBe(30);
    expect(result?.cost).toBe(20);
  });

  it('never spends the allowance of a free plan that has ended', async () => {
    const userId = await newUser(db(), { plan: 100, token: 5 });
    await db()
      .update(subscriptions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(subscriptions.userId, userId));
    const attempt = db().transaction((tx) => charge(tx, { userId, modelName: 'AI_DETECTION', units: 10, now: now() }));
    await expect(attempt).rejects.toMatchObject({ status: 402 });
    const small = await db().transaction((tx) =>
      charge(tx, { userId, modelName: 'AI_DETECTION', units: 5, now: now() }),
    );
    expect(small.spent).toEqual({ plan: 0, referral: 0, token: 5 });
  });

  it('records usage on an unlimited plan without moving a balance', async () => {
    const userId = await newUser(db(), { plan: -1, token: 7 });
    const receipt = await db().transaction((tx) =>
      charge(tx, { userId, modelName: 'HUMANIZER', units: 1_000, now: now() }),
    );
    expect(receipt).toEqual({
      cost: 2_000,
      spent: { plan: 0, referral: 0, token: 0 },
      balance: { plan: -1, referral: 0, token: 7 },
    });
    const [entry] = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reason, 'charge'))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(entry).toMatchObject({ userId, tokensCharged: 2_000, planDelta: 0 });
  });

  it('lets exactly as many of 200 parallel charges succeed as the balance covers, down to zero', async () => {
    const userId = await newUser(db(), { plan: 40, referral: 10, token: 50 });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () =>
        db().transaction((tx) => charge(tx, { userId, modelName: 'AI_DETECTION', units: 1, now: now() })),
      ),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(succeeded).toBe(100);
    expect(refused).toHaveLength(100);
    for (const reason of refused) expect(reason).toMatchObject({ status: 402 });
    expect(await readBalance(db(), userId)).toEqual({ plan: 0, referral: 0, token: 0 });
    const [account] = await db().select().from(tokenAccounts).where(eq(tokenAccounts.userId, userId));
    expect(account?.tokenBalance).toBe(0);
  });

  it('reserves against what other runs hold, settles a hold with its charge, and forgets expired holds', async () => {
    const userId = await newUser(db(), { plan: 0, token: 100 });
    const reserveAt = (units: number, at: Date, holdSeconds = 60) =>
      reserve(db(), { userId, modelName: 'AI_DETECTION', units, now: at, holdSeconds });
    const first = await reserveAt(60, now());
    expect(first.cost).toBe(60);
    await expect(reserveAt(41, now())).rejects.toMatchObject({ status: 402, details: { cost: 41, available: 40 } });
    // Settling the first hold charges its 60 and drops the hold: 40 tokens are left and nothing is held.
    await db().transaction((tx) =>
      charge(tx, { userId, modelName: 'AI_DETECTION', units: 60, now: now(), holdId: first.holdId }),
    );
    expect(await db().select().from(tokenHolds).where(eq(tokenHolds.userId, userId))).toEqual([]);
    const stale = await reserveAt(40, now(), 1);
    // Two seconds later that hold has expired (a crashed run): it no longer counts and is cleared.
    const later = new Date(Date.now() + 2_000);
    const fresh = await reserveAt(40, later);
    const held = await db().select().from(tokenHolds).where(eq(tokenHolds.userId, userId));
    expect(held.map((hold) => hold.id)).toEqual([fresh.holdId]);
    expect(stale.holdId).not.toBe(fresh.holdId);
    await release(db(), fresh.holdId);
    expect(await db().select().from(tokenHolds).where(eq(tokenHolds.userId, userId))).toEqual([]);
    expect(await readBalance(db(), userId)).toEqual({ plan: 0, referral: 0, token: 40 });
  });

  it('settles a hold once: a second charge of it, or of an expired one, is refused; a live hold can be renewed', async () => {
    const userId = await newUser(db(), { plan: 0, token: 100 });
    const { holdId } = await reserve(db(), {
      userId,
      modelName: 'AI_DETECTION',
      units: 30,
      now: now(),
      holdSeconds: 60,
    });
    expect(await renewHold(db(), holdId, now(), 120)).toBe(true);
    const chargeHold = () =>
      db().transaction((tx) => charge(tx, { userId, modelName: 'AI_DETECTION', units: 30, now: now(), holdId }));
    await chargeHold();
    await expect(chargeHold()).rejects.toMatchObject({ status: 409, code: 'conflict' });
    expect(await readBalance(db(), userId)).toEqual({ plan: 0, referral: 0, token: 70 });
    expect(await renewHold(db(), holdId, now(), 120)).toBe(false);
    // An expired hold is not renewed: its run must not start.
    const stale = await reserve(db(), { userId, modelName: 'AI_DETECTION', units: 30, now: now(), holdSeconds: 1 });
    expect(await renewHold(db(), stale.holdId, new Date(Date.now() + 2_000), 120)).toBe(false);
  });

  it('rebuilds every balance from the ledger, and notices a balance changed behind its back', async () => {
    expect(await findLedgerDrift(db())).toEqual([]);
    const userId = await newUser(db(), { token: 10 });
    await db().update(tokenAccounts).set({ tokenBalance: 11 }).where(eq(tokenAccounts.userId, userId));
    expect(await findLedgerDrift(db())).toEqual([
      { userId, problem: 'balance_differs', detail: 'stored 0/0/11, ledger 0/0/10 (plan/referral/token)' },
    ]);
    await db().update(tokenAccounts).set({ tokenBalance: 10 }).where(eq(tokenAccounts.userId, userId));
    expect(await findLedgerDrift(db())).toEqual([]);
  });
});
