import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDatabase, migrationsFolder } from './connection.js';
import { plans } from './schema.js';
import { seedDatabase } from './seed.js';

const adminUrl = process.env.DATABASE_URL?.trim() || undefined;

describe.skipIf(!adminUrl)(`PostgreSQL connection${adminUrl ? '' : ' (skipped: no DATABASE_URL)'}`, () => {
  it('survives PostgreSQL dropping its idle connections, and says so', async () => {
    const seen: string[] = [];
    const handle = await createDatabase({
      databaseUrl: adminUrl,
      poolSize: 2,
      onIdleConnectionError: (error) => seen.push(error.message),
    });
    const admin = await createDatabase({ databaseUrl: adminUrl, poolSize: 1 });
    try {
      const marker = `candor-${randomBytes(4).toString('hex')}`;
      await handle.db.execute(sql.raw(`set application_name = '${marker}'`));
      await admin.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${marker}`,
      );
      await expect.poll(() => seen.length).toBeGreaterThan(0);
      expect(seen[0]).toMatch(/terminating connection/);
      expect(await handle.ping()).toBe(true);
    } finally {
      await admin.close();
      await handle.close();
    }
  });
});

describe.skipIf(!adminUrl)(`PostgreSQL migrations${adminUrl ? '' : ' (skipped: no DATABASE_URL)'}`, () => {
  it('are applied once when several instances start together on a fresh database', async () => {
    const name = `candor_migrate_${randomBytes(6).toString('hex')}`;
    const admin = await createDatabase({ databaseUrl: adminUrl, poolSize: 1 });
    await admin.db.execute(sql.raw(`create database "${name}"`));
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    const instances = await Promise.all(
      Array.from({ length: 6 }, () =>
        createDatabase({ databaseUrl: url.toString(), poolSize: 2, onIdleConnectionError: () => {} }),
      ),
    );
    try {
      // What each instance's start does, all at once: migrate, then seed.
      const starts = await Promise.allSettled(
        instances.map(async (handle) => {
          await handle.migrate();
          await seedDatabase(handle.db);
        }),
      );
      expect(
        starts.filter((s) => s.status === 'rejected').map((s) => String((s as PromiseRejectedResult).reason)),
      ).toEqual([]);
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const migrations = async () => {
        const result = await instances[0]?.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
      };
      expect(await migrations()).toBe(journal.entries.length);
      expect((await instances[0]?.db.select().from(plans))?.length).toBeGreaterThan(0);
      // A later start finds nothing to do.
      await instances[1]?.migrate();
      expect(await migrations()).toBe(journal.entries.length);
    } finally {
      await Promise.all(instances.map((handle) => handle.close().catch(() => {})));
      await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
      await admin.close();
    }
  });
});
