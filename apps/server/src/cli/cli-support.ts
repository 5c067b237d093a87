/** What every admin CLI shares: output streams, usage errors, opening the database like the server does. */
import path from 'node:path';
import { createDatabase, type DatabaseHandle } from '@candor/db';
import { type Config, ConfigError, loadConfig } from '../config/env.js';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** A mistake in the command line: reported with a pointer to the help, exit code 2. */
export class UsageError extends Error {}

/**
 * Prints a failed run's error and gives its exit code: 2, with a pointer to `helpCommand`, for a usage mistake (ours,
 * node:util parseArgs' own, or one `isUsageMistake` recognises); 1 for anything else.
 */
export function reportCliError(
  error: unknown,
  io: CliIo,
  helpCommand: string,
  isUsageMistake: (error: unknown) => boolean = () => false,
): number {
  io.err(`Error: ${(error as Error).message}`);
  const usage = error instanceof UsageError || (error instanceof TypeError && 'code' in error) || isUsageMistake(error);
  if (!usage) return 1;
  io.err(`Run \`${helpCommand}\` for usage.`);
  return 2;
}

/** True when something (the server) answers /healthz on PORT: PGlite must not be opened by two processes. */
async function serverIsRunning(config: Config): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${config.port}/healthz`, { signal: AbortSignal.timeout(1_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** DATABASE_URL's PostgreSQL, or the embedded PGlite in DATA_DIR/pglite when the server isn't holding it. */
export async function openCliDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl) return createDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
  const dataDir = path.join(config.dataDir, 'pglite');
  if (await serverIsRunning(config)) {
    throw new UsageError(
      `The server is running on port ${config.port} with the embedded PGlite database in ${dataDir}, which only one ` +
        'process can open. Stop the server, run this command, then start the server again (or use DATABASE_URL).',
    );
  }
  try {
    return await createDatabase({ dataDir });
  } catch (error) {
    throw new UsageError(
      `Could not open the PGlite database in ${dataDir} (${(error as Error).message}). ` +
        'If the server is running, stop it first: PGlite can be opened by one process only.',
    );
  }
}

/** Loads the configuration (printing every problem) and runs `command` with the process's arguments and streams. */
export async function runAsMain(command: (argv: string[], config: Config, io: CliIo) => Promise<number>) {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) console.error(`Configuration error: ${problem}`);
    process.exit(1);
  }
  const io: CliIo = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  };
  process.exitCode = await command(process.argv.slice(2), config, io);
}
