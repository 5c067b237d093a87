// The public API under load on the production build (apps/server/dist), on PGlite: synchronous ai-detection of 300
// words with key auth (each call reserved, run in an engine thread, stored in History and charged), and the cost of
// key auth against the cookie route on the same cheap read (the token balance). Goal (issue 27): ≥ 150 req/s with
// p99 ≤ 100 ms for the synchronous call. A measurement, not a test.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  autocannonRow,
  clockTicksPerSecond,
  cpuMsOf,
  freshPostgres,
  machine,
  machineTable,
  signedInCookies,
  startServer,
  writeResult,
} from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PORT = 18201;
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '4,8,16').split(',').map(Number);
const WORDS = 300;

// The first 300 words of the GPL: English prose the detector reads, the same on every Debian machine.
const text = (() => {
  const gpl = readFileSync('/usr/share/common-licenses/GPL-3', 'utf8');
  const words = gpl.split(/\s+/).filter(Boolean);
  return words.slice(200, 200 + WORDS).join(' ');
})();

/** The catalogue CLI on the bench's database, before the server opens it (PGlite allows one process). */
function catalog({ dataDir, databaseUrl = '' }, ...args) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/catalog.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`catalog ${args.join(' ')} failed`);
}

const csrfOf = (cookie) => /(?:^|; )csrf_access_token=([^;]*)/.exec(cookie)?.[1] ?? '';

async function json(response) {
  const body = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${body}`);
  return JSON.parse(body);
}

/**
 * Runs `load` and adds to its row what each completed request cost in CPU: the server's in all (its main thread, the
 * engine threads, the garbage collector's), its main thread alone, this load generator's, and the whole machine's
 * (every process: PostgreSQL's too, where it runs).
 */
async function measured(load, pid = serverPid) {
  const server0 = cpuMsOf(pid);
  const machine0 = machineBusyMs();
  const generator0 = process.cpuUsage();
  const row = await load();
  const server1 = cpuMsOf(pid);
  const machineBusy = machineBusyMs() - machine0;
  const generator = process.cpuUsage(generator0);
  const completed = Math.max(1, row.total - row.non2xx - row.errors);
  const perRequest = (ms) => Math.round((ms / completed) * 100) / 100;
  const withCpu = {
    ...row,
    serverCpu: perRequest(server1.process - server0.process),
    mainThreadCpu: perRequest(server1.mainThread - server0.mainThread),
    generatorCpu: perRequest((generator.user + generator.system) / 1000),
    machineCpu: perRequest(machineBusy),
  };
  console.info(withCpu);
  return withCpu;
}

const run = (label, opts, pid = serverPid) =>
  measured(async () => autocannonRow(label, await autocannon({ duration: DURATION, ...opts })), pid);

/** CPU milliseconds every core has spent busy since boot (Linux `/proc/stat`: all but idle and I/O wait). */
function machineBusyMs() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = ticks;
  return ((user + nice + system + irq + softirq + steal) * 1000) / clockTicksPerSecond;
}

/** Signs a user up on `server` and gives them an API key: the headers of both. */
async function apiKeyFor(server) {
  const cookie = await signedInCookies(server.base, server.dataDir);
  const headers = { cookie, 'x-csrf-token': csrfOf(cookie), 'content-type': 'application/json' };
  const { secret } = await json(
    await fetch(`${server.base}/api/public/v1/my-api-keys/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'bench' }),
    }),
  );
  return {
    cookie,
    headers,
    secret,
    keyHeaders: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
  };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'candor-bench-api-'));
