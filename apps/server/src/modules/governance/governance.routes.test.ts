import { randomBytes, randomUUID } from 'node:crypto';
import { authCookies } from '@candor/contracts';
import {
  type ChatStreamEvent,
  chatDetailSchema,
  chatListSchema,
  chatStreamEventSchema,
  chatTokenUsageSchema,
  entityGroupListSchema,
  fullEntityListSchema,
  fullPolicyListSchema,
  llmListSchema,
  piiDetectResponseSchema,
} from '@candor/contracts/governance';
import { chatMessages, chatReplyLeases, chats, chatTokenUsage, type Database, piiVaults } from '@candor/db';
import { createOpenAiCompatibleProvider, estimateTokens, type LlmMessage, type LlmProvider } from '@candor/llm';
import { type OpenAiTestFault, type OpenAiTestServer, startOpenAiTestServer } from '@candor/llm/testing';
import { and, asc, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerErrorHandler } from '../../http/errors.js';
import { type TestClient, useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';
import { expectError, expectNothingStored, newUser, totalBalance } from '../../test/tool-runs.js';
import { createChatsRepository } from './chats.repository.js';
import { chatsRoutes } from './chats.routes.js';
import { createChatService, REPLY_LEASE_MS } from './chats.service.js';
import { createVaultCipher, createVaultRepository } from './vault.js';

const GOVERNANCE = '/api/governance';
const SEND = `${GOVERNANCE}/v1/chats/messages`;
const MODEL = 'test-model';

const NAME = 'Margaret Hamilton';
const EMAIL = 'margaret.hamilton@example.org';
const CARD = '4111 1111 1111 1111';
const PROMPT = `Write a short thank-you note to ${NAME} (${EMAIL}); her card ${CARD} was charged twice.`;

/** The masks a user would send after the preview: every value of the prompt. */
const masksOf = (text: string) =>
  [
    { value: NAME, type: 'PERSON_NAME' as const },
    { value: EMAIL, type: 'EMAIL_ADDRESS' as const },
    { value: CARD, type: 'CREDIT_CARD_NUMBER' as const },
  ]
    .filter(({ value }) => text.includes(value))
    .map(({ value, type }) => ({ start: text.indexOf(value), end: text.indexOf(value) + value.length, type }));

/** The events of a chat reply stream. */
function eventsOf(body: string): ChatStreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => chatStreamEventSchema.parse(JSON.parse(block.slice(block.indexOf('data: ') + 6))));
}

/** Replies with the placeholders of the last prompt, cut into pieces that split them (the server must rejoin them). */
function placeholderEcho(messages: { role: string; content: string }[]): string[] {
  const last = messages.at(-1)?.content ?? '';
  const placeholders = last.match(/\[[A-Z_]+_\d+\]/g) ?? [];
  const text = `Dear ${placeholders[0] ?? 'friend'}, thank you. We wrote to ${placeholders[1] ?? 'you'} about it.`;
  return text.match(/.{1,7}/gs) ?? [];
}

/** The messages of a request the test LLM received. */
function messagesOf(request: { body: unknown } | undefined): LlmMessage[] {
  if (!request) throw new Error('the model got no request');
  return (request.body as { messages: LlmMessage[] }).messages;
}

/** The model's prompt tokens for a request, the chars/4 count the test LLM reports and a provider estimates. */
const promptTokensOf = (request: { body: unknown } | undefined) =>
  estimateTokens(
    messagesOf(request)
      .map((m) => m.content)
      .join(''),
  );

/** The rows the daily allowance counts: the user's token use, with no content. */
const tokenUseOf = (db: Database, userId: string) =>
  db.select().from(chatTokenUsage).where(eq(chatTokenUsage.userId, userId)).orderBy(asc(chatTokenUsage.createdAt));

const usageOf = async (client: TestClient) =>
  chatTokenUsageSchema.parse((await client.get(`${GOVERNANCE}/my-tokens`)).json());

async function send(client: TestClient, body: Record<string, unknown>) {
  const response = await client.post(SEND, body);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
  return eventsOf(response.body);
}

describeOnEachDatabase('the PII catalogue', (database) => {
  const t = useTestApp(database);

  it('serves the entity groups, the flat entity list and the policies', async () => {
    const { client } = await newUser(t());
    const groups = entityGroupListSchema.parse((await client.get(`${GOVERNANCE}/entities`)).json());
    const flat = fullEntityListSchema.parse((await client.get(`${GOVERNANCE}/gcp/pii/full_entity_list`)).json());
    expect(groups.groups.flatMap((g) => g.entities.map((e) => e.type)).sort()).toEqual(
      flat.entity_list.map((e) => e.type).sort(),
    );
    expect(flat.entity_list.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'PERSON_NAME',
        'EMAIL_ADDRESS',
        'CREDIT_CARD_NUMBER',
        'IBAN_CODE',
        'JSON_WEB_TOKEN',
        'POSTAL_CODE',
        'TIME',
      ]),
    );
    const policies = fullPolicyListSchema.parse((await client.get(`${GOVERNANCE}/gcp/pii/full_policy_list`)).json());
    expect(policies.policies.map((p) => p.id)).toEqual(
      expect.arrayContaining(['HIPAA', 'GDPR', 'PCI_DSS', 'CCPA', 'FINANCIAL', 'CREDENTIALS', 'ALL']),
    );
    const pci = policies.policies.find((p) => p.id === 'PCI_DSS');
    expect(pci?.entities.map((e) => e.type)).toContain('CREDIT_CARD_NUMBER');
    // ZIP codes are a Safe Harbor identifier: HIPAA masks a postcode on its own too.
    const hipaa = policies.policies.find((p) => p.id === 'HIPAA');
    expect(hipaa?.entities.map((e) => e.type)).toEqual(expect.arrayContaining(['POSTAL_CODE', 'TIME']));
  });

  it('previews what would be masked, for the chosen entities only', async () => {
    const { client } = await newUser(t());
    const all = piiDetectResponseSchema.parse(
      (await client.post(`${GOVERNANCE}/v1/pii/detect`, { text: PROMPT })).json(),
    );
    expect(all.findings.map((f) => [f.type, f.text])).toEqual(
      expect.arrayContaining([
        ['PERSON_NAME', NAME],
        ['EMAIL_ADDRESS', EMAIL],
        ['CREDIT_CARD_NUMBER', CARD],
      ]),
    );
    const onlyCards = piiDetectResponseSchema.parse(
      (await client.post(`${GOVERNANCE}/v1/pii/detect`, { text: PROMPT, entities: ['CREDIT_CARD_NUMBER'] })).json(),
    );
    expect(onlyCards.findings.map((f) => f.type)).toEqual(['CREDIT_CARD_NUMBER']);
    expectError(
      await client.post(`${GOVERNANCE}/v1/pii/detect`, { text: 'x'.repeat(20_001) }),
      400,
      'validation_failed',
    );
  });

  it('needs a session', async () => {
    const anonymous = await t().client().prime();
    expectError(await anonymous.get(`${GOVERNANCE}/entities`), 401, 'unauthenticated');
  });
});

