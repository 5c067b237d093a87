import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './connection.js';
import { preparedQuery } from './prepared.js';
import { plans } from './schema.js';
import { seedDatabase } from './seed.js';

const planBySlug = preparedQuery((db) =>
  db
    .select({ slug: plans.slug, tokens: plans.tokens })
    .from(plans)
    .where(eq(plans.slug, sql.placeholder('slug')))
    .prepare(''),
);

describe('preparedQuery (PGlite)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createDatabase({});
    await handle.migrate();
    await seedDatabase(handle.db);
  });
  afterAll(() => handle.close());

  it('builds a query once per handle and runs it with each call’s values', async () => {
    expect(planBySlug(handle.db)).toBe(planBySlug(handle.db));
    const [free] = await planBySlug(handle.db).execute({ slug: 'free' });
    expect(free?.slug).toBe('free');
    expect(await planBySlug(handle.db).execute({ slug: 'no-such-plan' })).toEqual([]);
  });

  it('gives a transaction a query of its own, which sees the transaction’s writes and rolls back with it', async () => {
    const [before] = await planBySlug(handle.db).execute({ slug: 'free' });
    const rollback = new Error('roll back');
    await expect(
      handle.db.transaction(async (tx) => {
        expect(planBySlug(tx)).not.toBe(planBySlug(handle.db));
        await tx.update(plans).set({ tokens: 123_456 }).where(eq(plans.slug, 'free'));
        const [inside] = await planBySlug(tx).execute({ slug: 'free' });
        expect(inside?.tokens).toBe(123_456);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    const [after] = await planBySlug(handle.db).execute({ slug: 'free' });
    expect(after?.tokens).toBe(before?.tokens);
  });
});
