import { type ChatSend, type ChatStreamEvent, chatStreamEventSchema } from '@candor/contracts/governance';
import { api } from '@/lib/api-client';
import { readSse } from '../lib/sse';

const EVENT_TYPES = new Set<string>(['chat', 'prompt', 'delta', 'reply', 'error']);

/** The reply stream broke in a way the server did not report (cut connection, unreadable event). */
export class ChatStreamError extends Error {
  constructor(
    readonly code: 'stream_unreadable' | 'stream_closed',
    message: string,
  ) {
    super(message);
    this.name = 'ChatStreamError';
  }
}

/** Reads the events of a chat reply stream, checked against the contract; unknown event types are skipped. */
export async function* readChatEvents(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<ChatStreamEvent> {
  for await (const message of readSse(body, signal)) {
    if (!EVENT_TYPES.has(message.event)) continue;
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      throw new ChatStreamError('stream_unreadable', 'The reply could not be read. Please try again.');
    }
    const parsed = chatStreamEventSchema.safeParse(data);
    if (!parsed.success)
      throw new ChatStreamError('stream_unreadable', 'The reply could not be read. Please try again.');
    yield parsed.data;
  }
}

/**
 * `POST v1/chats/messages` through the governance client (cookies, CSRF header, session refresh and error parsing
 * as every other call), then its Server-Sent Events. Errors before the stream starts are thrown as `ApiError`;
 * aborting `signal` cancels the request and the stream.
 */
export async function* streamChatMessage(body: ChatSend, signal: AbortSignal): AsyncGenerator<ChatStreamEvent> {
  const response = await api.governance.post('v1/chats/messages', {
    json: body,
    signal,
    headers: { accept: 'text/event-stream' },
  });
  if (!response.body) throw new ChatStreamError('stream_closed', 'The server sent no reply. Please try again.');
  yield* readChatEvents(response.body, signal);
}
