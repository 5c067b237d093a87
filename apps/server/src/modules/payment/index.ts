import type { Database } from '@candor/db';
import type { FastifyInstance } from 'fastify';
import { createPlansRepository } from './plans.repository.js';
import { plansRoutes } from './plans.routes.js';
import { createPlansService } from './plans.service.js';

export interface PaymentModuleOptions {
  db: Database;
  clock: () => Date;
}

/** The payment service: plans and the current plan (`/api/payment/`). */
export async function paymentModule(app: FastifyInstance, opts: PaymentModuleOptions) {
  const service = createPlansService({ repo: createPlansRepository(opts.db), clock: opts.clock });
  await app.register(plansRoutes, { service });
}
