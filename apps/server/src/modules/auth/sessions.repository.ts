import { type Database, refreshTokens } from '@candor/db';
import { and, asc, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import { noSessionUserCache, type SessionUserCache } from './session-cache.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type NewRefreshToken = typeof refreshTokens.$inferInsert;

/** Revocations forget the family in `cache` before they return, so this process refuses it at once. */
export function createSessionsRepository(db: Database, cache: SessionUserCache<unknown> = noSessionUserCache) {
  return {
    async create(row: NewRefreshToken) {
      await db.insert(refreshTokens).values(row);
    },

    async find(id: string): Promise<RefreshTokenRow | undefined> {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id)).limit(1);
      return row;
    },

    /** Retires `oldId` and stores its successor atomically; false if a concurrent request got there first (reuse). */
    async rotate(oldId: string, next: NewRefreshToken, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const retired = await tx
          .update(refreshTokens)
          .set({ rotatedAt: now })
          .where(and(eq(refreshTokens.id, oldId), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
          .returning({ id: refreshTokens.id });
        if (retired.length !== 1) return false;
        await tx.insert(refreshTokens).values(next);
        return true;
      });
    },

    async revokeFamily(familyId: string, now: Date) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
      cache.forgetFamily(familyId);
    },

    async revokeAllOfUser(userId: string, now: Date) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
      cache.forgetUser(userId);
    },

    /** Every unrevoked, unexpired row of the user, oldest first (the account's sessions list groups them by family). */
    async listUnrevoked(userId: string, now: Date): Promise<RefreshTokenRow[]> {
      return db
        .select()
        .from(refreshTokens)
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
        .orderBy(asc(refreshTokens.createdAt));
    },

    /** Revokes one family of `userId`; false when it isn't theirs or is already over. */
    async revokeFamilyOfUser(userId: string, familyId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(
          and(eq(refreshTokens.userId, userId), eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)),
        )
        .returning({ id: refreshTokens.id });
      cache.forgetFamily(familyId);
      return rows.length > 0;
    },

    /** Every family of the user except `keepFamilyId` (a password change keeps the session that made it). */
    async revokeOthersOfUser(userId: string, keepFamilyId: string, now: Date) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(
          and(
            eq(refreshTokens.userId, userId),
            ne(refreshTokens.familyId, keepFamilyId),
            isNull(refreshTokens.revokedAt),
          ),
        );
      cache.forgetUser(userId);
    },

    /** Rows past their expiry can't be presented any more, so they no longer serve reuse detection. */
    async pruneExpired(before: Date) {
      await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, before));
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
