import { type Database, identities, usedIdTokens, users } from '@candor/db';
import { and, eq, lt } from 'drizzle-orm';
import type { UserRow } from './users.repository.js';

export interface IdentityKey {
  issuer: string;
  subject: string;
}

export function createOidcRepository(db: Database) {
  return {
    async findUserByIdentity(key: IdentityKey): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(identities)
        .innerJoin(users, eq(users.id, identities.userId))
        .where(and(eq(identities.issuer, key.issuer), eq(identities.subject, key.subject)))
        .limit(1);
      return row?.user;
    },

    /**
     * Links an identity to an existing account in one transaction. A pending (never verified) account is
     * claimed: the provider proved the mailbox, and the password someone typed at sign-up is dropped so
     * whoever pre-registered the address cannot sign in with it.
     */
    async link(user: UserRow, identity: IdentityKey & { email: string }, now: Date): Promise<UserRow> {
      return db.transaction(async (tx) => {
        await tx
          .insert(identities)
          .values({ userId: user.id, ...identity })
          .onConflictDoNothing();
        if (user.isVerified) return user;
        const [claimed] = await tx
          .update(users)
          .set({ isVerified: true, passwordHash: null, updatedAt: now })
          .where(eq(users.id, user.id))
          .returning();
        return claimed ?? user;
      });
    },

    /** Records an accepted ID token; false when it was already used (a replay). Expired records are dropped. */
    async markTokenUsed(tokenHash: string, expiresAt: Date, now: Date): Promise<boolean> {
      await db.delete(usedIdTokens).where(lt(usedIdTokens.expiresAt, now));
      const inserted = await db
        .insert(usedIdTokens)
        .values({ tokenHash, expiresAt })
        .onConflictDoNothing()
        .returning({ tokenHash: usedIdTokens.tokenHash });
      return inserted.length === 1;
    },
  };
}
export type OidcRepository = ReturnType<typeof createOidcRepository>;
