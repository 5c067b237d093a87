// The tool-run pipeline through real HTTP on the production build (apps/server/dist), with Writing Analysis as the
// tool: one run end to end (POST → final SSE snapshot), throughput with several clients, /healthz latency while
// engines run (they run in worker threads, off the event loop), and upload extraction (PDF and .txt). On PGlite; on
// PostgreSQL when DATABASE_URL is set; and with REDIS_URL too, on PostgreSQL with the job queue in Redis (BullMQ).
// No target is set by an issue: these are measurements, not a test.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freshPostgres, machine, machineTable, signedInCookies, startServer, writeResult } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PORT = 18191;
const WORDS = 1_000;
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL_RUNS ?? 30);
const WARM_UP = 3;
const THROUGHPUT_SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 10);
const CLIENTS = [2, 4, 8];
const HEALTH_REQUESTS = 200;
const EXTRACTIONS = 10;
// One user may have JOBS_PER_USER (5) unfinished jobs; clients are spread over this many users (≤ 2 jobs each).
const USERS = 4;
const JOBS = '/api/detector/v1/tools/writing-analysis/jobs';
const jobsOf = (tool) => `/api/detector/v1/tools/${tool}/jobs`;
const EXTRACT = '/api/detector/v1/tools/writing-analysis/extract';

const gpl = readFileSync('/usr/share/common-licenses/GPL-3', 'utf8');
const detectorModelMegabytes = (
  statSync(path.join(root, 'packages/engines/ai-detect/model/detectors.json')).size / 1e6
).toFixed(1);
// The first 1,000 words of the GPL, with the licence's line breaks and paragraphs kept.
const text = (() => {
  const re = /\S+/g;
  let end = 0;
  for (let i = 0; i < WORDS; i++) {
    const m = re.exec(gpl);
    if (!m) throw new Error('GPL-3 has fewer than 1,000 words');
    end = m.index + m[0].length;
  }
  return gpl.slice(0, end);
})();

