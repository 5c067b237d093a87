/**
 * What happens to a subscription and its allowance: a plan starts, a period renews, a plan ends. Each takes the
 * caller's transaction, so the subscription row, the ledger and the invoice change together or not at all.
 */
import { type Database, invoices, type plans, subscriptions } from '@candor/db';
import { and, eq } from 'drizzle-orm';
import { setPlanAllowance } from '../detector/ledger.js';

type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type BillingPeriod = 'monthly' | 'yearly';

/** `date` plus one month or year in UTC; the 31st becomes the last day of a shorter month (as card billing does). */
export function addPeriod(date: Date, period: BillingPeriod): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  if (period === 'monthly') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export const billingPeriodOf = (plan: Pick<PlanRow, 'period'>): BillingPeriod => {
  if (plan.period === 'none') throw new Error('a plan without a billing period cannot be billed');
  return plan.period;
};

export interface InvoiceDraft {
  userId: string;
  checkoutSessionId?: string | null;
  subscriptionId?: string | null;
  description: string;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  currency: string;
  provider: 'local' | 'stripe';
  providerInvoiceId?: string | null;
  periodStart?: Date | null;
  periodEnd?: Date | null;
  now: Date;
}

export async function insertInvoice(tx: Database, draft: InvoiceDraft): Promise<typeof invoices.$inferSelect> {
  const { now, ...values } = draft;
  const [invoice] = await tx
    .insert(invoices)
    .values({ ...values, createdAt: now })
    .returning();
  if (!invoice) throw new Error('the invoice was not inserted');
  return invoice;
}

/**
 * A bought plan replaces the current one at once: the old row ends now (its unused allowance goes with it) and the
 * new one starts its first period with the plan's allowance.
 */
export async function startPaidPlan(
  tx: Database,
  input: {
    userId: string;
    plan: PlanRow;
    provider: 'local' | 'stripe';
    providerSubscriptionId: string | null;
    checkoutSessionId: string;
    now: Date;
  },
): Promise<{ subscription: SubscriptionRow; periodEnd: Date; replaced: SubscriptionRow[] }> {
  const { userId, plan, now } = input;
  const replaced = await tx
    .update(subscriptions)
    .set({ status: 'cancelled', expiresAt: now, cancelledAt: now })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
    .returning();
  const periodEnd = addPeriod(now, billingPeriodOf(plan));
  const [subscription] = await tx
    .insert(subscriptions)
    .values({
      userId,
      planId: plan.id,
      status: 'active',
      startedAt: now,
      currentPeriodStart: now,
      expiresAt: periodEnd,
      provider: input.provider,
      providerSubscriptionId: input.providerSubscriptionId,
    })
    .returning();
  if (!subscription) throw new Error('the subscription was not inserted');
  await setPlanAllowance(tx, {
    userId,
    tokens: plan.tokens,
    reason: 'plan_purchase',
    reference: { type: 'checkout_session', id: input.checkoutSessionId },
    now,
  });
  return { subscription, periodEnd, replaced };
}

/**
 * Moves an active subscription to its next period if it is still at `expectedEnd` (compare-and-set: of two
 * renewals racing for the same period, one wins) and resets the allowance. False when someone else got there first.
 */
export async function renewPeriod(
  tx: Database,
  input: {
    subscription: SubscriptionRow;
    plan: PlanRow;
    expectedEnd: Date;
    periodStart: Date;
    periodEnd: Date;
    now: Date;
  },
): Promise<boolean> {
  const { subscription, plan, now } = input;
  const renewed = await tx
    .update(subscriptions)
    .set({ currentPeriodStart: input.periodStart, expiresAt: input.periodEnd })
    .where(
      and(
        eq(subscriptions.id, subscription.id),
        eq(subscriptions.status, 'active'),
        eq(subscriptions.expiresAt, input.expectedEnd),
      ),
    )
    .returning({ id: subscriptions.id });
  if (renewed.length === 0) return false;
  await setPlanAllowance(tx, {
    userId: subscription.userId,
    tokens: plan.tokens,
    reason: 'plan_renewal',
    reference: { type: 'subscription', id: subscription.id },
    now,
  });
  return true;
}

/** The plan ran to its end without renewing: it expires and what was left of its allowance goes. */
export async function endPlan(tx: Database, subscription: SubscriptionRow, now: Date): Promise<boolean> {
  const ended = await tx
    .update(subscriptions)
    .set({ status: 'expired' })
    .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.status, 'active')))
    .returning({ id: subscriptions.id });
  if (ended.length === 0) return false;
  await setPlanAllowance(tx, {
    userId: subscription.userId,
    tokens: 0,
    reason: 'plan_ended',
    reference: { type: 'subscription', id: subscription.id },
    now,
  });
  return true;
}
