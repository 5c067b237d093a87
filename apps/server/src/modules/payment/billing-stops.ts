/**
 * Stopping the provider's billing of subscriptions a new plan replaced, until it holds. Fulfilment records each stop in
 * the transaction that replaces the plan and tries it once that commits; a stop that fails (or never ran: a crash)
 * stays recorded, and `retryBillingStops` tries it again after a growing delay until the provider accepts. So one
 * failed call can't leave a customer billed for two plans. Safe on several instances at once: a stop is claimed with
 * FOR UPDATE SKIP LOCKED and its next attempt pushed past the call, so each attempt is made by one instance.
 */
import { billingStops, type Database } from '@candor/db';
import { and, asc, eq, lte, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BillingStopper, ProviderName } from './providers/provider.js';

export type BillingStop = typeof billingStops.$inferSelect;

export interface BillingStopDeps {
  db: Database;
  /** The configured provider: it makes the stops recorded for it. */
  provider: BillingStopper;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export interface RetryResult {
  stopped: number;
  failed: number;
}

const MINUTE_MS = 60_000;
const FIRST_RETRY_DELAY_MS = MINUTE_MS;
const MAX_RETRY_DELAY_MS = 4 * 60 * MINUTE_MS;
// Longer than one call can take (the Stripe client's 15 s timeout, three tries), so no instance starts an attempt
// while another one's is still under way.
const ATTEMPT_LEASE_MS = 5 * MINUTE_MS;
// With the delays above the 14th failure comes a day after the first: by then it needs a person, not more patience.
const ALERT_AT_ATTEMPT = 14;
// Attempts per pass; the rest wait for the next pass.
const BATCH = 100;
// Room for a class name, a status and a code.
const LAST_ERROR_MAX = 120;

const later = (date: Date, ms: number) => new Date(date.getTime() + ms);

/** How long to wait after the `failures`-th failed attempt: a minute, doubling, at most four hours. */
export const retryDelayMs = (failures: number) =>
  Math.min(FIRST_RETRY_DELAY_MS * 2 ** (failures - 1), MAX_RETRY_DELAY_MS);

const keyOf = (stop: Pick<BillingStop, 'provider' | 'providerSubscriptionId'>) =>
  and(eq(billingStops.provider, stop.provider), eq(billingStops.providerSubscriptionId, stop.providerSubscriptionId));

/**
 * The failure as its class, HTTP status and code ("StripeRateLimitError 429 rate_limit"), never its message, which
 * can quote the provider's data.
 */
function describeFailure(err: unknown): string {
  if (!(err instanceof Error)) return typeof err;
  const { type, statusCode, code } = err as Error & { type?: unknown; statusCode?: unknown; code?: unknown };
  return [typeof type === 'string' ? type : err.name, statusCode, code]
    .filter((part) => typeof part === 'string' || typeof part === 'number')
    .join(' ')
    .slice(0, LAST_ERROR_MAX);
}

/**
 * Records, in the caller's transaction, that `provider` must stop billing a subscription. The new row counts as
 * claimed by the caller, who attempts it after the commit; undefined when the stop was recorded before.
 */
export async function recordBillingStop(
  tx: Database,
  stop: { provider: ProviderName; providerSubscriptionId: string },
  now: Date,
): Promise<BillingStop | undefined> {
  const [recorded] = await tx
    .insert(billingStops)
    .values({ ...stop, nextAttemptAt: later(now, ATTEMPT_LEASE_MS), createdAt: now })
    .onConflictDoNothing()
    .returning();
  return recorded;
}

/** Asks the provider to stop a claimed stop: forgotten once it accepts, otherwise due again after the backoff. */
export async function attemptBillingStop(
  { db, provider, clock, log }: BillingStopDeps,
  stop: BillingStop,
): Promise<boolean> {
  try {
    await provider.stopBilling(stop.providerSubscriptionId);
  } catch (err) {
    const attempts = stop.attempts + 1;
    const nextAttemptAt = later(clock(), retryDelayMs(attempts));
    await db
      .update(billingStops)
      .set({ attempts, nextAttemptAt, lastError: describeFailure(err) })
      .where(keyOf(stop));
    const context = { err, provider: stop.provider, providerSubscriptionId: stop.providerSubscriptionId, attempts };
    if (attempts === ALERT_AT_ATTEMPT) {
      log.error(
        context,
        'a replaced subscription still bills at the provider after a day of retries: stop it there by hand',
      );
    } else {
      log.warn({ ...context, nextAttemptAt }, 'a replaced subscription could not be stopped at the provider yet');
    }
    return false;
  }
  await db.delete(billingStops).where(keyOf(stop));
  return true;
}

/**
 * Takes the earliest stop matching `which` that no other instance holds, and pushes its next attempt past the call
 * about to be made.
 */
async function claim(db: Database, which: SQL | undefined, now: Date): Promise<BillingStop | undefined> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .select()
      .from(billingStops)
      .where(which)
      .orderBy(asc(billingStops.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!claimed) return undefined;
    await tx
      .update(billingStops)
      .set({ nextAttemptAt: later(now, ATTEMPT_LEASE_MS) })
      .where(keyOf(claimed));
    return claimed;
  });
}

const claimDue = (db: Database, provider: ProviderName, dueBy: Date, now: Date) =>
  claim(db, and(eq(billingStops.provider, provider), lte(billingStops.nextAttemptAt, dueBy)), now);

/**
 * Claims one pending stop whether or not it is due, for an attempt out of turn (`npm run billing:stops -- retry`);
 * undefined when it is no longer pending or an instance is claiming it this moment. An attempt an instance is already
 * making may be made twice: stopping is safe to repeat.
 */
export const claimBillingStop = (
  db: Database,
  stop: Pick<BillingStop, 'provider' | 'providerSubscriptionId'>,
  now: Date,
) => claim(db, keyOf(stop), now);

/** One pass: attempts each stop that was due when it began, once. */
export async function retryBillingStops(deps: BillingStopDeps): Promise<RetryResult> {
  const result: RetryResult = { stopped: 0, failed: 0 };
  const passStart = deps.clock();
  for (let attempt = 0; attempt < BATCH; attempt++) {
    const stop = await claimDue(deps.db, deps.provider.name, passStart, deps.clock());
    if (!stop) break;
    result[(await attemptBillingStop(deps, stop)) ? 'stopped' : 'failed'] += 1;
  }
  return result;
}
