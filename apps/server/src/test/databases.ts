import { randomBytes } from 'node:crypto';
import { createDatabase, type DatabaseHandle, seedDatabase } from '@candor/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { readTestSettings } from '../config/env.js';
import { findLedgerDrift } from '../modules/detector/ledger-check.js';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** PostgreSQL URL of this database (undefined for PGlite). */
  url?: string;
  drop(): Promise<void>;
}

async function closeQuietly(handle: DatabaseHandle) {
  await handle.close().catch(() => {});
}

/** A migrated, seeded in-memory PGlite. */
export async function createPgliteDatabase(): Promise<TestDatabase> {
  const handle = await createDatabase({});
  await handle.migrate();
  await seedDatabase(handle.db);
  return { handle, drop: () => closeQuietly(handle) };
}

async function onAdmin(adminUrl: string, statement: string) {
  const admin = await createDatabase({ databaseUrl: adminUrl, poolSize: 1 });
  try {
    await admin.db.execute(sql.raw(statement));
  } finally {
    await admin.close();
  }
}

/** A fresh PostgreSQL database (`candor_test_<random>`) created through `adminUrl`, migrated and seeded. */
export async function createPostgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `candor_test_${randomBytes(6).toString('hex')}`;
  await onAdmin(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // drop() terminates the connections still closing; that is expected here, not worth a warning.
  const handle = await createDatabase({ databaseUrl: url.toString(), poolSize: 4, onIdleConnectionError: () => {} });
  await handle.migrate();
  await seedDatabase(handle.db);
  return {
    handle,
    url: url.toString(),
    async drop() {
      await closeQuietly(handle);
      await onAdmin(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  /** Why this target doesn't run here, if it doesn't. */
  skip?: string;
  create(): Promise<TestDatabase>;
}

/** PGlite always; PostgreSQL when DATABASE_URL is set (and required when CI=true). */
export function databaseTargets(): DatabaseTarget[] {
  const settings = readTestSettings();
  const adminUrl = settings.databaseUrl;
  if (!adminUrl && settings.ci) {
    throw new Error('CI=true but DATABASE_URL is not set: the PostgreSQL service tests must run in CI');
  }
  return [
    { name: 'pglite', create: createPgliteDatabase },
    adminUrl
      ? { name: 'postgres', create: () => createPostgresDatabase(adminUrl) }
      : {
          name: 'postgres',
          skip: 'skipped: no DATABASE_URL',
          create: () => Promise.reject(new Error('no DATABASE_URL')),
        },
  ];
}

/**
 * Runs `body` once per available database, each on a fresh one (a getter: it exists once `beforeAll` ran).
 * Afterwards every balance must still match its ledger, whatever the suite did.
 */
export function describeOnEachDatabase(
  title: string,
  body: (database: () => TestDatabase, target: DatabaseTarget) => void,
): void {
  for (const target of databaseTargets()) {
    if (target.skip) {
      describe.skip(`${title} on ${target.name} (${target.skip})`, () => body(() => unavailable(target), target));
      continue;
    }
    describe(`${title} on ${target.name}`, () => {
      let database: TestDatabase | undefined;
      beforeAll(async () => {
        database = await target.create();
      });
      afterAll(async () => {
        try {
          if (database) expect(await findLedgerDrift(database.handle.db), 'ledger drift after the suite').toEqual([]);
        } finally {
          await database?.drop();
        }
      });
      body(() => database ?? unavailable(target), target);
    });
  }
}

function unavailable(target: DatabaseTarget): never {
  throw new Error(`the ${target.name} test database is not available`);
}
