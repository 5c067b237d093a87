// Starts the built server for the end-to-end run on a fresh data directory (and, when DATABASE_URL is set, a
// fresh PostgreSQL database), so every run begins from an empty product.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { e2eDataDir, e2ePort, e2eStateFile } from './env.mjs';

rmSync(e2eDataDir, { recursive: true, force: true });
mkdirSync(e2eDataDir, { recursive: true });

let databaseUrl;
if (process.env.DATABASE_URL) {
  const name = `candor_e2e_${e2ePort}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  // Databases of earlier runs on this port are dropped here rather than at exit, which a killed run never reaches.
  const { rows } = await admin.query('select datname from pg_database where datname like $1', [
    `candor_e2e_${e2ePort}_%`,
  ]);
  for (const row of rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}
writeFileSync(e2eStateFile, JSON.stringify({ databaseUrl: databaseUrl ?? null }));

const server = spawn(process.execPath, [path.resolve(import.meta.dirname, '../apps/server/dist/main.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(e2ePort),
    HOST: '127.0.0.1',
    DATA_DIR: e2eDataDir,
    DATABASE_URL: databaseUrl ?? '',
    SMTP_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${e2ePort}`,
    OTP_RESEND_COOLDOWN_SECONDS: '3',
    // Every test signs in from 127.0.0.1; the per-account limit still applies.
    AUTH_RATE_LIMIT_PER_IP: '10000',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill('SIGTERM'));
server.on('exit', (code) => process.exit(code ?? 0));
