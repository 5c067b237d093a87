import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './connection.js';
import { cancellationReasons, modelCoefficients, plans, tokenPackets } from './schema.js';
import { seedDatabase, seedPlans } from './seed.js';

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
    expect(first).toEqual([14, 3, 16, 9]);
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

  it('turns the feature strings of a catalogue seeded before 0009 into feature lines as the seed writes them, keeping edits', async () => {
    // The catalogue as the seed wrote it before feature lines named their products.
    const before: Record<string, string[]> = {
      free: ['2,000 tokens to try every tool', '14 days'],
      'ai-detector-basic': ['AI, humanized and copyright detection', 'Writing analysis', 'History of every run'],
      'ai-detector-pro': ['Everything in Basic', 'Sentence-level highlights', 'Website scanner'],
      'stealth-ai-starter': ['Stealth AI writer', 'Content enhancer', 'AI humanizer'],
      'stealth-ai-unlimited': ['Everything in Stealth Starter', 'Unlimited tokens'],
      'api-agent-starter': ['Every tool over the REST API', 'API keys', '60 requests per minute'],
    };
    const rows = await handle.db.select().from(plans);
    for (const row of rows) {
      const tier = /^licence-tier-(\d)$/.exec(row.slug)?.[1];
      const tokens = ['100,000 tokens', '300,000 tokens', 'Unlimited tokens'][Number(tier) - 1];
      const old = tier ? [tokens, 'Lifetime licence', 'Every AI detection tool'] : before[row.family ?? row.slug];
      await handle.db.execute(sql`update plans set features = ${JSON.stringify(old)}::jsonb where id = ${row.id}`);
    }
    const edited = ['Basic, edited by hand'];
    await handle.db.execute(
      sql`update plans set features = ${JSON.stringify(edited)}::jsonb where slug = 'ai-detector-basic-yearly'`,
    );

    const migration = await readFile(new URL('../migrations/0009_plan_feature_lines.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await handle.db.execute(sql.raw(statement));

    const after = new Map((await handle.db.select().from(plans)).map((row) => [row.slug, row.features]));
    for (const plan of seedPlans) {
      if (plan.slug === 'ai-detector-basic-yearly') continue;
      expect(after.get(plan.slug), plan.slug).toEqual(plan.features);
    }
    expect(after.get('ai-detector-basic-yearly')).toEqual([{ text: 'Basic, edited by hand' }]);
  });

  it('migrates again without error: migrations already applied are skipped', async () => {
    await expect(handle.migrate()).resolves.toBeUndefined();
  });
});