// ---------------------------------------------------------------------------------------------------- statistics
const sorted = (xs) => [...xs].sort((a, b) => a - b);
const quantile = (xs, q) => {
  const s = sorted(xs);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? Number.NaN;
};
const median = (xs) => {
  const s = sorted(xs);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const ms = (x) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const sleep = (t) => new Promise((r) => setTimeout(r, t));

// ---------------------------------------------------------------------------------------------------- HTTP
function client(base, cookie) {
  const csrf = /(?:^|; )csrf_access_token=([^;]*)/.exec(cookie)?.[1] ?? '';
  const headers = { cookie, 'x-csrf-token': csrf };

  /** Starts a run and follows its SSE stream to the final snapshot; returns the latency and the final snapshot. */
  async function run(jobs = JOBS, body = { text }) {
    const t0 = performance.now();
    const started = await fetch(`${base}${jobs}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (started.status !== 202) throw new Error(`start: ${started.status} ${await started.text()}`);
    const job = await started.json();
    const events = await fetch(`${base}/api/detector/v1/jobs/${job.job_id}/events`, { headers });
    if (!events.ok || !events.body) throw new Error(`events: ${events.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    let last;
    for await (const chunk of events.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (block.startsWith('event: snapshot\n')) last = JSON.parse(block.slice(block.indexOf('data: ') + 6));
        cut = buffer.indexOf('\n\n');
      }
      if (last && ['succeeded', 'failed', 'cancelled'].includes(last.status)) break;
    }
    const latency = performance.now() - t0;
    if (last?.status !== 'succeeded') throw new Error(`run ended ${last?.status}: ${JSON.stringify(last?.error)}`);
    return { latency, snapshot: last, job };
  }

  async function extract(fileName, bytes) {
    const form = new FormData();
    form.append('file', new Blob([bytes]), fileName);
    const t0 = performance.now();
    const res = await fetch(`${base}${EXTRACT}`, { method: 'POST', headers, body: form });
    const body = await res.json();
    const latency = performance.now() - t0;
    if (!res.ok) throw new Error(`extract ${fileName}: ${res.status} ${JSON.stringify(body)}`);
    return { latency, body };
  }
  return { run, extract };
}

// ---------------------------------------------------------------------------------------------------- files
async function buildPdf(pages) {
  const PDFDocument = createRequire(path.join(root, 'apps/server/package.json'))('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 56, autoFirstPage: false });
  const chunks = [];
  doc.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  const words = gpl.split(/\s+/).filter(Boolean);
  const perPage = 350;
  for (let p = 0; p < pages; p++) {
    doc.addPage();
    const from = (p * perPage) % (words.length - perPage);
    doc.fontSize(10).text(words.slice(from, from + perPage).join(' '), { align: 'left' });
  }
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

const txtBytes = (() => {
  let s = '';
  while (s.length < 100_000) s += `${gpl}\n\n`;
  return new TextEncoder().encode(s.slice(0, 100_000));
})();

// ---------------------------------------------------------------------------------------------------- phases
/** `clients` loops, each running one job after another for `seconds`; runs/s and latencies of finished runs. */
async function closedLoop(clients, clientsPerUser, seconds) {
  const latencies = [];
  let failures = 0;
  const stopAt = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const c = clientsPerUser[i % clientsPerUser.length];
      while (performance.now() < stopAt) {
        try {
          latencies.push((await c.run()).latency);
        } catch (error) {
          failures++;
          console.warn(String(error));
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  return { clients, runs: latencies.length, rps: latencies.length / elapsed, p50: median(latencies), failures };
}

/** /healthz once every 10 ms (sequentially: the next starts 10 ms after the previous one started, or at once). */
async function healthLatencies(base) {
  const out = [];
  for (let i = 0; i < HEALTH_REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/healthz`);
    await res.arrayBuffer();
    out.push(performance.now() - t0);
    const wait = 10 - (performance.now() - t0);
    if (wait > 0) await sleep(wait);
  }
  return out;
}

async function measure(label, databaseUrl, pdfBytes, redisUrl = '') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'candor-bench-'));
  // The free plan with plenty of tokens for every new sign-up; PGlite allows one process, so before the server.
  execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'apps/server/src/cli/catalog.ts'), 'plans', 'set', 'free', '--tokens', '100000000'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PORT: String(PORT), LOG_LEVEL: 'warn' },
    },
  );
  const server = await startServer({ port: PORT, databaseUrl, dataDir, redisUrl });
  try {
    const clients = [];
    for (let i = 0; i < USERS; i++) clients.push(client(server.base, await signedInCookies(server.base, dataDir)));
    const [one] = clients;

    // 1. One run at a time. The first run loads the engine in its worker thread (Hunspell dictionary, retext).
    const first = await one.run();
    const cost = first.job.cost;
    for (let i = 0; i < WARM_UP; i++) await one.run();
    // The pool has one thread per core: warm the other thread(s) too, so later phases measure warm engines.
    await Promise.all(clients.map((c) => c.run()));
    const sequential = [];
    for (let i = 0; i < SEQUENTIAL; i++) sequential.push((await one.run()).latency);
    console.info(label, 'first', ms(first.latency), 'median', ms(median(sequential)));

    // 1b. The other tools on the same text, one run at a time (the Copyright Detector against the whole GPL).
    const otherTools = [];
    for (const [tool, body] of [
      ['ai-detection', { text }],
      ['humanized-detection', { text }],
      ['plagiarism', { text, sources: { documents: [{ name: 'GPL-3', text: gpl }] } }],
    ]) {
      const cold = await one.run(jobsOf(tool), body);
      for (let i = 0; i < WARM_UP; i++) await one.run(jobsOf(tool), body);
      const times = [];
      for (let i = 0; i < SEQUENTIAL; i++) times.push((await one.run(jobsOf(tool), body)).latency);
      otherTools.push({ tool, first: cold.latency, sequential: times });
      console.info(label, tool, 'first', ms(cold.latency), 'median', ms(median(times)));
    }

    // 2. Throughput with several clients.
    const throughput = [];
    for (const n of CLIENTS) {
      const row = await closedLoop(n, clients, THROUGHPUT_SECONDS);
      console.info(label, row);
      throughput.push(row);
    }

    // 3. The event loop: /healthz idle, then while 4 clients keep runs going.
    const idle = await healthLatencies(server.base);
    let busyRuns;
    const busy = await (async () => {
      let stop = false;
      const loops = Array.from({ length: 4 }, async (_, i) => {
        let n = 0;
        while (!stop) {
          try {
            await clients[i % clients.length].run();
            n++;
          } catch (error) {
            console.warn(String(error));
          }
        }
        return n;
      });
      await sleep(300);
      const out = await healthLatencies(server.base);
      stop = true;
      busyRuns = (await Promise.all(loops)).reduce((a, b) => a + b, 0);
      return out;
    })();
    console.info(label, 'healthz idle p50/p99', ms(median(idle)), ms(quantile(idle, 0.99)));
    console.info(label, 'healthz busy p50/p99', ms(median(busy)), ms(quantile(busy, 0.99)), busyRuns, 'runs');

    // 4. Uploads: the first of each is a warm-up (the extract engine loads pdf.js in its thread).
    const extraction = [];
    for (const [name, bytes] of [
      ['bench-20-pages.pdf', pdfBytes],
      ['bench-100k.txt', txtBytes],
    ]) {
      const cold = await one.extract(name, bytes);
      const times = [];
      let body = cold.body;
      for (let i = 0; i < EXTRACTIONS; i++) {
        const r = await one.extract(name, bytes);
        times.push(r.latency);
        body = r.body;
      }
      extraction.push({
        name,
        bytes: bytes.length,
        first: cold.latency,
        p50: median(times),
        max: Math.max(...times),
        body,
      });
      console.info(label, name, 'median', ms(median(times)), 'pages', body.pages, 'chars', body.characters);
    }

    return {
      label,
      cost,
      first: first.latency,
      sequential,
      otherTools,
      throughput,
      idle,
      busy,
      busyRuns,
      extraction,
    };
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------------- main
const started = performance.now();
const loadBefore = os.loadavg();
const pdf = await buildPdf(20);
const results = [await measure('PGlite (embedded)', '', pdf)];
if (process.env.DATABASE_URL) {
  const db = await freshPostgres(process.env.DATABASE_URL);
  try {
    results.push(await measure('PostgreSQL', db.url, pdf));
  } finally {
    await db.drop();
  }
  // As many instances run: the job queue in Redis (BullMQ), its snapshots published to every instance.
  if (process.env.REDIS_URL) {
    const queued = await freshPostgres(process.env.DATABASE_URL);
    try {
      results.push(await measure('PostgreSQL + Redis queue', queued.url, pdf, process.env.REDIS_URL));
    } finally {
      await queued.drop();
    }
  } else {
    console.info('the Redis queue skipped: no REDIS_URL');
  }
} else {
  console.info('PostgreSQL skipped: no DATABASE_URL');
}
const loadAfter = os.loadavg();
const seconds = (performance.now() - started) / 1000;
const load = (l) => l.map((x) => x.toFixed(2)).join(', ');

const rowsSequential = results
  .map((r) => {
    const s = r.sequential;
    return `| ${r.label} | ${ms(r.first)} | ${ms(median(s))} | ${ms(quantile(s, 0.95))} | ${ms(Math.min(...s))} | ${ms(Math.max(...s))} | ${s.length} |`;
  })
  .join('\n');
const rowsOtherTools = results
  .flatMap((r) =>
    r.otherTools.map(
      (o) =>
        `| ${r.label} | ${o.tool} | ${ms(o.first)} | ${ms(median(o.sequential))} | ${ms(quantile(o.sequential, 0.95))} | ${ms(Math.min(...o.sequential))} | ${ms(Math.max(...o.sequential))} |`,
    ),
  )
  .join('\n');
const rowsThroughput = results
  .flatMap((r) =>
    r.throughput.map(
      (t) =>
        `| ${r.label} | ${t.clients} | ${t.rps.toFixed(1)} | ${ms(t.p50)} | ${t.runs} | ${t.failures} | ${Math.round(t.rps * WORDS).toLocaleString('en')} |`,
    ),
  )
  .join('\n');
const rowsHealth = results
  .map(
    (r) =>
      `| ${r.label} | ${ms(median(r.idle))} | ${ms(quantile(r.idle, 0.99))} | ${ms(median(r.busy))} | ${ms(quantile(r.busy, 0.99))} | ${ms(Math.max(...r.busy))} | ${r.busyRuns} |`,
  )
  .join('\n');
const rowsExtract = results
  .flatMap((r) =>
    r.extraction.map(
      (e) =>
        `| ${r.label} | ${e.name} | ${Math.round(e.bytes / 1024)} KB | ${e.body.pages ?? '–'} | ${e.body.characters.toLocaleString('en')} | ${ms(e.first)} | ${ms(e.p50)} | ${ms(e.max)} |`,
    ),
  )
  .join('\n');
const cores = os.availableParallelism();

writeResult(
  'tool-runs',
  `# Tool runs: Writing Analysis and the provenance tools through HTTP

The production build (\`apps/server/dist\`, \`NODE_ENV=production\`, one process, \`ENGINE_THREADS\` default = one
worker thread per core = ${cores}) driven by this (second) process over loopback with \`fetch\`. A run is
\`POST /api/detector/v1/tools/writing-analysis/jobs {text}\` → 202, then \`GET v1/jobs/{id}/events\` (SSE) until the
final \`snapshot\`: validation, the token hold, the queue, the engine in a worker thread, the output check, and the
charge + history item in one transaction. Text: the first ${WORDS.toLocaleString('en')} words of
/usr/share/common-licenses/GPL-3, split on white space (${text.length.toLocaleString('en')} characters; each run costs
${results[0]?.cost} tokens: the engine's own word count, which the charge uses, differs a little from a split on white space).
Users are on the free plan, given 100,000,000 tokens with \`npm run catalog -- plans set free --tokens 100000000\` before
the server starts. Clients are spread over ${USERS} signed-in users (at most 2 unfinished jobs each; \`JOBS_PER_USER\`
is 5). No issue sets a target for these: they are measurements on the machine below, not pass/fail checks.
"PostgreSQL + Redis queue" is the configuration of many instances (\`REDIS_URL\`): the job waits in Redis (BullMQ),
a worker takes it, and every change of its snapshot is written to Redis and published, so the SSE stream reads it
from there. One instance runs here, so the numbers show what that path costs, not what more instances gain.

${machineTable(machine())}| load average (1, 5, 15 min) | before: ${load(loadBefore)}; after: ${load(loadAfter)} |
| whole benchmark | ${seconds.toFixed(0)} s |

The machine has ${cores} cores shared by the server, its ${cores} engine threads and this client, and other work may have
been running (the load average above): read the numbers as an order of magnitude for this machine.

## One run at a time (end to end)

"First" is the first run after start-up: its worker thread loads the engine (the Hunspell dictionary, the retext
pipeline). Then ${WARM_UP} warm-up runs and one run per user at once (to warm the other engine thread), then
${SEQUENTIAL} runs one after another.

| database | first ms | median ms | p95 ms | min ms | max ms | runs |
|---|---|---|---|---|---|---|
${rowsSequential}

## The other tools, one run at a time

The same ${WORDS.toLocaleString('en')}-word text through the AI Detector (\`ai-detection\`), the Humanized Text Detector
(\`humanized-detection\`) and the Copyright Detector (\`plagiarism\`, against one uploaded source: the whole GPL-3, so
the copied share is 100%). "First" loads the tool's engine (the detectors parse their ${detectorModelMegabytes} MB model file) in the thread that
happens to take the run; then ${WARM_UP} warm-up runs and ${SEQUENTIAL} measured runs one after another — with two
engine threads, a measured run may still land on a thread that has not loaded the engine yet (the max column).
Issue 6's target for the AI Detector: a 1,000-word text end to end in ≤ 200 ms median.

| database | tool | first ms | median ms | p95 ms | min ms | max ms |
|---|---|---|---|---|---|---|
${rowsOtherTools}

## Throughput

N clients, each starting its next run as soon as its previous one finished, for ${THROUGHPUT_SECONDS} s. With more
clients than engine threads the extra jobs wait as \`queued\`, so latency grows and runs/s stays near the pool's
capacity. Latency is end to end, queueing included.

| database | clients | runs/s | median ms | runs | failed | words/s |
|---|---|---|---|---|---|---|
${rowsThroughput}

## Event loop while engines run

\`GET /healthz\`, ${HEALTH_REQUESTS} requests one after another, one every 10 ms: idle, then while 4 clients keep
Writing Analysis runs going (both engine threads busy, jobs queued). The engines run in worker threads, so the main
thread only parses requests, streams snapshots and writes the results; what remains is CPU contention on
${cores} cores (engine threads, the server's main thread, the database and this client). PGlite (WebAssembly) runs
inside the server's main thread, so its queries (the hold, the charge and the history item with the report) share
the event loop with /healthz; PostgreSQL runs in its own processes. With a load average well above ${cores}, the
operating system's scheduling shows up in the tail (p99, max) as well, so the busy column is an upper bound of what
the engines themselves cost the event loop.

| database | idle p50 ms | idle p99 ms | busy p50 ms | busy p99 ms | busy max ms | runs meanwhile |
|---|---|---|---|---|---|---|
${rowsHealth}

## Upload extraction

\`POST v1/tools/writing-analysis/extract\`, multipart field \`file\`: a 20-page A4 PDF made with pdfkit (GPL text,
10 pt) and a 100,000-character .txt (the GPL repeated). "First" includes loading the extract engine (pdf.js) in a
worker thread; the median and max are of the next ${EXTRACTIONS}.

| database | file | size | pages | characters | first ms | median ms | max ms |
|---|---|---|---|---|---|---|---|
${rowsExtract}
`,
);
