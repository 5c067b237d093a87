import { historyDeleteManySchema, historyQuerySchema } from '@candor/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import { parseWith } from '../../http/errors.js';
import type { HistoryService } from './history.service.js';

export async function historyRoutes(app: FastifyInstance, opts: { service: HistoryService }) {
  app.addHook('preHandler', app.requireUser);

  app.get('/v2/ai-detector/user-history/', async (request) =>
    opts.service.list(currentUser(request).id, parseWith(historyQuerySchema, request.query)),
  );

  app.get<{ Params: { id: string } }>('/v2/ai-detector/user-history/:id', async (request) =>
    opts.service.detail(currentUser(request).id, request.params.id),
  );

  // Bulk delete is a POST: bodies on DELETE are dropped by some proxies and clients.
  app.post('/v2/ai-detector/user-history/delete', async (request) =>
    opts.service.removeMany(currentUser(request).id, parseWith(historyDeleteManySchema, request.body)),
  );

  app.delete<{ Params: { id: string } }>('/v2/ai-detector/user-history/:id', async (request) =>
    opts.service.remove(currentUser(request).id, request.params.id),
  );
}
