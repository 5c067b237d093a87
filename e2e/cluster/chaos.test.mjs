// The chaos run (issue 31): three instances behind HAProxy on one PostgreSQL and one Redis; users run every tool that
// runs offline, many at a time, while one instance is killed with SIGKILL and another restarted. Afterwards every
// accepted run has ended — succeeded and stored and charged once, or failed/cancelled with nothing stored or charged —
// no hold is left, BullMQ holds no job to run again, and `npm run ledger:check` finds zero drift. Meanwhile the
// running database is backed up with scripts/db-backup.sh, restored with scripts/db-restore.sh into a fresh database
// and checked against the very snapshot it was taken from. Needs DATABASE_URL (an admin URL) and REDIS_URL.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadTestSiteTexts, requiredDatasetsDir, startTestSite } from '@candor/engine-site-scan/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  deleteRedisKeys,
  dropDatabase,
  ensureDatabase,
  repoRoot,
  startCluster,
} from '../../scripts/cluster/cluster.mjs';
import { FINAL, User } from './client.mjs';

const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const skip = !adminUrl || !redisUrl ? 'needs DATABASE_URL and REDIS_URL' : false;
if (skip && process.env.CI === 'true') throw new Error(`CI=true but the chaos run ${skip}`);

const PROXY_PORT = Number(process.env.CHAOS_PORT ?? 4405);
const INSTANCES = 3;
const USERS = Number(process.env.CHAOS_USERS ?? 6);
const LOOPS_PER_USER = 2;
// A killed instance's runs end once BullMQ's lock (30 s) lapses and a stalled check (every 30 s) sees it.
const SETTLE_SECONDS = 150;
// The longest any one phase may take on a slow, shared machine before the run fails saying which phase it was.
const PHASE_SECONDS = 240;

const stamp = Date.now();
const databaseName = `candor_chaos_${stamp}`;
const redisKeyPrefix = `candor-chaos:${stamp}`;
const dataDir = path.join(os.tmpdir(), `candor-chaos-${stamp}`);
// BullMQ's lists of the queue and the runs' snapshots (their key layout, read without BullMQ or the server).
const bull = `${redisKeyPrefix}:jobs:tool-runs`;
const snapshotKey = (jobId) => `${redisKeyPrefix}:jobs:job:${jobId}`;
let cluster;
let site;
let databaseUrl;
let redis;

const gpl = readFileSync('/usr/share/common-licenses/GPL-3', 'utf8');
const words = (n, from = 0) =>
  gpl
    .split(/\s+/)
    .filter(Boolean)
    .slice(from, from + n)
    .join(' ');
const speech = readFileSync(path.join(repoRoot, 'packages/engines/audio/fixtures/speech.mp3')).toString('base64');
const note = 'Dear Grace Hopper,\nyour card 4111 1111 1111 1111 was charged. Write to grace.hopper@example.com.\n';

/** Every tool that runs without a model or the network, with an input each can run in a few seconds here. */
function workload(user) {
  return [
    ['writing-analysis', { text: words(150) }],
    ['ai-detection', { text: words(150, 200) }],
    ['humanized-detection', { text: words(150, 400) }],
    ['plagiarism', { text: words(120, 600), sources: { documents: [{ name: 'GPL-3', text: words(1500) }] } }],
    ['rewrite', { text: words(80, 800) }],
    ['summarize', { text: words(200, 900) }],
    ['shorten', { text: words(120, 1100) }],
    ['humanizer', { text: words(80, 1300) }],
    ['document-redaction', user.redaction],
    ['site-scan', { url: site.origin, max_pages: 3 }],
    ['voice-detection', { audio: speech, file_name: 'speech.mp3' }],
  ];
}

