import { chatRenameSchema, chatSendSchema, chatTokenQuerySchema } from '@candor/contracts/governance';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import { notFound, parseWith } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import { openEventStream } from '../../http/sse.js';
import type { ChatService } from './chats.service.js';

const chatId = (id: string) => {
  if (!isUuid(id)) throw notFound('This chat does not exist');
  return id;
};

/** Secure LLM Chat: the models, the user's chats, their token use, and sending a message (a reply stream). */
export async function chatsRoutes(app: FastifyInstance, opts: { chats: ChatService }) {
  const { chats } = opts;
  app.addHook('preHandler', app.requireUser);

  app.get('/llms', async () => chats.models());
  app.get('/my-chats', async (request) => ({ items: await chats.list(currentUser(request).id) }));
  app.get<{ Params: { id: string } }>('/my-chats/:id', async (request) =>
    chats.detail(currentUser(request).id, chatId(request.params.id)),
  );
  app.patch<{ Params: { id: string } }>('/my-chats/:id', async (request) =>
    chats.rename(currentUser(request).id, chatId(request.params.id), parseWith(chatRenameSchema, request.body).title),
  );
  app.delete<{ Params: { id: string } }>('/my-chats/:id', async (request, reply) => {
    await chats.remove(currentUser(request).id, chatId(request.params.id));
    return reply.code(204).send();
  });
  app.get('/my-tokens', async (request) =>
    chats.usage(currentUser(request).id, parseWith(chatTokenQuerySchema, request.query)),
  );

  app.post('/v1/chats/messages', async (request, reply) => {
    const body = parseWith(chatSendSchema, request.body);
    const replyStream = await chats.send(currentUser(request).id, body);
    const stream = openEventStream(reply);
    try {
      for await (const event of replyStream(stream.signal)) stream.send(event.type, event);
    } catch (error) {
      request.log.error({ err: error }, 'a chat reply failed');
      stream.send('error', { type: 'error', error: { code: 'internal', message: 'Something went wrong. Try again.' } });
    } finally {
      stream.end();
    }
  });
}
