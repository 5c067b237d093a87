// Candor as a cluster (issue 31): HAProxy in front of 1, 2 and 3 instances on one PostgreSQL and one Redis
// (scripts/cluster/cluster.mjs), on this machine. Measures, through the proxy and with the load generator in its own
// process: users/info (autocannon's CLI), a short tool run end to end (bench/cluster-load.mjs: POST, then the SSE
// stream to the final snapshot), and how long a SIGKILLed instance's runs take to settle (every run ended, no hold
// left). Needs DATABASE_URL (an admin URL) and REDIS_URL. Measurements, not a test: on a machine of two cores, three
// instances share those two cores with the proxy, the databases and the load generator.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import pg from 'pg';
import { User } from '../e2e/cluster/client.mjs';
import { deleteRedisKeys, dropDatabase, ensureDatabase, repoRoot, startCluster } from '../scripts/cluster/cluster.mjs';
import { machine, machineTable, writeResult } from './lib.mjs';

const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!adminUrl || !redisUrl) {
  console.info('bench/cluster.mjs skipped: it needs DATABASE_URL and REDIS_URL (npm run -s services)');
  process.exit(0);
}
const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 4405);
const SIZES = (process.env.BENCH_CLUSTER_SIZES ?? '1,2,3').split(',').map(Number);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const RUN_SECONDS = Number(process.env.BENCH_RUN_SECONDS ?? 15);
const RUN_CLIENTS = 8;
const USERS = 4;
const SETTLE_RUNS = 6;

const words = (n) =>
  spawnSync('sh', ['-c', `tr -s '[:space:]' ' ' < /usr/share/common-licenses/GPL-3 | cut -d' ' -f1-${n}`], {
    encoding: 'utf8',
  }).stdout.trim();
const shortRun = { tool: 'writing-analysis', body: { text: words(60) } };
// The free plan checks up to 2,000 words a run.
const longRun = { tool: 'writing-analysis', body: { text: words(1800) } };
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');

