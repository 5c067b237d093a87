import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import type { ReferralsService } from './referrals.service.js';
import type { UserRow } from './users.repository.js';

/** The signed-in user's referral programme: their code, what an invitation is worth and what it earned. */
export async function referralsRoutes(app: FastifyInstance, opts: { service: ReferralsService }) {
  app.get('/referrals/summary', { preHandler: app.requireUser }, async (request) =>
    opts.service.summary(currentUser<UserRow>(request).row),
  );
}
