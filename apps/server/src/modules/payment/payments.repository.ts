import {
  checkoutSessions,
  couponRedemptions,
  coupons,
  type Database,
  invoices,
  plans,
  subscriptions,
  tokenPackets,
  users,
} from '@candor/db';
import { and, count, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import { type CouponRow, type CouponUses, normaliseCouponCode } from './coupons.js';
import type { CheckoutSessionRow } from './fulfilment.js';
import { findCurrentSubscription, type PlanRow } from './plans.repository.js';
import type { SubscriptionRow } from './subscriptions.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewCheckoutSession = Omit<typeof checkoutSessions.$inferInsert, 'id' | 'couponId' | 'status'>;

/**
 * Completed payments plus open, unexpired checkouts holding the coupon (for everyone, and for `userId`). `userId`'s
 * own open checkouts are left out: the next checkout replaces them, so they are no use of theirs (a declined card
 * followed by "Try again" still has the coupon).
 */
async function couponUses(db: Database, couponId: string, userId: string | null, now: Date): Promise<CouponUses> {
  const held = and(
    eq(checkoutSessions.couponId, couponId),
    eq(checkoutSessions.status, 'open'),
    gt(checkoutSessions.expiresAt, now),
    userId ? ne(checkoutSessions.userId, userId) : undefined,
  );
  const [redeemed] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, couponId));
  const [open] = await db.select({ n: count() }).from(checkoutSessions).where(held);
  let byUser: number | null = null;
  if (userId) {
    const [mine] = await db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
    byUser = mine?.n ?? 0;
  }
  return { total: (redeemed?.n ?? 0) + (open?.n ?? 0), byUser };
}

export function createPaymentsRepository(db: Database) {
  return {
    async findCoupon(code: string): Promise<CouponRow | undefined> {
      const [row] = await db
        .select()
        .from(coupons)
        .where(eq(coupons.code, normaliseCouponCode(code)))
        .limit(1);
      return row;
    },

    couponUses: (couponId: string, userId: string | null, now: Date) => couponUses(db, couponId, userId, now),

    /**
     * Opens a checkout session, holding the coupon if there is one. The coupon row is locked while its uses are
     * counted and the session inserted, so two checkouts can't both take its last use. `decide` sees the locked
     * coupon and its uses and either returns the session to insert or throws (nothing is written then).
     */
    async openCheckoutSession(input: {
      userId: string;
      couponCode: string | undefined;
      now: Date;
      decide: (coupon: CouponRow | undefined, uses: CouponUses) => NewCheckoutSession;
    }): Promise<{ session: CheckoutSessionRow; coupon: CouponRow | undefined }> {
      const { userId, now } = input;
      return db.transaction(async (tx) => {
        let coupon: CouponRow | undefined;
        let uses: CouponUses = { total: 0, byUser: 0 };
        if (input.couponCode !== undefined) {
          [coupon] = await tx
            .select()
            .from(coupons)
            .where(eq(coupons.code, normaliseCouponCode(input.couponCode)))
            .for('update');
          if (coupon) {
            // A new checkout replaces the user's earlier unpaid ones holding this coupon (going back and
            // trying again must not count as a second use).
            await tx
              .update(checkoutSessions)
              .set({ status: 'expired' })
              .where(
                and(
                  eq(checkoutSessions.userId, userId),
                  eq(checkoutSessions.couponId, coupon.id),
                  eq(checkoutSessions.status, 'open'),
                ),
              );
            uses = await couponUses(tx, coupon.id, userId, now);
          }
        }
        const values = input.decide(coupon, uses);
        const [session] = await tx
          .insert(checkoutSessions)
          .values({ ...values, couponId: coupon?.id ?? null, status: 'open', createdAt: now })
          .returning();
        if (!session) throw new Error('the checkout session was not inserted');
        return { session, coupon };
      });
    },

    async setProviderSessionId(sessionId: string, providerSessionId: string): Promise<void> {
      await db.update(checkoutSessions).set({ providerSessionId }).where(eq(checkoutSessions.id, sessionId));
    },

    /** The provider could not open the checkout: the session ends, releasing its coupon. */
    async abandonSession(sessionId: string, reason: string): Promise<void> {
      await db
        .update(checkoutSessions)
        .set({ status: 'failed', failureReason: reason })
        .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, 'open')));
    },

    /** A session with what the checkout page shows: the product, the coupon and who is paying. */
    async checkoutDetails(sessionId: string) {
      const [row] = await db
        .select({
          session: checkoutSessions,
          plan: plans,
          packetName: tokenPackets.name,
          couponCode: coupons.code,
          email: users.email,
        })
        .from(checkoutSessions)
        .innerJoin(users, eq(users.id, checkoutSessions.userId))
        .leftJoin(plans, eq(plans.id, checkoutSessions.planId))
        .leftJoin(tokenPackets, eq(tokenPackets.id, checkoutSessions.tokenPacketId))
        .leftJoin(coupons, eq(coupons.id, checkoutSessions.couponId))
        .where(eq(checkoutSessions.id, sessionId))
        .limit(1);
      return row;
    },

    async userEmail(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.email;
    },

    activeSubscription: (userId: string) => findCurrentSubscription(db, userId),

    /** The account's current subscription billed by a provider (a paid plan of any tab), if any. */
    async activePaidSubscription(
      userId: string,
    ): Promise<{ subscription: SubscriptionRow; plan: PlanRow } | undefined> {
      const [row] = await db
        .select({ subscription: subscriptions, plan: plans })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(
          and(
            eq(subscriptions.userId, userId),
            eq(subscriptions.status, 'active'),
            inArray(subscriptions.provider, ['local', 'stripe']),
          ),
        )
        .orderBy(desc(subscriptions.startedAt), desc(subscriptions.id))
        .limit(1);
      return row;
    },

    async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, now: Date): Promise<void> {
      await db
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: cancel, cancelledAt: cancel ? now : null })
        .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.status, 'active')));
    },

    async listInvoices(userId: string): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(eq(invoices.userId, userId))
        .orderBy(desc(invoices.createdAt), desc(invoices.number))
        .limit(200);
    },

    async findInvoice(userId: string, invoiceId: string): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)))
        .limit(1);
      return row;
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
