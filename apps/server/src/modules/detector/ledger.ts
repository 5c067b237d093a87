/**
 * The token ledger: the one module that changes a balance (DESIGN.md "Tokens").
 *
 * Every function that writes takes the caller's transaction, so a charge commits or rolls back together with the
 * work it pays for, and a purchase together with its fulfilment. The account row is locked (`for update`) before
 * it is read, which serialises concurrent changes of one user's balance: no interleaving can overdraw it, and the
 * table's check constraints would refuse a negative balance even from a buggy caller.
 *
 * Spending order: the plan allowance first (it resets each period, so using it first wastes nothing), then
 * referral tokens (a gift), then purchased tokens last (money the user paid; they never expire).
 */
import { errorCodes, type ServiceName } from '@candor/contracts';
import {
  type Database,
  type LedgerReason,
  ledgerEntries,
  modelCoefficients,
  plans,
  preparedQuery,
  subscriptions,
  tokenAccounts,
  tokenHolds,
} from '@candor/db';
import { and, desc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../http/errors.js';

export interface Balances {
  plan: number;
  referral: number;
  token: number;
}

/** What caused a change: a checkout session, subscription, history item, licence code, referral credit, … */
export interface LedgerReference {
  type: string;
  id: string;
}

export interface ChargeReceipt {
  /** Tokens the run cost: ceil(units × coefficient). */
  cost: number;
  /** How much came out of each balance (all zero on an unlimited plan). */
  spent: Balances;
  balance: Balances;
}

const UNLIMITED = -1;

/**
 * A placeholder for an update's `set`, which Drizzle's types don't take as it is. Its value skips the column's
 * mapping, so it is passed as PostgreSQL reads it (a time as ISO 8601 text).
 */
const setTo = (name: string) => sql`${sql.placeholder(name)}`;
const ZERO: Balances = { plan: 0, referral: 0, token: 0 };

/** The balances without locking (for display); zeros when the user has no account yet. */
export async function readBalance(db: Database, userId: string): Promise<Balances> {
  const [row] = await db.select().from(tokenAccounts).where(eq(tokenAccounts.userId, userId)).limit(1);
  return row ? { plan: row.planBalance, referral: row.referralTokenBalance, token: row.tokenBalance } : { ...ZERO };
}

/** Runs `select`, which locks the user's account row until `tx` ends, creating an empty account first if there is none. */
async function lockedAccountRow<T>(tx: Database, userId: string, select: () => Promise<T[]>): Promise<T> {
  let [row] = await select();
  if (!row) {
    // The first change of an account creates its row (sign-up does); later changes find it with one query.
    await tx.insert(tokenAccounts).values({ userId }).onConflictDoNothing();
    [row] = await select();
  }
  if (!row) throw new Error(`no token account for ${userId}`);
  return row;
}

async function lockAccount(tx: Database, userId: string): Promise<Balances> {
  const row = await lockedAccountRow(tx, userId, () =>
    tx.select().from(tokenAccounts).where(eq(tokenAccounts.userId, userId)).for('update'),
  );
  return { plan: row.planBalance, referral: row.referralTokenBalance, token: row.tokenBalance };
}

interface EntryDetails {
  userId: string;
  reason: LedgerReason;
  reference?: LedgerReference | undefined;
  modelName?: string;
  tokensCharged?: number;
  now: Date;
}

/**
 * Moves the account from `before` to `after` and appends the entry that says so, in one statement (the update rides
 * in a CTE of the insert): one round trip fewer on every charge, where the embedded database runs on the main thread.
 */
async function record(tx: Database, before: Balances, after: Balances, entry: EntryDetails): Promise<void> {
  await recordStatement(tx).execute({
    userId: entry.userId,
    reason: entry.reason,
    modelName: entry.modelName ?? null,
    tokensCharged: entry.tokensCharged ?? 0,
    planDelta: after.plan - before.plan,
    referralDelta: after.referral - before.referral,
    tokenDelta: after.token - before.token,
    planAfter: after.plan,
    referralAfter: after.referral,
    tokenAfter: after.token,
    referenceType: entry.reference?.type ?? null,
    referenceId: entry.reference?.id ?? null,
    now: entry.now,
    updatedAt: entry.now.toISOString(),
  });
}
const recordStatement = preparedQuery((db) => {
  const moved = db.$with('moved').as(
    db
      .update(tokenAccounts)
      .set({
        planBalance: setTo('planAfter'),
        referralTokenBalance: setTo('referralAfter'),
        tokenBalance: setTo('tokenAfter'),
        updatedAt: setTo('updatedAt'),
      })
      .where(eq(tokenAccounts.userId, sql.placeholder('userId')))
      .returning({ userId: tokenAccounts.userId }),
  );
  return db
    .with(moved)
    .insert(ledgerEntries)
    .values({
      userId: sql.placeholder('userId'),
      reason: sql.placeholder('reason'),
      modelName: sql.placeholder('modelName'),
      tokensCharged: sql.placeholder('tokensCharged'),
      planDelta: sql.placeholder('planDelta'),
      referralDelta: sql.placeholder('referralDelta'),
      tokenDelta: sql.placeholder('tokenDelta'),
      planAfter: sql.placeholder('planAfter'),
      referralAfter: sql.placeholder('referralAfter'),
      tokenAfter: sql.placeholder('tokenAfter'),
      referenceType: sql.placeholder('referenceType'),
      referenceId: sql.placeholder('referenceId'),
      createdAt: sql.placeholder('now'),
    })
    .prepare('');
});

/** Adds tokens to the referral or the purchased balance. */
export async function credit(
  tx: Database,
  input: { userId: string; bucket: 'referral' | 'token'; amount: number } & Omit<EntryDetails, 'userId'>,
): Promise<Balances> {
  if (!Number.isInteger(input.amount) || input.amount < 0) throw new Error(`bad credit amount ${input.amount}`);
  const before = await lockAccount(tx, input.userId);
  const after = { ...before, [input.bucket]: before[input.bucket] + input.amount };
  if (input.amount > 0) await record(tx, before, after, input);
  return after;
}

/** Sets the plan allowance: a new plan or period (its tokens, -1 unlimited), or 0 when a plan ends. */
export async function setPlanAllowance(
  tx: Database,
  input: { userId: string; tokens: number } & Omit<EntryDetails, 'userId'>,
): Promise<Balances> {
  if (!Number.isInteger(input.tokens) || input.tokens < UNLIMITED) throw new Error(`bad allowance ${input.tokens}`);
  const before = await lockAccount(tx, input.userId);
  const after = { ...before, plan: input.tokens };
  if (after.plan !== before.plan) await record(tx, before, after, input);
  return after;
}

/** Tokens `units` of a service cost: ceil(units × coefficient). */
function costOf(units: number, coefficient: number): number {
  if (!Number.isFinite(units) || units < 0) throw new Error(`bad unit count ${units}`);
  // Rounded first so 0.1 × 30 = 3.0000000000000004 costs 3, not 4.
  return Math.ceil(Number((units * coefficient).toFixed(6)));
}

/** One column of the user's current plan, as a subquery: the most recently started active subscription, with its plan. */
function currentPlan(db: Database, column: Record<string, SQL>) {
  return db
    .select(column)
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, sql.placeholder('userId')), eq(subscriptions.status, 'active')))
    .orderBy(desc(subscriptions.startedAt), desc(subscriptions.id))
    .limit(1);
}

