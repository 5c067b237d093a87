import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmError } from './errors.js';
import { createLocalModelProvider } from './local-model.js';
import type { LlmProvider, LlmStreamEvent } from './types.js';

// Committed beside the tests (1.2 MB, MIT), so every clone and CI run tests the local path for real.
const MODEL_PATH = path.resolve(import.meta.dirname, 'testing/fixtures/stories260K.gguf');
const MODEL = 'local:stories260K';
const PROMPT = [{ role: 'user' as const, content: 'Tell me a story about a little bird.' }];

async function collect(stream: AsyncIterable<LlmStreamEvent>): Promise<LlmStreamEvent[]> {
  const events: LlmStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

const deltas = (events: LlmStreamEvent[]): string[] => events.flatMap((e) => (e.type === 'delta' ? [e.text] : []));

describe('local GGUF model (stories260K)', () => {
  let llm: LlmProvider;

  beforeAll(async () => {
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    // The default thread count (1 for a model this small) is what is measured.
    llm = await createLocalModelProvider({ modelPath: MODEL_PATH });
    const loadMs = performance.now() - started;
    const rssMb = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
    console.info(`[llm] stories260K loaded in ${loadMs.toFixed(0)} ms, RSS +${rssMb.toFixed(1)} MB`);
  });
  afterAll(() => llm?.close());

  it('lists the model under local:<file name> with its context window', () => {
    expect(llm.models()).toEqual([{ id: MODEL, name: 'stories260K', provider: 'local', context_length: 2048 }]);
  });

  it('streams a reply in non-empty chunks and counts its tokens', async () => {
    const started = performance.now();
    const events = await collect(llm.streamChat({ model: MODEL, messages: PROMPT, maxTokens: 200 }));
    const seconds = (performance.now() - started) / 1000;

    const chunks = deltas(events);
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.every((chunk) => chunk.length > 0)).toBe(true);
    expect(chunks.join('')).toMatch(/[a-z]+ [a-z]+/i);
    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error('the stream did not end with done');
    expect(done.usage.estimated).toBe(false);
    expect(done.usage.completion_tokens).toBeGreaterThan(10);
    expect(done.usage.completion_tokens).toBeLessThanOrEqual(200);
    // The prompt wrapped in the model's chat template is longer than the bare user text.
    expect(done.usage.prompt_tokens).toBeGreaterThan(await llm.countTokens(MODEL, PROMPT[0]?.content ?? ''));
    expect(done.finish_reason).toBe(done.usage.completion_tokens === 200 ? 'length' : 'stop');
    console.info(
      `[llm] stories260K: ${done.usage.completion_tokens} tokens in ${seconds.toFixed(2)} s = ${(done.usage.completion_tokens / seconds).toFixed(0)} tokens/s`,
    );
  });

  it("stops at maxTokens with finish_reason 'length'", async () => {
    const events = await collect(llm.streamChat({ model: MODEL, messages: PROMPT, maxTokens: 5 }));
    expect(events.at(-1)).toMatchObject({ type: 'done', finish_reason: 'length', usage: { completion_tokens: 5 } });
  });

  it('stops generating when cancelled mid-stream and ends with a cancelled done event', async () => {
    const controller = new AbortController();
    const events: LlmStreamEvent[] = [];
    for await (const event of llm.streamChat({
      model: MODEL,
      messages: PROMPT,
      maxTokens: 1000,
      signal: controller.signal,
    })) {
      events.push(event);
      if (events.length === 3) controller.abort();
    }

    const done = events.at(-1);
    expect(done).toMatchObject({ type: 'done', finish_reason: 'cancelled', usage: { estimated: false } });
    if (done?.type !== 'done') throw new Error('the stream did not end with done');
    // Tokens already generated when the abort landed still arrive; far fewer than the 1000 allowed.
    expect(done.usage.completion_tokens).toBeLessThan(20);
    expect(deltas(events).length).toBeLessThan(20);
  });

  it('serves queued requests in turn and skips one cancelled while it waits', async () => {
    const waiting = new AbortController();
    const first = collect(llm.streamChat({ model: MODEL, messages: PROMPT, maxTokens: 40 }));
    const second = collect(llm.streamChat({ model: MODEL, messages: PROMPT, maxTokens: 40, signal: waiting.signal }));
    const third = collect(llm.streamChat({ model: MODEL, messages: PROMPT, maxTokens: 40 }));
    waiting.abort();

    const [a, b, c] = await Promise.all([first, second, third]);
    expect(b).toEqual([
      {
        type: 'done',
        usage: { prompt_tokens: expect.any(Number), completion_tokens: 0, estimated: false },
        finish_reason: 'cancelled',
      },
    ]);
    expect(deltas(a).length).toBeGreaterThan(0);
    // Greedy decoding from a cleared sequence: the same prompt gives the same answer.
    expect(deltas(c).join('')).toBe(deltas(a).join(''));
  });

  it('counts tokens with the model tokenizer', async () => {
    const short = await llm.countTokens(MODEL, 'Once upon a time');
    const long = await llm.countTokens(MODEL, 'Once upon a time there was a little girl named Lily.');
    expect(short).toBeGreaterThan(0);
    expect(long).toBeGreaterThan(short);
  });

  it('refuses an unknown model and a conversation longer than the window', async () => {
    await expect(collect(llm.streamChat({ model: 'local:other', messages: PROMPT }))).rejects.toMatchObject({
      kind: 'bad_request',
    });
    const huge = [{ role: 'user' as const, content: 'the cat sat on the mat. '.repeat(2000) }];
    const refused = collect(llm.streamChat({ model: MODEL, messages: huge }));
    await expect(refused).rejects.toBeInstanceOf(LlmError);
    await expect(refused).rejects.toMatchObject({ kind: 'bad_request' });
  });
});

describe('local GGUF model shutdown', () => {
  it('ends the stream in flight as cancelled and refuses new requests once closed', async () => {
    const llm = await createLocalModelProvider({ modelPath: MODEL_PATH, contextSize: 512 });
    expect(llm.models()[0]?.context_length).toBe(512);
    const events: LlmStreamEvent[] = [];
    let closing: Promise<void> | undefined;
    for await (const event of llm.streamChat({ model: MODEL, messages: PROMPT, maxTokens: 400 })) {
      events.push(event);
      if (events.length === 2) closing = llm.close();
    }
    await closing;

    expect(events.at(-1)).toMatchObject({ type: 'done', finish_reason: 'cancelled' });
    await expect(collect(llm.streamChat({ model: MODEL, messages: PROMPT }))).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });
});

describe('local GGUF model configuration', () => {
  it('reports a missing model file as unavailable without loading the runtime', async () => {
    await expect(createLocalModelProvider({ modelPath: '/nonexistent/model.gguf' })).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });
});
