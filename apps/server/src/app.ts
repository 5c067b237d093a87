import { randomUUID } from 'node:crypto';
import { errorCodes } from '@candor/contracts';
import type { ToolId } from '@candor/contracts/tools';
import type { DatabaseHandle } from '@candor/db';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config, ServiceName } from './config/env.js';
import { registerAuth } from './http/auth.js';
import { registerNoStoreByDefault } from './http/cache-control.js';
import { registerCsrf } from './http/csrf.js';
import { registerEmptyQueryAsAbsent } from './http/empty-query.js';
import { errorBody, registerErrorHandler } from './http/errors.js';
import type { AuthRateLimitRules, RateLimitStore } from './http/rate-limit.js';
import { recordRoutes } from './http/route-catalogue.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createSessionCookies, createSessionTokens } from './http/session.js';
import { registerSpaAndNotFound } from './http/spa.js';
import { registerStorableText } from './http/storable-text.js';
import type { Mailer } from './mail/mailer.js';
import { publicApiModule } from './modules/api/index.js';
import {
  authModule,
  createSessionService,
  createSessionsRepository,
  createSessionUserCache,
  createUsersRepository,
  type UserRow,
} from './modules/auth/index.js';
import { createToolRuntime, detectorModule, type ToolRuntime } from './modules/detector/index.js';
import { governanceModule } from './modules/governance/index.js';
import { paymentModule } from './modules/payment/index.js';
import { builtInProducts, type ProductCatalogue } from './products.js';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  /** Signs session tokens and keys the one-time codes' HMAC. */
  jwtSecret: string;
  /** Encrypts the pseudonym vaults of Secure LLM Chat. */
  vaultKey: string;
  logger: FastifyBaseLogger;
  /** Rate-limit counters go to Redis when given. */
  redis?: Redis | undefined;
  /** Namespace of the rate-limit keys (tests pass a unique one). */
  rateLimitKeyPrefix?: string;
  /** Namespace of the job queue's keys when `REDIS_URL` is set (tests pass a unique one). */
  jobQueueKeyPrefix?: string;
  /** Overrides the configured auth rate limits (tests use small numbers). */
  rateLimitRules?: AuthRateLimitRules;
  /** Overrides the per-user and per-address limits of file uploads (the fuzz tests send thousands). */
  uploadRateLimits?: AuthRateLimitRules;
  clock?: () => Date;
  /** Replaces tools' engine modules (tests inject a crashing or a slow engine). */
  engineOverrides?: Partial<Record<ToolId, string>>;
  /** Replaces what the deployment offers (tests of plans whose tools are still to come); else derived from the code. */
  products?: ProductCatalogue;
}

export const servicePrefixes: Record<ServiceName, string> = {
  auth: '/api/auth',
  payment: '/api/payment',
  detector: '/api/detector',
  governance: '/api/governance',
  api: '/api/public',
};

// How long another instance may keep serving a revoked session (this one forgets it at once).
const SESSION_CACHE_TTL_MS = 5_000;

