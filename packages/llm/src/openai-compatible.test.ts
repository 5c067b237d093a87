import { afterEach, describe, expect, it, vi } from 'vitest';
import { LlmError } from './errors.js';
import { createOpenAiCompatibleProvider, type OpenAiCompatibleOptions } from './openai-compatible.js';
import {
  type OpenAiTestServer,
  type OpenAiTestServerOptions,
  startOpenAiTestServer,
} from './testing/openai-test-server.js';
import type { LlmMessage, LlmStreamEvent } from './types.js';

const MODEL = 'test-model';
const KEY = 'sk-test-0123456789abcdef';
const MESSAGES: LlmMessage[] = [
  { role: 'system', content: 'You answer briefly.' },
  { role: 'user', content: 'Say hello to the reader.' },
];
const REPLY = ['Hello', ', ', 'dear', ' reader', '!'];

const servers: OpenAiTestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(options: Partial<OpenAiTestServerOptions> = {}): Promise<OpenAiTestServer> {
  const server = await startOpenAiTestServer({ reply: () => REPLY, models: [MODEL], ...options });
  servers.push(server);
  return server;
}

const provider = (server: OpenAiTestServer, options: Partial<OpenAiCompatibleOptions> = {}) =>
  createOpenAiCompatibleProvider({ baseUrl: server.url, apiKey: KEY, models: [MODEL], retryBaseMs: 10, ...options });

async function collect(stream: AsyncIterable<LlmStreamEvent>): Promise<LlmStreamEvent[]> {
  const events: LlmStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

const deltas = (events: LlmStreamEvent[]): string[] => events.flatMap((e) => (e.type === 'delta' ? [e.text] : []));

async function failure(stream: AsyncIterable<LlmStreamEvent>): Promise<{ error: LlmError; events: LlmStreamEvent[] }> {
  const events: LlmStreamEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
  } catch (error) {
    if (error instanceof LlmError) return { error, events };
    throw error;
  }
  throw new Error(`expected the stream to fail, got ${JSON.stringify(events)}`);
}

