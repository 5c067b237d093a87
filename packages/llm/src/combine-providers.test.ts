import { afterEach, describe, expect, it } from 'vitest';
import { combineProviders } from './combine-providers.js';
import { createOpenAiCompatibleProvider } from './openai-compatible.js';
import { type OpenAiTestServer, startOpenAiTestServer } from './testing/openai-test-server.js';
import type { LlmStreamEvent } from './types.js';

const servers: OpenAiTestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(model: string, reply: string): Promise<OpenAiTestServer> {
  const server = await startOpenAiTestServer({ reply: () => reply, models: [model] });
  servers.push(server);
  return server;
}

async function text(stream: AsyncIterable<LlmStreamEvent>): Promise<string> {
  let out = '';
  for await (const event of stream) if (event.type === 'delta') out += event.text;
  return out;
}

describe('combineProviders', () => {
  it('lists every model once and sends each request to the provider that has its model', async () => {
    const openai = await serve('gpt-4o-mini', 'from OpenAI');
    const ollama = await serve('llama3.1:8b', 'from Ollama');
    const llm = combineProviders([
      createOpenAiCompatibleProvider({ baseUrl: openai.url, models: ['gpt-4o-mini'] }),
      createOpenAiCompatibleProvider({ baseUrl: ollama.url, models: ['llama3.1:8b', 'gpt-4o-mini'] }),
    ]);

    expect(llm.models().map((m) => m.id)).toEqual(['gpt-4o-mini', 'llama3.1:8b']);
    const messages = [{ role: 'user' as const, content: 'hi' }];
    expect(await text(llm.streamChat({ model: 'llama3.1:8b', messages }))).toBe('from Ollama');
    expect(await text(llm.streamChat({ model: 'gpt-4o-mini', messages }))).toBe('from OpenAI');
    expect([openai.requests.length, ollama.requests.length]).toEqual([1, 1]);
    await expect(llm.countTokens('llama3.1:8b', 'abcdefgh')).resolves.toBe(2);
  });

  it('refuses a model no provider has', async () => {
    const llm = combineProviders([]);
    await expect(text(llm.streamChat({ model: 'nope', messages: [] }))).rejects.toMatchObject({ kind: 'bad_request' });
    await expect(llm.countTokens('nope', 'x')).rejects.toMatchObject({ kind: 'bad_request' });
  });

  it('closes every provider', async () => {
    const server = await serve('m', 'x');
    const llm = combineProviders([createOpenAiCompatibleProvider({ baseUrl: server.url, models: ['m'] })]);
    await llm.close();
    await expect(text(llm.streamChat({ model: 'm', messages: [] }))).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