/**
 * Whether the plan allowance may be spent: the current plan must not have lapsed. A paid plan past its period end
 * still counts while it waits for its renewal; a free plan past its end, or a cancelled one, does not. NULL when the
 * user has no active plan.
 */
const planAllowanceUsable = {
  usable: sql<boolean>`case when ${subscriptions.expiresAt} is null or ${subscriptions.expiresAt} > ${sql.placeholder('now')}
        then true
        else ${subscriptions.provider} <> 'none' and ${plans.period} <> 'none' and not ${subscriptions.cancelAtPeriodEnd}
      end`,
};

/** The words one run of the current plan may have; NULL without a plan or a limit. */
const planMaxWordsPerRun = { maxWordsPerRun: sql<number | null>`(${plans.limits} ->> 'maxWordsPerRun')::integer` };

/**
 * The locking read of `lockForSpending`, built once (every reservation and charge runs it); `withPlanLimit` adds the
 * current plan's words-per-run limit, which a reservation checks.
 */
const spendingRead = (withPlanLimit: boolean) =>
  preparedQuery((db) => {
    const coefficient = db
      .select({ coefficient: modelCoefficients.coefficient })
      .from(modelCoefficients)
      .where(eq(modelCoefficients.modelName, sql.placeholder('modelName')))
      .limit(1);
    return db
      .select({
        plan: tokenAccounts.planBalance,
        referral: tokenAccounts.referralTokenBalance,
        token: tokenAccounts.tokenBalance,
        coefficient: sql<number | null>`(${coefficient})`.mapWith(Number),
        planUsable: sql<boolean | null>`(${currentPlan(db, planAllowanceUsable)})`,
        maxWordsPerRun: withPlanLimit
          ? sql<number | null>`(${currentPlan(db, planMaxWordsPerRun)})`
          : sql<number | null>`null`,
      })
      .from(tokenAccounts)
      .where(eq(tokenAccounts.userId, sql.placeholder('userId')))
      .for('update', { of: tokenAccounts })
      .prepare('');
  });
const spendingReadForCharge = spendingRead(false);
const spendingReadForReservation = spendingRead(true);

