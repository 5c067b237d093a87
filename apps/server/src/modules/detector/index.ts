import type { Database } from '@candor/db';
import type { FastifyInstance } from 'fastify';
import { createHistoryRepository } from './history.repository.js';
import { historyRoutes } from './history.routes.js';
import { createHistoryService } from './history.service.js';
import { createTokensRepository } from './tokens.repository.js';
import { tokensRoutes } from './tokens.routes.js';

export { createHistoryRepository, type NewHistoryRow } from './history.repository.js';

export * as ledger from './ledger.js';

export interface DetectorModuleOptions {
  db: Database;
  clock: () => Date;
}

/** The detector service: token balance, coefficients and history (`/api/detector/`); every route needs a session. */
export async function detectorModule(app: FastifyInstance, opts: DetectorModuleOptions) {
  await app.register(tokensRoutes, { db: opts.db, repo: createTokensRepository(opts.db), clock: opts.clock });
  await app.register(historyRoutes, { service: createHistoryService({ repo: createHistoryRepository(opts.db) }) });
}
