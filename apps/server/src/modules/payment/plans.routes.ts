import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import type { PlansService } from './plans.service.js';

export async function plansRoutes(app: FastifyInstance, opts: { service: PlansService }) {
  // Public: the pricing page is open to logged-out visitors.
  app.get('/v1/plans/', async () => opts.service.list());

  app.get('/v1/plans/my_plan', { preHandler: app.requireUser }, async (request) =>
    opts.service.myPlan(currentUser(request).id),
  );
}
