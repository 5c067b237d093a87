import type { FastifyInstance } from 'fastify';

/**
 * Caching is opt-in: an answer that doesn't say how it may be cached gets `no-store`, so no browser, proxy or CDN
 * keeps a copy of anything a signed-in user was sent (errors included). What may be cached says so itself: the
 * built SPA's files (spa.ts) and the checkout's stylesheet. The SSE streams set theirs in sse.ts.
 */
export function registerNoStoreByDefault(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
