// users/info under load from this (second) process with autocannon, on PGlite and, when DATABASE_URL is set, on
// PostgreSQL. Goal (issue 2): ≥ 2,000 requests/s with p99 ≤ 25 ms and no errors.
import autocannon from 'autocannon';
import {
  autocannonRow,
  freshPostgres,
  machine,
  machineTable,
  signedInCookies,
  startServer,
  writeResult,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

async function measure(label, databaseUrl) {
  const server = await startServer({ port: 18181, databaseUrl });
  try {
    const cookie = await signedInCookies(server.base, server.dataDir);
    const url = `${server.base}/api/auth/users/info`;
    // Warm-up so JIT and connection pools are in steady state before we count.
    await autocannon({ url, connections: CONNECTIONS, duration: 3, headers: { cookie } });
    const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { cookie } });
    const row = autocannonRow(label, r);
    console.info(row);
    return row;
  } finally {
    await server.stop();
  }
}

const rows = [await measure('PGlite (embedded)')];
if (process.env.DATABASE_URL) {
  const db = await freshPostgres(process.env.DATABASE_URL);
  try {
    rows.push(await measure('PostgreSQL 15', db.url));
  } finally {
    await db.drop();
  }
} else {
  console.info('PostgreSQL skipped: no DATABASE_URL');
}

const verdict = (r) => (r.rps >= 2000 && r.p99 <= 25 && r.errors === 0 && r.non2xx === 0 ? 'meets goal' : 'below goal');
writeResult(
  'users-info-load',
  `# users/info under load\n\nautocannon from a second process on loopback, ${CONNECTIONS} connections, ${DURATION} s after a 3 s warm-up; one server process; one signed-in user's cookie on every request. Goal: ≥ 2,000 req/s, p99 ≤ 25 ms, no errors.\n\nThe session check (the user exists, the session family is not revoked) is cached per instance for 5 s (apps/server/src/modules/auth/session-cache.ts), so with one user this is the hot path: one JWT verification and a cache hit per request, and one indexed query every 5 s. Without that cache the same run gave about 500 req/s with p99 ≈ 88 ms on PGlite, which is why it exists.\n\n${machineTable(machine())}\n| database | req/s | p50 ms | p99 ms | max ms | non-2xx | errors | requests | verdict |\n|---|---|---|---|---|---|---|---|---|\n${rows
    .map(
      (r) =>
        `| ${r.label} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.max} | ${r.non2xx} | ${r.errors} | ${r.total} | ${verdict(r)} |`,
    )
    .join('\n')}\n`,
);
