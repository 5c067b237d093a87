/**
 * Admin CLI for what is sold: `npm run catalog -- plans|packets|coupons …` (see `usage`). Connects like the server
 * does (DATABASE_URL, or the embedded PGlite in DATA_DIR/pglite), migrating and seeding first, so it also works
 * before the server's first start (e2e/serve.mjs adds its coupons that way).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { couponCodeSchema } from '@candor/contracts';
import { type DatabaseHandle, seedDatabase } from '@candor/db';
import type { Config } from '../config/env.js';
import {
  AlreadyExistsError,
  type CatalogAdminRepository,
  createCatalogAdminRepository,
  type NewCoupon,
  type PacketChanges,
  type PlanChanges,
} from '../modules/payment/catalog-admin.repository.js';
import { normaliseCouponCode } from '../modules/payment/coupons.js';
import { type CliIo, openCliDatabase, reportCliError, runAsMain, UsageError } from './cli-support.js';

export const usage = `Usage: npm run catalog -- <group> <command> [options]

Plans (the pricing page; the free plan's allowance and length are set here too):
  plans list
  plans set <slug> [--name TEXT] [--price-cents N] [--tokens N|-1] [--duration-days N] [--active true|false]
                   [--api-requests-per-minute N|none]
      --tokens -1 is unlimited. --duration-days applies to plans without a billing period (the free plan) and
      counts from sign-up. Changes apply to new purchases, sign-ups and renewals; current periods keep theirs.
      --api-requests-per-minute gives the plan API access at that rate per key (none takes it away, at once).

Token packets (one-off tokens that never expire):
  packets list
  packets add --slug SLUG --name TEXT --tokens N --price-cents N
  packets set <slug> [--name TEXT] [--tokens N] [--price-cents N] [--active true|false]

Coupons (a discount on the first payment):
  coupons list
  coupons add --code CODE (--percent-off N | --amount-off-cents N) [--description TEXT]
              [--valid-from ISO] [--valid-until ISO] [--max-redemptions N|unlimited]
              [--max-per-user N|unlimited] [--products slug,slug]
      Codes are matched in any case (stored upper-case). Without --max-redemptions a coupon has no overall
      limit; without --max-per-user each account may use it once. --products limits it to those plan or packet
      slugs. Dates are ISO 8601, e.g. 2026-12-31 or 2026-12-31T23:59:59Z.
  coupons disable <code>

  help
      Shows this help.

Database: the same settings as the server. With DATABASE_URL it uses that PostgreSQL database; without it, the
embedded PGlite database in DATA_DIR/pglite (default ./.data/pglite). PGlite can be opened by one process only:
stop the server before running this command against it (it refuses to run while the server answers on PORT).`;

const MAX_INT = 2_147_483_647;

/** Which options each command takes; anything else is a usage error. */
const allowed: Record<string, string[]> = {
  'plans list': [],
  'plans set': ['name', 'price-cents', 'tokens', 'duration-days', 'active', 'api-requests-per-minute'],
  'packets list': [],
  'packets add': ['slug', 'name', 'tokens', 'price-cents'],
  'packets set': ['name', 'tokens', 'price-cents', 'active'],
  'coupons list': [],
  'coupons add': [
    'code',
    'percent-off',
    'amount-off-cents',
    'description',
    'valid-from',
    'valid-until',
    'max-redemptions',
    'max-per-user',
    'products',
  ],
  'coupons disable': [],
};
/** Commands that take one positional argument (a slug or a code). */
const withTarget = new Set(['plans set', 'packets set', 'coupons disable']);

type Values = Record<string, string | boolean | undefined>;

function int(values: Values, name: string, min: number, max = MAX_INT): number | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  }
  return Number(value);
}

function required<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new UsageError(`--${name} is required`);
  return value;
}

/** A limit: a whole number of at least 1, or `unlimited` (null). */
function limit(values: Values, name: string): number | null | undefined {
  if (values[name] === 'unlimited') return null;
  return int(values, name, 1);
}

function text(values: Values, name: string, max = 200): string | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  const trimmed = String(value).trim();
  if (trimmed === '' || trimmed.length > max) throw new UsageError(`--${name} must be 1 to ${max} characters`);
  return trimmed;
}

function bool(values: Values, name: string): boolean | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw new UsageError(`--${name} must be true or false`);
  return value === 'true';
}

function date(values: Values, name: string): Date | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  const parsed = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : undefined;
  if (!parsed || Number.isNaN(parsed.getTime())) {
    throw new UsageError(`--${name} must be an ISO 8601 date like 2026-12-31 or 2026-12-31T23:59:59Z`);
  }
  return parsed;
}

function definedOnly<T extends object>(changes: T): T {
  const kept = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as T;
  if (Object.keys(kept).length === 0) throw new UsageError('nothing to change: give at least one option');
  return kept;
}

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
const tokens = (n: number) => (n === -1 ? 'unlimited' : n.toLocaleString('en-US'));
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace('T', ' ') : '-');

