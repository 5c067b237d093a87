import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, licenceCodes } from '@candor/db';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv, readTestSettings } from '../config/env.js';
import { hashLicenceCode } from '../modules/auth/licences.service.js';
import { createPostgresDatabase, type TestDatabase } from '../test/databases.js';
import { runCodesCli } from './codes.js';

async function run(argv: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const config = parseEnv({ NODE_ENV: 'test', PORT: '1', ...env });
  const code = await runCodesCli(argv, config, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

const CODE = /^CANDOR(-[A-Z2-7]{4}){4}$/;

describe('npm run codes on PGlite', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'candor-codes-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir };

  it('create prints N new codes once and stores only their hashes; list never prints a code', async () => {
    const created = await run(['create', '--tier', '2', '--count', '5', '--batch', 'launch'], env);
    expect(created.code, created.err.join('\n')).toBe(0);
    expect(created.out).toHaveLength(5);
    for (const line of created.out) expect(line).toMatch(CODE);
    expect(new Set(created.out).size).toBe(5);
    expect(created.err.join('\n')).toContain('shown only now');

    const again = await run(['create', '--tier', '1', '--count', '2', '--batch', 'launch'], env);
    expect(again.code).toBe(0);
    await run(['create', '--tier', '3', '--count', '1'], env);

    const handle = await createDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const rows = await handle.db.select().from(licenceCodes);
      expect(rows).toHaveLength(8);
      const stored = new Set(rows.map((r) => r.codeHash));
      for (const code of created.out) expect(stored.has(hashLicenceCode(code))).toBe(true);
      const dump = JSON.stringify(rows);
      for (const code of [...created.out, ...again.out]) expect(dump).not.toContain(code.slice(7));
      // Mark one as redeemed for the list below.
      await handle.db
        .update(licenceCodes)
        .set({ redeemedAt: new Date() })
        .where(eq(licenceCodes.codeHash, hashLicenceCode(created.out[0] ?? '')));
    } finally {
      await handle.close();
    }

    const list = await run(['list'], env);
    expect(list.code).toBe(0);
    const text = list.out.join('\n');
    expect(list.out[0]).toMatch(/^batch\s+tier\s+codes\s+redeemed\s+unused\s+created$/);
    expect(text).toMatch(/launch\s+1\s+2\s+0\s+2/);
    expect(text).toMatch(/launch\s+2\s+5\s+1\s+4/);
    expect(text).toMatch(/-t3-[0-9a-f]{6}\s+3\s+1\s+0\s+1/);
    for (const code of [...created.out, ...again.out]) {
      expect(text).not.toContain(code);
      expect(text).not.toContain(code.slice(7));
    }
  });

  it('explains bad usage with exit code 2 and prints help', async () => {
    for (const argv of [
      ['create', '--tier', '4', '--count', '1'],
      ['create', '--tier', '1'],
      ['create', '--tier', '1', '--count', '0'],
      ['create', '--tier', 'x', '--count', '1'],
      ['delete'],
      ['create', '--tier', '1', '--count', '1', '--nope'],
    ]) {
      const result = await run(argv, env);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.out).toEqual([]);
      expect(result.err[0]).toMatch(/^Error: /);
    }
    const help = await run(['--help'], env);
    expect(help.code).toBe(0);
    expect(help.out.join('\n')).toContain('stop the server');
  });

  it('refuses to open PGlite while the server answers on PORT', async () => {
    const server = createServer((_req, res) => res.end('{"status":"ok"}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((server.address() as AddressInfo).port);
      const result = await run(['list'], { ...env, PORT: port });
      expect(result.code).toBe(2);
      expect(result.err.join('\n')).toContain('Stop the server');
    } finally {
      server.close();
    }
  });
});

const adminUrl = readTestSettings().databaseUrl;
describe.skipIf(!adminUrl)('npm run codes on PostgreSQL', () => {
  let database: TestDatabase | undefined;
  afterAll(() => database?.drop());

  it('creates and lists codes in the DATABASE_URL database', async () => {
    database = await createPostgresDatabase(adminUrl ?? '');
    const env = { DATABASE_URL: database.url ?? '' };
    const created = await run(['create', '--tier', '1', '--count', '3', '--batch', 'pg'], env);
    expect(created.code, created.err.join('\n')).toBe(0);
    expect(created.out).toHaveLength(3);
    const rows = await database.handle.db.select().from(licenceCodes);
    expect(rows.map((r) => r.codeHash).sort()).toEqual(created.out.map(hashLicenceCode).sort());
    const list = await run(['list'], env);
    expect(list.out.join('\n')).toMatch(/pg\s+1\s+3\s+0\s+3/);
  });
});
