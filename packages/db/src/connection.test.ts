import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './connection.js';

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
