import path from 'node:path';
import { createDatabase, type DatabaseHandle, seedDatabase } from '@candor/db';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { buildApp, servicePrefixes } from './app.js';
import { type Config, ConfigError, loadConfig } from './config/env.js';
import { createLogger } from './config/logger.js';
import { loadOrCreateSecret } from './config/secrets.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { pruneAuthRows } from './modules/auth/index.js';
import {
  type BillingStopper,
  billingStopperFor,
  type ReceiptDeps,
  retryBillingStops,
  sweepSubscriptions,
} from './modules/payment/index.js';

const SHUTDOWN_GRACE_MS = 10_000;
const PRUNE_EVERY_MS = 6 * 3_600_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) console.error(`Configuration error: ${problem}`);
    process.exit(1);
  }
}

function connectRedis(url: string, logger: Logger): Redis {
  // Fail fast instead of queueing: the rate limiter falls back to memory while Redis is away.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let lastWarning = 0;
  redis.on('error', (err) => {
    if (Date.now() - lastWarning < 30_000) return;
    lastWarning = Date.now();
    logger.warn({ err }, 'Redis is unreachable; rate limits fall back to this process');
  });
  return redis;
}

/** Runs `pass` every `seconds`; a pass never overlaps the previous one here. */
function repeatEvery(seconds: number, pass: () => Promise<void>): void {
  let running = false;
  setInterval(() => {
    if (running) return;
    running = true;
    pass().finally(() => {
      running = false;
    });
  }, seconds * 1_000).unref();
}

/**
 * Renews due local subscriptions (mailing their receipts) and ends lapsed plans every `seconds`. Every instance may
 * run it: rows are claimed with SKIP LOCKED, so they share the work instead of repeating it.
 */
function startSubscriptionSweep(
  db: DatabaseHandle['db'],
  seconds: number,
  receipts: ReceiptDeps,
  logger: Logger,
): void {
  repeatEvery(seconds, () =>
    sweepSubscriptions(db, new Date(), receipts)
      .then((result) => {
        if (result.renewed + result.ended > 0) logger.info(result, 'subscription sweep');
      })
      .catch((err) => logger.warn({ err }, 'the subscription sweep failed')),
  );
}

/**
 * Retries stopping the provider's billing of replaced subscriptions every `seconds`. Every instance may run it: each
 * stop is claimed with SKIP LOCKED, so one instance makes each attempt.
 */
function startBillingStopRetries(
  db: DatabaseHandle['db'],
  provider: BillingStopper,
  seconds: number,
  logger: Logger,
): void {
  repeatEvery(seconds, () =>
    retryBillingStops({ db, provider, clock: () => new Date(), log: logger })
      .then((result) => {
        if (result.stopped > 0) logger.info(result, 'replaced subscriptions stopped at the provider');
      })
      .catch((err) => logger.warn({ err }, 'retrying billing stops failed')),
  );
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config);
  let database: DatabaseHandle | undefined;
  let redis: Redis | undefined;
  let mailer: Mailer | undefined;
  let app: FastifyInstance | undefined;

  const release = async () => {
    await app?.close();
    await database?.close();
    if (redis) await redis.quit().catch(() => redis?.disconnect());
    mailer?.close();
  };

  try {
    const jwtSecret = loadOrCreateSecret(config.dataDir, 'jwt-secret', config.jwtSecret);
    const vaultKey = loadOrCreateSecret(config.dataDir, 'pii-vault-key', config.governance.vaultKey);
    database = await createDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
      onIdleConnectionError: (err) => logger.warn({ err }, 'PostgreSQL closed an idle connection; it will reconnect'),
    });
    await database.migrate();
    await seedDatabase(database.db);
    const db = database.db;
    await pruneAuthRows(db, new Date());
    setInterval(() => {
      pruneAuthRows(db, new Date()).catch((err) => logger.warn({ err }, 'pruning expired sessions failed'));
    }, PRUNE_EVERY_MS).unref();

    mailer = createMailer({
      from: config.mailFrom,
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
    });
    if (config.services.includes('payment') && config.payment.subscriptionSweepSeconds > 0) {
      const receipts = { mailer, publicUrl: config.publicUrl, paymentPrefix: servicePrefixes.payment, log: logger };
      startSubscriptionSweep(db, config.payment.subscriptionSweepSeconds, receipts, logger);
      const billingStopper = billingStopperFor(config.payment);
      if (billingStopper) {
        startBillingStopRetries(db, billingStopper, config.payment.subscriptionSweepSeconds, logger);
      }
    }

    if (config.redisUrl) redis = connectRedis(config.redisUrl, logger);
    app = await buildApp({ config, database, mailer, jwtSecret, vaultKey, logger, redis });
    await app.listen({ port: config.port, host: config.host });
    logger.info(
      {
        database: database.kind,
        rateLimits: redis ? 'redis' : 'memory',
        jobQueue: redis ? 'redis' : 'in process',
        mail: mailer.kind === 'smtp' ? 'smtp' : path.join(config.dataDir, 'outbox'),
        services: config.services,
        publicUrl: config.publicUrl,
      },
      'Candor is ready',
    );
  } catch (err) {
    logger.fatal({ err }, 'start-up failed');
    await release().catch(() => {});
    process.exit(1);
  }

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      logger.error('shutdown took longer than 10 s; exiting anyway');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await release();
      logger.info('stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

await main();
