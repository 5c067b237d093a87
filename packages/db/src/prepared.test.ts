import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './connection.js';
import { preparedQuery } from './prepared.js';
import { plans } from './schema.js';
import { seedDatabase } from './seed.js';

const adminUrl = process.env.DATABASE_URL?.trim() || undefined;

/** A fresh, migrated and seeded database of each kind: PGlite always, PostgreSQL with DATABASE_URL. */
const kinds: { name: string; open: () => Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> }[] = [
  {
    name: 'PGlite',
    open: async () => {
      const handle = await createDatabase({});
      return { handle, drop: async () => {} };
    },
  },
];
if (adminUrl) {
  kinds.push({
    name: 'PostgreSQL',
    open: async () => {
      const name = `candor_prepared_${randomBytes(6).toString('hex')}`;
      const admin = await createDatabase({ databaseUrl: adminUrl, poolSize: 1 });
      await admin.db.execute(sql.raw(`create database "${name}"`));
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const handle = await createDatabase({ databaseUrl: url.toString(), poolSize: 3 });
      return {
        handle,
        drop: async () => {
          await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
          await admin.close();
        },
      };
    },
  });
}

let builds = 0;
const planBySlug = preparedQuery((db) => {
  builds++;
  return db
    .select({ slug: plans.slug, tokens: plans.tokens })
    .from(plans)
    .where(eq(plans.slug, sql.placeholder('slug')))
    .prepare('');
});

describe.each(kinds)('preparedQuery on $name', ({ open }) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, drop } = await open());
    await handle.migrate();
    await seedDatabase(handle.db);
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  it('runs the query with each call’s values', async () => {
    const [free] = await planBySlug(handle.db).execute({ slug: 'free' });
    expect(free?.slug).toBe('free');
    expect(await planBySlug(handle.db).execute({ slug: 'no-such-plan' })).toEqual([]);
  });

  it('runs inside a transaction that uses it: it sees the transaction’s writes, which roll back with it', async () => {
    const buildsBefore = builds;
    const [before] = await planBySlug(handle.db).execute({ slug: 'free' });
    const rollback = new Error('roll back');
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.update(plans).set({ tokens: 123_456 }).where(eq(plans.slug, 'free'));
        const [inside] = await planBySlug(tx).execute({ slug: 'free' });
        expect(inside?.tokens).toBe(123_456);
        // The database's own connection, outside the transaction, does not see it.
        if (handle.kind === 'postgres')
          expect((await planBySlug(handle.db).execute({ slug: 'free' }))[0]).toEqual(before);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect((await planBySlug(handle.db).execute({ slug: 'free' }))[0]).toEqual(before);
    // Built once for the driver, not again for the transaction.
    expect(builds).toBe(buildsBefore);
  });
});
