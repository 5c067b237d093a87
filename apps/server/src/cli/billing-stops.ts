/**
 * `npm run -s billing:stops`: the replaced subscriptions the provider has yet to stop billing (see billing-stops.ts),
 * and `retry [--subscription ID]` to make their next attempt now instead of after the backoff. Exit code 0 when
 * nothing failed, 1 when an attempt failed or the stops can't be made from here, 2 on a usage error.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { billingStops, type Database, type DatabaseHandle, subscriptions, users } from '@candor/db';
import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../config/env.js';
import { attemptBillingStop, type BillingStop, claimBillingStop } from '../modules/payment/billing-stops.js';
import { billingStopperFor } from '../modules/payment/index.js';
import { type CliIo, openCliDatabase, reportCliError, runAsMain, UsageError } from './cli-support.js';

export const usage = `Usage: npm run -s billing:stops [-- <command> [options]]

Commands:
  list (the default)
      Lists the pending stops: subscriptions a new plan replaced that the provider still has to stop billing,
      with their user, failed attempts, last failure (class, status, code) and next attempt.
  retry [--subscription ID]
      Makes the next attempt of every pending stop (or of the one given) now, and prints each outcome.
      Exit code 1 when one failed: it stays pending and is retried after the backoff as before.
  help
      Shows this help.

Stops are made by the configured provider (PAYMENT_PROVIDER=stripe with its STRIPE_* settings). Stops left from
a Stripe deployment that now runs the local provider can't be made from here: stop each subscription in the Stripe
dashboard, then delete its row (see docs/payments.md).

Database: the same settings as the server. With DATABASE_URL it uses that PostgreSQL database; without it, the
embedded PGlite database in DATA_DIR/pglite (default ./.data/pglite). PGlite can be opened by one process only:
stop the server before running this command against it (it refuses to run while the server answers on PORT).`;

type PendingStop = BillingStop & { userEmail: string | null };

/** Every pending stop, oldest first, with the user of the subscription (null once their account is deleted). */
async function pendingStops(db: Database): Promise<PendingStop[]> {
  const rows = await db
    .select({ stop: billingStops, userEmail: users.email })
    .from(billingStops)
    .leftJoin(
      subscriptions,
      and(
        eq(subscriptions.provider, billingStops.provider),
        eq(subscriptions.providerSubscriptionId, billingStops.providerSubscriptionId),
      ),
    )
    .leftJoin(users, eq(users.id, subscriptions.userId))
    .orderBy(asc(billingStops.createdAt), asc(billingStops.providerSubscriptionId));
  return rows.map((row) => ({ ...row.stop, userEmail: row.userEmail }));
}

const utcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function printTable(rows: string[][], io: CliIo) {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
  for (const row of rows)
    io.out(
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    );
}

function printPending(stops: PendingStop[], now: Date, io: CliIo) {
  printTable(
    [
      ['subscription', 'provider', 'user', 'attempts', 'last failure', 'next attempt'],
      ...stops.map((stop) => [
        stop.providerSubscriptionId,
        stop.provider,
        stop.userEmail ?? '(account deleted)',
        String(stop.attempts),
        stop.lastError ?? '-',
        `${utcMinute(stop.nextAttemptAt)}${stop.nextAttemptAt <= now ? ' (due)' : ''}`,
      ]),
    ],
    io,
  );
}

/** Why stops of another provider than the configured one stay pending: nothing here can make them. */
function explainUnreachable(stops: PendingStop[], config: Config, io: CliIo) {
  io.out(
    `PAYMENT_PROVIDER is ${config.payment.provider}: ${stops.length === 1 ? 'this stop is' : `these ${stops.length} stops are`} ` +
      'not retried and cannot be made from here. Stop each subscription in the Stripe dashboard (cancel at period ' +
      'end), then delete its row (see docs/payments.md).',
  );
}

/** Attempts `stops` now, one by one, printing each outcome; true when none failed. */
async function retryNow(
  stops: PendingStop[],
  deps: Parameters<typeof attemptBillingStop>[0],
  io: CliIo,
): Promise<boolean> {
  const tally = { stopped: 0, failed: 0, skipped: 0 };
  for (const pending of stops) {
    const id = pending.providerSubscriptionId;
    const stop = await claimBillingStop(deps.db, pending, deps.clock());
    if (!stop) {
      tally.skipped += 1;
      io.out(`${id}  skipped: no longer pending, or a server is claiming it this moment`);
    } else if (await attemptBillingStop(deps, stop)) {
      tally.stopped += 1;
      io.out(`${id}  stopped`);
    } else {
      tally.failed += 1;
      const [after] = await deps.db
        .select()
        .from(billingStops)
        .where(and(eq(billingStops.provider, stop.provider), eq(billingStops.providerSubscriptionId, id)));
      io.out(
        after
          ? `${id}  failed: ${after.lastError ?? 'unknown'} (attempt ${after.attempts}; next attempt ${utcMinute(after.nextAttemptAt)})`
          : `${id}  failed`,
      );
    }
  }
  io.out(`${tally.stopped} stopped, ${tally.failed} failed${tally.skipped > 0 ? `, ${tally.skipped} skipped` : ''}.`);
  return tally.failed === 0;
}

/** Runs one command; returns the exit code. */
export async function runBillingStopsCli(argv: string[], config: Config, io: CliIo): Promise<number> {
  let handle: DatabaseHandle | undefined;
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { subscription: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    const [command = 'list', ...rest] = positionals;
    if (values.help || command === 'help') {
      io.out(usage);
      return 0;
    }
    if (rest.length > 0) throw new UsageError(`unexpected argument: ${rest.join(' ')}`);
    if (command !== 'list' && command !== 'retry') throw new UsageError(`unknown command: ${command}`);
    if (command === 'list' && values.subscription !== undefined) {
      throw new UsageError('--subscription goes with retry');
    }

    handle = await openCliDatabase(config);
    await handle.migrate();
    const { db } = handle;
    const now = new Date();
    const stopper = billingStopperFor(config.payment);
    const pending = await pendingStops(db);
    const unreachable = pending.filter((stop) => stop.provider !== stopper?.name);

    if (command === 'list') {
      if (pending.length === 0) {
        io.out('No billing stops are pending.');
        return 0;
      }
      printPending(pending, now, io);
      if (unreachable.length > 0) explainUnreachable(unreachable, config, io);
      return 0;
    }

    const chosen =
      values.subscription === undefined
        ? pending
        : pending.filter((stop) => stop.providerSubscriptionId === values.subscription);
    if (values.subscription !== undefined && chosen.length === 0) {
      throw new UsageError(`no billing stop is pending for "${values.subscription}"; see: npm run -s billing:stops`);
    }
    if (chosen.length === 0) {
      io.out('No billing stops are pending.');
      return 0;
    }
    const stuck = chosen.filter((stop) => unreachable.includes(stop));
    if (stuck.length > 0) explainUnreachable(stuck, config, io);
    const reachable = chosen.filter((stop) => !stuck.includes(stop));
    const retried =
      stopper && reachable.length > 0
        ? await retryNow(
            reachable,
            // Each outcome is printed; the warnings a server logs for them would only repeat it.
            { db, provider: stopper, clock: () => new Date(), log: { warn: () => {}, error: () => {} } },
            io,
          )
        : true;
    return retried && stuck.length === 0 ? 0 : 1;
  } catch (error) {
    return reportCliError(error, io, 'npm run -s billing:stops -- help');
  } finally {
    await handle?.close().catch(() => {});
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await runAsMain(runBillingStopsCli);
}
