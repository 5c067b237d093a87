import { afterEach, describe, expect, it } from 'vitest';
import { type OpenAiTestServer, startOpenAiTestServer } from './openai-test-server.js';

let server: OpenAiTestServer | undefined;
afterEach(() => server?.close());

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('OpenAI test server', () => {
  it('lists its models like GET /v1/models', async () => {
    server = await startOpenAiTestServer({ reply: () => 'x', models: ['a', 'b'] });
    const list = await (await fetch(`${server.url}/models`)).json();
    expect(list).toMatchObject({
      object: 'list',
      data: [
        { id: 'a', object: 'model' },
        { id: 'b', object: 'model' },
      ],
    });
  });

  it('streams SSE chunks that join back into the reply, then usage and [DONE]', async () => {
    server = await startOpenAiTestServer({ reply: (messages) => `You said: ${messages.at(-1)?.content}` });
    const response = await post(server.url, {
      model: 'test-model',
      messages: [{ role: 'user', content: 'hello there' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const frames = (await response.text()).split('\n\n').filter(Boolean);
    expect(frames.at(-1)).toBe('data: [DONE]');
    const chunks = frames.slice(0, -1).map((frame) => JSON.parse(frame.replace(/^data: /, '')));
    expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe('You said: hello there');
    expect(chunks.at(-2).choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({
      object: 'chat.completion.chunk',
      choices: [],
      usage: { completion_tokens: 4 },
    });
    expect(server.requests[0]?.body).toMatchObject({ messages: [{ role: 'user', content: 'hello there' }] });
  });

  it('answers without streaming when asked to', async () => {
    server = await startOpenAiTestServer({ reply: () => ['a', 'b'] });
    const response = await post(server.url, { model: 'test-model', messages: [{ role: 'user', content: 'hi' }] });
    expect(await response.json()).toMatchObject({
      object: 'chat.completion',
      choices: [{ message: { role: 'assistant', content: 'ab' }, finish_reason: 'stop' }],
      usage: { completion_tokens: 2 },
    });
  });

  it('answers 401 with an OpenAI error body when the key is wrong, and 404 for an unknown model', async () => {
    server = await startOpenAiTestServer({ reply: () => 'x', apiKey: 'k', models: ['m'] });
    const wrongKey = await post(server.url, { model: 'm', messages: [] }, { authorization: 'Bearer nope' });
    expect(wrongKey.status).toBe(401);
    expect(await wrongKey.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
    const unknown = await post(server.url, { model: 'x', messages: [] }, { authorization: 'Bearer k' });
    expect(unknown.status).toBe(404);
  });
});
