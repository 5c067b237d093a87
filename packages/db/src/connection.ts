import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { CachingPGlite } from './pglite-statement-cache.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The driver-neutral Drizzle handle every repository takes. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending SQL migrations; safe to call on every start, also by instances starting together. */
  migrate(): Promise<void>;
  /** True when a trivial query answers (for `/readyz`). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; absent means in memory (tests). */
  dataDir?: string | undefined;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /**
   * Called when PostgreSQL drops an idle pooled connection (a restart, a failover, an administrator). The pool
   * replaces it on the next query; without a listener node-postgres would throw and end the process.
   */
  onIdleConnectionError?: (error: Error) => void;
}

/** Found through the package itself so it resolves the same from source and from a bundle. */
export const migrationsFolder = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@candor/db/package.json')),
  'migrations',
);

// pg_advisory_lock key of the migrations ("cand" in ASCII): one instance migrates while the others wait for it.
export const MIGRATION_LOCK_KEY = 0x63616e64;

/** Migrates on one connection holding the advisory lock; a later holder finds nothing left to apply. */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // A connection that failed mid-way is closed rather than pooled, which also drops a lock it still held.
    client.release(broken);
  }
}

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on(
      'error',
      options.onIdleConnectionError ??
        ((error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`)),
    );
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: () => migrateUnderLock(pool),
      ping: () => ping(db as unknown as Database),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir ? new CachingPGlite(options.dataDir) : new CachingPGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: () => ping(db as unknown as Database),
    close: () => client.close(),
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
