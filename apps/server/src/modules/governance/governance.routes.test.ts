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
import { chatMessages, chats, piiVaults } from '@candor/db';
import { type OpenAiTestServer, startOpenAiTestServer } from '@candor/llm/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestClient, useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';
import { expectError, expectNothingStored, newUser, totalBalance } from '../../test/tool-runs.js';

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
      expect.arrayContaining(['PERSON_NAME', 'EMAIL_ADDRESS', 'CREDIT_CARD_NUMBER', 'IBAN_CODE', 'JSON_WEB_TOKEN']),
    );
    const policies = fullPolicyListSchema.parse((await client.get(`${GOVERNANCE}/gcp/pii/full_policy_list`)).json());
    expect(policies.policies.map((p) => p.id)).toEqual(
      expect.arrayContaining(['HIPAA', 'GDPR', 'PCI_DSS', 'CCPA', 'FINANCIAL', 'CREDENTIALS', 'ALL']),
    );
    const pci = policies.policies.find((p) => p.id === 'PCI_DSS');
    expect(pci?.entities.map((e) => e.type)).toContain('CREDIT_CARD_NUMBER');
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

    it('streams an error and keeps no half chat', async () => {
      const { client } = await newUser(t());
      const events = await send(client, { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) });
      expect(events.at(-1)?.type).toBe('error');
      expect(llm.requests.length).toBe(2);
      expect(chatListSchema.parse((await client.get(`${GOVERNANCE}/my-chats`)).json()).items).toEqual([]);
    });
  });
});

describeOnEachDatabase('Secure LLM Chat daily allowance', (database) => {
  let llm: OpenAiTestServer;
  const env: Record<string, string> = { CHAT_DAILY_TOKENS: '10' };
  beforeAll(async () => {
    llm = await startOpenAiTestServer({ reply: placeholderEcho });
    env.LLM_BASE_URL = llm.url;
    env.LLM_MODELS = MODEL;
  });
  afterAll(() => llm.close());
  const t = useTestApp(database, { env });

  it('refuses a message once the day is used up, saying when it resets, and stores nothing', async () => {
    const { client } = await newUser(t());
    await send(client, { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) });
    const usage = chatTokenUsageSchema.parse((await client.get(`${GOVERNANCE}/my-tokens`)).json());
    expect(usage).toMatchObject({ daily_limit: 10 });
    expect(usage.today).toBeGreaterThanOrEqual(10);
    const before = llm.requests.length;
    const refused = await client.post(SEND, { model: MODEL, content: 'One more, please.', masks: [] });
    expectError(refused, 429, 'chat_daily_limit');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(llm.requests.length).toBe(before);
    expect(chatListSchema.parse((await client.get(`${GOVERNANCE}/my-chats`)).json()).items).toHaveLength(1);
  });
});

/**
 * Sends a message the way the web client does (`fetch` with the session cookies and the CSRF header, over a real
 * connection), reads the reply stream until a piece of the reply has arrived, then presses Stop like
 * `useChatSender().stop`: it aborts the request, which closes the connection. Returns the events read before that.
 */
async function sendAndStop(baseUrl: string, client: TestClient, body: Record<string, unknown>) {
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
  while (!events().some((e) => e.type === 'delta')) {
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

  const usageOf = async (client: TestClient) =>
    chatTokenUsageSchema.parse((await client.get(`${GOVERNANCE}/my-tokens`)).json());
  /** Waits for the server to notice the closed connection: the model's request is cancelled, then `done` holds. */
  const afterTheStop = (done: () => Promise<void>) =>
    vi.waitFor(
      async () => {
        expect(llm.requests.at(-1)?.aborted, 'the request to the model was cancelled').toBe(true);
        await done();
      },
      { timeout: 10_000, interval: 50 },
    );

  it('drops a new chat with its prompt and vault, counts no tokens, and the same message can be sent again', async () => {
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
    await afterTheStop(async () => {
      expect(chatListSchema.parse((await client.get(`${GOVERNANCE}/my-chats`)).json()).items).toEqual([]);
    });
    expectError(await client.get(`${GOVERNANCE}/my-chats/${chat.chat.id}`), 404, 'not_found');
    expect(await db.select().from(chats).where(eq(chats.userId, userId))).toEqual([]);
    expect(await db.select().from(chatMessages).where(eq(chatMessages.userId, userId))).toEqual([]);
    expect(await db.select().from(piiVaults).where(eq(piiVaults.userId, userId))).toEqual([]);

    // Chats are not charged from the token balance, and a stopped reply uses none of the daily allowance.
    expect(await totalBalance(client)).toBe(balance);
    await expectNothingStored(t(), userId);
    expect(await usageOf(client)).toMatchObject({ daily_limit: 200_000, today: 0, by_day: [], by_chat: [] });

    // The composer gives the text back; sending it again works and makes a new chat.
    const again = await send(client, { model: MODEL, content: PROMPT, masks: masksOf(PROMPT) });
    expect(again.at(-1)?.type).toBe('reply');
    const list = chatListSchema.parse((await client.get(`${GOVERNANCE}/my-chats`)).json());
    expect(list.items.map((c) => [c.id === chat.chat.id, c.message_count])).toEqual([[false, 2]]);
    expect((await usageOf(client)).today).toBe(list.items[0]?.tokens);
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

    await afterTheStop(async () => {
      const detail = chatDetailSchema.parse((await client.get(chatUrl)).json());
      expect(detail.messages.map((m) => m.id)).toEqual(before.messages.map((m) => m.id));
    });
    const vaultAfter = await db.select().from(piiVaults).where(eq(piiVaults.userId, userId));
    expect(vaultAfter.map((v) => v.sealed.length)).toEqual(vaultBefore.map((v) => v.sealed.length));
    expect(await totalBalance(client)).toBe(balance);
    await expectNothingStored(t(), userId);
    expect(await usageOf(client)).toEqual(usageBefore);

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
    expect((await usageOf(client)).today).toBe(detail.tokens);
    expect(detail.tokens).toBeGreaterThan(usageBefore.today);
  });
});
