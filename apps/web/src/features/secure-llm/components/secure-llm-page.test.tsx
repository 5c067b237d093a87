import {
  CHAT_MESSAGE_MAX_CHARACTERS,
  type ChatDetail,
  type ChatMessage,
  type ChatStreamEvent,
  type ChatSummary,
  type EntityGroupList,
  type LlmList,
} from '@candor/contracts/governance';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, notFoundResponse } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';
import { MASKED_ENTITIES_STORAGE_KEY } from '../lib/entity-settings';
import { SecureLlmPage } from './secure-llm-page';

const CHAT_ID = '5d7b3f0e-8a43-4c51-9e0b-2f6a1d9c4e21';
const MODEL = { id: 'llama3.1:8b', name: 'Llama 3.1 8B', provider: 'openai-compatible' as const, context_length: 8192 };

const entities: EntityGroupList = {
  groups: [
    {
      group: 'Personal',
      entities: [
        { type: 'PERSON_NAME', name: 'Person name', group: 'Personal', description: 'A name.', example: 'Ada' },
        { type: 'LOCATION', name: 'Location', group: 'Personal', description: 'A place.', example: 'Leeds' },
      ],
    },
    {
      group: 'Contact',
      entities: [
        { type: 'EMAIL_ADDRESS', name: 'Email address', group: 'Contact', description: 'E-mail.', example: 'a@b.c' },
      ],
    },
  ],
};

/** The fake detector: fixed values, found wherever they occur, for the entity types asked for. */
const KNOWN = [
  ['Jane Doe', 'PERSON_NAME'],
  ['jane@example.com', 'EMAIL_ADDRESS'],
  ['Lisbon', 'LOCATION'],
] as const;

function detect(text: string, types: string[] | undefined) {
  const findings = [];
  for (const [value, type] of KNOWN) {
    if (types && !types.includes(type)) continue;
    for (let start = text.indexOf(value); start !== -1; start = text.indexOf(value, start + 1)) {
      findings.push({ start, end: start + value.length, type, score: 0.9, text: value });
    }
  }
  return findings;
}

const summary = (overrides: Partial<ChatSummary> = {}): ChatSummary => ({
  id: CHAT_ID,
  title: 'Ask [PERSON_NAME_1] about Lisbon',
  model: MODEL.id,
  message_count: 2,
  tokens: 57,
  created_at: '2026-03-10T09:00:00.000Z',
  updated_at: '2026-03-10T09:00:00.000Z',
  ...overrides,
});

const userMessage = (content: string, masked: string, spans: ChatMessage['spans'], id = 'm1'): ChatMessage => ({
  id,
  role: 'user',
  content,
  masked_content: masked,
  spans,
  usage: null,
  created_at: '2026-03-10T09:00:00.000Z',
});

const replyMessage = (content: string, masked: string, spans: ChatMessage['spans'], id = 'm2'): ChatMessage => ({
  id,
  role: 'assistant',
  content,
  masked_content: masked,
  spans,
  usage: { prompt_tokens: 45, completion_tokens: 12, estimated: false },
  created_at: '2026-03-10T09:00:05.000Z',
});

/** A reply stream the test writes to, event by event. */
function controlledStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (event: ChatStreamEvent) =>
      controller?.enqueue(new TextEncoder().encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)),
    close: () => controller?.close(),
  };
}

const server = vi.hoisted(() => ({
  models: { models: [] } as LlmList,
  chats: [] as ChatSummary[],
  details: new Map<string, ChatDetail>(),
  detectRequests: [] as { text: string; entities?: string[] }[],
  sent: [] as unknown[],
  onSend: null as null | (() => Response),
}));

vi.mock('@/lib/api-client', async (importOriginal) => {
  const { withFakeApi } = await import('@/test/fake-api');
  return withFakeApi(await importOriginal(), async (request) => {
    const url = new URL(request.url);
    const path = url.pathname.replace('/api/governance/', '');
    const body = request.method === 'GET' || request.method === 'DELETE' ? null : await request.clone().json();
    if (request.method === 'GET' && path === 'entities') return jsonResponse(200, entities);
    if (request.method === 'GET' && path === 'llms') return jsonResponse(200, server.models);
    if (request.method === 'GET' && path === 'my-chats') return jsonResponse(200, { items: server.chats });
    if (request.method === 'GET' && path.startsWith('my-chats/')) {
      const detail = server.details.get(path.slice('my-chats/'.length));
      return detail ? jsonResponse(200, detail) : notFoundResponse();
    }
    if (request.method === 'GET' && path === 'my-tokens') {
      return jsonResponse(200, { daily_limit: 200_000, today: 1_500, by_day: [], by_chat: [] });
    }
    if (request.method === 'POST' && path === 'v1/pii/detect') {
      server.detectRequests.push(body);
      return jsonResponse(200, { findings: detect(body.text, body.entities) });
    }
    if (request.method === 'POST' && path === 'v1/chats/messages') {
      server.sent.push(body);
      return server.onSend?.() ?? jsonResponse(500, { error: { code: 'internal', message: 'No reply set up' } });
    }
    return notFoundResponse();
  });
});

