import { type Database, identities, plans, refreshTokens, subscriptions, uniqueViolation, users } from '@candor/db';
import { and, eq, exists, isNull, like, or, sql } from 'drizzle-orm';
import { setPlanAllowance } from '../detector/ledger.js';
import { noSessionUserCache, type SessionUserCache } from './session-cache.js';

export type UserRow = typeof users.$inferSelect;

export interface NewAccount {
  fullName: string;
  email: string;
  username: string;
  /** Null for an account made by signing in with an identity provider. */
  passwordHash: string | null;
  referralCode: string;
  referredByCode: string | null;
  now: Date;
  /** Set when the provider already proved the address: the account starts verified, linked to this identity. */
  identity?: { issuer: string; subject: string; email: string };
}

/** Work that must commit or roll back together with the user change that calls it (a referral credit). */
export type AlsoInTransaction = (tx: Database, user: UserRow) => Promise<unknown>;

/** Which unique value a concurrent insert collided with. */
export class DuplicateUserError extends Error {
  constructor(readonly field: 'email' | 'username' | 'referral_code' | 'unknown') {
    super(`duplicate ${field}`);
  }
}

/** Every method that changes a user forgets them in `cache`, so sessions never serve a stale row here. */
export function createUsersRepository(db: Database, cache: SessionUserCache<UserRow> = noSessionUserCache) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    async findByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
      return row;
    },

    /** The user, if they exist and the session family is neither revoked nor foreign: one query per request. */
    async findSessionUser(userId: string, familyId: string): Promise<UserRow | null> {
      const cached = cache.get(userId, familyId);
      if (cached) return cached;
      const ticket = cache.ticket();
      const alive = db
        .select({ one: sql`1` })
        .from(refreshTokens)
        .where(
          and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)),
        );
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), exists(alive)))
        .limit(1);
      if (row) cache.set(userId, familyId, row, ticket);
      return row ?? null;
    },

    /** Usernames equal to `base` or starting with it, to pick a free numeric suffix. */
    async usernamesLike(base: string): Promise<Set<string>> {
      const escaped = base.replace(/[\\%_]/g, (c) => `\\${c}`);
      const rows = await db
        .select({ username: users.username })
        .from(users)
        .where(or(eq(users.username, base), like(users.username, `${escaped}%`)));
      return new Set(rows.map((r) => r.username));
    },

    /** User, token account and free subscription all or nothing; `DuplicateUserError` if a unique value was taken. */
    async createWithFreePlan(account: NewAccount, within?: AlsoInTransaction): Promise<UserRow> {
      try {
        return await db.transaction(async (tx) => {
          const [free] = await tx.select().from(plans).where(eq(plans.slug, 'free')).limit(1);
          if (!free) throw new Error('the free plan is missing: was the database seeded?');
          const [user] = await tx
            .insert(users)
            .values({
              fullName: account.fullName,
              email: account.email,
              username: account.username,
              passwordHash: account.passwordHash,
              referralCode: account.referralCode,
              referredByCode: account.referredByCode,
              isVerified: account.identity !== undefined,
              createdAt: account.now,
              updatedAt: account.now,
            })
            .returning();
          if (!user) throw new Error('insert returned no user');
          if (account.identity) await tx.insert(identities).values({ userId: user.id, ...account.identity });
          const expiresAt = free.durationDays ? new Date(account.now.getTime() + free.durationDays * 86_400_000) : null;
          const [subscription] = await tx
            .insert(subscriptions)
            .values({
              userId: user.id,
              planId: free.id,
              startedAt: account.now,
              currentPeriodStart: account.now,
              expiresAt,
            })
            .returning({ id: subscriptions.id });
          await setPlanAllowance(tx, {
            userId: user.id,
            tokens: free.tokens,
            reason: 'free_plan',
            reference: subscription && { type: 'subscription', id: subscription.id },
            now: account.now,
          });
          await within?.(tx, user);
          return user;
        });
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === null) throw error;
        if (constraint.includes('email')) throw new DuplicateUserError('email');
        if (constraint.includes('username')) throw new DuplicateUserError('username');
        if (constraint.includes('referral')) throw new DuplicateUserError('referral_code');
        throw new DuplicateUserError('unknown');
      }
    },

    /** A repeated sign-up of an address that was never verified takes over the pending account. */
    async updatePending(id: string, changes: { fullName: string; passwordHash: string; now: Date }) {
      await db
        .update(users)
        .set({ fullName: changes.fullName, passwordHash: changes.passwordHash, updatedAt: changes.now })
        .where(and(eq(users.id, id), eq(users.isVerified, false)));
      cache.forgetUser(id);
    },

    async markVerified(id: string, now: Date, within?: AlsoInTransaction): Promise<UserRow | undefined> {
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({ isVerified: true, updatedAt: now })
          .where(eq(users.id, id))
          .returning();
        if (updated) await within?.(tx, updated);
        return updated;
      });
      cache.forgetUser(id);
      return row;
    },

    /** A reset proves the mailbox, so it verifies the account too. */
    async setPassword(id: string, passwordHash: string, now: Date, within?: AlsoInTransaction) {
      await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({ passwordHash, isVerified: true, updatedAt: now })
          .where(eq(users.id, id))
          .returning();
        if (updated) await within?.(tx, updated);
      });
      cache.forgetUser(id);
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
