// After the end-to-end run: every balance the journeys changed (sign-ups, purchases, referrals, licences) must
// still equal what its ledger adds up to. Runs `npm run ledger:check` on the run's own database.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { e2eDataDir, e2eStateFile } from './env.mjs';

const { databaseUrl } = JSON.parse(readFileSync(e2eStateFile, 'utf8'));
const result = spawnSync('npm', ['run', '-s', 'ledger:check'], {
  cwd: path.resolve(import.meta.dirname, '..'),
  stdio: 'inherit',
  // PORT nobody listens on: the check refuses to open a PGlite directory a running server still holds.
  env: { ...process.env, DATABASE_URL: databaseUrl ?? '', DATA_DIR: e2eDataDir, PORT: '1' },
});
process.exit(result.status ?? 1);
