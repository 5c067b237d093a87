import { licenceActivationSchema } from '@candor/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import { parseWith } from '../../http/errors.js';
import type { AuthLimiter } from '../../http/rate-limit.js';
import type { LicencesService } from './licences.service.js';

export interface LicencesRoutesOptions {
  service: LicencesService;
  /** Per IP and per user, so codes can't be guessed by trying many. */
  limiter: AuthLimiter;
}

/** Marketplace licences (spec §7 `appsumo/license-activation`). */
export async function licencesRoutes(app: FastifyInstance, opts: LicencesRoutesOptions) {
  const { service, limiter } = opts;

  app.post('/appsumo/license-activation', { preHandler: app.requireUser }, async (request) => {
    const user = currentUser(request);
    const input = parseWith(licenceActivationSchema, request.body);
    await limiter.consume(request, user.id);
    return service.activate(user.id, input);
  });

  app.get('/appsumo/activations', { preHandler: app.requireUser }, async (request) =>
    service.list(currentUser(request).id),
  );
}
