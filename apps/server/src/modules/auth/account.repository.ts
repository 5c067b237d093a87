import { accountDeletionFeedback, cancellationReasons, type Database, uniqueViolation, users } from '@candor/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { SessionUserCache } from './session-cache.js';
import type { UserRow } from './users.repository.js';

export const ACCOUNT_DELETE_SOURCE = 'account_delete';

/** Writes of the account screen; each forgets the user in the per-instance session cache before returning. */
export function createAccountRepository(db: Database, cache: SessionUserCache<unknown>) {
  return {
    async updateProfile(userId: string, changes: { fullName: string; category: string; now: Date }) {
      const [row] = await db
        .update(users)
        .set({ fullName: changes.fullName, category: changes.category, updatedAt: changes.now })
        .where(eq(users.id, userId))
        .returning();
      cache.forgetUser(userId);
      return row;
    },

    /** The new, verified address; 'taken' when another account got it first. */
    async setEmail(userId: string, email: string, now: Date): Promise<UserRow | 'taken' | undefined> {
      try {
        const [row] = await db
          .update(users)
          .set({ email, isVerified: true, updatedAt: now })
          .where(eq(users.id, userId))
          .returning();
        return row;
      } catch (error) {
        if (uniqueViolation(error) !== null) return 'taken';
        throw error;
      } finally {
        cache.forgetUser(userId);
      }
    },

    async setPassword(userId: string, passwordHash: string, now: Date) {
      await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
      cache.forgetUser(userId);
    },

    /** Which of `ids` are deletion reasons (anything else is refused). */
    async deletionReasonIds(ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: cancellationReasons.id })
        .from(cancellationReasons)
        .where(and(eq(cancellationReasons.source, ACCOUNT_DELETE_SOURCE), inArray(cancellationReasons.id, ids)));
      return new Set(rows.map((r) => r.id));
    },

    /**
     * One transaction: the feedback without any identity, then the user row. Foreign keys take the rest: history,
     * token account, subscriptions, sessions, codes, identities, licence activations and contact requests are
     * deleted; referral credits and redeemed licence codes keep no user id.
     */
    async deleteAccount(userId: string, feedback: { reasonIds: number[]; message: string | null; now: Date }) {
      await db.transaction(async (tx) => {
        await tx
          .insert(accountDeletionFeedback)
          .values({ reasonIds: feedback.reasonIds, message: feedback.message, createdAt: feedback.now });
        const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
        if (deleted.length !== 1) throw new Error('the account to delete is gone');
      });
      cache.forgetUser(userId);
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
