/**
 * The subscription sweep: renews due local subscriptions (standing in for the local provider charging the card on
 * file), expires subscriptions cancelled at their period end and lapsed free plans. Safe on several instances at
 * once: each due row is claimed with FOR UPDATE SKIP LOCKED in its own transaction, and renewals compare-and-set
 * the period end, so a period is renewed (and invoiced) once.
 */
import { type Database, plans, subscriptions } from '@candor/db';
import { and, asc, eq, lte, or } from 'drizzle-orm';
import { planDescription } from './fulfilment.js';
import { type Receipt, type ReceiptDeps, receiptFor, sendReceipts } from './receipts.js';
import { addPeriod, billingPeriodOf, endPlan, insertInvoice, renewPeriod } from './subscriptions.js';

export interface SweepResult {
  renewed: number;
  ended: number;
}

// Rows per pass; a pass repeats until nothing is due, so a long-stopped server catches up period by period.
const BATCH = 100;
const MAX_PASSES = 100;

type Claimed = { subscription: typeof subscriptions.$inferSelect; plan: typeof plans.$inferSelect };

/** What is due: an active subscription past its end that renews locally, or that ends instead of renewing. */
const due = (now: Date) =>
  and(
    eq(subscriptions.status, 'active'),
    lte(subscriptions.expiresAt, now),
    or(
      eq(subscriptions.provider, 'local'),
      eq(subscriptions.cancelAtPeriodEnd, true),
      // The free plan (and any other plan nobody bills) just ends.
      eq(subscriptions.provider, 'none'),
    ),
  );

type Swept = { outcome: 'ended' } | { outcome: 'renewed'; receipt: Receipt };

async function sweepOne(tx: Database, { subscription, plan }: Claimed, now: Date): Promise<Swept | null> {
  const end = subscription.expiresAt;
  if (end === null) return null;
  const renews = subscription.provider === 'local' && !subscription.cancelAtPeriodEnd && plan.period !== 'none';
  if (!renews) return (await endPlan(tx, subscription, now)) ? { outcome: 'ended' } : null;
  const periodEnd = addPeriod(end, billingPeriodOf(plan));
  const renewed = await renewPeriod(tx, { subscription, plan, expectedEnd: end, periodStart: end, periodEnd, now });
  if (!renewed) return null;
  // Renewals are billed at the plan's price: a coupon only ever applies to the first payment.
  const invoice = await insertInvoice(tx, {
    userId: subscription.userId,
    subscriptionId: subscription.id,
    description: `${planDescription(plan)} renewal`,
    subtotalCents: plan.priceCents,
    discountCents: 0,
    totalCents: plan.priceCents,
    currency: plan.currency,
    provider: 'local',
    providerInvoiceId: `local_in_${subscription.id}_${end.toISOString()}`,
    periodStart: end,
    periodEnd,
    now,
  });
  return { outcome: 'renewed', receipt: await receiptFor(tx, invoice, 'renewal', planDescription(plan)) };
}

/**
 * One sweep at `now` (the caller's clock); each renewal's receipt is mailed through `receipts` once its transaction
 * commits. Stripe subscriptions renew from Stripe's events, not here.
 */
export async function sweepSubscriptions(db: Database, now: Date, receipts: ReceiptDeps): Promise<SweepResult> {
  const result: SweepResult = { renewed: 0, ended: 0 };
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const ids = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(due(now))
      .orderBy(asc(subscriptions.expiresAt))
      .limit(BATCH);
    if (ids.length === 0) break;
    let progressed = false;
    for (const { id } of ids) {
      const swept = await db.transaction(async (tx) => {
        // Another instance holding the row is handling it: skip instead of waiting.
        const [claimed] = await tx
          .select({ subscription: subscriptions, plan: plans })
          .from(subscriptions)
          .innerJoin(plans, eq(plans.id, subscriptions.planId))
          .where(and(eq(subscriptions.id, id), due(now)))
          .for('update', { of: subscriptions, skipLocked: true });
        return claimed ? sweepOne(tx, claimed, now) : null;
      });
      if (swept) {
        result[swept.outcome] += 1;
        progressed = true;
        if (swept.outcome === 'renewed') await sendReceipts(receipts, [swept.receipt]);
      }
    }
    if (!progressed) break;
  }
  return result;
}
