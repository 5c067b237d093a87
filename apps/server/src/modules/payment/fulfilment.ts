/**
 * Fulfilment: the only place a payment turns into a plan or tokens, and only from a provider's confirmed event
 * (Stripe's webhook or the local checkout page). Each event is applied in one transaction, at most once.
 */
import { errorCodes } from '@candor/contracts';
import {
  checkoutSessions,
  couponRedemptions,
  type Database,
  invoices,
  paymentEvents,
  plans,
  subscriptions,
  tokenPackets,
} from '@candor/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors.js';
import { credit } from '../detector/ledger.js';
import { attemptBillingStop, type BillingStop, recordBillingStop } from './billing-stops.js';
import type { BillingStopper, EventOutcome, HandleProviderEvent, ProviderEvent } from './providers/provider.js';
import { type Receipt, type ReceiptDeps, receiptFor, sendReceipts } from './receipts.js';
import { endPlan, insertInvoice, renewPeriod, startPaidPlan } from './subscriptions.js';

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

class EventRefused extends AppError {
  constructor(message: string) {
    super(errorCodes.paymentEventRefused, 400, message);
  }
}

export interface EventHandlerDeps {
  db: Database;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
  /**
   * The configured provider when it renews subscriptions on its own (Stripe), to stop billing the ones a new plan
   * replaced; absent for providers with nothing to stop (the local one renews from our rows).
   */
  billingStopper?: BillingStopper;
  /** Where each payment's receipt is mailed through; absent, none is (tests that drive events by hand). */
  receipts?: ReceiptDeps;
}

/** Records the event; false when it was recorded before (a replay). */
async function firstSighting(tx: Database, event: ProviderEvent): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({ provider: event.provider, eventId: event.eventId, type: event.type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/** Notes which checkout session the recorded event was about. */
async function linkToSession(tx: Database, event: ProviderEvent, checkoutSessionId: string): Promise<void> {
  await tx
    .update(paymentEvents)
    .set({ checkoutSessionId })
    .where(and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.eventId)));
}

async function lockSession(tx: Database, event: ProviderEvent & { providerSessionId: string }) {
  const [session] = await tx
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.provider, event.provider),
        eq(checkoutSessions.providerSessionId, event.providerSessionId),
      ),
    )
    .for('update');
  return session;
}