function autocannon(url, cookie, seconds) {
  const bin = path.join(repoRoot, 'node_modules/.bin/autocannon');
  const args = ['-j', '-c', String(CONNECTIONS), '-d', String(seconds), '-H', `cookie: ${cookie}`, url];
  const result = spawnSync(bin, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`autocannon: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

function toolLoad(base, cookies, seconds) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(import.meta.dirname, 'cluster-load.mjs'), base, String(seconds), String(RUN_CLIENTS)],
      {
        stdio: ['pipe', 'pipe', 'inherit'],
        env: { ...process.env, BENCH_RUN_TOOL: shortRun.tool, BENCH_RUN_BODY: JSON.stringify(shortRun.body) },
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`cluster-load: ${code}`))));
    child.stdin.end(cookies.join('\n'));
  });
}

const cookieOf = (user) => [...user.jar].map(([k, v]) => `${k}=${v}`).join('; ');

async function withCluster(size, body, env = {}) {
  const stamp = Date.now();
  const name = `candor_bench_cluster_${stamp}`;
  const prefix = `candor-bench-cluster:${stamp}`;
  const dataDir = path.join(os.tmpdir(), `candor-bench-cluster-${stamp}`);
  const databaseUrl = await ensureDatabase(adminUrl, name, { fresh: true });
  spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/catalog.ts', 'plans', 'set', 'free', '--tokens', '100000000'],
    { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DATABASE_URL: databaseUrl } },
  );
  const cluster = await startCluster({
    instances: size,
    proxyPort: PORT,
    databaseUrl,
    redisUrl,
    redisKeyPrefix: prefix,
    dataDir,
    migrate: false,
    env: { AUTH_RATE_LIMIT_PER_IP: '100000', JOBS_PER_USER: '20', ...env },
  });
  try {
    const users = [];
    for (let i = 0; i < USERS; i++) {
      users.push(await new User(cluster.proxyUrl).signUp(cluster.outbox, `bench.${stamp}.${i}@example.test`));
    }
    return await body({ cluster, users, databaseUrl, prefix });
  } finally {
    await cluster.stop();
    await dropDatabase(adminUrl, name).catch(() => {});
    await deleteRedisKeys(redisUrl, prefix).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows = [];
for (const size of SIZES) {
  const row = await withCluster(size, async ({ cluster, users }) => {
    const url = `${cluster.proxyUrl}/api/auth/users/info`;
    const cookie = cookieOf(users[0]);
    autocannon(url, cookie, 3);
    const loadBefore = load();
    const info = autocannon(url, cookie, DURATION);
    // Warm each instance's engine thread, then measure.
    await toolLoad(
      cluster.proxyUrl,
      users.map((u) => cookieOf(u)),
      3,
    );
    const runs = await toolLoad(
      cluster.proxyUrl,
      users.map((u) => cookieOf(u)),
      RUN_SECONDS,
    );
    return {
      size,
      info: {
        rps: Math.round(info.requests.average),
        p50: info.latency.p50,
        p99: info.latency.p99,
        non2xx: info.non2xx,
        errors: info.errors + info.timeouts,
      },
      runs,
      load: `${loadBefore} → ${load()}`,
    };
  });
  console.info(JSON.stringify(row));
  rows.push(row);
}

// A killed instance's runs: SETTLE_RUNS long runs spread over three instances, SIGKILL one while they run, and time
// until every run has ended and no hold is left.
const settle = await withCluster(
  3,
  async ({ cluster, users, databaseUrl, prefix }) => {
    const started = [];
    for (let i = 0; i < SETTLE_RUNS; i++) {
      const user = users[i % users.length];
      const r = await user.request('POST', `/api/detector/v1/tools/${longRun.tool}/jobs`, longRun.body);
      if (r.status !== 202) throw new Error(`start: ${r.status} ${r.text}`);
      started.push({ user, jobId: r.json.job_id });
    }
    // The kill lands when every instance (one engine thread each) has started a run: BullMQ's active list, and the
    // runs' snapshots, read from Redis.
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    for (;;) {
      const active = await redis.lrange(`${prefix}:jobs:tool-runs:active`, 0, -1);
      const stored = await Promise.all(active.map((jobId) => redis.get(`${prefix}:jobs:job:${jobId}`)));
      if (active.length >= 3 && stored.every((json) => json && JSON.parse(json).snapshot.status === 'running')) break;
      await sleep(100);
    }
    await redis.quit();
    const killedAt = Date.now();
    await cluster.kill(1, 'SIGKILL');
    const finals = await Promise.all(started.map(({ user, jobId }) => user.follow(jobId, killedAt + 300_000)));
    const endedAt = Date.now();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let holdsGoneAt;
    for (;;) {
      const { rows: holds } = await client.query('select count(*)::int as n from token_holds');
      if (holds[0].n === 0) {
        holdsGoneAt = Date.now();
        break;
      }
      await sleep(250);
    }
    await client.end();
    const interrupted = finals.filter((f) => f?.error?.code === 'interrupted');
    const last = Math.max(...interrupted.map((f) => Date.parse(f.finished_at)), killedAt);
    return {
      runs: SETTLE_RUNS,
      succeeded: finals.filter((f) => f?.status === 'succeeded').length,
      interrupted: interrupted.length,
      lastInterruptedSeconds: (last - killedAt) / 1000,
      allEndedSeconds: (endedAt - killedAt) / 1000,
      holdsGoneSeconds: (holdsGoneAt - killedAt) / 1000,
    };
  },
  { ENGINE_THREADS: '1' },
);
console.info(JSON.stringify(settle));

const m = machine();
const f = (x) => (x === null || x === undefined ? '–' : Number(x).toFixed(x < 10 ? 1 : 0));
writeResult(
  'cluster',
  `# Candor as a cluster: HAProxy and 1–3 instances

\`node bench/cluster.mjs\`: HAProxy 2.6 (\`scripts/cluster/haproxy.mjs\`: leastconn, health checks on /readyz, no
stickiness) in front of N instances of the built server, all on one PostgreSQL 15 and one Redis, all on this
machine. The load comes from other processes: autocannon's CLI (${CONNECTIONS} connections, ${DURATION} s after a
3 s warm-up, one signed-in user's cookie) for \`users/info\`, and \`bench/cluster-load.mjs\` (${RUN_CLIENTS} clients
over ${USERS} users, ${RUN_SECONDS} s after a 3 s warm-up) for a short tool run: Writing Analysis of 60 words, from the
POST to the final snapshot of its SSE stream. Engine threads: one per core in each instance (the default).

**Read the scaling columns with the machine in mind**: every instance, the proxy, PostgreSQL, Redis and the load
generators share the same ${os.cpus().length} cores, so a second or third instance adds processes, not CPU. Here the
machine is the ceiling; the figures that carry over to a deployment with a machine (or a container with its own
cores) per instance are the one-instance rows, and the settle time below. "load" is the 1/5/15-minute load average
before → after each row: other work on this shared machine was running too.

${machineTable(m)}
| instances | users/info req/s | p50 ms | p99 ms | non-2xx | errors | tool runs/s | run p50 ms | run p99 ms | failed runs | load |
|---|---|---|---|---|---|---|---|---|---|---|
${rows
  .map(
    (r) =>
      `| ${r.size} | ${r.info.rps} | ${r.info.p50} | ${r.info.p99} | ${r.info.non2xx} | ${r.info.errors} | ${f(r.runs.rps)} | ${f(r.runs.p50)} | ${f(r.runs.p99)} | ${r.runs.failures} | ${r.load} |`,
  )
  .join('\n')}

## A killed instance's runs

${SETTLE_RUNS} runs of Writing Analysis on 1,800 words on three instances of one engine thread each; instance 1 is
killed with SIGKILL as soon as every instance has started one (the other three wait in the queue). Times are from
the kill.

| runs | succeeded | interrupted | last interrupted run reported | every run ended | no hold left |
|---|---|---|---|---|---|
| ${settle.runs} | ${settle.succeeded} | ${settle.interrupted} | ${f(settle.lastInterruptedSeconds)} s | ${f(settle.allEndedSeconds)} s | ${f(settle.holdsGoneSeconds)} s |

A run the dead instance was carrying ends as failed ("interrupted", nothing charged, its hold released) once BullMQ's
lock on it lapses (30 s) and a stalled check (every 30 s) hands it to a live instance, so 30–60 s after the kill;
the runs still queued go to the live instances at once. HAProxy stops sending requests to the dead instance after its
first refused connection (redispatch) and marks it down within three health checks.
`,
);
