import { contactRequestSchema } from '@candor/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import { parseWith } from '../../http/errors.js';
import type { AuthLimiter } from '../../http/rate-limit.js';
import type { ContactService } from './contact.service.js';

export interface ContactRoutesOptions {
  service: ContactService;
  /** Per IP and per user: each request becomes an e-mail to the team. */
  limiter: AuthLimiter;
}

/** The contact form of `/contact-us` (spec §3). */
export async function contactRoutes(app: FastifyInstance, opts: ContactRoutesOptions) {
  app.post('/contact-requests', { preHandler: app.requireUser }, async (request, reply) => {
    const user = currentUser(request);
    const input = parseWith(contactRequestSchema, request.body);
    await opts.limiter.consume(request, user.id);
    return reply.code(201).send(await opts.service.submit(user.id, input));
  });
}