describeOnEachDatabase('Secure LLM Chat without a model', (database) => {
  const t = useTestApp(database);

  it('lists no models and explains how to connect one', async () => {
    const { client } = await newUser(t());
    expect(llmListSchema.parse((await client.get(`${GOVERNANCE}/llms`)).json()).models).toEqual([]);
    const refused = await client.post(SEND, { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) });
    expectError(refused, 503, 'llm_not_configured');
    expect(refused.json().error.message).toMatch(/LLM_BASE_URL/);
    expect(chatListSchema.parse((await client.get(`${GOVERNANCE}/my-chats`)).json()).items).toEqual([]);
  });
});

describeOnEachDatabase('Secure LLM Chat', (database) => {
  let llm: OpenAiTestServer;
  const env: Record<string, string> = { CHAT_DAILY_TOKENS: '0' };
  beforeAll(async () => {
    llm = await startOpenAiTestServer({ reply: placeholderEcho });
    env.LLM_BASE_URL = llm.url;
    env.LLM_MODELS = MODEL;
  });
  afterAll(() => llm.close());
  const t = useTestApp(database, { env });

  it('sends only the masked prompt, streams the reply unmasked and stores the chat masked', async () => {
    const { client, userId } = await newUser(t());
    expect(llmListSchema.parse((await client.get(`${GOVERNANCE}/llms`)).json()).models.map((m) => m.id)).toEqual([
      MODEL,
    ]);
    const before = llm.requests.length;
    const events = await send(client, { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) });

    expect(events.map((e) => e.type)).toEqual(['chat', 'prompt', ...events.slice(2, -1).map(() => 'delta'), 'reply']);
    const sent = JSON.stringify(llm.requests.slice(before).map((r) => r.body));
    for (const value of [NAME, EMAIL, CARD, 'Hamilton', '1111 1111']) expect(sent).not.toContain(value);
    expect(sent).toContain('[PERSON_NAME_1]');

    const prompt = events[1];
    if (prompt?.type !== 'prompt') throw new Error('no prompt event');
    expect(prompt.message.content).toBe(PROMPT);
    expect(prompt.message.masked_content).not.toContain(NAME);
    expect(prompt.message.spans.map((s) => PROMPT.slice(s.start, s.end))).toEqual([NAME, EMAIL, CARD]);

    const streamed = events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
    expect(streamed).toBe(`Dear ${NAME}, thank you. We wrote to ${EMAIL} about it.`);
    const reply = events.at(-1);
    if (reply?.type !== 'reply') throw new Error('no reply event');
    expect(reply.message.content).toBe(streamed);
    expect(reply.message.spans.map((s) => [s.token, streamed.slice(s.start, s.end)])).toEqual([
      ['[PERSON_NAME_1]', NAME],
      ['[EMAIL_ADDRESS_1]', EMAIL],
    ]);
    expect(reply.message.usage?.completion_tokens).toBeGreaterThan(0);

    // Nothing readable at rest: messages hold pseudonyms, the vault is sealed.
    const { db } = t().database.handle;
    const rows = await db.select().from(chatMessages).where(eq(chatMessages.userId, userId));
    const vaults = await db.select().from(piiVaults).where(eq(piiVaults.userId, userId));
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain('Hamilton');
    expect(vaults).toHaveLength(1);
    expect(vaults[0]?.sealed.includes(Buffer.from('Hamilton'))).toBe(false);
  });

  it('keeps one pseudonym per person through the chat, and lists, renames, counts and deletes chats', async () => {
    const { client } = await newUser(t());
    const first = await send(client, { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) });
    const chat = first[0];
    if (chat?.type !== 'chat') throw new Error('no chat event');
    const followUp = `Also remind ${NAME} about the meeting.`;
    const before = llm.requests.length;
    await send(client, { chat_id: chat.chat.id, model: MODEL, content: followUp, masks: masksOf(followUp) });
    const lastRequest = JSON.stringify(llm.requests.slice(before).at(-1)?.body);
    expect(lastRequest).toContain('Also remind [PERSON_NAME_1] about the meeting.');
    expect(lastRequest).not.toContain(NAME);

    const detail = chatDetailSchema.parse((await client.get(`${GOVERNANCE}/my-chats/${chat.chat.id}`)).json());
    expect(detail.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(detail.messages[2]?.content).toBe(followUp);
    expect(detail.title).not.toContain(NAME);

    const renamed = await client.request('PATCH', `${GOVERNANCE}/my-chats/${chat.chat.id}`, { title: 'Refund note' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expectError(
      await client.request('PATCH', `${GOVERNANCE}/my-chats/${chat.chat.id}`, { title: ' ' }),
      400,
      'validation_failed',
    );
    const list = chatListSchema.parse((await client.get(`${GOVERNANCE}/my-chats`)).json());
    expect(list.items.map((c) => [c.title, c.message_count])).toEqual([['Refund note', 4]]);

    const usage = chatTokenUsageSchema.parse((await client.get(`${GOVERNANCE}/my-tokens`)).json());
    expect(usage.today).toBeGreaterThan(0);
    expect(usage.today).toBe(list.items[0]?.tokens);
    expect(usage.by_day.at(-1)?.completion_tokens).toBeGreaterThan(0);

    const other = await newUser(t());
    expectError(await other.client.get(`${GOVERNANCE}/my-chats/${chat.chat.id}`), 404, 'not_found');
    expectError(
      await other.client.post(SEND, { chat_id: chat.chat.id, model: MODEL, content: 'hi', masks: [] }),
      404,
      'not_found',
    );
    expect((await client.request('DELETE', `${GOVERNANCE}/my-chats/${chat.chat.id}`)).statusCode).toBe(204);
    expectError(await client.get(`${GOVERNANCE}/my-chats/${chat.chat.id}`), 404, 'not_found');
  });

  it('refuses bad requests before anything is stored', async () => {
    const { client } = await newUser(t());
    expectError(await client.post(SEND, { model: MODEL, content: '  ', masks: [] }), 400, 'validation_failed');
    expectError(await client.post(SEND, { model: 'nope', content: 'hi', masks: [] }), 400, 'unknown_model');
    expectError(
      await client.post(SEND, { model: MODEL, content: 'hi', masks: [{ start: 0, end: 9, type: 'PERSON_NAME' }] }),
      400,
      'validation_failed',
    );
    expect(chatListSchema.parse((await client.get(`${GOVERNANCE}/my-chats`)).json()).items).toEqual([]);
  });
});

describe('Secure LLM Chat when the model fails', () => {
  describeOnEachDatabase('an LLM that keeps answering 503', (database) => {
    let llm: OpenAiTestServer;
    const env: Record<string, string> = { LLM_MAX_RETRIES: '1' };
    beforeAll(async () => {
      llm = await startOpenAiTestServer({ reply: () => 'never', failWith: 503 });
      env.LLM_BASE_URL = llm.url;
      env.LLM_MODELS = MODEL;
    });
    afterAll(() => llm.close());
    const t = useTestApp(database, { env });

    it('streams an error, keeps no half chat and, as no token came, counts none', async () => {
      const { client, userId } = await newUser(t());
      const events = await send(client, { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) });
      expect(events.at(-1)?.type).toBe('error');
      expect(llm.requests.length).toBe(2);
      expect(chatListSchema.parse((await client.get(`${GOVERNANCE}/my-chats`)).json()).items).toEqual([]);
      expect(await usageOf(client)).toMatchObject({ today: 0, by_day: [], by_chat: [] });
      expect(await tokenUseOf(t().database.handle.db, userId)).toEqual([]);
    });
  });
});

