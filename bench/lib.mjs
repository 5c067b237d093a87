// Shared plumbing for the benchmarks: start the built server on a fresh data dir, make a signed-in user, and
// describe the machine the numbers were taken on.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: `${cpus[0]?.model ?? 'unknown'} × ${cpus.length}`,
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    date: new Date().toISOString(),
  };
}

/** A fresh PostgreSQL database for one run, dropped by the returned function. */
export async function freshPostgres(baseUrl) {
  const name = `candor_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/** Starts the built server; `dataDir` defaults to a fresh temporary directory (pass one to prepare it first). */
export async function startServer({
  port,
  databaseUrl = '',
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'candor-bench-')),
  // With Redis, the job queue runs there (BullMQ) under this run's own key prefix, as a multi-instance deployment.
  redisUrl = '',
  redisKeyPrefix = `candor-bench:${port}:${Date.now()}`,
}) {
  mkdirSync(dataDir, { recursive: true });
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server under the load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/dist/main.js')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      return {
        base,
        dataDir,
        pid: child.pid,
        async stop() {
          await stop(child);
          if (redisUrl) await deleteRedisKeys(redisUrl, redisKeyPrefix);
        },
      };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not become ready');
}

/** Deletes the keys a benchmark's server left under its own prefix. */
async function deleteRedisKeys(url, prefix) {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
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

function stop(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/** An autocannon result as a row of a benchmark's table. */
export const autocannonRow = (label, result) => ({
  label,
  rps: Math.round(result.requests.average * 10) / 10,
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
  total: result.requests.total,
});

export const clockTicksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU milliseconds (user + system) a process has used, and its main thread alone (Linux `/proc`). */
export function cpuMsOf(pid) {
  const read = (file) => {
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them.
    const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
  };
  return { process: read(`/proc/${pid}/stat`), mainThread: read(`/proc/${pid}/task/${pid}/stat`) };
}

/** Signs a user up and in through the API; returns the Cookie header of the session. */
export async function signedInCookies(base, dataDir) {
  const jar = new Map();
  const remember = (res) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair.split('=');
      jar.set(name.trim(), rest.join('='));
    }
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const post = async (p, body) => {
    const res = await fetch(`${base}${p}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: header(),
        'x-csrf-token': jar.get('csrf_access_token') ?? '',
      },
      body: JSON.stringify(body),
    });
    remember(res);
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res;
  };
  remember(await fetch(`${base}/api/auth/users/info`));
  const email = `bench.${Date.now()}@example.test`;
  await post('/api/auth/users/signup', {
    full_name: 'Bench User',
    email,
    password: 'Bench1234',
    terms_conditions_aggreed: true,
  });
  const outbox = path.join(dataDir, 'outbox');
  let code;
  for (let i = 0; i < 50 && !code; i++) {
    const files = readdirSync(outbox, { withFileTypes: false }).filter((f) => f.endsWith('.eml'));
    const body = files.map((f) => readFileSync(path.join(outbox, f), 'utf8')).find((m) => m.includes(email));
    code = body && /\r?\n\r?\n[\s\S]*?\b(\d{6})\b/.exec(body)?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  await post('/api/auth/users/verify-account', { email, code });
  return header();
}

/**
 * mulberry32: a small seeded pseudo-random generator, so a seed gives the same corpus or sample on every machine.
 * @param {number} seed
 * @returns {() => number} numbers in [0, 1)
 */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function writeResult(name, markdown) {
  const dir = path.join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.md`);
  writeFileSync(file, markdown);
  console.info(`\nwritten to ${path.relative(root, file)}`);
}

export const machineTable = (m) =>
  `| machine | |\n|---|---|\n| CPU | ${m.cpu} |\n| memory | ${m.memory} |\n| OS | ${m.os} |\n| Node | ${m.node} |\n| date | ${m.date} |\n`;
