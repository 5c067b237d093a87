import type { Database } from '@candor/db';
import type { FastifyInstance } from 'fastify';
import type { ToolsConfig } from '../../config/env.js';
import type { AuthRateLimitRules, RateLimitStore } from '../../http/rate-limit.js';
import type { ProductCatalogue } from '../../products.js';
import { type ToolRuntime, toolsModule } from '../tools/index.js';
import { createHistoryRepository } from './history.repository.js';
import { historyRoutes } from './history.routes.js';
import { createHistoryService } from './history.service.js';
import { createTokensRepository } from './tokens.repository.js';
import { tokensRoutes } from './tokens.routes.js';

export { builtInTools, createToolRuntime, type ToolRuntime } from '../tools/index.js';
export { createHistoryRepository, type NewHistoryRow } from './history.repository.js';

export * as ledger from './ledger.js';

export interface DetectorModuleOptions {
  db: Database;
  clock: () => Date;
  tools: ToolsConfig;
  /** The pipeline, queue and engine threads this process shares with the public API. */
  toolRuntime: ToolRuntime;
  rateLimitStore?: RateLimitStore | undefined;
  /** Replaces the upload limits of extraction, analysis and voice uploads (tests). */
  uploadRateLimits?: AuthRateLimitRules | undefined;
  products: ProductCatalogue;
}

/**
 * The detector service: the product catalogue, token balance, coefficients, history and the tool runs
 * (`/api/detector/`); every route but the catalogue needs a session.
 */
export async function detectorModule(app: FastifyInstance, opts: DetectorModuleOptions) {
  // Public: pricing and the catalogue are shown before sign-in too, and the answer is the same for everyone.
  app.get('/v1/products/', async () => opts.products.availability());
  await app.register(tokensRoutes, { db: opts.db, repo: createTokensRepository(opts.db), clock: opts.clock });
  await app.register(historyRoutes, { service: createHistoryService({ repo: createHistoryRepository(opts.db) }) });
  await app.register(toolsModule, {
    db: opts.db,
    config: opts.tools,
    runtime: opts.toolRuntime,
    rateLimitStore: opts.rateLimitStore,
    uploadRateLimits: opts.uploadRateLimits,
  });
}
