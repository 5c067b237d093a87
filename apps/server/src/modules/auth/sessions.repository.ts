import { type Database, refreshTokens } from '@candor/db';
import { and, eq, isNull, lt } from 'drizzle-orm';
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

    /** Rows past their expiry can't be presented any more, so they no longer serve reuse detection. */
    async pruneExpired(before: Date) {
      await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, before));
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
