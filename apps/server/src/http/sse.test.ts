import { once } from 'node:events';
import http from 'node:http';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type EventStream, endStreamsOnClose, openEventStream } from './sse.js';

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

describe('endStreamsOnClose', () => {
  it('ends the streams it tracks when the server starts closing, so closing does not wait for their clients', async () => {
    const app = Fastify();
    await app.register(async (child) => {
      const track = endStreamsOnClose(child);
      child.get('/tracked', async (_request, reply) => {
        track(openEventStream(reply)).send('snapshot', { status: 'running' });
      });
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await new Promise<http.IncomingMessage>((resolve) => http.get(`${address}/tracked`, resolve));
    let body = '';
    response.on('data', (chunk) => {
      body += chunk;
    });
    await expect.poll(() => body).toContain('event: snapshot');
    const ended = once(response, 'end');

    const started = Date.now();
    await app.close();
    await ended;
    // Without it, close() waits for the client to leave: here, for ever.
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
