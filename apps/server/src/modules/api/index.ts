import type { ProductId } from '@candor/contracts';
import type { Database } from '@candor/db';
import type { FastifyInstance } from 'fastify';
import type { PrivateAllowList } from '../../http/private-allow-list.js';
import type { RateLimitStore } from '../../http/rate-limit.js';
import type { ToolRuntime } from '../tools/index.js';
import { accountRoutes } from './account.routes.js';
import { createApiKeysRepository } from './api-keys.repository.js';
import { createApiKeysService } from './api-keys.service.js';
import { createIdempotency } from './idempotency.js';
import { createKeyRateLimiter } from './key-rate-limit.js';
import { buildOpenApiDocument } from './openapi.js';
import { publicRoutes } from './public.routes.js';
import { registerPublicErrorHandling } from './public-errors.js';
import { createPublicJobs } from './public-jobs.js';
import { createWebhooks } from './webhooks.service.js';

/** The catalogue products this service offers: the public API, keys and webhooks. */
export const publicApiProducts: readonly ProductId[] = ['public-api'];

export { buildOpenApiDocument } from './openapi.js';
export { verifyWebhookSignature } from './webhook-signature.js';

export interface PublicApiModuleOptions {
  db: Database;
  clock: () => Date;
  /** The pipeline the screens use too: runs over the API are validated, limited, reserved, queued and charged alike. */
  toolRuntime: ToolRuntime;
  /** PUBLIC_URL: the API's absolute base in the OpenAPI document, status URLs and file URLs. */
  publicUrl: string;
  /** Seals webhook signing secrets at rest. */
  vaultKey: string;
  rateLimitStore: RateLimitStore;
  syncTimeoutSeconds: number;
  corsOrigins: readonly string[];
  /** SOURCE_FETCH_ALLOW_PRIVATE: the private hosts and networks webhooks may go to too (self-hosting, tests). */
  privateAllowList: PrivateAllowList;
  /** How often due webhook retries are sent; 0: only when kicked (tests). */
  webhookRetrySeconds: number;
}

const PRUNE_EVERY_MS = 3_600_000;

/** The public API service (`/api/public/`): keys and webhooks for the account page, the key-authenticated REST API. */
export async function publicApiModule(app: FastifyInstance, opts: PublicApiModuleOptions) {
  const baseUrl = `${opts.publicUrl}/api/public`;
  registerPublicErrorHandling(app);
  const keys = createApiKeysService({ db: opts.db, repo: createApiKeysRepository(opts.db), clock: opts.clock });
  const webhooks = createWebhooks({
    db: opts.db,
    clock: opts.clock,
    vaultKey: opts.vaultKey,
    privateAllowList: opts.privateAllowList,
    log: app.log,
  });
  const idempotency = createIdempotency(opts.db, opts.clock);
  if (opts.webhookRetrySeconds > 0) webhooks.start(opts.webhookRetrySeconds);
  const prune = setInterval(() => {
    idempotency.prune().catch((err) => app.log.warn({ err }, 'pruning idempotency keys failed'));
  }, PRUNE_EVERY_MS);
  prune.unref();
  app.addHook('onClose', async () => {
    clearInterval(prune);
    await webhooks.stop();
  });

  // Built once: the registry is fixed for the life of the process.
  const document = buildOpenApiDocument([...opts.toolRuntime.tools.values()], { serverUrl: baseUrl });
  app.get('/openapi.json', { config: { cookies: false } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(document),
  );

  await app.register(accountRoutes, { keys, webhooks });
  await app.register(publicRoutes, {
    db: opts.db,
    runtime: opts.toolRuntime,
    keys,
    limiter: createKeyRateLimiter({ ...opts.rateLimitStore, keyPrefix: `${opts.rateLimitStore.keyPrefix}` }),
    idempotency,
    jobs: createPublicJobs({ db: opts.db, queue: opts.toolRuntime.queue, tools: opts.toolRuntime.tools, baseUrl }),
    webhooks,
    syncTimeoutSeconds: opts.syncTimeoutSeconds,
    corsOrigins: opts.corsOrigins,
  });
}
