import { type Database, emailOtps } from '@candor/db';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { OtpPurpose } from '../../mail/templates.js';

export type OtpRow = typeof emailOtps.$inferSelect;

export function createOtpRepository(db: Database) {
  return {
    async latest(userId: string, purpose: OtpPurpose): Promise<OtpRow | undefined> {
      const [row] = await db
        .select()
        .from(emailOtps)
        .where(and(eq(emailOtps.userId, userId), eq(emailOtps.purpose, purpose)))
        .orderBy(desc(emailOtps.createdAt))
        .limit(1);
      return row;
    },

    /** Stores a new code and retires every older unused one of the same purpose, in one transaction. */
    async replace(row: {
      userId: string;
      purpose: OtpPurpose;
      codeHash: string;
      expiresAt: Date;
      now: Date;
      targetEmail?: string | null;
    }) {
      return db.transaction(async (tx) => {
        await tx
          .update(emailOtps)
          .set({ consumedAt: row.now })
          .where(
            and(eq(emailOtps.userId, row.userId), eq(emailOtps.purpose, row.purpose), isNull(emailOtps.consumedAt)),
          );
        const [created] = await tx
          .insert(emailOtps)
          .values({
            userId: row.userId,
            purpose: row.purpose,
            codeHash: row.codeHash,
            targetEmail: row.targetEmail ?? null,
            expiresAt: row.expiresAt,
            createdAt: row.now,
          })
          .returning({ id: emailOtps.id });
        if (!created) throw new Error('insert returned no code');
        return created.id;
      });
    },

    async remove(id: string) {
      await db.delete(emailOtps).where(eq(emailOtps.id, id));
    },

    /** Reserves one try atomically, so concurrent guesses can't exceed the limit; undefined when none are left. */
    async spendAttempt(id: string, maxAttempts: number): Promise<number | undefined> {
      const [row] = await db
        .update(emailOtps)
        .set({ attempts: sql`${emailOtps.attempts} + 1` })
        .where(and(eq(emailOtps.id, id), lt(emailOtps.attempts, maxAttempts), isNull(emailOtps.consumedAt)))
        .returning({ attempts: emailOtps.attempts });
      return row?.attempts;
    },

    /** Marks the code used; false if someone else used it first. */
    async consume(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(emailOtps)
        .set({ consumedAt: now })
        .where(and(eq(emailOtps.id, id), isNull(emailOtps.consumedAt)))
        .returning({ id: emailOtps.id });
      return rows.length === 1;
    },

    async pruneExpired(before: Date) {
      await db.delete(emailOtps).where(lt(emailOtps.expiresAt, before));
    },
  };
}
export type OtpRepository = ReturnType<typeof createOtpRepository>;
