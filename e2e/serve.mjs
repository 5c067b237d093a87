// Starts the built server for the end-to-end run on a fresh data directory (and, when DATABASE_URL is set, a
// fresh PostgreSQL database), so every run begins from an empty product.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadTestSiteTexts, requiredDatasetsDir, startTestSite } from '@candor/engine-site-scan/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  e2eBaseUrl,
  e2eCoupons,
  e2eDataDir,
  e2eLlmLog,
  e2eLlmModel,
  e2ePort,
  e2eStateFile,
  e2eTestSiteHost,
  e2eTestSiteOrigin,
} from './env.mjs';
import { e2eOidcClient, startOidcProvider } from './support/oidc-provider.mjs';
import { startTestLlm } from './support/test-llm.ts';

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
// With REDIS_URL (CI sets it), rate limits and the job queue live in Redis, as in a deployment of many instances,
// under a prefix of this run's own. Keys of earlier runs on this port are deleted here, like their databases.
let redisKeyPrefix;
if (process.env.REDIS_URL) {
  redisKeyPrefix = `candor-e2e:${e2ePort}:${Date.now()}`;
  const redis = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 1 });
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `candor-e2e:${e2ePort}:*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
}
writeFileSync(e2eStateFile, JSON.stringify({ databaseUrl: databaseUrl ?? null }));

// A local OpenID provider stands in for Google: "Continue with …" signs in against it.
const oidc = await startOidcProvider({ port: e2ePort + 1000, appUrl: e2eBaseUrl });

// A local OpenAI-compatible server stands in for the LLM of Secure LLM Chat; it logs every prompt it receives.
const llm = await startTestLlm({ port: e2ePort + 1001, log: e2eLlmLog });

const repoRoot = path.resolve(import.meta.dirname, '..');

// The website the SEO Scanner spec crawls; the server may read this private origin, and no other.
await startTestSite({
  texts: loadTestSiteTexts(requiredDatasetsDir(), 40),
  articles: 20,
  host: e2eTestSiteHost,
  port: e2ePort + 1002,
  slowMs: 300,
});
const serverEnv = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(e2ePort),
  HOST: '127.0.0.1',
  DATA_DIR: e2eDataDir,
  DATABASE_URL: databaseUrl ?? '',
  SMTP_URL: '',
  REDIS_URL: process.env.REDIS_URL ?? '',
  REDIS_KEY_PREFIX: redisKeyPrefix ?? 'candor',
  LOG_LEVEL: 'warn',
  PUBLIC_URL: `http://127.0.0.1:${e2ePort}`,
  OTP_RESEND_COOLDOWN_SECONDS: '3',
  // Every test signs in from 127.0.0.1; the per-account limit still applies.
  AUTH_RATE_LIMIT_PER_IP: '10000',
  OIDC_ISSUER: oidc.issuer,
  OIDC_CLIENT_ID: e2eOidcClient.client_id,
  OIDC_CLIENT_SECRET: e2eOidcClient.client_secret,
  OIDC_FLOW: 'code',
  // The generation tools also write with SmolLM2 when it has been fetched (CI fetches it).
  ...(await import('./support/local-model.mjs')).localModelEnv(),
  LLM_BASE_URL: llm.url,
  LLM_MODELS: e2eLlmModel,
  SITE_SCAN_PRIVATE_ORIGINS: e2eTestSiteOrigin,
};

// The coupons the payment specs use. The catalogue CLI opens the database itself (and migrates it), so it runs
// before the server: a PGlite directory can be open in one process at a time.
for (const coupon of e2eCoupons) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/catalog.ts', 'coupons', 'add', ...coupon],
    { cwd: repoRoot, env: serverEnv, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`creating coupon ${coupon.join(' ')} failed (${result.status})`);
}

// E2E_CLUSTER=N: N instances behind HAProxy on E2E_PORT (npm run cluster's), the last serving a subset of the services.
const clusterSize = Number(process.env.E2E_CLUSTER || 0);
if (clusterSize > 0) {
  if (!databaseUrl || !process.env.REDIS_URL) throw new Error('E2E_CLUSTER needs DATABASE_URL and REDIS_URL');
  const { startCluster } = await import('../scripts/cluster/cluster.mjs');
  const { PORT, HOST, DATA_DIR, ...clusterEnv } = serverEnv;
  const cluster = await startCluster({
    instances: Array.from({ length: clusterSize }, (_, i) =>
      clusterSize > 1 && i === clusterSize - 1 ? 'auth,payment,governance' : '',
    ),
    proxyPort: e2ePort,
    databaseUrl,
    redisUrl: process.env.REDIS_URL,
    redisKeyPrefix,
    dataDir: e2eDataDir,
    env: clusterEnv,
    // The coupons' catalogue run has migrated the database.
    migrate: false,
    logs: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => cluster.stop().then(() => process.exit(0)));
} else {
  const server = spawn(process.execPath, [path.resolve(repoRoot, 'apps/server/dist/main.js')], {
    stdio: 'inherit',
    env: serverEnv,
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill('SIGTERM'));
  server.on('exit', (code) => process.exit(code ?? 0));
}