/** Polls `condition` until it gives something truthy, and returns it; fails naming `what` after `seconds`. */
async function until(what, condition, seconds = PHASE_SECONDS) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds} s`);
    await sleep(200);
  }
}

async function sql(text, values = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** What must survive a backup: every row of the tables a user's money and work live in, as one digest each. */
const FINGERPRINTS = {
  users: "select count(*) as n, md5(string_agg(id::text || email, ',' order by id)) as digest from users",
  ledger_entries: `select count(*) as n, md5(string_agg(concat_ws(':', id, user_id, reason, tokens_charged, plan_delta,
    referral_delta, token_delta, plan_after, referral_after, token_after, reference_id), ',' order by id)) as digest
    from ledger_entries`,
  history_items: `select count(*) as n, md5(string_agg(concat_ws(':', id, user_id, parent_id, model_name, cost,
    md5(result::text)), ',' order by id)) as digest from history_items`,
  token_accounts: `select count(*) as n, md5(string_agg(concat_ws(':', user_id, token_balance, plan_balance,
    referral_token_balance), ',' order by user_id)) as digest from token_accounts`,
};
async function fingerprints(client) {
  const out = {};
  for (const [table, query] of Object.entries(FINGERPRINTS)) out[table] = (await client.query(query)).rows[0];
  return out;
}

function ledgerCheck(url) {
  return spawnSync('npm', ['run', '-s', 'ledger:check'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, PORT: '1' },
  });
}

before(async () => {
  if (skip) return;
  databaseUrl = await ensureDatabase(adminUrl, databaseName, { fresh: true });
  // Plenty of tokens for every sign-up, so no run is refused for its price (runs the migrations too).
  const catalog = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/catalog.ts', 'plans', 'set', 'free', '--tokens', '10000000'],
    { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DATABASE_URL: databaseUrl } },
  );
  assert.equal(catalog.status, 0, 'catalog plans set free');
  site = await startTestSite({
    texts: loadTestSiteTexts(requiredDatasetsDir(), 8),
    articles: 6,
    host: '127.0.0.3',
    port: PROXY_PORT + 1000,
    slowMs: 200,
  });
  redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  cluster = await startCluster({
    instances: INSTANCES,
    proxyPort: PROXY_PORT,
    databaseUrl,
    redisUrl,
    redisKeyPrefix,
    dataDir,
    migrate: false,
    env: {
      AUTH_RATE_LIMIT_PER_IP: '10000',
      // Two cores for three instances: one engine thread each, so a kill always finds runs in progress.
      ENGINE_THREADS: '1',
      JOB_TIMEOUT_SECONDS: '120',
      SITE_SCAN_PRIVATE_ORIGINS: site.origin,
      LLM_BASE_URL: '',
      LLM_MODEL_PATH: '',
    },
  });
});

after(async () => {
  await cluster?.stop();
  await redis?.quit();
  await site?.close();
  if (skip) return;
  if (process.env.CHAOS_KEEP) return console.info(`kept ${databaseName} and ${dataDir}`);
  await dropDatabase(adminUrl, databaseName).catch(() => {});
  await deleteRedisKeys(redisUrl, redisKeyPrefix).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

test('runs from many users across every tool survive a SIGKILL and a restart', { skip, timeout: 900_000 }, async () => {
  const t0 = Date.now();
  const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
  const users = [];
  for (let i = 0; i < USERS; i++) {
    const user = await new User(cluster.proxyUrl).signUp(cluster.outbox, `chaos.${stamp}.${i}@example.test`);
    const form = new FormData();
    form.append('file', new Blob([note]), 'note.txt');
    const analysis = await user.request('POST', '/api/detector/v1/tools/document-redaction/analyse', form);
    assert.equal(analysis.status, 200, analysis.text);
    user.redaction = {
      file_name: 'note.txt',
      file: Buffer.from(note).toString('base64'),
      text: analysis.json.text,
      style: 'label',
      policy: 'GDPR',
      redactions: analysis.json.findings.map(({ start, end, type }) => ({ start, end, type })),
    };
    user.jobs = new Map();
    users.push(user);
  }
  console.info(`${elapsed()}: ${USERS} users signed up through the proxy`);

  // Each user keeps LOOPS_PER_USER runs going, round the tools, until told to stop; every 202 is a promise to keep.
  let submitting = true;
  const refusals = {};
  const loops = users.flatMap((user, u) =>
    Array.from({ length: LOOPS_PER_USER }, async (_, l) => {
      const tools = workload(user);
      let n = u * LOOPS_PER_USER + l;
      while (submitting) {
        const [tool, body] = tools[n++ % tools.length];
        const submittedAt = Date.now();
        const started = await user.request('POST', `/api/detector/v1/tools/${tool}/jobs`, body);
        if (started.status !== 202) {
          refusals[started.status] = (refusals[started.status] ?? 0) + 1;
          await sleep(500);
          continue;
        }
        const job = { tool, accepted: started.json, submittedAt, final: undefined };
        user.jobs.set(started.json.job_id, job);
        job.final = await user.follow(started.json.job_id, Date.now() + SETTLE_SECONDS * 1000 * 2);
      }
    }),
  );

  // The kill lands when every instance's worker (one engine thread, so one run each) holds a run it has started.
  await until('every instance running a run', async () => {
    const active = await redis.lrange(`${bull}:active`, 0, -1);
    if (active.length < INSTANCES) return false;
    const stored = await Promise.all(active.map((jobId) => redis.get(snapshotKey(jobId))));
    return stored.every((json) => json && JSON.parse(json).snapshot.status === 'running');
  });
  const acceptedBeforeKill = users.reduce((n, u) => n + u.jobs.size, 0);
  await cluster.kill(1, 'SIGKILL');
  const killedAt = Date.now();
  console.info(`${elapsed()}: instance-1 killed with SIGKILL after ${acceptedBeforeKill} accepted runs`);
  await cluster.waitProxyState(1, 'DOWN', PHASE_SECONDS * 1000);
  console.info(`${elapsed()}: HAProxy has taken instance-1 out`);
  const restart = await cluster.restart(2);
  console.info(`${elapsed()}: instance-2 restarted`);
  // A graceful stop ends within the shutdown grace, open SSE streams or not (they re-attach elsewhere).
  assert.deepEqual(restart, { code: 0, signal: null }, 'instance-2 did not stop cleanly on SIGTERM');
  await cluster.start(1);
  const backAt = Date.now();
  console.info(`${elapsed()}: instance-1 is back`);

  // A backup of the running system, taken from one snapshot, and that snapshot's fingerprints to check it against.
  const snapshotClient = new pg.Client({ connectionString: databaseUrl });
  await snapshotClient.connect();
  await snapshotClient.query('begin isolation level repeatable read');
  const [{ snapshot }] = (await snapshotClient.query('select pg_export_snapshot() as snapshot')).rows;
  const expected = await fingerprints(snapshotClient);
  const backupFile = path.join(dataDir, 'backup.dump');
  const backup = spawnSync(
    'bash',
    [path.join(repoRoot, 'scripts/db-backup.sh'), backupFile, `--snapshot=${snapshot}`],
    {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: databaseUrl },
    },
  );
  await snapshotClient.query('commit');
  await snapshotClient.end();
  assert.equal(backup.status, 0, backup.stderr);
  console.info(`${elapsed()}: ${backup.stderr.trim()} while runs went on`);

  // Runs go on until the kill's runs have been reported, every tool has a stored result, and runs started after
  // instance-1 came back have succeeded through the whole cluster again.
  const jobs = () => users.flatMap((user) => [...user.jobs.values()]);
  await until('the interrupted runs reported, every tool succeeded, and runs succeeding after the restarts', () => {
    const ended = jobs().filter((j) => j.final);
    const succeededTools = new Set(ended.filter((j) => j.final.status === 'succeeded').map((j) => j.tool));
    return (
      ended.some((j) => j.final.error?.code === 'interrupted') &&
      workload(users[0]).every(([tool]) => succeededTools.has(tool)) &&
      ended.filter((j) => j.final.status === 'succeeded' && j.submittedAt > backAt).length >= INSTANCES
    );
  }).finally(() => {
    submitting = false;
  });
  await Promise.all(loops);
  console.info(`${elapsed()}: submitting stopped; every followed run has ended or timed out`);

  // Runs accepted whose 202 never arrived (the instance died answering) are in the users' job lists: follow them too.
  for (const user of users) {
    const list = await user.request('GET', '/api/detector/v1/jobs/');
    assert.equal(list.status, 200, list.text);
    for (const snapshot of list.json.items) {
      if (user.jobs.has(snapshot.job_id)) continue;
      user.jobs.set(snapshot.job_id, { tool: snapshot.tool, accepted: snapshot, unannounced: true });
    }
    // Nothing is submitted any more: whatever is still queued or running ends within a settle time from now.
    for (const [jobId, job] of user.jobs) {
      if (!job.final) job.final = await user.follow(jobId, Date.now() + SETTLE_SECONDS * 1000);
    }
  }
  const all = users.flatMap((user) => [...user.jobs.entries()].map(([jobId, job]) => ({ user, jobId, ...job })));
  const count = (predicate) => all.filter(predicate).length;
  const interrupted = count((j) => j.final?.error?.code === 'interrupted');
  const summary = {
    accepted: all.length,
    unannounced: count((j) => j.unannounced),
    succeeded: count((j) => j.final?.status === 'succeeded'),
    failed: count((j) => j.final?.status === 'failed'),
    cancelled: count((j) => j.final?.status === 'cancelled'),
    interrupted,
    // How long after the kill its runs were reported interrupted (BullMQ's lock, then a stalled check).
    interruptedReportedAfterSeconds: all
      .filter((j) => j.final?.error?.code === 'interrupted')
      .map((j) => Math.round((Date.parse(j.final.finished_at) - killedAt) / 1000)),
    refusals,
  };
  console.info(`${elapsed()}: ${JSON.stringify(summary)}`);
  const failures = all.filter((j) => j.final?.status === 'failed' && j.final.error?.code !== 'interrupted');
  for (const j of failures) console.info(`  failed: ${j.tool} ${j.final.error.code} ${j.final.error.message}`);

  // No job lost: every accepted run reached a final state.
  const lost = all.filter((j) => !j.final || !FINAL.has(j.final.status));
  assert.deepEqual(
    lost.map((j) => `${j.tool} ${j.jobId} ${j.final?.status ?? 'unknown'}`),
    [],
    'accepted runs that never ended',
  );
  // The kill hit runs in progress, and they were reported, not run again.
  assert.ok(interrupted > 0, 'the SIGKILL interrupted no run: the chaos proved nothing');
  // Every tool ran to a stored result through the cluster.
  const toolsSucceeded = new Set(all.filter((j) => j.final.status === 'succeeded').map((j) => j.tool));
  assert.deepEqual(
    workload(users[0])
      .map(([tool]) => tool)
      .filter((tool) => !toolsSucceeded.has(tool)),
    [],
    'tools without a successful run',
  );
  // Only the chaos may fail a run: an engine error here is a defect.
  assert.deepEqual(
    failures.map((j) => `${j.tool}: ${j.final.error.code}`),
    [],
    'runs that failed for another reason than the kill',
  );

  // Stored once and charged once: each user's history is exactly the runs that say they stored a result, and each
  // of those has one charge of the cost its snapshot shows; nothing else was charged.
  const jobsByHistory = new Map();
  for (const j of all) if (j.final.history_id) jobsByHistory.set(j.final.history_id, j);
  const storedRuns = all.filter((j) => j.final.history_id);
  assert.equal(jobsByHistory.size, storedRuns.length, 'two runs named the same history item');
  for (const j of all) {
    if (j.final.status === 'succeeded') assert.ok(j.final.history_id, `${j.tool} succeeded without a history item`);
  }
  const items = await sql(
    `select h.id, u.email, h.cost from history_items h join users u on u.id = h.user_id
    where h.parent_id is null and u.email like $1`,
    [`chaos.${stamp}.%`],
  );
  assert.deepEqual(
    items.map((item) => item.id).sort(),
    [...jobsByHistory.keys()].sort(),
    'history items that no finished run reported, or reported runs with no history item',
  );
  const charges = await sql(
    `select l.reference_id, l.tokens_charged from ledger_entries l join users u
    on u.id = l.user_id where l.reason = 'charge' and u.email like $1`,
    [`chaos.${stamp}.%`],
  );
  assert.deepEqual(
    charges.map((c) => c.reference_id).sort(),
    [...jobsByHistory.keys()].sort(),
    'charges that are not exactly one per stored run',
  );
  for (const c of charges) {
    assert.equal(c.tokens_charged, jobsByHistory.get(c.reference_id).final.cost, `the charge of ${c.reference_id}`);
  }

  // No hold left that still reserves a balance, nothing left in BullMQ to run again. An instance killed between
  // reserving a run and queueing it (its client never got a 202) leaves a hold that lapses within 30 s, long before
  // this check; an expired hold reserves nothing and goes at its user's next run.
  assert.deepEqual(
    await sql('select model_name, tokens, expires_at from token_holds where expires_at > now()'),
    [],
    'holds left behind',
  );
  const queued = {
    wait: await redis.llen(`${bull}:wait`),
    active: await redis.llen(`${bull}:active`),
    paused: await redis.llen(`${bull}:paused`),
    delayed: await redis.zcard(`${bull}:delayed`),
    prioritized: await redis.zcard(`${bull}:prioritized`),
  };
  assert.deepEqual(
    Object.entries(queued).filter(([, n]) => n > 0),
    [],
    'jobs still in BullMQ',
  );

  // Zero drift on the live database.
  const live = ledgerCheck(databaseUrl);
  assert.equal(live.status, 0, `${live.stdout}${live.stderr}`);
  assert.match(live.stdout, /zero drift/);

  // The backup restores into a fresh database with the same rows it was taken from, and its ledger adds up too.
  const restoredName = `${databaseName}_restored`;
  const restoredUrl = await ensureDatabase(adminUrl, restoredName, { fresh: true });
  try {
    const restore = spawnSync('bash', [path.join(repoRoot, 'scripts/db-restore.sh'), backupFile, restoredUrl], {
      encoding: 'utf8',
    });
    assert.equal(restore.status, 0, restore.stderr);
    const restoredClient = new pg.Client({ connectionString: restoredUrl });
    await restoredClient.connect();
    const restored = await fingerprints(restoredClient).finally(() => restoredClient.end());
    assert.deepEqual(restored, expected, 'the restored database differs from the snapshot it was taken from');
    assert.ok(Number(expected.history_items.n) > 0 && Number(expected.ledger_entries.n) > 0, 'the backup held no runs');
    const check = ledgerCheck(restoredUrl);
    assert.equal(check.status, 0, `${check.stdout}${check.stderr}`);
    console.info(`${elapsed()}: restored ${JSON.stringify(restored, (k, v) => (k === 'digest' ? undefined : v))}`);
  } finally {
    await dropDatabase(adminUrl, restoredName);
  }
});
