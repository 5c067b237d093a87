import type { ChatMessage, ChatStreamEvent, ChatSummary } from '@candor/contracts/governance';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { ChatStreamError, streamChatMessage } from './chat-stream';

const server = vi.hoisted(() => ({
  requests: [] as Request[],
  bodies: [] as string[],
  respond: (_request: Request): Response => new Response(null, { status: 500 }),
}));

// The real client (CSRF header, credentials, error parsing) with a fake transport and a signed-in cookie jar.
vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/api-client')>();
  const api = actual.createApiClients({
    bases: {
      auth: 'http://t/api/auth/',
      payment: 'http://t/api/payment/',
      detector: 'http://t/api/detector/',
      governance: 'http://t/api/governance/',
      api: 'http://t/api/public/',
    },
    fetch: (async (input: Request) => {
      server.requests.push(input);
      server.bodies.push(await input.clone().text());
      return server.respond(input);
    }) as unknown as typeof fetch,
    readCookie: (name) => (name === 'csrf_access_token' ? 'csrf-123' : undefined),
  });
  return { ...actual, api };
});

const chat: ChatSummary = {
  id: '5d7b3f0e-8a43-4c51-9e0b-2f6a1d9c4e21',
  title: 'Ask [PERSON_NAME_1] about the lease',
  model: 'llama3.1:8b',
  message_count: 1,
  tokens: 0,
  created_at: '2026-03-10T09:00:00.000Z',
  updated_at: '2026-03-10T09:00:00.000Z',
};

const prompt: ChatMessage = {
  id: 'm1',
  role: 'user',
  content: 'Ask Jane Doe about the lease',
  masked_content: 'Ask [PERSON_NAME_1] about the lease',
  spans: [{ start: 4, end: 12, type: 'PERSON_NAME', token: '[PERSON_NAME_1]' }],
  usage: null,
  created_at: '2026-03-10T09:00:00.000Z',
};

const sse = (event: ChatStreamEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/** A streamed body that hands out `text` in pieces of `size` characters, as a network would. */
function streamed(text: string, size: number) {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

const body = {
  model: 'llama3.1:8b',
  content: prompt.content,
  masks: [{ start: 4, end: 12, type: 'PERSON_NAME' as const }],
};

const collect = async (signal = new AbortController().signal) => {
  const events: ChatStreamEvent[] = [];
  for await (const event of streamChatMessage(body, signal)) events.push(event);
  return events;
};

beforeEach(() => {
  server.requests = [];
  server.bodies = [];
});

describe('streamChatMessage', () => {
  it('posts through the governance client and yields the stream events in order, whatever the chunking', async () => {
    const events: ChatStreamEvent[] = [
      { type: 'chat', chat },
      { type: 'prompt', message: prompt },
      { type: 'delta', text: 'Jane Doe ' },
      { type: 'delta', text: 'signed it.' },
    ];
    const text = `${events.map(sse).join(': keep-alive\n\n')}`;
    for (const size of [1, 7, 64, 10_000]) {
      server.respond = () =>
        new Response(streamed(text, size), { status: 200, headers: { 'content-type': 'text/event-stream' } });
      expect(await collect()).toEqual(events);
    }
    const request = server.requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('http://t/api/governance/v1/chats/messages');
    expect(request?.headers.get('X-CSRF-TOKEN')).toBe('csrf-123');
    expect(request?.headers.get('accept')).toBe('text/event-stream');
    expect(request?.credentials).toBe('include');
    expect(JSON.parse(server.bodies[0] ?? '')).toEqual(body);
  });

  it('throws the JSON error the server answers before streaming, with its Retry-After', async () => {
    server.respond = () =>
      new Response(JSON.stringify({ error: { code: 'chat_daily_limit', message: 'You have used today’s tokens.' } }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'Retry-After': '3600' },
      });
    const error = await collect().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'chat_daily_limit', retryAfter: 3600 });
    // A POST is never repeated by the client: one request, one answer.
    expect(server.requests).toHaveLength(1);
  });

  it('refuses an event that does not match the contract', async () => {
    server.respond = () => new Response(streamed('event: delta\ndata: {"type":"delta"}\n\n', 100), { status: 200 });
    await expect(collect()).rejects.toBeInstanceOf(ChatStreamError);
  });

  it('skips event types it does not know', async () => {
    server.respond = () =>
      new Response(streamed(`event: progress\ndata: {}\n\n${sse({ type: 'delta', text: 'ok' })}`, 100), {
        status: 200,
      });
    expect(await collect()).toEqual([{ type: 'delta', text: 'ok' }]);
  });

  it('stops reading when aborted', async () => {
    let cancelled = false;
    server.respond = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(sse({ type: 'delta', text: 'first' })));
          },
          cancel() {
            cancelled = true;
          },
        }),
        { status: 200 },
      );
    const controller = new AbortController();
    const seen: ChatStreamEvent[] = [];
    const reading = (async () => {
      for await (const event of streamChatMessage(body, controller.signal)) {
        seen.push(event);
        controller.abort();
      }
    })();
    await reading.catch(() => undefined);
    expect(seen).toEqual([{ type: 'delta', text: 'first' }]);
    expect(cancelled).toBe(true);
  });
});
