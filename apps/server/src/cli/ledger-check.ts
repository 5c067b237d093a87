/**
 * `npm run ledger:check`: rebuilds every balance from the token ledger and compares it with the stored balances.
 * Exit code 0 when nothing drifted, 1 when something did (each account is listed), 2 on a usage error.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DatabaseHandle } from '@candor/db';
import type { Config } from '../config/env.js';
import { findLedgerDrift } from '../modules/detector/ledger-check.js';
import { type CliIo, openCliDatabase, runAsMain, UsageError } from './cli-support.js';

export async function runLedgerCheck(argv: string[], config: Config, io: CliIo): Promise<number> {
  let handle: DatabaseHandle | undefined;
  try {
    if (argv.length > 0) throw new UsageError(`unexpected argument: ${argv.join(' ')} (the command takes none)`);
    handle = await openCliDatabase(config);
    await handle.migrate();
    const drift = await findLedgerDrift(handle.db);
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : path.join(config.dataDir, 'pglite');
    if (drift.length === 0) {
      io.out(`Ledger check: zero drift. Every balance in ${where} equals its ledger.`);
      return 0;
    }
    io.out(`Ledger check: ${drift.length} problem${drift.length === 1 ? '' : 's'} in ${where}:`);
    for (const d of drift) io.out(`  user ${d.userId}: ${d.problem} — ${d.detail}`);
    return 1;
  } catch (error) {
    io.err(`Error: ${(error as Error).message}`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await handle?.close().catch(() => {});
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await runAsMain(runLedgerCheck);
}
