// Token ledger throughput: charge() transactions per second, and their latency, on PGlite and (with DATABASE_URL)
// PostgreSQL. Two shapes: many users charging in parallel (the normal case), and one user hammered by parallel
// charges (every transaction waits for the row lock: the worst case). Ends with the ledger check: zero drift.
import { createDatabase, type DatabaseHandle, plans, seedDatabase, subscriptions, users } from '@candor/db';
import { eq } from 'drizzle-orm';
import { charge, setPlanAllowance } from '../apps/server/src/modules/detector/ledger.ts';
import { findLedgerDrift } from '../apps/server/src/modules/detector/ledger-check.ts';
import { freshPostgres, machine, machineTable, writeResult } from './lib.mjs';

const CHARGES = Number(process.env.BENCH_CHARGES ?? 4_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const USERS = 50;

async function makeUsers(handle: DatabaseHandle, count: number): Promise<string[]> {
  const db = handle.db;
  const [free] = await db.select({ id: plans.id }).from(plans).where(eq(plans.slug, 'free'));
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const tag = `${Date.now().toString(36)}${i}`;
    const [user] = await db
      .insert(users)
      .values({ fullName: 'Bench', email: `bench-${tag}@example.test`, username: `bench${tag}`, referralCode: tag })
      .returning({ id: users.id });
    if (!user || !free) throw new Error('setup failed');
    await db.insert(subscriptions).values({ userId: user.id, planId: free.id, expiresAt: null });
    await db.transaction((tx) =>
      setPlanAllowance(tx, { userId: user.id, tokens: 10_000_000, reason: 'admin_adjustment', now: new Date() }),
    );
    ids.push(user.id);
  }
  return ids;
}

async function run(handle: DatabaseHandle, userIds: string[]) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < CHARGES) {
        const i = next++;
        const userId = userIds[i % userIds.length] as string;
        const t0 = performance.now();
        await handle.db.transaction((tx) =>
          charge(tx, { userId, modelName: 'AI_DETECTION', units: 250, now: new Date() }),
        );
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1);
  return { perSecond: Math.round(CHARGES / seconds), p50: at(0.5), p99: at(0.99) };
}

async function measure(label: string, handle: DatabaseHandle) {
  await handle.migrate();
  await seedDatabase(handle.db);
  const many = await makeUsers(handle, USERS);
  const [one] = await makeUsers(handle, 1);
  // Warm-up: JIT, pools, plans.
  await run(handle, many);
  const spread = await run(handle, many);
  const contended = await run(handle, [one as string]);
  const drift = (await findLedgerDrift(handle.db)).length;
  const rows = [
    { label, shape: `${USERS} users`, ...spread, drift },
    { label, shape: 'one user (row-lock contention)', ...contended, drift },
  ];
  console.info(rows);
  return rows;
}

const pglite = await createDatabase({});
const rows = await measure('PGlite (embedded)', pglite);
await pglite.close();
if (process.env.DATABASE_URL) {
  const fresh = await freshPostgres(process.env.DATABASE_URL);
  // Dropping the database at the end cuts the pool's last connections: expected, not worth a warning.
  const postgres = await createDatabase({
    databaseUrl: fresh.url,
    poolSize: CONCURRENCY,
    onIdleConnectionError: () => {},
  });
  try {
    rows.push(...(await measure('PostgreSQL', postgres)));
  } finally {
    await postgres.close();
    await fresh.drop();
  }
} else {
  console.info('PostgreSQL skipped: no DATABASE_URL');
}

writeResult(
  'ledger-charges',
  `# Token ledger: charges per second\n\nOne process calls \`charge()\` (apps/server/src/modules/detector/ledger.ts) in its own transaction, ${CONCURRENCY} at a time, ${CHARGES} charges per shape after a warm-up run: a quote from the coefficient table, the account row locked \`for update\`, the plan-validity check, the balance update and the ledger insert. "${USERS} users" spreads charges over many accounts; "one user" makes every transaction wait for the same row lock. Drift is what \`npm run ledger:check\` finds afterwards (must be 0). No target is set by the issue; a tool run costs one charge, so these are far above any tool's own throughput.\n\n${machineTable(machine())}\n| database | shape | charges/s | p50 ms | p99 ms | drift |\n|---|---|---|---|---|---|\n${rows
    .map((r) => `| ${r.label} | ${r.shape} | ${r.perSecond} | ${r.p50} | ${r.p99} | ${r.drift} |`)
    .join('\n')}\n`,
);
