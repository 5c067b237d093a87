import { once } from 'node:events';
import http from 'node:http';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type EventStream, openEventStream } from './sse.js';

describe('openEventStream', () => {
  const app = Fastify();
  afterEach(() => app.close());

  it('is aborted at once when the client left while the route was still preparing', async () => {
    let clientGone!: () => void;
    const gone = new Promise<void>((resolve) => {
      clientGone = resolve;
    });
    const opened = new Promise<EventStream>((resolve) => {
      app.get('/stream', async (request, reply) => {
        // The route's own work (checks, a database write) outlasts the client's patience.
        await gone;
        if (!request.raw.socket.destroyed) await once(request.raw.socket, 'close');
        resolve(openEventStream(reply));
      });
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const request = http.get(`${address}/stream`);
    request.on('error', () => undefined);
    request.on('socket', (socket) => socket.on('connect', () => setTimeout(() => request.destroy(), 50)));
    request.on('close', clientGone);

    const stream = await opened;
    expect(stream.signal.aborted).toBe(true);
  });
});
