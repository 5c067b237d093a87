import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { e2eDatabaseUrl } from './database';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/** New licence codes made by the admin CLI (`npm run codes -- create`) in the e2e server's PostgreSQL database. */
export async function createLicenceCodes(tier: number, count = 1): Promise<string[]> {
  const url = e2eDatabaseUrl();
  if (!url) throw new Error('licence codes need the e2e PostgreSQL database (run with DATABASE_URL)');
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/codes.ts', 'create', '--tier', String(tier), '--count', String(count)],
    { cwd: root, env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' } },
  );
  return stdout.trim().split('\n');
}
