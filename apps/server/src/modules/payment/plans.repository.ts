import { type Database, plans, subscriptions } from '@candor/db';
import { and, asc, desc, eq } from 'drizzle-orm';

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The account's current plan: its most recently started active subscription, with the plan. */
export async function findCurrentSubscription(
  db: Database,
  userId: string,
): Promise<{ subscription: SubscriptionRow; plan: PlanRow } | undefined> {
  const [row] = await db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
    .orderBy(desc(subscriptions.startedAt), desc(subscriptions.id))
    .limit(1);
  return row;
}

export function createPlansRepository(db: Database) {
  return {
    async listActive(): Promise<PlanRow[]> {
      return db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.sortOrder), asc(plans.slug));
    },

    /** The user's most recently started active subscription with its plan. */
    latestActiveSubscription: (userId: string) => findCurrentSubscription(db, userId),
  };
}
export type PlansRepository = ReturnType<typeof createPlansRepository>;