function printTable(io: CliIo, header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  for (const row of [header, ...rows]) {
    io.out(
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    );
  }
}

async function plansCommand(repo: CatalogAdminRepository, command: string, target: string, values: Values, io: CliIo) {
  if (command === 'list') {
    const rows = await repo.listPlans();
    printTable(
      io,
      ['slug', 'name', 'tab', 'period', 'price', 'tokens', 'days', 'active'],
      rows.map((p) => [
        p.slug,
        p.name,
        p.tab,
        p.period,
        money(p.priceCents, p.currency),
        tokens(p.tokens),
        p.durationDays === null ? '-' : String(p.durationDays),
        String(p.active),
      ]),
    );
    return;
  }
  const apiRate =
    values['api-requests-per-minute'] === 'none' ? null : int(values, 'api-requests-per-minute', 1, 1_000_000);
  const { apiRequestsPerMinute, ...changes } = definedOnly({
    name: text(values, 'name', 100),
    priceCents: int(values, 'price-cents', 0),
    tokens: int(values, 'tokens', -1),
    durationDays: int(values, 'duration-days', 1, 36_500),
    active: bool(values, 'active'),
    apiRequestsPerMinute: apiRate,
  }) as PlanChanges & { apiRequestsPerMinute?: number | null };
  const plans = await repo.listPlans();
  const plan = plans.find((p) => p.slug === target);
  if (!plan) throw new UsageError(`no plan "${target}"; see: npm run catalog -- plans list`);
  // The limits are one JSON value: the rate changes, the words per run stay.
  if (apiRequestsPerMinute !== undefined) changes.limits = { ...plan.limits, apiRequestsPerMinute };
  if (changes.durationDays !== undefined && plan.period !== 'none') {
    throw new UsageError('--duration-days applies only to plans without a billing period (the free plan)');
  }
  if (changes.priceCents === 0 && plan.period !== 'none') {
    throw new UsageError('a plan with a billing period needs a price above 0');
  }
  const updated = await repo.updatePlan(target, changes);
  if (!updated) throw new UsageError(`no plan "${target}"`);
  io.err(`Updated plan ${updated.slug}.`);
}

async function packetsCommand(
  repo: CatalogAdminRepository,
  command: string,
  target: string,
  values: Values,
  io: CliIo,
) {
  if (command === 'list') {
    const rows = await repo.listPackets();
    printTable(
      io,
      ['slug', 'name', 'tokens', 'price', 'active'],
      rows.map((p) => [p.slug, p.name, tokens(p.tokens), money(p.priceCents, p.currency), String(p.active)]),
    );
    return;
  }
  if (command === 'add') {
    const slug = required(text(values, 'slug', 64), 'slug');
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) {
      throw new UsageError('--slug must be lower-case letters and digits separated by single dashes');
    }
    const created = await repo.insertPacket({
      slug,
      name: required(text(values, 'name', 100), 'name'),
      tokens: required(int(values, 'tokens', 1), 'tokens'),
      priceCents: required(int(values, 'price-cents', 1), 'price-cents'),
    });
    io.err(`Added token packet ${created.slug}.`);
    return;
  }
  const changes: PacketChanges = definedOnly({
    name: text(values, 'name', 100),
    tokens: int(values, 'tokens', 1),
    priceCents: int(values, 'price-cents', 1),
    active: bool(values, 'active'),
  });
  const updated = await repo.updatePacket(target, changes);
  if (!updated) throw new UsageError(`no token packet "${target}"; see: npm run catalog -- packets list`);
  io.err(`Updated token packet ${updated.slug}.`);
}