interface Spending {
  balance: Balances;
  /** Tokens `units` cost: ceil(units × coefficient). */
  cost: number;
  planUsable: boolean;
  /** The current plan's words-per-run limit (null: none), when it was asked for. */
  maxWordsPerRun: number | null;
}

/**
 * Locks the user's account row until `tx` ends and reads, in the same statement, what spending from it needs: the
 * service's coefficient and whether the plan allowance may be spent. One statement instead of three on every
 * reservation and charge. Only the account row is locked (`for update of`); the balance read after waiting for a
 * lock is the latest, which is what the lock protects.
 */
async function lockForSpending(
  tx: Database,
  input: { userId: string; modelName: ServiceName; units: number; now: Date },
  withPlanLimit = false,
): Promise<Spending> {
  const read = (withPlanLimit ? spendingReadForReservation : spendingReadForCharge)(tx);
  const row = await lockedAccountRow(tx, input.userId, () =>
    read.execute({ userId: input.userId, modelName: input.modelName, now: input.now.toISOString() }),
  );
  if (row.coefficient === null) throw new Error(`no coefficient for ${input.modelName}`);
  return {
    balance: { plan: row.plan, referral: row.referral, token: row.token },
    cost: costOf(input.units, row.coefficient),
    planUsable: row.planUsable === true,
    maxWordsPerRun: row.maxWordsPerRun ?? null,
  };
}

export const insufficientTokens = (cost: number, available: number) =>
  new AppError(
    errorCodes.insufficientTokens,
    402,
    `This run costs ${cost.toLocaleString('en-US')} tokens but only ${available.toLocaleString('en-US')} are left. Buy more tokens or upgrade your plan.`,
    { cost, available },
  );

/**
 * Charges a run of `modelName` over `units` inside `tx`, spending plan, then referral, then purchased tokens.
 * Refuses with 402 `insufficient_tokens` (and changes nothing) when the balance is short. The caller writes the
 * run's result in the same transaction, so a failed or cancelled run (a rollback) charges nothing.
 */
export async function charge(
  tx: Database,
  input: {
    userId: string;
    modelName: ServiceName;
    units: number;
    reference?: LedgerReference;
    now: Date;
    /**
     * The reservation this charge settles; it is deleted in the same transaction. A hold settles once: charging one
     * that is gone (settled, released or expired) is refused, so a run that somehow ran twice is charged once.
     */
    holdId?: string;
  },
): Promise<ChargeReceipt> {
  const { balance: before, cost, planUsable } = await lockForSpending(tx, input);
  const entry = { ...input, reason: 'charge' as const, tokensCharged: cost };
  if (input.holdId) {
    const settled = await deleteHold(tx).execute({ holdId: input.holdId });
    if (settled.length === 0) throw holdLapsed();
  }

  if (planUsable && before.plan === UNLIMITED) {
    // Nothing moves, but the entry keeps the usage for the token stats.
    await record(tx, before, before, entry);
    return { cost, spent: { ...ZERO }, balance: before };
  }
  const fromPlan = planUsable ? Math.max(before.plan, 0) : 0;
  const available = fromPlan + before.referral + before.token;
  if (cost > available) throw insufficientTokens(cost, available);

  const spent = { ...ZERO };
  let left = cost;
  spent.plan = Math.min(left, fromPlan);
  left -= spent.plan;
  spent.referral = Math.min(left, before.referral);
  left -= spent.referral;
  spent.token = left;
  const after = {
    plan: before.plan - spent.plan,
    referral: before.referral - spent.referral,
    token: before.token - spent.token,
  };
  await record(tx, before, after, entry);
  return { cost, spent, balance: after };
}

export interface Reservation {
  holdId: string;
  cost: number;
}

/**
 * Reserves what a run of `modelName` over `units` will cost, before the run starts: refuses with 402 when the
 * balance, less what the user's other running jobs hold, doesn't cover it. The hold moves no balance; `charge`
 * with its id settles it, `release` drops it. Locking the account row serialises reservations of one user.
 */
export async function reserve(
  db: Database,
  input: {
    userId: string;
    modelName: ServiceName;
    units: number;
    now: Date;
    holdSeconds: number;
    /**
     * Checks the run against the current plan's limits, read with the balance in the same statement; what it throws
     * refuses the run before the balance is checked, and nothing is reserved.
     */
    checkPlan?: (limits: { maxWordsPerRun: number | null }) => void;
  },
): Promise<Reservation> {
  return db.transaction(async (tx) => {
    const { balance, cost, planUsable, maxWordsPerRun } = await lockForSpending(
      tx,
      input,
      input.checkPlan !== undefined,
    );
    input.checkPlan?.({ maxWordsPerRun });
    if (!(planUsable && balance.plan === UNLIMITED)) {
      const [held] = await heldTokens(tx).execute({ userId: input.userId, now: input.now });
      const available =
        (planUsable ? Math.max(balance.plan, 0) : 0) + balance.referral + balance.token - Number(held?.tokens ?? 0);
      if (cost > available) throw insufficientTokens(cost, Math.max(available, 0));
    }
    const [hold] = await insertHold(tx).execute({
      userId: input.userId,
      modelName: input.modelName,
      tokens: cost,
      expiresAt: new Date(input.now.getTime() + input.holdSeconds * 1_000),
    });
    if (!hold) throw new Error('insert returned no hold');
    return { holdId: hold.id, cost };
  });
}