describe('OpenAI-compatible provider', () => {
  it('streams the deltas in order and reports the usage the server counted', async () => {
    const server = await start();
    const events = await collect(
      provider(server).streamChat({ model: MODEL, messages: MESSAGES, maxTokens: 50, temperature: 0.2 }),
    );

    expect(deltas(events)).toEqual(REPLY);
    expect(events.at(-1)).toEqual({
      type: 'done',
      usage: { prompt_tokens: 11, completion_tokens: 5, estimated: false },
      finish_reason: 'stop',
    });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.path).toBe('/v1/chat/completions');
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(server.requests[0]?.body).toEqual({
      model: MODEL,
      messages: MESSAGES,
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 50,
      temperature: 0.2,
    });
  });

  it('estimates the usage at four characters a token when the server sends none', async () => {
    const server = await start({ omitUsage: true });
    const events = await collect(provider(server).streamChat({ model: MODEL, messages: MESSAGES }));

    const promptChars = MESSAGES.map((m) => m.content).join('').length;
    expect(events.at(-1)).toEqual({
      type: 'done',
      usage: {
        prompt_tokens: Math.ceil(promptChars / 4),
        completion_tokens: Math.ceil(REPLY.join('').length / 4),
        estimated: true,
      },
      finish_reason: 'stop',
    });
  });

  it("reports 'length' when max_tokens cuts the answer", async () => {
    const server = await start();
    const events = await collect(provider(server).streamChat({ model: MODEL, messages: MESSAGES, maxTokens: 2 }));

    expect(deltas(events)).toEqual(['Hello', ', ']);
    expect(events.at(-1)).toMatchObject({ type: 'done', finish_reason: 'length' });
  });

  it('retries after a 429 with Retry-After and after a 503, then streams the answer', async () => {
    const server = await start({
      fault: (_request, index) =>
        index === 0
          ? { type: 'status', status: 429, headers: { 'retry-after': '1' } }
          : index === 1
            ? { type: 'status', status: 503 }
            : undefined,
    });
    const started = performance.now();
    const events = await collect(
      provider(server, { maxRetries: 2, retryBaseMs: 50 }).streamChat({ model: MODEL, messages: MESSAGES }),
    );

    expect(deltas(events)).toEqual(REPLY);
    expect(server.requests).toHaveLength(3);
    // One second from Retry-After, then the second back-off step of 2 × 50 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(1090);
  });

  it('caps a long Retry-After at maxRetryDelayMs', async () => {
    const server = await start({
      fault: (_request, index) =>
        index === 0 ? { type: 'status', status: 429, headers: { 'retry-after': '3600' } } : undefined,
    });
    const started = performance.now();
    const events = await collect(
      provider(server, { maxRetryDelayMs: 100 }).streamChat({ model: MODEL, messages: MESSAGES }),
    );

    expect(deltas(events)).toEqual(REPLY);
    expect(server.requests).toHaveLength(2);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('gives up after maxRetries with a rate_limited error on 429', async () => {
    const server = await start({ failWith: 429 });
    const { error } = await failure(
      provider(server, { maxRetries: 2 }).streamChat({ model: MODEL, messages: MESSAGES }),
    );

    expect(error.kind).toBe('rate_limited');
    expect(error.status).toBe(429);
    expect(server.requests).toHaveLength(3);
  });

  it('gives up after maxRetries with an upstream error on 5xx', async () => {
    const server = await start({ failWith: 502 });
    const { error } = await failure(
      provider(server, { maxRetries: 1 }).streamChat({ model: MODEL, messages: MESSAGES }),
    );

    expect(error.kind).toBe('upstream');
    expect(error.status).toBe(502);
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a 400 and passes on what the server said was wrong', async () => {
    const server = await start({
      fault: () => ({ type: 'status', status: 400, message: 'max_tokens is too large for this model' }),
    });
    const { error } = await failure(
      provider(server, { maxRetries: 3 }).streamChat({ model: MODEL, messages: MESSAGES }),
    );

    expect(error.kind).toBe('bad_request');
    expect(error.message).toContain('max_tokens is too large');
    expect(server.requests).toHaveLength(1);
  });

  it('turns a 401 into an auth error without retrying, and never shows the key', async () => {
    const server = await start({ apiKey: 'sk-the-right-key' });
    const { error } = await failure(
      provider(server, { maxRetries: 3 }).streamChat({ model: MODEL, messages: MESSAGES }),
    );

    expect(error.kind).toBe('auth');
    expect(error.status).toBe(401);
    expect(server.requests).toHaveLength(1);
    // The server echoes the wrong key in its error body, as OpenAI does.
    for (const shown of [error.message, String(error), JSON.stringify(error), String(error.cause)])
      expect(shown).not.toContain(KEY);
  });

  it('redacts the key from an upstream message it passes on', async () => {
    const server = await start({ fault: () => ({ type: 'status', status: 422, message: `bad field near ${KEY}` }) });
    const { error } = await failure(provider(server).streamChat({ model: MODEL, messages: MESSAGES }));

    expect(error.kind).toBe('bad_request');
    expect(error.message).toContain('bad field near [redacted]');
    expect(error.message).not.toContain(KEY);
  });

  it('times out when the first byte takes longer than timeoutMs, without retrying', async () => {
    const server = await start({ fault: () => ({ type: 'delay', ms: 5000 }) });
    const started = performance.now();
    const { error } = await failure(
      provider(server, { timeoutMs: 200, maxRetries: 2 }).streamChat({ model: MODEL, messages: MESSAGES }),
    );

    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/did not start answering within 0.2 s/);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(server.requests).toHaveLength(1);
    await vi.waitFor(() => expect(server.requests[0]?.aborted).toBe(true));
  });

  it('times out when the stream falls silent for idleTimeoutMs mid-answer', async () => {
    const server = await start({ fault: () => ({ type: 'stall', afterChunks: 2 }) });
    const { error, events } = await failure(
      provider(server, { idleTimeoutMs: 200 }).streamChat({ model: MODEL, messages: MESSAGES }),
    );

    expect(deltas(events)).toEqual(['Hello', ', ']);
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/stopped sending/);
    expect(server.requests).toHaveLength(1);
    await vi.waitFor(() => expect(server.requests[0]?.aborted).toBe(true));
  });

  it('does not count a slow consumer against the idle timeout', async () => {
    const server = await start();
    const events: LlmStreamEvent[] = [];
    for await (const event of provider(server, { idleTimeoutMs: 100 }).streamChat({
      model: MODEL,
      messages: MESSAGES,
    })) {
      events.push(event);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(deltas(events)).toEqual(REPLY);
  });

  it('fails without retrying when the connection drops after text was streamed', async () => {
    const server = await start({ fault: () => ({ type: 'drop', afterChunks: 2 }) });
    const { error, events } = await failure(provider(server).streamChat({ model: MODEL, messages: MESSAGES }));

    expect(deltas(events)).toEqual(['Hello', ', ']);
    expect(error.kind).toBe('unavailable');
    expect(server.requests).toHaveLength(1);
  });

  it('retries when the connection drops before any text was streamed', async () => {
    const server = await start({ fault: (_r, index) => (index === 0 ? { type: 'drop', afterChunks: 0 } : undefined) });
    const events = await collect(provider(server).streamChat({ model: MODEL, messages: MESSAGES }));

    expect(deltas(events)).toEqual(REPLY);
    expect(server.requests).toHaveLength(2);
  });

  it('retries when the server cannot be reached, then reports it unavailable', async () => {
    const server = await start();
    const url = server.url;
    await server.close();
    servers.length = 0;
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const { error } = await failure(
      createOpenAiCompatibleProvider({
        baseUrl: url,
        models: [MODEL],
        maxRetries: 2,
        retryBaseMs: 5,
        fetch: counting,
      }).streamChat({ model: MODEL, messages: MESSAGES }),
    );

    expect(error.kind).toBe('unavailable');
    expect(calls).toBe(3);
  });

  it('ends with a cancelled done event when aborted mid-stream, and the server sees the socket close', async () => {
    const words = Array.from({ length: 100 }, (_, i) => `word${i} `);
    const server = await start({ reply: () => words, chunkDelayMs: 20 });
    const controller = new AbortController();
    const events: LlmStreamEvent[] = [];
    for await (const event of provider(server).streamChat({
      model: MODEL,
      messages: MESSAGES,
      signal: controller.signal,
    })) {
      events.push(event);
      if (events.length === 3) controller.abort();
    }

    expect(deltas(events)).toEqual(words.slice(0, 3));
    expect(events.at(-1)).toEqual({
      type: 'done',
      usage: {
        prompt_tokens: 11,
        completion_tokens: Math.ceil(words.slice(0, 3).join('').length / 4),
        estimated: true,
      },
      finish_reason: 'cancelled',
    });
    await vi.waitFor(() => expect(server.requests[0]?.aborted).toBe(true));
  });

  it('closes the connection when the consumer stops iterating', async () => {
    const server = await start({ reply: () => Array.from({ length: 100 }, (_, i) => `w${i} `), chunkDelayMs: 20 });
    for await (const event of provider(server).streamChat({ model: MODEL, messages: MESSAGES })) {
      if (event.type === 'delta') break;
    }
    await vi.waitFor(() => expect(server.requests[0]?.aborted).toBe(true));
  });

  it('sends nothing when the signal is already aborted', async () => {
    const server = await start();
    const events = await collect(
      provider(server).streamChat({ model: MODEL, messages: MESSAGES, signal: AbortSignal.abort() }),
    );

    expect(events).toEqual([
      { type: 'done', usage: { prompt_tokens: 11, completion_tokens: 0, estimated: true }, finish_reason: 'cancelled' },
    ]);
    expect(server.requests).toHaveLength(0);
  });

  it('stops waiting to retry when aborted during the back-off', async () => {
    const server = await start({ failWith: 503 });
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 100);
    const events = await collect(
      provider(server, { retryBaseMs: 10_000, maxRetries: 3 }).streamChat({
        model: MODEL,
        messages: MESSAGES,
        signal: controller.signal,
      }),
    );

    expect(events).toEqual([expect.objectContaining({ type: 'done', finish_reason: 'cancelled' })]);
    expect(server.requests).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('lists the configured models and refuses others', async () => {
    const server = await start();
    const llm = createOpenAiCompatibleProvider({ baseUrl: server.url, models: ['gpt-4o-mini', 'llama3.1:8b'] });

    expect(llm.models()).toEqual([
      { id: 'gpt-4o-mini', name: 'gpt-4o-mini', provider: 'openai-compatible', context_length: null },
      { id: 'llama3.1:8b', name: 'llama3.1:8b', provider: 'openai-compatible', context_length: null },
    ]);
    const { error } = await failure(llm.streamChat({ model: 'gpt-5', messages: MESSAGES }));
    expect(error.kind).toBe('bad_request');
    await expect(llm.countTokens('gpt-4o-mini', 'twelve chars')).resolves.toBe(3);
    await expect(llm.countTokens('gpt-5', 'x')).rejects.toMatchObject({ kind: 'bad_request' });
    expect(server.requests).toHaveLength(0);
  });

  it('keeps a query string in the base URL and sends extra headers, as Azure OpenAI needs', async () => {
    const server = await start();
    const seen: string[] = [];
    const recording: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    const llm = createOpenAiCompatibleProvider({
      baseUrl: `${server.url}/?api-version=2024-10-21`,
      models: [MODEL],
      headers: { 'api-key': 'azure-key-123' },
      fetch: recording,
    });
    const events = await collect(llm.streamChat({ model: MODEL, messages: MESSAGES }));

    expect(deltas(events)).toEqual(REPLY);
    expect(seen).toEqual([`${server.url}/chat/completions?api-version=2024-10-21`]);
    expect(server.requests[0]?.headers['api-key']).toBe('azure-key-123');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('ends a stream in flight as cancelled when the provider closes', async () => {
    const server = await start({ reply: () => Array.from({ length: 100 }, (_, i) => `w${i} `), chunkDelayMs: 20 });
    const llm = provider(server);
    const events: LlmStreamEvent[] = [];
    for await (const event of llm.streamChat({ model: MODEL, messages: MESSAGES })) {
      events.push(event);
      if (events.length === 2) await llm.close();
    }

    expect(deltas(events)).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({ type: 'done', finish_reason: 'cancelled' });
    await vi.waitFor(() => expect(server.requests[0]?.aborted).toBe(true));
  });

  it('refuses new requests after close', async () => {
    const server = await start();
    const llm = provider(server);
    await llm.close();
    const { error } = await failure(llm.streamChat({ model: MODEL, messages: MESSAGES }));
    expect(error.kind).toBe('unavailable');
  });
});