// An incoming request id is kept only if it can't smuggle anything into logs or headers.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A hop count becomes the equivalent function: Fastify's types only take the other forms. */
function trustProxyOption(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/** Builds the HTTP app from its dependencies: plugins, then repositories, then the services' routes. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? (() => new Date());
  const db = database.db;

  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });

  // Plugins and cross-cutting hooks, before any route so that every route has them.
  recordRoutes(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerNoStoreByDefault(app);
  registerErrorHandler(app);
  // JSON only: a text/plain or form body is refused with 415 instead of reaching a handler as a string.
  app.removeAllContentTypeParsers();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // Some clients send the JSON content type on body-less POSTs (sign-out, refresh); that isn't malformed.
    if (text === '') return done(null, undefined);
    parseJson(request, text, done);
  });
  registerEmptyQueryAsAbsent(app);
  // What PostgreSQL can't store is refused (or, in prose, replaced) before any route sees it.
  registerStorableText(app);
  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, { https: config.secureCookies });

  const tokens = createSessionTokens({
    secret: deps.jwtSecret,
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    clock,
  });
  const cookies = createSessionCookies({ secure: config.secureCookies, maxAgeSeconds: config.refreshTokenTtlSeconds });

  // Repositories shared across services.
  const sessionCache = createSessionUserCache<UserRow>({
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: 10_000,
    now: () => clock().getTime(),
  });
  const users = createUsersRepository(db, sessionCache);
  const sessions = createSessionService({ repo: createSessionsRepository(db, sessionCache), tokens, clock });
  registerCsrf(app, { tokens, cookies });
  registerAuth(app, {
    findSessionUser: (userId, familyId) => users.findSessionUser(userId, familyId),
    verifyRefresh: (token) => tokens.verifyRefresh(token),
  });

  // Once closing has begun, every answer ends its connection: a kept-alive one (a proxy's pool, a browser's) would
  // otherwise hold the close open until its idle timeout, past the shutdown grace.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    if (await database.ping()) return { status: 'ready', database: database.kind };
    return reply.code(503).send(errorBody(errorCodes.unavailable, 'The database is not reachable'));
  });

  // The services.
  const enabled = new Set(config.services);
  // What the deployment offers, whichever services this instance serves: every instance answers the same.
  const products = deps.products ?? builtInProducts();
  // Rate-limit counters: in Redis when configured, so every instance shares them.
  const rateLimitStore: RateLimitStore = {
    redis: deps.redis,
    keyPrefix: deps.rateLimitKeyPrefix ?? `${config.redisKeyPrefix}:rl`,
  };
  const { authRateLimit } = config;
  const rateLimitRules = deps.rateLimitRules ?? {
    perIp: { points: authRateLimit.perIp, durationSeconds: authRateLimit.windowSeconds },
    perAccount: { points: authRateLimit.perAccount, durationSeconds: authRateLimit.windowSeconds },
  };
  if (enabled.has('auth')) {
    await app.register(authModule, {
      prefix: servicePrefixes.auth,
      db,
      users,
      sessions,
      cookies,
      mailer: deps.mailer,
      secret: deps.jwtSecret,
      otpTtlSeconds: config.otpTtlSeconds,
      otpResendCooldownSeconds: config.otpResendCooldownSeconds,
      publicUrl: config.publicUrl,
      rateLimitRules,
      rateLimitStore,
      referral: config.referral,
      contactEmailTo: config.contactEmailTo,
      clock,
      sessionCache,
      secureCookies: config.secureCookies,
      oidc: { ...config.oidc, secureCookies: config.secureCookies },
    });
  }
  if (enabled.has('payment')) {
    await app.register(paymentModule, {
      prefix: servicePrefixes.payment,
      db,
      clock,
      config: config.payment,
      publicUrl: config.publicUrl,
      mailer: deps.mailer,
      rateLimitStore,
      products,
    });
  }
  // One pipeline, queue and set of engine threads for every service that starts runs (the screens and the API).
  let toolRuntime: ToolRuntime | undefined;
  if (enabled.has('detector') || enabled.has('api')) {
    const runtime = createToolRuntime({
      db,
      clock,
      config: config.tools,
      engineOverrides: deps.engineOverrides,
      jobQueueRedis: config.redisUrl
        ? { url: config.redisUrl, keyPrefix: deps.jobQueueKeyPrefix ?? `${config.redisKeyPrefix}:jobs` }
        : undefined,
      log: app.log,
    });
    toolRuntime = runtime;
    // Runs stop as the server starts closing, while the database and Redis are still there to settle them, and
    // before it waits for the requests in flight: one of those may be waiting for an engine thread a run holds, and
    // meanwhile the queue would go on handing this instance runs the shutdown grace then cuts off.
    app.addHook('preClose', () => runtime.stopRuns());
    app.addHook('onClose', () => runtime.close());
  }
  if (enabled.has('detector') && toolRuntime) {
    await app.register(detectorModule, {
      prefix: servicePrefixes.detector,
      db,
      clock,
      tools: config.tools,
      toolRuntime,
      uploadRateLimits: deps.uploadRateLimits,
      rateLimitStore,
      products,
    });
  }
  if (enabled.has('governance')) {
    await app.register(governanceModule, {
      prefix: servicePrefixes.governance,
      db,
      config: config.governance,
      vaultKey: deps.vaultKey,
      clock,
    });
  }
  if (enabled.has('api') && toolRuntime) {
    await app.register(publicApiModule, {
      prefix: servicePrefixes.api,
      db,
      clock,
      toolRuntime,
      publicUrl: config.publicUrl,
      vaultKey: deps.vaultKey,
      rateLimitStore,
      syncTimeoutSeconds: config.api.syncTimeoutSeconds,
      corsOrigins: config.api.corsOrigins,
      privateAllowList: config.tools.sourceFetch.privateAllowList,
      webhookRetrySeconds: config.api.webhookRetrySeconds,
    });
  }

  await registerSpaAndNotFound(app, config.webDistDir);
  return app;
}