// The free plan gets API access at a rate no run here reaches, and tokens for every call: each one is charged.
const benchPlan = ['plans', 'set', 'free', '--api-requests-per-minute', '1000000', '--tokens', '100000000'];
catalog({ dataDir }, ...benchPlan);
// One user drives every connection: the per-user limit of unfinished runs would otherwise answer 429.
process.env.JOBS_PER_USER = '200';
const server = await startServer({ port: PORT, dataDir });
const serverPid = server.pid;
const rows = [];
let check = {};
const loadBefore = os.loadavg()[0];
try {
  const { cookie, headers, secret, keyHeaders } = await apiKeyFor(server);
  const call = await json(
    await fetch(`${server.base}/api/public/v1/ai-detection`, {
      method: 'POST',
      headers: keyHeaders,
      body: JSON.stringify({ text }),
    }),
  );
  const cost = call.cost;
  const balanceOf = async () => {
    const b = await json(await fetch(`${server.base}/api/detector/ai-detector/user-token-balance/`, { headers }));
    return b.plan_balance + b.referral_token_balance + b.token_balance;
  };
  const runsOf = async () =>
    (await json(await fetch(`${server.base}/api/detector/v2/ai-detector/user-history/?per_page=1`, { headers })))
      .pagination.total;

  // Calls the clients gave up on when a row's time ran out still finish on the server: wait for every job to end.
  const settle = async () => {
    for (let i = 0; i < 240; i++) {
      const { data } = await json(await fetch(`${server.base}/api/public/v1/jobs`, { headers: keyHeaders }));
      if (data.every((job) => job.finished_at !== null)) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  const syncUrl = `${server.base}/api/public/v1/ai-detection`;
  const body = JSON.stringify({ text });
  // Warm-up: engine threads load the model, JIT settles.
  await autocannon({ url: syncUrl, method: 'POST', headers: keyHeaders, body, connections: 4, duration: 3 });
  await settle();
  const before = { balance: await balanceOf(), runs: await runsOf() };
  let calls = 0;
  for (const connections of CONNECTIONS) {
    const row = await run(`ai-detection, ${WORDS} words, key auth, ${connections} connections`, {
      url: syncUrl,
      method: 'POST',
      headers: keyHeaders,
      body,
      connections,
    });
    calls += row.total - row.non2xx - row.errors;
    rows.push(row);
  }
  await settle();
  const after = { balance: await balanceOf(), runs: await runsOf() };
  check = {
    cost,
    calls,
    stored: after.runs - before.runs,
    charged: before.balance - after.balance,
  };
  console.info(check);

  // The same run both ways, closed loop (each client sends its next call when the last one ends): the API's
  // synchronous call with a key, and the screens' route with the cookie session (POST the job, follow its SSE stream).
  const viaKey = async () => {
    const response = await fetch(syncUrl, { method: 'POST', headers: keyHeaders, body });
    await response.text();
    return response.status === 200;
  };
  const viaCookie = async () => {
    const started = await fetch(`${server.base}/api/detector/v1/tools/ai-detection/jobs`, {
      method: 'POST',
      headers,
      body,
    });
    if (started.status !== 202) return false;
    const { job_id: jobId } = await started.json();
    const events = await fetch(`${server.base}/api/detector/v1/jobs/${jobId}/events`, { headers: { cookie } });
    const text = await events.text();
    return text.includes('"status":"succeeded"');
  };
  const closedLoop = (label, once, clients) =>
    measured(async () => {
      const latencies = [];
      let failed = 0;
      const end = performance.now() + DURATION * 1_000;
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (performance.now() < end) {
            const t0 = performance.now();
            if (await once()) latencies.push(performance.now() - t0);
            else failed++;
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? 0);
      return {
        label,
        rps: Math.round((latencies.length / DURATION) * 10) / 10,
        p50: at(0.5),
        p99: at(0.99),
        max: at(1),
        non2xx: failed,
        errors: 0,
        total: latencies.length + failed,
      };
    });
  await settle();
  rows.push(await closedLoop('ai-detection, key auth, synchronous call, 4 clients (closed loop)', viaKey, 4));
  await settle();
  rows.push(
    await closedLoop(
      'ai-detection, cookie session, job + SSE (the screens’ route), 4 clients (closed loop)',
      viaCookie,
      4,
    ),
  );
  await settle();

  // Key auth against the cookie session on the same read: the balance, no engine involved.
  const keyBalance = await run('GET balance, key auth (/api/public/v1/balance), 8 connections', {
    url: `${server.base}/api/public/v1/balance`,
    headers: { authorization: `Bearer ${secret}` },
    connections: 8,
  });
  const cookieBalance = await run('GET balance, cookie session (/api/detector/…/user-token-balance/), 8 connections', {
    url: `${server.base}/api/detector/ai-detector/user-token-balance/`,
    headers: { cookie },
    connections: 8,
  });
  rows.push(keyBalance, cookieBalance);
} finally {
  await server.stop();
}

// The same synchronous call on PostgreSQL (DATABASE_URL, e.g. from `npm run -s services`): the SQL leaves the
// server's main thread for PostgreSQL's own processes, on the same cores; the machine's CPU column counts them.
const postgresRows = [];
if (process.env.DATABASE_URL) {
  const db = await freshPostgres(process.env.DATABASE_URL);
  const postgresDataDir = mkdtempSync(path.join(os.tmpdir(), 'candor-bench-api-pg-'));
  catalog({ dataDir: postgresDataDir, databaseUrl: db.url }, ...benchPlan);
  const postgresServer = await startServer({ port: PORT, dataDir: postgresDataDir, databaseUrl: db.url });
  try {
    const { keyHeaders } = await apiKeyFor(postgresServer);
    const opts = { url: `${postgresServer.base}/api/public/v1/ai-detection`, method: 'POST', headers: keyHeaders };
    const body = JSON.stringify({ text });
    await autocannon({ ...opts, body, connections: 4, duration: 3 });
    for (const connections of CONNECTIONS) {
      postgresRows.push(
        await run(
          `ai-detection, ${WORDS} words, key auth, ${connections} connections, PostgreSQL`,
          { ...opts, body, connections },
          postgresServer.pid,
        ),
      );
    }
  } finally {
    await postgresServer.stop();
    await db.drop();
  }
} else {
  console.info('PostgreSQL skipped: no DATABASE_URL (npm run -s services)');
}

const tableOf = (list) =>
  list
    .map(
      (r) =>
        `| ${r.label} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.max} | ${r.non2xx} | ${r.errors} | ${r.total} | ` +
        `${r.serverCpu} | ${r.mainThreadCpu} | ${r.generatorCpu} | ${r.machineCpu} |`,
    )
    .join('\n');
const tableHead =
  '| what | req/s | p50 ms | p99 ms | max ms | non-2xx | errors | requests | server CPU ms | main thread CPU ms | load generator CPU ms | machine CPU ms |\n' +
  '|---|---|---|---|---|---|---|---|---|---|---|---|\n';
const [keyRow, cookieRow] = rows.slice(-2);
const syncRow = rows.find((r) => r.label.includes('key auth, 8 connections')) ?? rows[0];
const cores = os.cpus().length;
const TARGET_RPS = 150;
const budgetMs = (cores * 1000) / TARGET_RPS;
writeResult(
  'public-api',
  `# Public API under load\n\nautocannon from a second process on loopback, ${DURATION} s per row after a 3 s warm-up; one server process ` +
    `(the production build) on PGlite with the default engine threads (one per core); one user and one key. Goal ` +
    `(issue 27): synchronous ai-detection of ${WORDS} words with key auth ≥ ${TARGET_RPS} req/s, p99 ≤ 100 ms, each ` +
    `call charged and stored.\n\n${machineTable(machine())}| load average (1 min) before / after | ` +
    `${loadBefore.toFixed(1)} / ${os.loadavg()[0].toFixed(1)} on ${cores} cores |\n\n` +
    'CPU columns: milliseconds of CPU per completed request over the row, read from `/proc` — the server process in ' +
    'all (main thread, engine threads, garbage collector), its main thread alone, the load generator, and the whole ' +
    'machine (every process, PostgreSQL included where it runs). They move less than req/s with how busy the machine ' +
    'is, but they move: on this shared virtual machine the same bench measured 32–43 ms of server CPU a call in a busy ' +
    'hour and 18–20 ms in an idle one (2026-12-02).\n\n' +
    `${tableHead}${tableOf(rows)}\n\n` +
    `**Every call charged and stored:** the clients completed ${check.calls} calls of ${check.cost} tokens each (and ` +
    'gave up on the ones still running when each row ended, which the server finished anyway); History grew by ' +
    `${check.stored} runs and the balance by −${check.charged} tokens: ${check.stored} × ${check.cost} = ` +
    `${check.stored * check.cost}, ${check.charged === check.stored * check.cost ? 'each run charged once' : 'A MISMATCH'}.\n\n` +
    `**Key auth overhead:** the same balance read costs ${keyRow.serverCpu} ms of server CPU with a key and ` +
    `${cookieRow.serverCpu} ms with the cookie session (p50 ${keyRow.p50} vs ${cookieRow.p50} ms). A key request ` +
    'hashes the secret and looks it up (one indexed query, every request, so a deleted key stops at once), reads the ' +
    "plan's API access (cached 5 s per instance), counts the rate limit and records last use once a minute; a cookie " +
    'request verifies a JWT and hits a 5-second session cache. On a whole run the two closed-loop rows compare the ' +
    "API's synchronous call with the screens' job + SSE route.\n\n" +
    `**What limits it.** At ${TARGET_RPS} req/s, ${cores} cores give ${budgetMs.toFixed(1)} ms of CPU a call, shared ` +
    `with the load generator (${syncRow.generatorCpu} ms). A synchronous call costs the server ` +
    `${syncRow.serverCpu} ms (at most ${Math.round((cores * 1000) / (syncRow.serverCpu + syncRow.generatorCpu))} req/s ` +
    'with every core on it and nothing else running), ' +
    `${syncRow.mainThreadCpu} ms of it on the main thread, which runs serially and so caps the rate at ` +
    `${Math.round(1000 / syncRow.mainThreadCpu)} req/s by itself. Every call is a whole run of the pipeline ` +
    '(docs/tool-runs.md). On the main thread: 13 statements on PGlite (the key; the reservation transaction with ' +
    'its account lock and the plan limit, hold sum and hold; the hold renewal as the job starts; the charge ' +
    'transaction with the lock, the settled hold, the balance and its ledger entry, the History item — the webhook ' +
    'check runs once in 2 seconds for an account without an endpoint, and the stored result is handed to the call, ' +
    'not read back) — PostgreSQL compiled to WebAssembly, in this thread, each parameterised statement ' +
    'prepared once and its plan reused (packages/db/src/pglite-statement-cache.ts) — plus Drizzle (each of those ' +
    'statements built once: `preparedQuery` in @candor/db), HTTP, validation and JSON. On an engine thread: the detector (bench/results/detector-speed.md). A load average well above the ' +
    'core count means other work held much of the CPU; compare only rows taken under similar load (tool-runs.md has ' +
    'the pipeline alone).\n\n' +
    '**Before the statement cache.** PGlite used to parse and plan every statement anew. Measured back to back with ' +
    'and without the cache on 2026-12-02 (the synchronous call only, 8 connections, 15 s, four ' +
    'alternating runs in one busy hour): without it 41–46 req/s and 19.7–22.6 ms of main-thread CPU a call, with ' +
    'it 70–75 req/s and 11.5–12.5 ms. Rows above taken in another hour are not comparable to those.\n\n' +
    (postgresRows.length > 0
      ? '## On PostgreSQL\n\nThe same synchronous call with `DATABASE_URL` set (a fresh database on the local PostgreSQL ' +
        'server, its processes on the same cores): the statements run there instead of on the main thread.\n\n' +
        `${tableHead}${tableOf(postgresRows)}\n`
      : 'PostgreSQL was not measured: run the bench with `DATABASE_URL` set (`npm run -s services`).\n'),
);