async function couponsCommand(
  repo: CatalogAdminRepository,
  command: string,
  target: string,
  values: Values,
  io: CliIo,
) {
  if (command === 'list') {
    const rows = await repo.listCoupons();
    printTable(
      io,
      ['code', 'discount', 'used', 'max', 'per_user', 'from', 'until', 'products', 'active'],
      rows.map((c) => [
        c.code,
        c.percentOff !== null ? `${c.percentOff}%` : money(c.amountOffCents ?? 0, c.currency),
        String(c.redeemed),
        c.maxRedemptions === null ? '-' : String(c.maxRedemptions),
        c.maxRedemptionsPerUser === null ? '-' : String(c.maxRedemptionsPerUser),
        day(c.validFrom),
        day(c.validUntil),
        c.productSlugs?.join(',') ?? 'all',
        String(c.active),
      ]),
    );
    return;
  }
  if (command === 'disable') {
    const disabled = await repo.disableCoupon(normaliseCouponCode(target));
    if (!disabled) throw new UsageError(`no coupon "${target}"; see: npm run catalog -- coupons list`);
    io.err(`Disabled coupon ${disabled.code}.`);
    return;
  }
  const rawCode = required(values.code as string | undefined, 'code');
  const parsedCode = couponCodeSchema.safeParse(rawCode);
  if (!parsedCode.success) throw new UsageError('--code must be 1 to 64 letters, digits, - or _');
  const percentOff = int(values, 'percent-off', 1, 100);
  const amountOffCents = int(values, 'amount-off-cents', 1);
  if ((percentOff === undefined) === (amountOffCents === undefined)) {
    throw new UsageError('give exactly one of --percent-off and --amount-off-cents');
  }
  const validFrom = date(values, 'valid-from');
  const validUntil = date(values, 'valid-until');
  if (validFrom && validUntil && validUntil <= validFrom)
    throw new UsageError('--valid-until must be after --valid-from');
  let productSlugs: string[] | null = null;
  if (values.products !== undefined) {
    productSlugs = [
      ...new Set(
        String(values.products)
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (productSlugs.length === 0) throw new UsageError('--products needs at least one plan or packet slug');
    const unknown = await repo.unknownProductSlugs(productSlugs);
    if (unknown.length > 0) throw new UsageError(`--products: no plan or token packet "${unknown.join('", "')}"`);
  }
  const coupon: NewCoupon = {
    code: normaliseCouponCode(parsedCode.data),
    description: text(values, 'description', 200) ?? null,
    percentOff: percentOff ?? null,
    amountOffCents: amountOffCents ?? null,
    validFrom: validFrom ?? null,
    validUntil: validUntil ?? null,
    maxRedemptions: limit(values, 'max-redemptions') ?? null,
    productSlugs,
  };
  const perUser = limit(values, 'max-per-user');
  if (perUser !== undefined) coupon.maxRedemptionsPerUser = perUser;
  const created = await repo.insertCoupon(coupon);
  io.err(`Added coupon ${created.code}.`);
}

/** `--tokens -1` as `--tokens=-1`: parseArgs would otherwise read `-1` as an option. */
const negativeValuesJoined = (argv: string[]) =>
  argv.flatMap((arg, i) => {
    if (/^-\d+$/.test(arg) && argv[i - 1]?.startsWith('--') && !argv[i - 1]?.includes('=')) return [];
    const next = argv[i + 1];
    return arg.startsWith('--') && !arg.includes('=') && next !== undefined && /^-\d+$/.test(next)
      ? [`${arg}=${next}`]
      : [arg];
  });

/** Runs one command; returns the exit code. Lists go to `out`, confirmations and errors to `err`. */
export async function runCatalogCli(argv: string[], config: Config, io: CliIo): Promise<number> {
  let handle: DatabaseHandle | undefined;
  try {
    const { positionals, values } = parseArgs({
      args: negativeValuesJoined(argv),
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        'price-cents': { type: 'string' },
        tokens: { type: 'string' },
        'duration-days': { type: 'string' },
        active: { type: 'string' },
        'api-requests-per-minute': { type: 'string' },
        slug: { type: 'string' },
        code: { type: 'string' },
        'percent-off': { type: 'string' },
        'amount-off-cents': { type: 'string' },
        description: { type: 'string' },
        'valid-from': { type: 'string' },
        'valid-until': { type: 'string' },
        'max-redemptions': { type: 'string' },
        'max-per-user': { type: 'string' },
        products: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    const [group, command, ...rest] = positionals;
    if (values.help || group === 'help' || group === undefined) {
      io.out(usage);
      return group === undefined && !values.help ? 1 : 0;
    }
    const name = `${group} ${command ?? ''}`.trim();
    const options = allowed[name];
    if (!options) throw new UsageError(`unknown command: ${name}`);
    const [target, ...extra] = rest;
    if (withTarget.has(name) && target === undefined)
      throw new UsageError(`${name} needs a ${group === 'coupons' ? 'code' : 'slug'}`);
    if ((withTarget.has(name) ? extra : rest).length > 0) {
      throw new UsageError(`unexpected argument: ${(withTarget.has(name) ? extra : rest).join(' ')}`);
    }
    const given = Object.keys(values).filter(
      (key) => key !== 'help' && values[key as keyof typeof values] !== undefined,
    );
    const notForThis = given.filter((key) => !options.includes(key));
    if (notForThis.length > 0) throw new UsageError(`${name} does not take --${notForThis.join(', --')}`);

    handle = await openCliDatabase(config);
    await handle.migrate();
    await seedDatabase(handle.db);
    const repo = createCatalogAdminRepository(handle.db);
    const run = { plans: plansCommand, packets: packetsCommand, coupons: couponsCommand }[group as 'plans'];
    await run(repo, command ?? '', target ?? '', values, io);
    return 0;
  } catch (error) {
    return reportCliError(error, io, 'npm run catalog -- help', (e) => e instanceof AlreadyExistsError);
  } finally {
    await handle?.close().catch(() => {});
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await runAsMain((argv, config, io) => runCatalogCli(argv, config, io));
}