export function createEventHandler({
  db,
  clock,
  log,
  billingStopper,
  receipts,
}: EventHandlerDeps): HandleProviderEvent {
  /** Logged and thrown: the transaction rolls back, so a refused event leaves no trace but the log line. */
  const refuse = (event: ProviderEvent, why: string, details: Record<string, unknown> = {}): never => {
    log.warn({ event: { provider: event.provider, id: event.eventId, type: event.type }, ...details }, why);
    throw new EventRefused(`Payment event refused: ${why}.`);
  };

  async function completeCheckout(
    tx: Database,
    event: Extract<ProviderEvent, { type: 'checkout.completed' }>,
    replacedBilling: BillingStop[],
    paid: Receipt[],
  ): Promise<EventOutcome> {
    const now = clock();
    if (!(await firstSighting(tx, event))) return 'duplicate';
    const session = await lockSession(tx, event);
    if (!session) return refuse(event, 'unknown checkout session', { providerSessionId: event.providerSessionId });
    if (event.amountTotalCents !== session.totalCents || event.currency.toLowerCase() !== session.currency) {
      return refuse(event, 'the amount does not match the order', {
        sessionId: session.id,
        expected: { amount: session.totalCents, currency: session.currency },
        received: { amount: event.amountTotalCents, currency: event.currency },
      });
    }
    await linkToSession(tx, event, session.id);
    if (session.status === 'completed') return 'duplicate';
    // An expired session still gets what was paid for: the provider took the money (a tab left open at Stripe).
    await tx
      .update(checkoutSessions)
      .set({ status: 'completed', completedAt: now, failureReason: null })
      .where(eq(checkoutSessions.id, session.id));
    if (session.couponId) {
      await tx
        .insert(couponRedemptions)
        .values({ couponId: session.couponId, userId: session.userId, checkoutSessionId: session.id, createdAt: now });
    }
    const bill = {
      userId: session.userId,
      checkoutSessionId: session.id,
      subtotalCents: session.subtotalCents,
      discountCents: session.discountCents,
      totalCents: session.totalCents,
      currency: session.currency,
      provider: session.provider,
      providerInvoiceId: event.providerInvoiceId,
      now,
    };
    if (session.kind === 'plan') {
      const [plan] = session.planId ? await tx.select().from(plans).where(eq(plans.id, session.planId)) : [];
      if (!plan) throw new Error(`checkout session ${session.id} has no plan`);
      const { subscription, periodEnd, replaced } = await startPaidPlan(tx, {
        userId: session.userId,
        plan,
        provider: session.provider,
        providerSubscriptionId: event.providerSubscriptionId,
        checkoutSessionId: session.id,
        now,
      });
      for (const old of replaced) {
        if (old.provider === billingStopper?.name && old.providerSubscriptionId && !old.cancelAtPeriodEnd) {
          const stop = await recordBillingStop(
            tx,
            { provider: old.provider, providerSubscriptionId: old.providerSubscriptionId },
            now,
          );
          if (stop) replacedBilling.push(stop);
        }
      }
      const invoice = await insertInvoice(tx, {
        ...bill,
        subscriptionId: subscription.id,
        description: planDescription(plan),
        periodStart: now,
        periodEnd,
      });
      paid.push(await receiptFor(tx, invoice, 'plan', planDescription(plan)));
    } else {
      const [packet] = session.tokenPacketId
        ? await tx.select().from(tokenPackets).where(eq(tokenPackets.id, session.tokenPacketId))
        : [];
      if (!packet) throw new Error(`checkout session ${session.id} has no token packet`);
      await credit(tx, {
        userId: session.userId,
        bucket: 'token',
        amount: packet.tokens,
        reason: 'token_packet',
        reference: { type: 'checkout_session', id: session.id },
        now,
      });
      const invoice = await insertInvoice(tx, { ...bill, description: packet.name });
      paid.push(await receiptFor(tx, invoice, 'token_packet', packet.name));
    }
    log.info({ sessionId: session.id, kind: session.kind, provider: session.provider }, 'checkout fulfilled');
    return 'applied';
  }

  /** A declined card: the session stays open for another try until it expires; no balance moves. */
  async function failCheckout(
    tx: Database,
    event: Extract<ProviderEvent, { type: 'checkout.failed' | 'checkout.expired' }>,
  ): Promise<EventOutcome> {
    if (!(await firstSighting(tx, event))) return 'duplicate';
    const session = await lockSession(tx, event);
    if (!session) return refuse(event, 'unknown checkout session', { providerSessionId: event.providerSessionId });
    await linkToSession(tx, event, session.id);
    if (session.status !== 'open') return 'ignored';
    await tx
      .update(checkoutSessions)
      .set(event.type === 'checkout.failed' ? { failureReason: event.reason } : { status: 'expired' })
      .where(eq(checkoutSessions.id, session.id));
    return 'applied';
  }

  async function lockSubscription(tx: Database, event: ProviderEvent & { providerSubscriptionId: string }) {
    const [row] = await tx
      .select({ subscription: subscriptions, plan: plans })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(
        and(
          eq(subscriptions.provider, event.provider),
          eq(subscriptions.providerSubscriptionId, event.providerSubscriptionId),
        ),
      )
      .for('update', { of: subscriptions });
    return row ?? refuse(event, 'unknown subscription', { providerSubscriptionId: event.providerSubscriptionId });
  }

  async function renewSubscription(
    tx: Database,
    event: Extract<ProviderEvent, { type: 'subscription.renewed' }>,
    paid: Receipt[],
  ): Promise<EventOutcome> {
    if (!(await firstSighting(tx, event))) return 'duplicate';
    const { subscription, plan } = await lockSubscription(tx, event);
    if (event.currency.toLowerCase() !== plan.currency) {
      return refuse(event, 'the currency does not match the plan', { subscriptionId: subscription.id });
    }
    const [billed] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.provider, event.provider), eq(invoices.providerInvoiceId, event.providerInvoiceId)));
    if (billed) return 'duplicate';
    if (subscription.status !== 'active' || subscription.expiresAt === null) return 'ignored';
    // A period we already have (the first invoice of a new subscription, or an out-of-order delivery).
    if (event.periodEnd <= subscription.expiresAt) return 'duplicate';
    const now = clock();
    const renewed = await renewPeriod(tx, {
      subscription,
      plan,
      expectedEnd: subscription.expiresAt,
      periodStart: event.periodStart,
      periodEnd: event.periodEnd,
      now,
    });
    if (!renewed) return 'duplicate';
    const invoice = await insertInvoice(tx, {
      userId: subscription.userId,
      subscriptionId: subscription.id,
      description: `${planDescription(plan)} renewal`,
      subtotalCents: event.amountTotalCents,
      discountCents: 0,
      totalCents: event.amountTotalCents,
      currency: plan.currency,
      provider: event.provider,
      providerInvoiceId: event.providerInvoiceId,
      periodStart: event.periodStart,
      periodEnd: event.periodEnd,
      now,
    });
    paid.push(await receiptFor(tx, invoice, 'renewal', planDescription(plan)));
    return 'applied';
  }

  async function endSubscription(
    tx: Database,
    event: Extract<ProviderEvent, { type: 'subscription.ended' }>,
  ): Promise<EventOutcome> {
    if (!(await firstSighting(tx, event))) return 'duplicate';
    const { subscription } = await lockSubscription(tx, event);
    return (await endPlan(tx, subscription, clock())) ? 'applied' : 'ignored';
  }

  return async (event) => {
    const replacedBilling: BillingStop[] = [];
    const paid: Receipt[] = [];
    const outcome = await db.transaction(async (tx): Promise<EventOutcome> => {
      switch (event.type) {
        case 'checkout.completed':
          return completeCheckout(tx, event, replacedBilling, paid);
        case 'checkout.failed':
        case 'checkout.expired':
          return failCheckout(tx, event);
        case 'subscription.renewed':
          return renewSubscription(tx, event, paid);
        case 'subscription.ended':
          return endSubscription(tx, event);
      }
    });
    // The new plan is in place; the ones it replaced must not renew at the provider. The provider won't resend an
    // applied event, so each stop was recorded with the plan change: one that fails now (or never runs, after a
    // crash) is retried by retryBillingStops until the provider accepts it.
    if (billingStopper) {
      for (const stop of replacedBilling) {
        await attemptBillingStop({ db, provider: billingStopper, clock, log }, stop);
      }
    }
    // Only a committed invoice has a receipt: a repeated event wrote none, so nothing is mailed twice.
    if (receipts) await sendReceipts(receipts, paid);
    return outcome;
  };
}

const periodLabel = { monthly: 'monthly', yearly: 'yearly', none: '' } as const;

/**
 * "AI Detector Pro (yearly)": how a plan appears on a checkout page and an invoice. Plan names are short on the
 * pricing page's tabs ("Pro"), so the tab is put in front unless the name already starts with it ("API Starter").
 */
export const planDescription = (plan: Pick<typeof plans.$inferSelect, 'name' | 'period' | 'tab'>) => {
  const tab = { 'ai-detector': 'AI Detector', 'stealth-ai': 'Stealth AI', 'api-agent': 'API Agent', free: '' }[
    plan.tab
  ];
  const name = tab && !plan.name.startsWith(tab.split(' ')[0] ?? '') ? `${tab} ${plan.name}` : plan.name;
  return plan.period === 'none' ? name : `${name} (${periodLabel[plan.period]})`;
};
