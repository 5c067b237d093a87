import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { authCookies, type SignupInput, type UserInfo } from '@candor/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { type AppDeps, buildApp } from '../app.js';
import { parseEnv } from '../config/env.js';
import type { AuthRateLimitRules } from '../http/rate-limit.js';
import { createMailer } from '../mail/mailer.js';
import type { TestDatabase } from './databases.js';
import { deleteKeysAt } from './redis.js';
import { startTestSmtp, type TestSmtp } from './smtp.js';

/** Limits high enough that only the rate-limit tests ever meet them. */
export const generousRateLimits: AuthRateLimitRules = {
  perIp: { points: 10_000, durationSeconds: 900 },
  perAccount: { points: 10_000, durationSeconds: 900 },
};

export interface TestAppOptions {
  env?: Record<string, string>;
  rateLimitRules?: AuthRateLimitRules;
  /** Upload limits (extraction, analysis, voice) instead of the product's 20 a minute. */
  uploadRateLimits?: AuthRateLimitRules;
  redis?: () => Redis | undefined;
  /** Rate-limit and job-queue key prefix; unique per app unless given (instances of one deployment share it). */
  keyPrefix?: string;
  /** Session and vault secrets; random per app unless given (instances of one deployment share them). */
  secrets?: { jwtSecret: string; vaultKey: string };
  clock?: () => Date;
  /** Replaces tools' engine modules, e.g. with `misbehavingEngine`. */
  engineOverrides?: AppDeps['engineOverrides'];
  /** What the deployment offers, when not what the code registers (`everyProduct` for plans of tools still to come). */
  products?: AppDeps['products'];
}

export interface TestApp {
  app: FastifyInstance;
  smtp: TestSmtp;
  database: TestDatabase;
  /** The rate-limit key prefix this app uses (unique per app). */
  keyPrefix: string;
  /** A new cookie jar; `remoteAddress` picks the client IP the rate limits see. */
  client(remoteAddress?: string): TestClient;
}

/** A silent app on `database`, mailing through a real local SMTP server; built before and closed after the suite. */
export function useTestApp(database: () => TestDatabase, options: TestAppOptions = {}): () => TestApp {
  let current: TestApp | undefined;
  let dataDir: string | undefined;
  let redisUrl: string | undefined;
  beforeAll(async () => {
    const smtp = await startTestSmtp();
    dataDir = mkdtempSync(path.join(tmpdir(), 'candor-test-'));
    const config = parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      ...options.env,
    });
    const keyPrefix = options.keyPrefix ?? `candor-test:${randomUUID()}`;
    redisUrl = config.redisUrl;
    const app = await buildApp({
      config,
      database: database().handle,
      mailer: createMailer({ from: config.mailFrom, smtpUrl: config.smtpUrl, outboxDir: path.join(dataDir, 'outbox') }),
      jwtSecret: options.secrets?.jwtSecret ?? randomBytes(32).toString('hex'),
      vaultKey: options.secrets?.vaultKey ?? randomBytes(32).toString('hex'),
      logger: pino({ level: 'silent' }),
      redis: options.redis?.(),
      rateLimitKeyPrefix: keyPrefix,
      jobQueueKeyPrefix: `${keyPrefix}:jobs`,
      rateLimitRules: options.rateLimitRules ?? generousRateLimits,
      ...(options.uploadRateLimits ? { uploadRateLimits: options.uploadRateLimits } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.engineOverrides ? { engineOverrides: options.engineOverrides } : {}),
      ...(options.products ? { products: options.products } : {}),
    });
    await app.ready();
    current = { app, smtp, database: database(), keyPrefix, client: (ip) => new TestClient(app, ip) };
  });
  afterAll(async () => {
    await current?.app.close();
    await current?.smtp.close();
    // The job queue's keys, when it ran in Redis (instances sharing a prefix may each delete them).
    if (redisUrl && current) await deleteKeysAt(redisUrl, `${current.keyPrefix}:jobs`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!current) throw new Error('the test app is not built yet');
    return current;
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Which cookie to echo in X-CSRF-TOKEN: the access one by default, the refresh one, none, or a literal value. */
  csrf?: 'access' | 'refresh' | 'none' | { value: string };
}

/** A browser stand-in: keeps cookies between requests and echoes the CSRF cookie like the SPA does. */
export class TestClient {
  readonly jar = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress = '127.0.0.1',
  ) {}

  async request(method: Method, url: string, body?: unknown, options: RequestOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (this.jar.size > 0) headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const csrf = options.csrf ?? (url.endsWith('/users/refresh') ? 'refresh' : 'access');
    const token =
      typeof csrf === 'object'
        ? csrf.value
        : csrf === 'none'
          ? undefined
          : this.jar.get(csrf === 'refresh' ? authCookies.csrfRefresh : authCookies.csrfAccess);
    if (token !== undefined) headers['x-csrf-token'] = token;
    const response = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.remoteAddress,
      ...(body === undefined ? {} : typeof body === 'string' ? { payload: body } : { payload: body as object }),
    });
    this.remember(response);
    return response;
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, undefined, options);
  }

  post(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('POST', url, body, options);
  }

  /** Like the SPA's first load: any answer hands out the anonymous CSRF cookie. */
  async prime() {
    await this.get('/healthz');
    return this;
  }

  remember(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      const expired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
  }

  /** A second client holding a copy of this one's cookies (a stolen cookie jar), sent to `app` or this one's. */
  clone(app = this.app): TestClient {
    const copy = new TestClient(app, this.remoteAddress);
    for (const [name, value] of this.jar) copy.jar.set(name, value);
    return copy;
  }
}

export const newSignup = (overrides: Partial<SignupInput> = {}): SignupInput => ({
  full_name: 'Ada Lovelace',
  email: `ada.${randomUUID().slice(0, 8)}@example.test`,
  password: 'Engine42',
  terms_conditions_aggreed: true,
  ...overrides,
});

/** Signs up, reads the code from the SMTP server and verifies: the client ends up signed in. */
export async function signUpVerified(t: TestApp, client: TestClient, overrides: Partial<SignupInput> = {}) {
  const input = newSignup(overrides);
  if (!client.jar.has(authCookies.csrfAccess)) await client.prime();
  const signup = await client.post('/api/auth/users/signup', input);
  if (signup.statusCode !== 201) throw new Error(`sign-up answered ${signup.statusCode}: ${signup.body}`);
  const code = await t.smtp.nextCode(input.email);
  const verify = await client.post('/api/auth/users/verify-account', { email: input.email, code });
  if (verify.statusCode !== 200) throw new Error(`verification answered ${verify.statusCode}: ${verify.body}`);
  return { input, user: verify.json<UserInfo>() };
}
