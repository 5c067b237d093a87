import type { FastifyInstance, FastifyReply } from 'fastify';

// Proxies close a quiet stream; a comment line every so often keeps it open without waking the client.
const HEARTBEAT_MS = 15_000;

export interface EventStream {
  send(event: string, data: unknown): void;
  end(): void;
  /** Aborted when the client goes away (or the stream is ended). */
  readonly signal: AbortSignal;
}

/** Turns the response into a Server-Sent Events stream (job progress, chat replies). */
export function openEventStream(reply: FastifyReply): EventStream {
  reply.hijack();
  // Headers set by hooks so far (security headers, request id) still apply to the hijacked response.
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    // nginx would otherwise buffer the stream.
    'x-accel-buffering': 'no',
  });
  const closed = new AbortController();
  const heartbeat = setInterval(() => reply.raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
  const end = () => {
    clearInterval(heartbeat);
    if (!reply.raw.writableEnded) reply.raw.end();
    closed.abort();
  };
  // The response's close (not the request's) says the client went away, also after the body was read.
  reply.raw.on('close', end);
  // A client that left while the route was still preparing (a chat send's checks and writes) closed the response
  // before anyone listened: without this the stream would run, and a reply be written and charged, for no one.
  if (reply.raw.destroyed) end();
  return {
    send: (event, data) => {
      if (!reply.raw.writableEnded) reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end,
    signal: closed.signal,
  };
}

/**
 * Streams the client can open again anywhere (a job's snapshots live in the queue, not in this process): `track`
 * them, and they end as soon as `app` starts closing. Otherwise closing waits for each open stream, past the
 * shutdown grace, and an instance stopped gracefully dies like a killed one; the client re-attaches elsewhere.
 */
export function endStreamsOnClose(app: FastifyInstance): (stream: EventStream) => EventStream {
  const open = new Set<EventStream>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });
  return (stream) => {
    open.add(stream);
    stream.signal.addEventListener('abort', () => open.delete(stream));
    return stream;
  };
}
