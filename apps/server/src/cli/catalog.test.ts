import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { coupons, createDatabase, plans, tokenPackets } from '@candor/db';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv, readTestSettings } from '../config/env.js';
import { createPostgresDatabase, type TestDatabase } from '../test/databases.js';
import { runCatalogCli } from './catalog.js';

async function run(argv: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const config = parseEnv({ NODE_ENV: 'test', PORT: '1', ...env });
  const code = await runCatalogCli(argv, config, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

async function ok(argv: string[], env: Record<string, string>) {
  const result = await run(argv, env);
  expect(result.code, `${argv.join(' ')}: ${result.err.join('\n')}`).toBe(0);
  return result;
}

// Each command opens the embedded database, migrates and seeds it: slow on a busy machine.
describe('npm run catalog on PGlite', { timeout: 120_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'candor-catalog-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir };

  async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof createDatabase>>['db']) => Promise<T>) {
    const handle = await createDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  }

  it('lists and edits plans, including the free plan’s allowance and length', async () => {
    const list = await ok(['plans', 'list'], env);
    expect(list.out[0]).toMatch(/^slug\s+name\s+tab\s+period\s+price\s+tokens\s+days\s+active$/);
    expect(list.out.join('\n')).toMatch(/free\s+Free\s+free\s+none\s+0\.00 USD\s+2,000\s+14\s+true/);
    expect(list.out.join('\n')).toMatch(/stealth-ai-unlimited-monthly\s.*\sunlimited\s/);

    await ok(['plans', 'set', 'free', '--tokens', '5000', '--duration-days', '30'], env);
    await ok(['plans', 'set', 'ai-detector-pro-yearly', '--price-cents', '19900', '--name', 'Pro+'], env);
    await ok(['plans', 'set', 'stealth-ai-starter-monthly', '--tokens', '-1', '--active', 'false'], env);
    await withDatabase(async (db) => {
      const [free] = await db.select().from(plans).where(eq(plans.slug, 'free'));
      expect(free).toMatchObject({ tokens: 5_000, durationDays: 30 });
      const [pro] = await db.select().from(plans).where(eq(plans.slug, 'ai-detector-pro-yearly'));
      expect(pro).toMatchObject({ priceCents: 19_900, name: 'Pro+' });
      const [starter] = await db.select().from(plans).where(eq(plans.slug, 'stealth-ai-starter-monthly'));
      expect(starter).toMatchObject({ tokens: -1, active: false });
    });
  });

  it('gives a plan API access at a rate, and takes it away, keeping its other limits', async () => {
    await ok(['plans', 'set', 'ai-detector-pro-monthly', '--api-requests-per-minute', '30'], env);
    const limitsOf = () =>
      withDatabase(
        async (db) => (await db.select().from(plans).where(eq(plans.slug, 'ai-detector-pro-monthly')))[0]?.limits,
      );
    const otherLimits = { maxWordsPerRun: 100_000, maxPagesPerScan: 5_000 };
    expect(await limitsOf()).toEqual({ ...otherLimits, apiRequestsPerMinute: 30 });
    await ok(['plans', 'set', 'ai-detector-pro-monthly', '--api-requests-per-minute', 'none'], env);
    expect(await limitsOf()).toEqual({ ...otherLimits, apiRequestsPerMinute: null });
    expect((await run(['plans', 'set', 'free', '--api-requests-per-minute', '0'], env)).code).toBe(2);
  });

  it('adds, edits and lists token packets', async () => {
    const added = await ok(
      ['packets', 'add', '--slug', 'tokens-5m', '--name', '5M tokens', '--tokens', '5000000', '--price-cents', '39900'],
      env,
    );
    expect(added.err.join('\n')).toContain('tokens-5m');
    await ok(['packets', 'set', 'tokens-50k', '--price-cents', '800', '--active', 'false'], env);
    const list = await ok(['packets', 'list'], env);
    expect(list.out.at(-1)).toMatch(/^tokens-5m\s+5M tokens\s+5,000,000\s+399\.00 USD\s+true$/);
    expect(list.out.join('\n')).toMatch(/tokens-50k\s+50K tokens\s+50,000\s+8\.00 USD\s+false/);
    const again = await run(
      ['packets', 'add', '--slug', 'tokens-5m', '--name', 'x', '--tokens', '1', '--price-cents', '1'],
      env,
    );
    expect(again.code).toBe(2);
    expect(again.err[0]).toContain('exists');
  });

  it('adds coupons with every option, lists and disables them', async () => {
    await ok(
      [
        'coupons',
        'add',
        '--code',
        'launch25',
        '--percent-off',
        '25',
        '--description',
        'Launch week',
        '--valid-from',
        '2026-01-01',
        '--valid-until',
        '2099-12-31T23:59:59Z',
        '--max-redemptions',
        '100',
        '--max-per-user',
        '2',
        '--products',
        'ai-detector-pro-yearly,tokens-200k',
      ],
      env,
    );
    await ok(['coupons', 'add', '--code', 'FIVE', '--amount-off-cents', '500', '--max-per-user', 'unlimited'], env);
    await withDatabase(async (db) => {
      const [launch] = await db.select().from(coupons).where(eq(coupons.code, 'LAUNCH25'));
      expect(launch).toMatchObject({
        percentOff: 25,
        amountOffCents: null,
        description: 'Launch week',
        maxRedemptions: 100,
        maxRedemptionsPerUser: 2,
        productSlugs: ['ai-detector-pro-yearly', 'tokens-200k'],
        active: true,
      });
      expect(launch?.validFrom?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
      const [five] = await db.select().from(coupons).where(eq(coupons.code, 'FIVE'));
      expect(five).toMatchObject({ amountOffCents: 500, maxRedemptions: null, maxRedemptionsPerUser: null });
    });

    await ok(['coupons', 'disable', 'launch25'], env);
    const list = await ok(['coupons', 'list'], env);
    expect(list.out[0]).toMatch(/^code\s+discount\s+used\s+max\s+per_user\s+from\s+until\s+products\s+active$/);
    const text = list.out.join('\n');
    expect(text).toMatch(
      /LAUNCH25\s+25%\s+0\s+100\s+2\s+2026-01-01 00:00\s+2099-12-31 23:59\s+ai-detector-pro-yearly,tokens-200k\s+false/,
    );
    expect(text).toMatch(/FIVE\s+5\.00 USD\s+0\s+-\s+-\s+-\s+-\s+all\s+true/);
  });

  it('explains bad usage with exit code 2 and changes nothing', async () => {
    for (const argv of [
      ['plans'],
      ['plans', 'delete'],
      ['plans', 'set'],
      ['plans', 'set', 'free'],
      ['plans', 'set', 'nope', '--tokens', '5'],
      ['plans', 'set', 'free', '--tokens', '-2'],
      ['plans', 'set', 'free', '--active', 'yes'],
      ['plans', 'set', 'ai-detector-pro-yearly', '--duration-days', '10'],
      ['plans', 'set', 'ai-detector-pro-yearly', '--price-cents', '0'],
      ['plans', 'set', 'free', '--code', 'X'],
      ['plans', 'list', 'extra'],
      ['packets', 'add', '--slug', 'Bad Slug', '--name', 'x', '--tokens', '1', '--price-cents', '1'],
      ['packets', 'add', '--slug', 'tokens-x', '--name', 'x', '--tokens', '1'],
      ['packets', 'set', 'nope', '--tokens', '5'],
      ['coupons', 'add', '--code', 'BOTH', '--percent-off', '10', '--amount-off-cents', '100'],
      ['coupons', 'add', '--code', 'NEITHER'],
      ['coupons', 'add', '--code', 'BIG', '--percent-off', '101'],
      ['coupons', 'add', '--code', 'bad code', '--percent-off', '10'],
      ['coupons', 'add', '--code', 'WHEN', '--percent-off', '10', '--valid-until', 'tomorrow'],
      [
        'coupons',
        'add',
        '--code',
        'BACK',
        '--percent-off',
        '10',
        '--valid-from',
        '2026-02-01',
        '--valid-until',
        '2026-01-01',
      ],
      ['coupons', 'add', '--code', 'WHAT', '--percent-off', '10', '--products', 'no-such-plan'],
      ['coupons', 'add', '--code', 'ZERO', '--percent-off', '10', '--max-redemptions', '0'],
      ['coupons', 'add', '--code', 'FIVE', '--percent-off', '10'],
      ['coupons', 'disable', 'NOSUCH'],
      ['coupons', 'add', '--percent-off', '10'],
      ['coupons', 'add', '--code', 'X', '--percent-off', '10', '--nope'],
    ]) {
      const result = await run(argv, env);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.out).toEqual([]);
      expect(result.err[0]).toMatch(/^Error: /);
    }
    await withDatabase(async (db) => {
      const codes = (await db.select({ code: coupons.code }).from(coupons)).map((c) => c.code).sort();
      expect(codes).toEqual(['FIVE', 'LAUNCH25']);
      const [free] = await db.select().from(plans).where(eq(plans.slug, 'free'));
      expect(free?.tokens).toBe(5_000);
      expect(await db.select().from(tokenPackets).where(eq(tokenPackets.slug, 'tokens-x'))).toEqual([]);
    });
    const help = await run(['help'], env);
    expect(help.code).toBe(0);
    expect(help.out.join('\n')).toContain('coupons add --code CODE');
  });
});

const adminUrl = readTestSettings().databaseUrl;
describe.skipIf(!adminUrl)('npm run catalog on PostgreSQL', () => {
  let database: TestDatabase | undefined;
  afterAll(() => database?.drop());

  it('edits the DATABASE_URL database', async () => {
    database = await createPostgresDatabase(adminUrl ?? '');
    const env = { DATABASE_URL: database.url ?? '' };
    await ok(['coupons', 'add', '--code', 'PG10', '--percent-off', '10', '--products', 'tokens-1m'], env);
    await ok(['plans', 'set', 'free', '--duration-days', '7'], env);
    const [coupon] = await database.handle.db.select().from(coupons).where(eq(coupons.code, 'PG10'));
    expect(coupon?.productSlugs).toEqual(['tokens-1m']);
    const [free] = await database.handle.db.select().from(plans).where(eq(plans.slug, 'free'));
    expect(free?.durationDays).toBe(7);
    expect((await ok(['coupons', 'list'], env)).out.join('\n')).toContain('PG10');
  });
});
