import { subscriptions, tokenAccounts, users } from '@candor/db';
import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../test/databases.js';
import { createUsersRepository, DuplicateUserError, type NewAccount } from './users.repository.js';

describeOnEachDatabase('the users repository', (database) => {
  const account = (overrides: Partial<NewAccount> = {}): NewAccount => ({
    fullName: 'Ada Lovelace',
    email: 'ada@example.test',
    username: 'ada',
    passwordHash: '$argon2id$not-a-real-hash',
    referralCode: 'AAAAAAAA',
    referredByCode: null,
    now: new Date(),
    ...overrides,
  });

  it('tells which unique value a concurrent sign-up took, and leaves nothing half-made', async () => {
    const { db } = database().handle;
    const repo = createUsersRepository(db);
    await repo.createWithFreePlan(account());
    const duplicates: [Partial<NewAccount>, DuplicateUserError['field']][] = [
      [{ username: 'ada2', referralCode: 'BBBBBBBB' }, 'email'],
      [{ email: 'other@example.test', referralCode: 'CCCCCCCC' }, 'username'],
      [{ email: 'third@example.test', username: 'ada3' }, 'referral_code'],
    ];
    for (const [overrides, field] of duplicates) {
      const error = await repo.createWithFreePlan(account(overrides)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateUserError);
      expect((error as DuplicateUserError).field).toBe(field);
    }
    const [{ n: userCount } = { n: -1 }] = await db.select({ n: count() }).from(users);
    const [{ n: accountCount } = { n: -1 }] = await db.select({ n: count() }).from(tokenAccounts);
    const [{ n: subscriptionCount } = { n: -1 }] = await db.select({ n: count() }).from(subscriptions);
    expect([userCount, accountCount, subscriptionCount]).toEqual([1, 1, 1]);
  });

  it('finds a session user only while the family is alive', async () => {
    const { db } = database().handle;
    const repo = createUsersRepository(db);
    const [user] = await db.select().from(users).where(eq(users.email, 'ada@example.test'));
    expect(await repo.findSessionUser(user?.id ?? '', '00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
