// The load generator of bench/cluster.mjs for tool runs, in its own process: `clients` loops, each starting a run
// through the proxy and following its SSE stream to the final snapshot, for `seconds`. Prints one JSON line.
// Usage: node cluster-load.mjs BASE SECONDS CLIENTS < cookies (one Cookie header a line, one per user)
import { readFileSync } from 'node:fs';

const [base, seconds, clients] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const cookies = readFileSync(0, 'utf8').split('\n').filter(Boolean);
const body = JSON.parse(process.env.BENCH_RUN_BODY);
const tool = process.env.BENCH_RUN_TOOL;

async function run(cookie) {
  const headers = { cookie, 'x-csrf-token': /(?:^|; )csrf_access_token=([^;]*)/.exec(cookie)?.[1] ?? '' };
  const t0 = performance.now();
  const started = await fetch(`${base}/api/detector/v1/tools/${tool}/jobs`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (started.status !== 202) throw new Error(`start: ${started.status} ${await started.text()}`);
  const { job_id: jobId } = await started.json();
  const events = await fetch(`${base}/api/detector/v1/jobs/${jobId}/events`, { headers });
  const decoder = new TextDecoder();
  let buffer = '';
  let last;
  for await (const chunk of events.body) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      if (block.startsWith('event: snapshot\n')) last = JSON.parse(block.slice(block.indexOf('data: ') + 6));
    }
    if (last?.finished_at) break;
  }
  if (last?.status !== 'succeeded') throw new Error(`run ended ${last?.status}`);
  return performance.now() - t0;
}

const latencies = [];
let failures = 0;
const stopAt = performance.now() + seconds * 1000;
const t0 = performance.now();
await Promise.all(
  Array.from({ length: clients }, async (_, i) => {
    while (performance.now() < stopAt) {
      try {
        latencies.push(await run(cookies[i % cookies.length]));
      } catch (error) {
        failures++;
        process.stderr.write(`${error}\n`);
      }
    }
  }),
);
const elapsed = (performance.now() - t0) / 1000;
const sorted = latencies.sort((a, b) => a - b);
const q = (p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? null;
console.info(
  JSON.stringify({ runs: sorted.length, rps: sorted.length / elapsed, p50: q(0.5), p99: q(0.99), failures }),
);