describeOnEachDatabase('Secure LLM Chat daily allowance', (database) => {
  let llm: OpenAiTestServer;
  let baseUrl: string;
  /** What the next chat request does instead of answering in full. */
  let nextFault: OpenAiTestFault | undefined;
  const env: Record<string, string> = { CHAT_DAILY_TOKENS: '10' };
  beforeAll(async () => {
    llm = await startOpenAiTestServer({
      reply: placeholderEcho,
      fault: () => {
        const fault = nextFault;
        nextFault = undefined;
        return fault;
      },
    });
    env.LLM_BASE_URL = llm.url;
    env.LLM_MODELS = MODEL;
  });
  afterAll(() => llm.close());
  const t = useTestApp(database, { env });
  beforeAll(async () => {
    baseUrl = await t().app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** The allowance is used up: the next message is refused before the model is asked, saying when it resets. */
  const expectRefused = async (client: TestClient) => {
    const before = llm.requests.length;
    const refused = await client.post(SEND, { model: MODEL, content: 'One more, please.', masks: [] });
    expectError(refused, 429, 'chat_daily_limit');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(llm.requests.length).toBe(before);
  };

  it('refuses a message once the day is used up, saying when it resets, and stores nothing', async () => {
    const { client } = await newUser(t());
    await send(client, { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) });
    const usage = await usageOf(client);
    expect(usage).toMatchObject({ daily_limit: 10 });
    expect(usage.today).toBeGreaterThanOrEqual(10);
    await expectRefused(client);
    expect(chatListSchema.parse((await client.get(`${GOVERNANCE}/my-chats`)).json()).items).toHaveLength(1);
  });

  it('counts a stopped reply, so stopping before the end does not dodge the allowance', async () => {
    const { client, userId } = await newUser(t());
    nextFault = { type: 'stall', afterChunks: 4 };
    const events = await sendAndStop(baseUrl, client, { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) });
    expect(events.some((e) => e.type === 'delta')).toBe(true);
    const { db } = t().database.handle;
    await afterTheStop(llm, async () => {
      expect(await db.select().from(chats).where(eq(chats.userId, userId))).toEqual([]);
    });

    const usage = await usageOf(client);
    expect(usage.today).toBeGreaterThanOrEqual(10);
    expect(usage.by_chat).toEqual([]);
    await expectRefused(client);
  });

  it("keeps the day's use when the chat is deleted", async () => {
    const { client, userId } = await newUser(t());
    const events = await send(client, { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) });
    const chat = events[0];
    if (chat?.type !== 'chat') throw new Error('no chat event');
    const before = await usageOf(client);
    expect(before.today).toBeGreaterThanOrEqual(10);

    expect((await client.request('DELETE', `${GOVERNANCE}/my-chats/${chat.chat.id}`)).statusCode).toBe(204);
    const after = await usageOf(client);
    expect(after).toEqual({ ...before, by_chat: [] });
    // The count outlives the chat, without its content: the row no longer points at it.
    const rows = await tokenUseOf(t().database.handle.db, userId);
    expect(rows.map((r) => r.chatId)).toEqual([null]);
    await expectRefused(client);
  });

  it('counts a reply that broke off mid-stream at the chars/4 estimate', async () => {
    const { client, userId } = await newUser(t());
    nextFault = { type: 'drop', afterChunks: 3 };
    const events = await send(client, { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) });
    expect(events.map((e) => e.type)).toEqual(['chat', 'prompt', ...events.slice(2, -1).map(() => 'delta'), 'error']);
    expect(chatListSchema.parse((await client.get(`${GOVERNANCE}/my-chats`)).json()).items).toEqual([]);

    // The model sent no count, so the server estimates it from the prompt sent and the three chunks received.
    const request = llm.requests.at(-1);
    const received = placeholderEcho(messagesOf(request)).slice(0, 3).join('');
    const rows = await tokenUseOf(t().database.handle.db, userId);
    expect(rows).toEqual([
      expect.objectContaining({
        chatId: null,
        promptTokens: promptTokensOf(request),
        completionTokens: estimateTokens(received),
        estimated: true,
      }),
    ]);
    expect((await usageOf(client)).today).toBe(promptTokensOf(request) + estimateTokens(received));
    await expectRefused(client);
  });
});

