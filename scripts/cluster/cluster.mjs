// A Candor cluster on this machine: N stateless instances of the built server (apps/server/dist) on one PostgreSQL
// and one Redis, behind HAProxy. Used by `npm run cluster`, the cluster tests (e2e/cluster/) and bench/cluster*.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { allServices, haproxyConfig } from './haproxy.mjs';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');

const log = (line) => process.stderr.write(`cluster: ${line}\n`);

/** Installs HAProxy from Debian when it is missing (as root, like scripts/services.sh does for PostgreSQL). */
export function ensureHaproxy() {
  if (spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0) return;
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  log('installing haproxy from Debian');
  for (const args of [
    ['apt-get', 'update', '-qq'],
    ['apt-get', 'install', '-y', '-qq', 'haproxy'],
  ]) {
    const [command, ...rest] = [...asRoot, ...args];
    const result = spawnSync(command, rest, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0)
      throw new Error(`${args.join(' ')} failed: install haproxy yourself (apt-get install haproxy)`);
  }
}

/** The secrets every instance must share, from the environment or generated once into `file` (0600). */
export function sharedSecrets(file, env = process.env) {
  let stored = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8'));
  const secrets = {
    JWT_SECRET: env.JWT_SECRET || stored.JWT_SECRET || randomBytes(48).toString('base64url'),
    PII_VAULT_KEY: env.PII_VAULT_KEY || stored.PII_VAULT_KEY || randomBytes(48).toString('base64url'),
  };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  chmodSync(file, 0o600);
  return secrets;
}

/** Runs `npm run db:migrate` once against `env`'s DATABASE_URL, before any instance starts. */
export function migrateOnce(env) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/migrate.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`db:migrate failed (${result.status})`);
}

/** Asks HAProxy's stats socket for `command` and returns its answer. */
function askHaproxy(socket, command) {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socket);
    let answer = '';
    connection.on('connect', () => connection.write(`${command}\n`));
    connection.on('data', (chunk) => {
      answer += chunk;
    });
    connection.on('end', () => resolve(answer));
    connection.on('error', reject);
  });
}

