/**
 * Admin CLI for marketplace licence codes: `npm run codes -- create --tier T --count N`, `npm run codes -- list`.
 * Connects like the server does (DATABASE_URL, or the embedded PGlite in DATA_DIR/pglite).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { MAX_LICENCE_TIER } from '@candor/contracts';
import { type DatabaseHandle, seedDatabase } from '@candor/db';
import type { Config } from '../config/env.js';
import { createLicencesRepository } from '../modules/auth/licences.repository.js';
import { createLicencesService } from '../modules/auth/licences.service.js';
import { type CliIo, openCliDatabase, reportCliError, runAsMain, UsageError } from './cli-support.js';

const MAX_COUNT = 10_000;

export const usage = `Usage: npm run codes -- <command> [options]

Commands:
  create --tier T --count N [--batch NAME]
      Creates N new licence codes of tier T (1-${MAX_LICENCE_TIER}) and prints them, one per line.
      The codes are printed ONCE: only their SHA-256 hashes are stored, so keep the output safe.
      The batch name defaults to the date and a random suffix.
  list
      Counts the codes per batch and tier, redeemed or not. Never prints a code.
  help
      Shows this help.

Database: the same settings as the server. With DATABASE_URL it uses that PostgreSQL database; without it, the
embedded PGlite database in DATA_DIR/pglite (default ./.data/pglite). PGlite can be opened by one process only:
stop the server before running this command against it (it refuses to run while the server answers on PORT).`;

function positiveInt(value: string | undefined, name: string, max: number): number {
  if (value === undefined) throw new UsageError(`--${name} is required`);
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new UsageError(`--${name} must be a whole number from 1 to ${max}`);
  }
  return Number(value);
}

/** Runs one command; returns the exit code. The codes go to `out`, everything else to `err`. */
export async function runCodesCli(argv: string[], config: Config, io: CliIo): Promise<number> {
  let handle: DatabaseHandle | undefined;
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        tier: { type: 'string' },
        count: { type: 'string' },
        batch: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    const [command, ...rest] = positionals;
    if (values.help || command === 'help' || command === undefined) {
      io.out(usage);
      return command === undefined && !values.help ? 1 : 0;
    }
    if (rest.length > 0) throw new UsageError(`unexpected argument: ${rest.join(' ')}`);
    if (command !== 'create' && command !== 'list') throw new UsageError(`unknown command: ${command}`);

    const tier = command === 'create' ? positiveInt(values.tier, 'tier', MAX_LICENCE_TIER) : 0;
    const count = command === 'create' ? positiveInt(values.count, 'count', MAX_COUNT) : 0;
    const batch =
      values.batch?.trim() || `${new Date().toISOString().slice(0, 10)}-t${tier}-${randomBytes(3).toString('hex')}`;
    if (batch.length > 100) throw new UsageError('--batch must be at most 100 characters');

    handle = await openCliDatabase(config);
    await handle.migrate();
    await seedDatabase(handle.db);
    const repo = createLicencesRepository(handle.db);

    if (command === 'create') {
      const codes = await createLicencesService({ repo, clock: () => new Date() }).createCodes(tier, count, batch);
      io.err(`Created ${codes.length} tier-${tier} code${codes.length === 1 ? '' : 's'} in batch "${batch}".`);
      io.err('They are shown only now: only their hashes are stored.');
      for (const code of codes) io.out(code);
      return 0;
    }

    const rows = await repo.batchSummary();
    if (rows.length === 0) {
      io.out('No licence codes yet. Create some with: npm run codes -- create --tier 1 --count 10');
      return 0;
    }
    const header = ['batch', 'tier', 'codes', 'redeemed', 'unused', 'created'];
    const table = rows.map((r) => [
      r.batch,
      String(r.tier),
      String(r.total),
      String(r.redeemed),
      String(r.total - r.redeemed),
      r.createdAt.toISOString().slice(0, 16).replace('T', ' '),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]?.length ?? 0)));
    for (const row of [header, ...table])
      io.out(
        row
          .map((cell, i) => cell.padEnd(widths[i] ?? 0))
          .join('  ')
          .trimEnd(),
      );
    return 0;
  } catch (error) {
    return reportCliError(error, io, 'npm run codes -- help');
  } finally {
    await handle?.close().catch(() => {});
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await runAsMain((argv, config, io) => runCodesCli(argv, config, io));
}