/**
 * What the user's other running jobs hold. Holds a crashed process left behind are cleared here, by the next run of
 * the same user, in the same statement.
 */
const heldTokens = preparedQuery((db) => {
  const swept = db.$with('swept').as(
    db
      .delete(tokenHolds)
      .where(and(eq(tokenHolds.userId, sql.placeholder('userId')), lte(tokenHolds.expiresAt, sql.placeholder('now'))))
      .returning({ id: tokenHolds.id }),
  );
  return db
    .with(swept)
    .select({ tokens: sql<number>`coalesce(sum(${tokenHolds.tokens}), 0)` })
    .from(tokenHolds)
    .where(and(eq(tokenHolds.userId, sql.placeholder('userId')), gt(tokenHolds.expiresAt, sql.placeholder('now'))))
    .prepare('');
});

const insertHold = preparedQuery((db) =>
  db
    .insert(tokenHolds)
    .values({
      userId: sql.placeholder('userId'),
      modelName: sql.placeholder('modelName'),
      tokens: sql.placeholder('tokens'),
      expiresAt: sql.placeholder('expiresAt'),
    })
    .returning({ id: tokenHolds.id })
    .prepare(''),
);

const deleteHold = preparedQuery((db) =>
  db
    .delete(tokenHolds)
    .where(eq(tokenHolds.id, sql.placeholder('holdId')))
    .returning({ id: tokenHolds.id })
    .prepare(''),
);

/** The answer to a run whose reservation is gone before it could be charged. */
export const holdLapsed = () =>
  new AppError(
    errorCodes.conflict,
    409,
    "This run's token reservation ended before its result could be saved. No tokens were charged; run it again.",
  );

/**
 * Keeps a reservation for `holdSeconds` more, as its run starts; false when it is gone (settled, released, or
 * expired and cleared), and the run must not start.
 */
export async function renewHold(db: Database, holdId: string, now: Date, holdSeconds: number): Promise<boolean> {
  const renewed = await renewHoldQuery(db).execute({
    holdId,
    now,
    expiresAt: new Date(now.getTime() + holdSeconds * 1_000).toISOString(),
  });
  return renewed.length > 0;
}
// Every run renews its hold as it starts.
const renewHoldQuery = preparedQuery((db) =>
  db
    .update(tokenHolds)
    .set({ expiresAt: setTo('expiresAt') })
    .where(and(eq(tokenHolds.id, sql.placeholder('holdId')), gt(tokenHolds.expiresAt, sql.placeholder('now'))))
    .returning({ id: tokenHolds.id })
    .prepare(''),
);

/** Drops a reservation whose run failed or was cancelled (a no-op when it was settled or is gone). */
export async function release(db: Database, holdId: string): Promise<void> {
  await deleteHold(db).execute({ holdId });
}

/** Runs `work` and charges for it in one transaction: if either throws, neither happened. */
export async function withCharge<T>(
  db: Database,
  input: Parameters<typeof charge>[1],
  work: (tx: Database, receipt: ChargeReceipt) => Promise<T>,
): Promise<{ result: T; receipt: ChargeReceipt }> {
  return db.transaction(async (tx) => {
    const receipt = await charge(tx, input);
    return { result: await work(tx, receipt), receipt };
  });
}

export interface UsageRow {
  date: string;
  modelName: string;
  tokens: number;
}

/** Tokens charged per UTC day and service between two dates (inclusive, YYYY-MM-DD). */
export async function usageByDay(db: Database, userId: string, fromDate: string, toDate: string): Promise<UsageRow[]> {
  const day = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ date: day, modelName: ledgerEntries.modelName, tokens: sql<number>`sum(${ledgerEntries.tokensCharged})` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.reason, 'charge'),
        sql`${ledgerEntries.createdAt} >= ${`${fromDate}T00:00:00Z`}::timestamptz`,
        sql`${ledgerEntries.createdAt} < (${toDate}::date + 1)::timestamp at time zone 'UTC'`,
      ),
    )
    .groupBy(day, ledgerEntries.modelName);
  return rows.map((r) => ({ date: r.date, modelName: r.modelName ?? 'UNKNOWN', tokens: Number(r.tokens) }));
}