function Harness({ initial }: { initial?: string }) {
  const [chatId, setChatId] = useState(initial);
  return (
    <>
      <p data-testid="open-chat">{chatId ?? 'new'}</p>
      <SecureLlmPage chatId={chatId} onChatChange={(id) => setChatId(id)} />
    </>
  );
}

const renderPage = (initial?: string) => renderWithRouter(() => <Harness initial={initial} />);
const message = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
const chip = (value: string) => screen.findByRole('button', { name: new RegExp(`^Mask ${value}, `) });

/** A new chat with `text` pasted into the composer, the reply's stream under the test's control. */
async function composeNewChat(text: string) {
  const user = userEvent.setup();
  const stream = controlledStream();
  server.onSend = stream.response;
  await renderPage();
  await user.click(message());
  await user.paste(text);
  return { user, stream };
}

beforeAll(() => {
  // Radix positions popovers with ResizeObserver, which jsdom lacks.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

beforeEach(() => {
  server.models = { models: [MODEL] };
  server.chats = [];
  server.details = new Map();
  server.detectRequests = [];
  server.sent = [];
  server.onSend = null;
});

afterEach(() => window.localStorage.clear());

describe('SecureLlmPage', () => {
  it('previews the masking, lets a toggled value through, and sends exactly the masks shown', async () => {
    const text = 'Ask Jane Doe at jane@example.com';
    const { user, stream } = await composeNewChat(text);

    const name = await chip('Jane Doe');
    const email = await chip('jane@example.com');
    expect(name.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('model-preview').textContent).toContain('Ask [PERSON_NAME] at [EMAIL_ADDRESS]');

    await user.click(email);
    expect(email.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('model-preview').textContent).toContain('Ask [PERSON_NAME] at jane@example.com');

    await user.type(message(), '{Enter}');
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent[0]).toEqual({
      model: MODEL.id,
      content: text,
      masks: [{ start: 4, end: 12, type: 'PERSON_NAME' }],
    });
    expect(message().value).toBe('');

    const prompt = userMessage(text, 'Ask [PERSON_NAME_1] at jane@example.com', [
      { start: 4, end: 12, type: 'PERSON_NAME', token: '[PERSON_NAME_1]' },
    ]);
    const created = summary({ title: 'Ask [PERSON_NAME_1] at jane@example.com', message_count: 1 });
    // As the server does: the chat and the prompt are stored before they are announced.
    server.details.set(CHAT_ID, { ...created, messages: [prompt] });
    stream.send({ type: 'chat', chat: created });
    stream.send({ type: 'prompt', message: prompt });
    stream.send({ type: 'delta', text: 'Sure, I will ask ' });
    stream.send({ type: 'delta', text: 'Jane Doe.' });
    const arriving = await screen.findByRole('article', { name: 'Reply (arriving)' });
    await waitFor(() => expect(arriving.textContent).toContain('Sure, I will ask Jane Doe.'));
    expect(screen.getByTestId('open-chat').textContent).toContain(CHAT_ID);
    expect(screen.getByRole('button', { name: 'Stop the reply' })).toBeTruthy();

    const reply = replyMessage('Sure, I will ask Jane Doe.', 'Sure, I will ask [PERSON_NAME_1].', [
      { start: 17, end: 25, type: 'PERSON_NAME', token: '[PERSON_NAME_1]' },
    ]);
    server.details.set(CHAT_ID, { ...created, message_count: 2, messages: [prompt, reply] });
    stream.send({ type: 'reply', message: reply });
    stream.close();
    const stored = await screen.findByRole('article', { name: 'Reply' });
    const mark = within(stored).getByText('Jane Doe', { selector: 'mark' });
    expect(mark.textContent).toContain('Masked as [PERSON_NAME_1] — the model never saw this value');
    expect(screen.queryByRole('article', { name: 'Reply (arriving)' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('keeps the text and shows the error inline when the reply fails', async () => {
    const text = 'Summarise the trip of Jane Doe to Lisbon';
    const { user, stream } = await composeNewChat(text);
    await chip('Lisbon');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.sent).toHaveLength(1));
    stream.send({ type: 'chat', chat: summary() });
    stream.send({ type: 'error', error: { code: 'llm_timeout', message: 'The model took too long to answer.' } });
    stream.close();

    expect(await screen.findByText('The model took too long to answer.')).toBeTruthy();
    expect(screen.getByText('Nothing is lost: your message is in the box below.')).toBeTruthy();
    await waitFor(() => expect(message().value).toBe(text));
    // The server removed the new chat with the failed prompt; the screen goes back to a new chat.
    expect(screen.getByTestId('open-chat').textContent).toContain('new');
  });

  it('offers a new chat when the model refuses the conversation, keeping the message', async () => {
    const text = 'Summarise the trip of Jane Doe to Lisbon';
    const { user, stream } = await composeNewChat(text);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.sent).toHaveLength(1));
    stream.send({
      type: 'error',
      error: { code: 'llm_bad_request', message: 'The conversation is longer than the model’s window.' },
    });
    stream.close();

    await user.click(await screen.findByRole('button', { name: 'Start a new chat' }));
    expect(screen.queryByText('The conversation is longer than the model’s window.')).toBeNull();
    expect(message().value).toBe(text);
    expect(screen.getByTestId('open-chat').textContent).toContain('new');
  });

  it('never sends on a stale preview: a message sent mid-typing is checked as it is', async () => {
    const user = userEvent.setup();
    const stream = controlledStream();
    server.onSend = stream.response;
    await renderPage();
    // Typed and sent in one go, before the preview's pause has passed.
    await user.type(message(), 'Ping Jane Doe{Enter}');
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent[0]).toMatchObject({
      content: 'Ping Jane Doe',
      masks: [{ start: 5, end: 13, type: 'PERSON_NAME' }],
    });
    expect(server.detectRequests.map((r) => r.text)).toContain('Ping Jane Doe');
    stream.close();
  });

  it('stops a reply on request and gives the message back', async () => {
    const user = userEvent.setup();
    const stream = controlledStream();
    server.onSend = stream.response;
    await renderPage();
    await user.click(message());
    await user.paste('Tell me a long story');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.sent).toHaveLength(1));
    stream.send({ type: 'delta', text: 'Once upon a time' });
    await user.click(await screen.findByRole('button', { name: 'Stop the reply' }));

    expect(
      await screen.findByText(
        'Stopped. Nothing was saved and your message is back in the box; the tokens already used count toward today’s allowance.',
      ),
    ).toBeTruthy();
    expect(message().value).toBe('Tell me a long story');
    expect(screen.queryByRole('article', { name: 'Reply (arriving)' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false);
  });

  it('explains the daily limit before anything streams, and gives the text back', async () => {
    const user = userEvent.setup();
    server.onSend = () =>
      new Response(
        JSON.stringify({ error: { code: 'chat_daily_limit', message: 'You have used today’s 200,000 chat tokens.' } }),
        { status: 429, headers: { 'content-type': 'application/json', 'Retry-After': '5400' } },
      );
    await renderPage();
    await user.click(message());
    await user.paste('Hello there');
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText(/You have used today’s 200,000 chat tokens\. You can chat again in 1 h 30 min\./),
    ).toBeTruthy();
    expect(message().value).toBe('Hello there');
  });

  it('says a reply is still being written elsewhere, and gives the text back', async () => {
    const user = userEvent.setup();
    server.onSend = () =>
      new Response(
        JSON.stringify({
          error: {
            code: 'chat_reply_in_progress',
            message:
              'Another reply is still being written, perhaps in another tab. Wait for it to finish or stop it, then send again.',
          },
        }),
        { status: 409, headers: { 'content-type': 'application/json' } },
      );
    await renderPage();
    await user.click(message());
    await user.paste('Hello there');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/Another reply is still being written, perhaps in another tab\./)).toBeTruthy();
    expect(screen.getByText('Nothing is lost: your message is in the box below.')).toBeTruthy();
    expect(message().value).toBe('Hello there');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false);
  });

  it('masks a selection the preview did not find, everywhere it occurs', async () => {
    const text = 'Project Falcon ships Monday; keep Project Falcon quiet.';
    const { user, stream } = await composeNewChat(text);
    await waitFor(() => expect(server.detectRequests.at(-1)?.text).toBe(text));
    expect(screen.getByRole('button', { name: 'Mask selection' })).toHaveProperty('disabled', true);

    message().setSelectionRange(0, 15);
    fireEvent.select(message());
    await user.click(screen.getByRole('button', { name: 'Mask selection' }));

    expect(
      await screen.findByRole('button', { name: 'Mask Project Falcon, Person name, 2 times, added by you' }),
    ).toBeTruthy();
    expect(screen.getByTestId('model-preview').textContent).toContain(
      '[PERSON_NAME] ships Monday; keep [PERSON_NAME] quiet.',
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent[0]).toMatchObject({
      masks: [
        { start: 0, end: 14, type: 'PERSON_NAME' },
        { start: 34, end: 48, type: 'PERSON_NAME' },
      ],
    });
    stream.close();
  });

  it('asks the preview only for the entity groups left on, and remembers the choice', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: /^Masking settings/ }));
    await user.click(await screen.findByRole('switch', { name: 'Contact' }));
    expect(window.localStorage.getItem(MASKED_ENTITIES_STORAGE_KEY)).toBe('["EMAIL_ADDRESS"]');
    await user.keyboard('{Escape}');

    await user.click(message());
    await user.paste('Write to jane@example.com from Lisbon');
    await chip('Lisbon');
    expect(server.detectRequests.at(-1)?.entities).toEqual(['PERSON_NAME', 'LOCATION']);
    expect(screen.queryByRole('button', { name: /^Mask jane@example\.com, / })).toBeNull();
    expect(screen.getByRole('button', { name: 'Masking settings: Masking 2/3' })).toBeTruthy();
  });

  it('explains how to connect a model when none is configured, while the preview keeps working', async () => {
    const user = userEvent.setup();
    server.models = { models: [] };
    await renderPage();
    expect(await screen.findByRole('heading', { name: 'Connect a model' })).toBeTruthy();
    expect(screen.getByText(/LLM_MODEL_PATH=/)).toBeTruthy();
    await user.click(message());
    await user.paste('Call Jane Doe');
    expect((await chip('Jane Doe')).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Connect a model to send messages.')).toBeTruthy();
  });

  it('opens a stored chat with its masked values marked and an audit of what the model saw', async () => {
    const user = userEvent.setup();
    const content = 'Ask Jane Doe about Lisbon';
    server.chats = [summary()];
    server.details.set(CHAT_ID, {
      ...summary(),
      messages: [
        userMessage(content, 'Ask [PERSON_NAME_1] about [LOCATION_1]', [
          { start: 4, end: 12, type: 'PERSON_NAME', token: '[PERSON_NAME_1]' },
          { start: 19, end: 25, type: 'LOCATION', token: '[LOCATION_1]' },
        ]),
        replyMessage('Jane Doe loved Lisbon.', '[PERSON_NAME_1] loved [LOCATION_1].', [
          { start: 0, end: 8, type: 'PERSON_NAME', token: '[PERSON_NAME_1]' },
          { start: 15, end: 21, type: 'LOCATION', token: '[LOCATION_1]' },
        ]),
      ],
    });
    await renderPage(CHAT_ID);

    const mine = await screen.findByRole('article', { name: 'Your message' });
    expect(within(mine).getAllByText(/Masked as/)).toHaveLength(2);
    expect(within(mine).getByText('Lisbon', { selector: 'mark' }).textContent).toContain('Masked as [LOCATION_1]');
    expect(screen.getByText('57 tokens')).toBeTruthy();

    const [auditToggle] = screen.getAllByRole('button', { name: /^2 masked\s+Audit/ });
    if (!auditToggle) throw new Error('no audit toggle');
    await user.click(auditToggle);
    const audit = screen.getByRole('region', { name: 'Audit of your message' });
    expect(within(audit).getByRole('row', { name: /Jane Doe Person name \[PERSON_NAME_1\]/ })).toBeTruthy();
    expect(within(audit).getByRole('row', { name: /Lisbon Location \[LOCATION_1\]/ })).toBeTruthy();

    await user.click(within(audit).getByRole('switch', { name: 'Show exactly what the model received' }));
    expect(screen.getByRole('article', { name: 'Your message' }).textContent).toContain(
      'Ask [PERSON_NAME_1] about [LOCATION_1]',
    );
    expect(within(screen.getByRole('navigation', { name: 'Chats' })).getByText(summary().title)).toBeTruthy();
  });

  it('claims no preview of what the model will see for a message too long to check', async () => {
    await renderPage();
    fireEvent.change(message(), {
      target: { value: `Write to ada@example.com. ${'x'.repeat(CHAT_MESSAGE_MAX_CHARACTERS)}` },
    });
    expect(await screen.findByText('This message is too long to send.')).toBeTruthy();
    expect(screen.queryByText('The model will see:')).toBeNull();
    expect(screen.queryByTestId('model-preview')).toBeNull();
  });

  it('gives focus back to "Show chats" when the chat list sheet is closed with Escape', async () => {
    await renderPage();
    const showChats = screen.getByRole('button', { name: 'Show chats' });
    await userEvent.click(showChats);
    await screen.findByRole('dialog', { name: 'Chats' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chats' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(showChats));
  });

  it('shows a chat that no longer exists as such', async () => {
    await renderPage(CHAT_ID);
    expect(await screen.findByRole('heading', { name: 'This chat no longer exists' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });
});
