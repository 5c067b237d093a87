import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, plans } from '@candor/db';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv, readTestSettings } from '../config/env.js';
import { runMigrate } from './migrate.js';

async function run(argv: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const config = parseEnv({ NODE_ENV: 'test', PORT: '1', ...env });
  const code = await runMigrate(argv, config, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('npm run db:migrate on PGlite', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'candor-migrate-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates and seeds an empty data directory, and a second run changes nothing', async () => {
    for (const _ of [1, 2]) {
      const result = await run([], { DATA_DIR: dataDir });
      expect(result.code, result.err.join('\n')).toBe(0);
      expect(result.out.join('\n')).toContain('Migrated and seeded');
    }
    const handle = await createDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      expect((await handle.db.select().from(plans)).length).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
  });

  it('takes no argument', async () => {
    const result = await run(['--force'], { DATA_DIR: dataDir });
    expect(result.code).toBe(2);
    expect(result.err.join('\n')).toContain('unexpected argument');
  });
});

const adminUrl = readTestSettings().databaseUrl;
describe.skipIf(!adminUrl)(`npm run db:migrate on PostgreSQL${adminUrl ? '' : ' (skipped: no DATABASE_URL)'}`, () => {
  it('prepares a fresh database while instances start on it at the same time', async () => {
    const name = `candor_migrate_cli_${Date.now()}`;
    const admin = await createDatabase({ databaseUrl: adminUrl, poolSize: 1 });
    await admin.db.execute(sql.raw(`create database "${name}"`));
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'candor-migrate-'));
    try {
      const results = await Promise.all([1, 2, 3].map(() => run([], { DATA_DIR: dataDir, DATABASE_URL: `${url}` })));
      for (const result of results) expect(result.code, result.err.join('\n')).toBe(0);
      const handle = await createDatabase({ databaseUrl: url.toString(), poolSize: 1 });
      try {
        expect((await handle.db.select().from(plans)).length).toBeGreaterThan(0);
      } finally {
        await handle.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
      await admin.close();
    }
  });
});