/** Waits for the server to notice the closed connection: the model's request is cancelled, then `done` holds. */
function afterTheStop(llm: OpenAiTestServer, done: () => Promise<void>) {
  return vi.waitFor(
    async () => {
      expect(llm.requests.at(-1)?.aborted, 'the request to the model was cancelled').toBe(true);
      await done();
    },
    { timeout: 10_000, interval: 50 },
  );
}

/**
 * Sends a message the way the web client does (`fetch` with the session cookies and the CSRF header, over a real
 * connection), reads the reply stream until `readyToStop` (by default: a piece of the reply has arrived), then
 * presses Stop like `useChatSender().stop`: it aborts the request, which closes the connection. Returns the events
 * read before that.
 */
async function sendAndStop(
  baseUrl: string,
  client: TestClient,
  body: Record<string, unknown>,
  readyToStop: (events: ChatStreamEvent[]) => boolean | Promise<boolean> = (events) =>
    events.some((e) => e.type === 'delta'),
) {
  const stop = new AbortController();
  const response = await fetch(`${baseUrl}${SEND}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      cookie: [...client.jar].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-csrf-token': client.jar.get(authCookies.csrfAccess) ?? '',
    },
    body: JSON.stringify(body),
    signal: stop.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  if (!response.body) throw new Error('no reply stream');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let received = '';
  // Only whole events (those followed by their blank line) count.
  const events = () => {
    const whole = received.lastIndexOf('\n\n');
    return whole < 0 ? [] : eventsOf(received.slice(0, whole));
  };
  while (!(await readyToStop(events()))) {
    const chunk = await reader.read();
    if (chunk.done) throw new Error(`the reply ended before it could be stopped:\n${received}`);
    received += decoder.decode(chunk.value, { stream: true });
  }
  stop.abort();
  await expect(reader.read()).rejects.toThrow();
  return events();
}

describeOnEachDatabase('Secure LLM Chat stopped by the user', (database) => {
  let llm: OpenAiTestServer;
  let baseUrl: string;
  /** The next chat request sends a few chunks of its reply, then stays silent until it is stopped. */
  let stallNext = false;
  const env: Record<string, string> = { CHAT_DAILY_TOKENS: '200000' };
  beforeAll(async () => {
    llm = await startOpenAiTestServer({
      reply: placeholderEcho,
      fault: () => {
        if (!stallNext) return undefined;
        stallNext = false;
        return { type: 'stall', afterChunks: 4 };
      },
    });
    env.LLM_BASE_URL = llm.url;
    env.LLM_MODELS = MODEL;
  });
  afterAll(() => llm.close());
  const t = useTestApp(database, { env });
  beforeAll(async () => {
    baseUrl = await t().app.listen({ port: 0, host: '127.0.0.1' });
  });

  /**
   * The count of a reply stopped during the stall: the provider's chars/4 estimate of the prompt it sent and of the
   * chunks it had received (the client stops after the first, the model sent four).
   */
  const expectStoppedReplyCounted = async (userId: string, chatId: string | null) => {
    const request = llm.requests.at(-1);
    const stalled = placeholderEcho(messagesOf(request)).slice(0, 4).join('');
    const stopped = (await tokenUseOf(t().database.handle.db, userId)).filter((row) => row.estimated);
    expect(stopped).toHaveLength(1);
    const spent = stopped[0];
    expect(spent).toMatchObject({ chatId, promptTokens: promptTokensOf(request), estimated: true });
    expect(spent?.completionTokens).toBeGreaterThan(0);
    expect(spent?.completionTokens).toBeLessThanOrEqual(estimateTokens(stalled));
    return (spent?.promptTokens ?? 0) + (spent?.completionTokens ?? 0);
  };

  it('drops a new chat with its prompt and vault, counts the tokens streamed, and the same message can be sent again', async () => {
    const { client, userId } = await newUser(t());
    const balance = await totalBalance(client);

    stallNext = true;
    const events = await sendAndStop(baseUrl, client, { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) });
    // A stop is not a failure: the stream has no reply and no error, the client reports it as stopped.
    expect(events.map((e) => e.type)).toEqual(['chat', 'prompt', ...events.slice(2).map(() => 'delta')]);
    const chat = events[0];
    if (chat?.type !== 'chat') throw new Error('no chat event');
    const streamed = events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
    expect(streamed).toContain(NAME);

    const { db } = t().database.handle;
    await afterTheStop(llm, async () => {
      expect(chatListSchema.parse((await client.get(`${GOVERNANCE}/my-chats`)).json()).items).toEqual([]);
    });
    expectError(await client.get(`${GOVERNANCE}/my-chats/${chat.chat.id}`), 404, 'not_found');
    expect(await db.select().from(chats).where(eq(chats.userId, userId))).toEqual([]);
    expect(await db.select().from(chatMessages).where(eq(chatMessages.userId, userId))).toEqual([]);
    expect(await db.select().from(piiVaults).where(eq(piiVaults.userId, userId))).toEqual([]);

    // Chats are not charged from the token balance, but the tokens the model spent on a stopped reply count toward
    // the day (estimated: its own count comes only with a finished reply); nothing of the content is kept.
    expect(await totalBalance(client)).toBe(balance);
    await expectNothingStored(t(), userId);
    const stoppedTokens = await expectStoppedReplyCounted(userId, null);
    const usage = await usageOf(client);
    expect(usage).toMatchObject({ daily_limit: 200_000, today: stoppedTokens, by_chat: [] });
    expect(usage.by_day).toHaveLength(1);

    // The composer gives the text back; sending it again works and makes a new chat.
    const again = await send(client, { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) });
    expect(again.at(-1)?.type).toBe('reply');
    const list = chatListSchema.parse((await client.get(`${GOVERNANCE}/my-chats`)).json());
    expect(list.items.map((c) => [c.id === chat.chat.id, c.message_count])).toEqual([[false, 2]]);
    // The chat counts its stored messages; the day counts the stopped reply too.
    expect((await usageOf(client)).today).toBe(stoppedTokens + (list.items[0]?.tokens ?? 0));
  });

  it('drops only the stopped prompt of a chat, keeps its vault as it was, and the chat carries on', async () => {
    const { client, userId } = await newUser(t());
    const first = await send(client, { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) });
    const chat = first[0];
    if (chat?.type !== 'chat') throw new Error('no chat event');
    const chatUrl = `${GOVERNANCE}/my-chats/${chat.chat.id}`;
    const before = chatDetailSchema.parse((await client.get(chatUrl)).json());
    const usageBefore = await usageOf(client);
    expect(usageBefore.today).toBeGreaterThan(0);
    const balance = await totalBalance(client);
    const { db } = t().database.handle;
    const vaultBefore = await db.select().from(piiVaults).where(eq(piiVaults.userId, userId));

    // The stopped message names someone new: nothing of it may stay behind, the value in the vault included.
    const stopped = 'Now write to Grace Hopper about the refund.';
    const grace = { start: stopped.indexOf('Grace'), end: stopped.indexOf(' about'), type: 'PERSON_NAME' as const };
    stallNext = true;
    const events = await sendAndStop(baseUrl, client, {
      chat_id: chat.chat.id,
      model: MODEL,
      content: stopped,
      masks: [grace],
    });
    expect(events.map((e) => e.type)).toEqual(['chat', 'prompt', ...events.slice(2).map(() => 'delta')]);
    expect(events[1]?.type === 'prompt' && events[1].message.masked_content).toContain('[PERSON_NAME_2]');

    await afterTheStop(llm, async () => {
      const detail = chatDetailSchema.parse((await client.get(chatUrl)).json());
      expect(detail.messages.map((m) => m.id)).toEqual(before.messages.map((m) => m.id));
    });
    const vaultAfter = await db.select().from(piiVaults).where(eq(piiVaults.userId, userId));
    expect(vaultAfter.map((v) => v.sealed.length)).toEqual(vaultBefore.map((v) => v.sealed.length));
    expect(await totalBalance(client)).toBe(balance);
    await expectNothingStored(t(), userId);
    const stoppedTokens = await expectStoppedReplyCounted(userId, chat.chat.id);
    expect(await usageOf(client)).toMatchObject({
      today: usageBefore.today + stoppedTokens,
      by_chat: usageBefore.by_chat,
    });

    // The next message works, and the model never sees the stopped one.
    const followUp = `Also remind ${NAME} about the meeting, and copy Katherine Johnson.`;
    const katherine = {
      start: followUp.indexOf('Katherine'),
      end: followUp.length - 1,
      type: 'PERSON_NAME' as const,
    };
    const sentBefore = llm.requests.length;
    const next = await send(client, {
      chat_id: chat.chat.id,
      model: MODEL,
      content: followUp,
      masks: [...masksOf(followUp), katherine],
    });
    expect(next.map((e) => e.type).at(-1)).toBe('reply');
    const request = JSON.stringify(llm.requests.slice(sentBefore).at(-1)?.body);
    // Katherine takes the number Grace had: the stopped message left no pseudonym behind.
    expect(request).toContain('Also remind [PERSON_NAME_1] about the meeting, and copy [PERSON_NAME_2].');
    expect(request).not.toContain('about the refund');
    const detail = chatDetailSchema.parse((await client.get(chatUrl)).json());
    expect(detail.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(detail.messages[2]?.content).toBe(followUp);
    expect((await usageOf(client)).today).toBe(detail.tokens + stoppedTokens);
    expect(detail.tokens).toBeGreaterThan(usageBefore.today);
  });
});

/** A promise the test settles when it chooses: it holds the fake model at a point the test wants to act in. */
function latch() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describeOnEachDatabase('Secure LLM Chat, one reply at a time', (database) => {
  let llm: OpenAiTestServer;
  let baseUrl: string;
  /** When set, the model is held: each request calls `asked` on arrival and is answered once `answers` settles. */
  let hold: { asked: () => void; answers: Promise<void> } | undefined;
  /** What the next chat request does instead of answering in full; `modelAsked` settles when it arrives. */
  let nextFault: { fault: OpenAiTestFault; modelAsked?: () => void } | undefined;
  const env: Record<string, string> = { CHAT_DAILY_TOKENS: '200000' };
  beforeAll(async () => {
    llm = await startOpenAiTestServer({
      reply: async (messages) => {
        hold?.asked();
        await hold?.answers;
        return placeholderEcho(messages);
      },
      fault: () => {
        const next = nextFault;
        nextFault = undefined;
        next?.modelAsked?.();
        return next?.fault;
      },
    });
    env.LLM_BASE_URL = llm.url;
    env.LLM_MODELS = MODEL;
  });
  afterAll(() => llm.close());
  // A test that failed while the model was held must not hold the next one's.
  afterEach(() => {
    hold = undefined;
  });
  const t = useTestApp(database, { env });
  beforeAll(async () => {
    baseUrl = await t().app.listen({ port: 0, host: '127.0.0.1' });
  });

  const leasesOf = (userId: string) =>
    t().database.handle.db.select().from(chatReplyLeases).where(eq(chatReplyLeases.userId, userId));
  /** The user's stored prompts, oldest first. */
  const promptsOf = async (userId: string) =>
    (
      await t()
        .database.handle.db.select()
        .from(chatMessages)
        .where(and(eq(chatMessages.userId, userId), eq(chatMessages.role, 'user')))
        .orderBy(asc(chatMessages.createdAt))
    ).map((m) => m.maskedContent);

  it('refuses a message sent while a reply is being written, in any chat, and stores nothing of it', async () => {
    const { client, userId } = await newUser(t());
    const first = await send(client, { model: MODEL, content: 'Draft a note to the landlord.', masks: [] });
    const chat = first[0];
    if (chat?.type !== 'chat') throw new Error('no chat event');
    const requestsBefore = llm.requests.length;

    // Two tabs send at once, one into the chat and one into a new chat. The model holds its answer, so the reply
    // that won is still being written when the other send is answered.
    const modelAnswers = latch();
    const bothAsked = latch();
    let asked = 0;
    hold = {
      asked: () => {
        asked += 1;
        if (asked === 2) bothAsked.open();
      },
      answers: modelAnswers.opened,
    };
    const bodies = [
      { chat_id: chat.chat.id, model: MODEL, content: 'Make it shorter.', masks: [] },
      { model: MODEL, content: 'Draft a note to the plumber.', masks: [] },
    ];
    const sends = bodies.map((body, index) => client.post(SEND, body).then((response) => ({ response, index })));
    const refused = await Promise.race([
      ...sends,
      bothAsked.opened.then(() => {
        throw new Error('both messages reached the model');
      }),
    ]);
    expectError(refused.response, 409, 'chat_reply_in_progress');
    expect(refused.response.json().error.message).toBe(
      'Another reply is still being written, perhaps in another tab. Wait for it to finish or stop it, then send again.',
    );
    modelAnswers.open();
    hold = undefined;
    const streamed = (await Promise.all(sends)).find((outcome) => outcome !== refused);
    if (!streamed) throw new Error('no send streamed');
    expect(streamed.response.statusCode, streamed.response.body).toBe(200);
    expect(eventsOf(streamed.response.body).at(-1)?.type).toBe('reply');

    // Only the reply that streamed asked the model, and only its prompt is stored.
    const refusedContent = bodies[refused.index]?.content ?? '';
    const streamedContent = bodies[streamed.index]?.content ?? '';
    expect(llm.requests.length).toBe(requestsBefore + 1);
    expect(JSON.stringify(llm.requests.at(-1)?.body)).not.toContain(refusedContent);
    expect(await promptsOf(userId)).toEqual(['Draft a note to the landlord.', streamedContent]);
    const list = chatListSchema.parse((await client.get(`${GOVERNANCE}/my-chats`)).json());
    expect(list.items).toHaveLength(refused.index === 1 ? 1 : 2);
    const usage = await usageOf(client);
    expect(usage.today).toBe(list.items.reduce((sum, item) => sum + item.tokens, 0));

    // The reply is in and its lease given back: the refused message goes through now.
    expect(await leasesOf(userId)).toEqual([]);
    const again = await send(client, bodies[refused.index] ?? {});
    expect(again.at(-1)?.type).toBe('reply');
    expect(await promptsOf(userId)).toEqual(['Draft a note to the landlord.', streamedContent, refusedContent]);
  });

  it('counts the prompt of a reply stopped before its first token, and the next message goes through', async () => {
    const { client, userId } = await newUser(t());
    const modelAsked = latch();
    nextFault = { fault: { type: 'stall', afterChunks: 0 }, modelAsked: modelAsked.open };
    const events = await sendAndStop(
      baseUrl,
      client,
      { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) },
      async (received) => {
        if (!received.some((e) => e.type === 'prompt')) return false;
        await modelAsked.opened;
        return true;
      },
    );
    expect(events.map((e) => e.type)).toEqual(['chat', 'prompt']);
    const { db } = t().database.handle;
    await afterTheStop(llm, async () => {
      expect(await db.select().from(chats).where(eq(chats.userId, userId))).toEqual([]);
    });

    // The model had read the prompt, so the day counts it (estimated, as no count came), and no reply tokens.
    const request = llm.requests.at(-1);
    expect(await tokenUseOf(db, userId)).toEqual([
      expect.objectContaining({
        chatId: null,
        promptTokens: promptTokensOf(request),
        completionTokens: 0,
        estimated: true,
      }),
    ]);
    expect(await usageOf(client)).toMatchObject({ today: promptTokensOf(request), by_chat: [] });
    await expectNothingStored(t(), userId);

    expect(await leasesOf(userId)).toEqual([]);
    const again = await send(client, { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) });
    expect(again.at(-1)?.type).toBe('reply');
  });

  it('counts nothing for a model that failed before its first token, and the next message goes through', async () => {
    const { client, userId } = await newUser(t());
    nextFault = { fault: { type: 'status', status: 400 } };
    const events = await send(client, { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) });
    expect(events.map((e) => e.type)).toEqual(['chat', 'prompt', 'error']);
    expect(await tokenUseOf(t().database.handle.db, userId)).toEqual([]);
    expect(await usageOf(client)).toMatchObject({ today: 0, by_day: [], by_chat: [] });

    expect(await leasesOf(userId)).toEqual([]);
    const again = await send(client, { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) });
    expect(again.at(-1)?.type).toBe('reply');
  });

  it('holds a user to a reply another process is writing, until its lease runs out', async () => {
    const { client, userId } = await newUser(t());
    const { db } = t().database.handle;
    const requestsBefore = llm.requests.length;
    // The lease another server process took for a reply it is writing.
    const leaseId = randomUUID();
    await db.insert(chatReplyLeases).values({ userId, leaseId, expiresAt: new Date(Date.now() + 60_000) });
    expectError(
      await client.post(SEND, { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) }),
      409,
      'chat_reply_in_progress',
    );
    expect(llm.requests.length).toBe(requestsBefore);
    expect(await promptsOf(userId)).toEqual([]);
    expect(chatListSchema.parse((await client.get(`${GOVERNANCE}/my-chats`)).json()).items).toEqual([]);

    // That process died mid-reply: once its lease has run out, the user is no longer held.
    await db
      .update(chatReplyLeases)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(chatReplyLeases.userId, userId));
    const events = await send(client, { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) });
    expect(events.at(-1)?.type).toBe('reply');
    expect(await leasesOf(userId)).toEqual([]);
  });
});

/** An app for the chat routes alone; sign-in is not what the suites using it are about: the user id comes in a header. */
function chatRoutesApp() {
  const app = Fastify();
  registerErrorHandler(app);
  app.decorateRequest('user', null);
  app.decorate('requireUser', async (request) => {
    request.user = { id: String(request.headers['x-test-user']), familyId: 'test', row: null };
  });
  return app;
}

/**
 * A Stop that lands after the model has finished but before the reply is committed. The server can't be made to
 * pause there from outside, so this suite serves the chat routes from their own app, on a real port, with a service
 * whose repository runs `whileSaving` inside the transaction that saves the reply (after its insert, before its
 * commit). There the client closes its connection the way the web client's Stop does and the hook waits until the
 * server has seen it close; the service itself is unchanged. Users and the day's use come from the full app.
 */
describeOnEachDatabase('Secure LLM Chat stopped while the reply is being saved', (database) => {
  let llm: OpenAiTestServer;
  let provider: LlmProvider;
  let chatApp: FastifyInstance;
  let baseUrl: string;
  let whileSaving: (() => Promise<void>) | undefined;
  /** Settles when the server sees the connection of the latest chat request close. */
  let serverSawClose: Promise<void> = Promise.resolve();
  const t = useTestApp(database);
  beforeAll(async () => {
    llm = await startOpenAiTestServer({ reply: placeholderEcho });
    provider = createOpenAiCompatibleProvider({ baseUrl: llm.url, models: [MODEL] });
    const { db } = database().handle;
    const repo = createChatsRepository(db);
    const chatService = createChatService({
      db,
      repo: {
        ...repo,
        async addMessage(tx, values) {
          const row = await repo.addMessage(tx, values);
          if (values.role === 'assistant') await whileSaving?.();
          return row;
        },
      },
      vault: createVaultRepository(createVaultCipher(randomBytes(32).toString('hex'))),
      llm: provider,
      dailyTokens: null,
      clock: () => new Date(),
      log: { warn: vi.fn() },
    });
    chatApp = chatRoutesApp();
    chatApp.addHook('onRequest', async (_request, reply) => {
      serverSawClose = new Promise((resolve) => reply.raw.once('close', () => resolve()));
    });
    await chatApp.register(chatsRoutes, { prefix: GOVERNANCE, chats: chatService });
    baseUrl = await chatApp.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await chatApp.close();
    await provider.close();
    await llm.close();
  });

  /**
   * Sends a message and, once the whole reply has been read and the server is saving it, presses Stop (closes the
   * connection) and lets the save go on only after the server has seen it. Returns the events read before that.
   */
  async function sendAndStopWhileSaving(userId: string, body: Record<string, unknown>, reply: string) {
    const stop = new AbortController();
    let received = '';
    const events = () => {
      const whole = received.lastIndexOf('\n\n');
      return whole < 0 ? [] : eventsOf(received.slice(0, whole));
    };
    whileSaving = async () => {
      whileSaving = undefined;
      await vi.waitFor(() => {
        expect(
          events()
            .flatMap((e) => (e.type === 'delta' ? [e.text] : []))
            .join(''),
        ).toBe(reply);
      });
      stop.abort();
      await serverSawClose;
    };
    const response = await fetch(`${baseUrl}${SEND}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-test-user': userId },
      body: JSON.stringify(body),
      signal: stop.signal,
    });
    expect(response.status).toBe(200);
    if (!response.body) throw new Error('no reply stream');
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const readAll = async () => {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error(`the reply stream ended instead of being stopped:\n${received}`);
        received += decoder.decode(chunk.value, { stream: true });
      }
    };
    await expect(readAll()).rejects.toThrow(/abort/i);
    expect(whileSaving, 'the stop came while the reply was being saved').toBeUndefined();
    return events();
  }

  it('keeps nothing of the exchange and counts the whole reply, in a new chat and in an existing one', async () => {
    const { client, userId } = await newUser(t());
    const { db } = t().database.handle;
    const reply = `Dear ${NAME}, thank you. We wrote to ${EMAIL} about it.`;

    const events = await sendAndStopWhileSaving(
      userId,
      { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) },
      reply,
    );
    // The client had the whole reply but no `reply` event: it says nothing was saved, and nothing was.
    expect(events.map((e) => e.type)).toEqual(['chat', 'prompt', ...events.slice(2).map(() => 'delta')]);
    await vi.waitFor(async () => {
      expect(await db.select().from(chats).where(eq(chats.userId, userId))).toEqual([]);
    });
    expect(await db.select().from(chatMessages).where(eq(chatMessages.userId, userId))).toEqual([]);
    expect(await db.select().from(piiVaults).where(eq(piiVaults.userId, userId))).toEqual([]);
    // The model finished, so its own count (not an estimate) is what the day keeps.
    const first = llm.requests.at(-1);
    const firstCount = {
      promptTokens: promptTokensOf(first),
      completionTokens: placeholderEcho(messagesOf(first)).length,
    };
    expect(await tokenUseOf(db, userId)).toEqual([
      expect.objectContaining({ chatId: null, ...firstCount, estimated: false }),
    ]);

    // In an existing chat only the stopped prompt goes, and the vault is put back as it was.
    const response = await fetch(`${baseUrl}${SEND}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test-user': userId },
      body: JSON.stringify({ model: MODEL, content: PROMPT, masks: masksOf(PROMPT) }),
    });
    const kept = eventsOf(await response.text());
    const chat = kept[0];
    if (chat?.type !== 'chat') throw new Error('no chat event');
    expect(kept.at(-1)?.type).toBe('reply');
    const messagesBefore = await db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.chat.id));
    const vaultBefore = await db.select().from(piiVaults).where(eq(piiVaults.userId, userId));

    const stopped = 'Now write to Grace Hopper about the refund.';
    const grace = { start: stopped.indexOf('Grace'), end: stopped.indexOf(' about'), type: 'PERSON_NAME' as const };
    await sendAndStopWhileSaving(
      userId,
      { chat_id: chat.chat.id, model: MODEL, content: stopped, masks: [grace] },
      'Dear Grace Hopper, thank you. We wrote to you about it.',
    );
    await vi.waitFor(async () => {
      const messages = await db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.chat.id));
      expect(messages.map((m) => m.id)).toEqual(messagesBefore.map((m) => m.id));
    });
    const vaultAfter = await db.select().from(piiVaults).where(eq(piiVaults.userId, userId));
    expect(vaultAfter.map((v) => v.sealed.length)).toEqual(vaultBefore.map((v) => v.sealed.length));
    const last = llm.requests.at(-1);
    const rows = await tokenUseOf(db, userId);
    expect(rows.at(-1)).toMatchObject({
      chatId: chat.chat.id,
      promptTokens: promptTokensOf(last),
      completionTokens: placeholderEcho(messagesOf(last)).length,
      estimated: false,
    });
    const usage = await usageOf(client);
    expect(usage.today).toBe(rows.reduce((sum, row) => sum + row.promptTokens + row.completionTokens, 0));
    expect(usage.by_chat.map((c) => c.chat_id)).toEqual([chat.chat.id]);
  });
});

/**
 * A reply the model keeps waiting longer than its lease lasts. Time passes for the chat service alone: its clock is the
 * suite's and its renewal timer a fake one, so the chat routes are served from their own app (the user id in a
 * header), with a repository that keeps every renewal attempt and can make them fail. Users come from the full app.
 */
describeOnEachDatabase('Secure LLM Chat, a reply that outlasts its lease', (database) => {
  /** Fine enough that a renewal sees the time it was due at, give or take this. */
  const STEP_MS = 5_000;
  let llm: OpenAiTestServer;
  let provider: LlmProvider;
  let chatApp: FastifyInstance;
  let now = Date.now();
  const log = { warn: vi.fn() };
  /** When set, the model is held: the request calls `asked` on arrival and is answered once `answers` settles. */
  let hold: { asked: () => void; answers: Promise<void> } | undefined;
  /** The renewals the service attempted, settled or not. */
  let renewals: Promise<unknown>[] = [];
  /** How many of the next renewals fail, as they would while the database is unreachable. */
  let failingRenewals = 0;
  const t = useTestApp(database);
  beforeAll(async () => {
    llm = await startOpenAiTestServer({
      reply: async (messages) => {
        hold?.asked();
        await hold?.answers;
        return placeholderEcho(messages);
      },
    });
    provider = createOpenAiCompatibleProvider({ baseUrl: llm.url, models: [MODEL] });
    const { db } = database().handle;
    const repo = createChatsRepository(db);
    const chatService = createChatService({
      db,
      repo: {
        ...repo,
        renewReplyLease(values) {
          const renewal =
            failingRenewals > 0 ? Promise.reject(new Error('connection terminated')) : repo.renewReplyLease(values);
          failingRenewals -= 1;
          renewals.push(renewal.catch(() => undefined));
          return renewal;
        },
      },
      vault: createVaultRepository(createVaultCipher(randomBytes(32).toString('hex'))),
      llm: provider,
      dailyTokens: null,
      clock: () => new Date(now),
      log,
    });
    chatApp = chatRoutesApp();
    await chatApp.register(chatsRoutes, { prefix: GOVERNANCE, chats: chatService });
    await chatApp.ready();
  });
  afterAll(async () => {
    await chatApp.close();
    await provider.close();
    await llm.close();
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    now = Date.now();
    renewals = [];
    failingRenewals = 0;
    log.warn.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    hold = undefined;
  });

  const sendAs = (userId: string, content: string) =>
    chatApp.inject({
      method: 'POST',
      url: SEND,
      headers: { 'x-test-user': userId },
      payload: { model: MODEL, content, masks: [] },
    });
  const leasesOf = (userId: string) =>
    t().database.handle.db.select().from(chatReplyLeases).where(eq(chatReplyLeases.userId, userId));
  /** Lets `ms` pass for the chat service, waiting out the renewals it makes on the way. */
  const pass = async (ms: number) => {
    for (let passed = 0; passed < ms; passed += STEP_MS) {
      now += STEP_MS;
      await vi.advanceTimersByTimeAsync(STEP_MS);
      await Promise.all(renewals);
    }
  };
  /** Sends a message whose reply the model holds until `answer` is called; resolves once the model has it. */
  const sendHeld = async (userId: string) => {
    const asked = latch();
    const answers = latch();
    hold = { asked: asked.open, answers: answers.opened };
    const response = sendAs(userId, 'Draft a long report on the landlord.');
    await asked.opened;
    return {
      answer: async () => {
        answers.open();
        hold = undefined;
        return eventsOf((await response).body);
      },
    };
  };

  it('keeps the lease while the model is silent past it, through a failed renewal, and frees it when the reply ends', async () => {
    const { userId } = await newUser(t());
    const reply = await sendHeld(userId);
    const [taken] = await leasesOf(userId);
    expect(taken?.expiresAt.getTime()).toBe(now + REPLY_LEASE_MS);

    // The first renewal meets a database hiccup: it is logged, the reply goes on and the next renewal makes it good.
    failingRenewals = 1;
    await pass(REPLY_LEASE_MS + STEP_MS);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ userId, err: expect.any(Error) }),
      expect.stringContaining('could not be renewed'),
    );
    const [renewed] = await leasesOf(userId);
    expect(renewed?.leaseId).toBe(taken?.leaseId);
    expect(renewed?.expiresAt.getTime()).toBeGreaterThan(now);

    // Past the lease's first expiry, the reply still holds its user.
    const second = 'Make it shorter.';
    expectError(await sendAs(userId, second), 409, 'chat_reply_in_progress');

    expect((await reply.answer()).at(-1)?.type).toBe('reply');
    expect(await leasesOf(userId)).toEqual([]);
    // Its timer ended with it: time passing renews nothing more.
    const attempted = renewals.length;
    await pass(REPLY_LEASE_MS);
    expect(renewals).toHaveLength(attempted);
    expect(eventsOf((await sendAs(userId, second)).body).at(-1)?.type).toBe('reply');
    expect(await leasesOf(userId)).toEqual([]);
  });

  it('leaves alone a lease another send took over once it ran out, and stops renewing', async () => {
    const { userId } = await newUser(t());
    const reply = await sendHeld(userId);

    // Renewals fail until the lease runs out, and a send on another server process takes it over.
    failingRenewals = Number.POSITIVE_INFINITY;
    await pass(REPLY_LEASE_MS + STEP_MS);
    failingRenewals = 0;
    const takeover = { userId, leaseId: randomUUID(), now: new Date(now), expiresAt: new Date(now + 60_000) };
    const { db } = t().database.handle;
    expect(await createChatsRepository(db).takeReplyLease(db, takeover)).toBe(true);

    const attempted = renewals.length;
    log.warn.mockClear();
    await pass(REPLY_LEASE_MS);
    expect(renewals).toHaveLength(attempted + 1);
    expect(await leasesOf(userId)).toEqual([
      expect.objectContaining({ leaseId: takeover.leaseId, expiresAt: takeover.expiresAt }),
    ]);
    expect(log.warn).toHaveBeenCalledWith({ userId }, expect.stringContaining('lost its lease'));

    // Ending, the reply gives back no lease but its own.
    expect((await reply.answer()).at(-1)?.type).toBe('reply');
    expect(await leasesOf(userId)).toEqual([expect.objectContaining({ leaseId: takeover.leaseId })]);
  });
});
