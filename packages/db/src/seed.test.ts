import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './connection.js';
import { cancellationReasons, modelCoefficients, plans, tokenPackets } from './schema.js';
import { seedDatabase } from './seed.js';

describe('seedDatabase', () => {
  let handle: DatabaseHandle;
  const count = async (
    table: typeof plans | typeof modelCoefficients | typeof cancellationReasons | typeof tokenPackets,
  ) => (await handle.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

  beforeAll(async () => {
    handle = await createDatabase({});
    await handle.migrate();
  });
  afterAll(() => handle.close());

  it('seeds plans, token packets, model coefficients and cancellation reasons once, however often it runs', async () => {
    await seedDatabase(handle.db);
    const counts = async () => [
      await count(plans),
      await count(tokenPackets),
      await count(modelCoefficients),
      await count(cancellationReasons),
    ];
    const first = await counts();
    await seedDatabase(handle.db);
    await seedDatabase(handle.db);
    expect(await counts()).toEqual(first);
    expect(first).toEqual([14, 3, 15, 9]);
  });

  it('seeds one inactive, never-ending plan per licence tier', async () => {
    const rows = await handle.db.select().from(plans).where(sql`${plans.slug} like 'licence-tier-%'`);
    expect(rows.map((p) => [p.slug, p.tokens, p.active, p.period, p.durationDays]).sort()).toEqual([
      ['licence-tier-1', 100_000, false, 'none', null],
      ['licence-tier-2', 300_000, false, 'none', null],
      ['licence-tier-3', -1, false, 'none', null],
    ]);
  });

  it('keeps an edit made after the first seed', async () => {
    await handle.db.update(plans).set({ priceCents: 999 }).where(eq(plans.slug, 'ai-detector-basic-monthly'));
    await seedDatabase(handle.db);
    const [basic] = await handle.db.select().from(plans).where(eq(plans.slug, 'ai-detector-basic-monthly'));
    expect(basic?.priceCents).toBe(999);
  });

  it('migrates again without error: migrations already applied are skipped', async () => {
    await expect(handle.migrate()).resolves.toBeUndefined();
  });
});