async function readyAt(url, timeoutMs = 1_000) {
  try {
    const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Starts HAProxy and `instances` servers. `instances` is a count (each serves every service) or a list of SERVICES
 * values, one per instance. Instance i (from 1) listens on `instancePort(i)`; the proxy on `proxyPort`.
 *
 * @param {{
 *   instances?: number | string[], proxyPort: number, instancePort?: (i: number) => number, host?: string,
 *   databaseUrl: string, redisUrl: string, redisKeyPrefix?: string, dataDir: string, env?: Record<string, string>,
 *   migrate?: boolean, logs?: 'inherit' | 'files', readyTimeoutMs?: number,
 * }} options
 */
export async function startCluster(options) {
  const {
    proxyPort,
    instancePort = (i) => proxyPort + i,
    host = '127.0.0.1',
    databaseUrl,
    redisUrl,
    redisKeyPrefix = 'candor',
    dataDir,
    migrate = true,
    logs = 'files',
    readyTimeoutMs = 180_000,
  } = options;
  if (!databaseUrl?.startsWith('postgres')) throw new Error('a cluster needs DATABASE_URL (PostgreSQL)');
  if (!redisUrl) throw new Error('a cluster needs REDIS_URL');
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: run npm run build first`);
  ensureHaproxy();
  const services =
    typeof options.instances === 'object'
      ? options.instances
      : Array.from({ length: options.instances ?? 3 }, () => '');
  mkdirSync(dataDir, { recursive: true });
  // One outbox for the cluster (as one mail server would be), so a code mailed by any instance is found in one place.
  const outbox = path.join(dataDir, 'outbox');
  mkdirSync(outbox, { recursive: true, mode: 0o700 });
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'candor-cluster-'));
  const statsSocket = path.join(runDir, 'haproxy.sock');

  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: host,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://${host}:${proxyPort}`,
    ...options.env,
    ...sharedSecrets(path.join(dataDir, 'secrets.json'), { ...process.env, ...options.env }),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    // The proxy's address: X-Forwarded-For from it names the client (per-IP rate limits), from anyone else it's ignored.
    TRUST_PROXY: host,
  };
  if (migrate) migrateOnce(env);

  const members = services.map((value, index) => {
    const i = index + 1;
    const instanceDir = path.join(dataDir, `instance-${i}`);
    mkdirSync(instanceDir, { recursive: true });
    if (!existsSync(path.join(instanceDir, 'outbox'))) symlinkSync(outbox, path.join(instanceDir, 'outbox'));
    return {
      i,
      name: `instance-${i}`,
      host,
      port: instancePort(i),
      services: value ? value.split(',').map((s) => s.trim()) : allServices,
      url: `http://${host}:${instancePort(i)}`,
      dataDir: instanceDir,
      logFile: path.join(dataDir, `instance-${i}.log`),
      /** @type {import('node:child_process').ChildProcess | undefined} */
      child: undefined,
      exited: Promise.resolve(),
    };
  });
  for (const m of members) {
    if (await readyAt(m.url, 300)) throw new Error(`port ${m.port} is taken by another server`);
  }
  if (await readyAt(`http://${host}:${proxyPort}`, 300)) throw new Error(`port ${proxyPort} is taken`);

  const spawnInstance = (m) => {
    const out = logs === 'files' ? openSync(m.logFile, 'a') : 'inherit';
    const child = spawn(process.execPath, [serverMain], {
      cwd: repoRoot,
      stdio: ['ignore', out, out],
      env: {
        ...env,
        PORT: String(m.port),
        DATA_DIR: m.dataDir,
        ...(m.services === allServices ? {} : { SERVICES: m.services.join(',') }),
      },
    });
    m.child = child;
    m.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    return child;
  };
  const waitReady = async (m) => {
    const deadline = Date.now() + readyTimeoutMs;
    while (Date.now() < deadline) {
      if (m.child?.exitCode !== null && m.child?.exitCode !== undefined) {
        throw new Error(`${m.name} exited during start-up (see ${m.logFile})`);
      }
      if (await readyAt(m.url)) return;
      await sleep(250);
    }
    throw new Error(`${m.name} was not ready within ${readyTimeoutMs / 1000} s (see ${m.logFile})`);
  };

  const configFile = path.join(runDir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig({ bind: `${host}:${proxyPort}`, statsSocket, instances: members }));
  let haproxy;
  const children = () => [haproxy, ...members.map((m) => m.child)].filter(Boolean);
  // Whatever happens to this process, its servers don't outlive it.
  const killAll = () => {
    for (const child of children()) if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  try {
    for (const m of members) spawnInstance(m);
    await Promise.all(members.map(waitReady));
    const check = spawnSync('haproxy', ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`the HAProxy configuration is invalid:\n${check.stderr}`);
    const haproxyLog = logs === 'files' ? openSync(path.join(dataDir, 'haproxy.log'), 'a') : 'inherit';
    haproxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', haproxyLog, haproxyLog] });
  } catch (error) {
    killAll();
    throw error;
  }

  /** Each backend server's state as HAProxy sees it: { 'all/instance-1': 'UP', … }. */
  const proxyState = async () => {
    const csv = await askHaproxy(statsSocket, 'show stat');
    const state = {};
    for (const line of csv.split('\n')) {
      const [backend, server, ...fields] = line.split(',');
      if (!backend || backend.startsWith('#') || server === 'FRONTEND' || server === 'BACKEND' || !server) continue;
      state[`${backend}/${server}`] = fields[15];
    }
    return state;
  };
  /** Waits until HAProxy sees instance `i` as `status` (UP or DOWN) in every backend it belongs to. */
  const waitProxyState = async (i, status, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const state = await proxyState().catch(() => ({}));
      const mine = Object.entries(state).filter(([key]) => key.endsWith(`/instance-${i}`));
      if (mine.length > 0 && mine.every(([, value]) => value?.startsWith(status))) return;
      await sleep(200);
    }
    throw new Error(`HAProxy did not see instance-${i} ${status} within ${timeoutMs / 1000} s`);
  };
  const proxyUrl = `http://${host}:${proxyPort}`;
  for (const m of members) await waitProxyState(m.i, 'UP');

  const member = (i) => {
    const m = members[i - 1];
    if (!m) throw new Error(`no instance ${i}`);
    return m;
  };
  const cluster = {
    proxyUrl,
    dataDir,
    outbox,
    env,
    instances: members,
    proxyState,
    waitProxyState,
    /** Sends `signal` to instance i and waits for it to exit. */
    async kill(i, signal = 'SIGKILL') {
      const m = member(i);
      if (m.child && m.child.exitCode === null && m.child.signalCode === null) m.child.kill(signal);
      const stopped = await Promise.race([m.exited, sleep(20_000).then(() => undefined)]);
      if (!stopped) {
        m.child?.kill('SIGKILL');
        await m.exited;
      }
      return stopped;
    },
    /** Starts instance i again (after a kill) and waits until it and the proxy say it is up. */
    async start(i) {
      const m = member(i);
      spawnInstance(m);
      await waitReady(m);
      await waitProxyState(i, 'UP');
    },
    /** A graceful restart: SIGTERM, wait for the exit, start again. */
    async restart(i) {
      const stopped = await cluster.kill(i, 'SIGTERM');
      await cluster.start(i);
      return stopped;
    },
    async stop() {
      await Promise.all(members.map((m) => cluster.kill(m.i, 'SIGTERM')));
      if (haproxy && haproxy.exitCode === null) {
        const exited = new Promise((resolve) => haproxy.once('exit', resolve));
        haproxy.kill('SIGTERM');
        await Promise.race([exited, sleep(5_000)]);
        if (haproxy.exitCode === null) haproxy.kill('SIGKILL');
      }
      process.off('exit', killAll);
      rmSync(runDir, { recursive: true, force: true });
    },
  };
  return cluster;
}

/** Deletes every Redis key under `prefix` (a finished run's queue, snapshots and counters). */
export async function deleteRedisKeys(redisUrl, prefix) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

/** Creates database `name` through `adminUrl` (dropping it first when `fresh`) and returns its URL. */
export async function ensureDatabase(adminUrl, name, { fresh = false } = {}) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (fresh) await admin.query(`drop database if exists "${name}" with (force)`);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops database `name` through `adminUrl`. */
export async function dropDatabase(adminUrl, name) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}
