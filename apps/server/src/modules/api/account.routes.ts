import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import type { ApiKeysService } from './api-keys.service.js';
import type { Webhooks } from './webhooks.service.js';

/** What the account page calls with its session (spec §7 API service): keys, the webhook endpoint, its deliveries. */
export async function accountRoutes(app: FastifyInstance, opts: { keys: ApiKeysService; webhooks: Webhooks }) {
  const { keys, webhooks } = opts;
  app.addHook('preHandler', app.requireUser);
  const userId = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get('/v1/my-api-keys/', async (request) => keys.list(userId(request)));
  app.post('/v1/my-api-keys/', async (request, reply) =>
    reply.code(201).send(await keys.create(userId(request), request.body)),
  );
  app.delete<{ Params: { id: string } }>('/v1/my-api-keys/:id', async (request) =>
    keys.remove(userId(request), request.params.id),
  );

  app.get('/v1/webhook-endpoint', async (request) => webhooks.state(userId(request)));
  app.put('/v1/webhook-endpoint', async (request) => webhooks.save(userId(request), request.body));
  app.delete('/v1/webhook-endpoint', async (request) => webhooks.remove(userId(request)));
  app.post('/v1/webhook-endpoint/roll-secret', async (request) => webhooks.rollSecret(userId(request)));
  app.post('/v1/webhook-endpoint/ping', async (request, reply) =>
    reply.code(202).send(await webhooks.ping(userId(request))),
  );
  app.get('/v1/webhook-endpoint/deliveries', async (request) => webhooks.deliveries(userId(request)));
  app.post<{ Params: { id: string } }>('/v1/webhook-endpoint/deliveries/:id/resend', async (request, reply) =>
    reply.code(202).send(await webhooks.resend(userId(request), request.params.id)),
  );
}
