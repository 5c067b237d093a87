import { apiKeys, type Database, preparedQuery } from '@candor/db';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

// Every public API request looks its key up.
const keyByHash = preparedQuery((db) =>
  db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.secretHash, sql.placeholder('secretHash')))
    .limit(1)
    .prepare(''),
);

export function createApiKeysRepository(db: Database) {
  const live = (userId: string) => and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt));
  return {
    /** The user's keys not deleted (expired ones included, so the page can say so), newest first. */
    listLive: (userId: string) => db.select().from(apiKeys).where(live(userId)).orderBy(desc(apiKeys.createdAt)),

    async countLive(userId: string): Promise<number> {
      const [row] = await db.select({ value: count() }).from(apiKeys).where(live(userId));
      return Number(row?.value ?? 0);
    },

    async insert(row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
      const [created] = await db.insert(apiKeys).values(row).returning();
      if (!created) throw new Error('insert returned no API key');
      return created;
    },

    async findByHash(secretHash: string): Promise<ApiKeyRow | undefined> {
      const [row] = await keyByHash(db).execute({ secretHash });
      return row;
    },

    /** Revokes one of the user's live keys; false when it is not theirs, unknown or already gone. */
    async revoke(userId: string, id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: now })
        .where(and(eq(apiKeys.id, id), live(userId)))
        .returning({ id: apiKeys.id });
      return rows.length > 0;
    },

    async touch(id: string, now: Date): Promise<void> {
      await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id));
    },
  };
}
export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
