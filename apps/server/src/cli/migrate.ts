/**
 * `npm run db:migrate`: applies pending migrations and the seed catalogue, then exits. A deployment runs it once per
 * release before starting its instances (docs/operations.md); instances still migrate at start, under a lock, so this
 * step only takes the work (and its failure) out of their start.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type DatabaseHandle, seedDatabase } from '@candor/db';
import type { Config } from '../config/env.js';
import { type CliIo, openCliDatabase, runAsMain, UsageError } from './cli-support.js';

export async function runMigrate(argv: string[], config: Config, io: CliIo): Promise<number> {
  let handle: DatabaseHandle | undefined;
  try {
    if (argv.length > 0) throw new UsageError(`unexpected argument: ${argv.join(' ')} (the command takes none)`);
    handle = await openCliDatabase(config);
    const started = Date.now();
    await handle.migrate();
    await seedDatabase(handle.db);
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : path.join(config.dataDir, 'pglite');
    io.out(`Migrated and seeded ${where} in ${Date.now() - started} ms.`);
    return 0;
  } catch (error) {
    io.err(`Error: ${(error as Error).message}`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await handle?.close().catch(() => {});
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await runAsMain(runMigrate);
}
