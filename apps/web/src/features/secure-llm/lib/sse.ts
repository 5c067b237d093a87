/** One Server-Sent Event: its type (`message` when the stream names none) and its data lines joined by "\n". */
export interface SseMessage {
  event: string;
  data: string;
  id: string | undefined;
}

/**
 * An incremental `text/event-stream` parser (WHATWG HTML §9.2.6): feed it text in chunks of any size, it calls
 * `onMessage` for every complete event. Comments (the server's keep-alive lines) and `retry` are skipped.
 */
export function createSseParser(onMessage: (message: SseMessage) => void) {
  let buffer = '';
  let started = false;
  let event = '';
  let data: string[] = [];
  let lastId: string | undefined;

  const dispatch = () => {
    // The spec drops an event without data lines, and resets the type either way.
    if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n'), id: lastId });
    event = '';
    data = [];
  };

  const processLine = (line: string) => {
    if (line === '') {
      dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastId = value;
  };

  return {
    feed(chunk: string) {
      buffer += chunk;
      if (!started && buffer.length > 0) {
        started = true;
        if (buffer.startsWith('\uFEFF')) buffer = buffer.slice(1);
      }
      let start = 0;
      for (let index = 0; index < buffer.length; index += 1) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        // A "\r" at the end of a chunk may be the first half of "\r\n": wait for the next chunk to tell.
        if (char === '\r' && index === buffer.length - 1) break;
        processLine(buffer.slice(start, index));
        if (char === '\r' && buffer[index + 1] === '\n') index += 1;
        start = index + 1;
      }
      buffer = buffer.slice(start);
    },
    /** The stream ended: a trailing lone "\r" still ends its line, but an event without its blank line is dropped. */
    end() {
      if (buffer.endsWith('\r')) processLine(buffer.slice(0, -1));
      buffer = '';
      event = '';
      data = [];
    },
  };
}

/**
 * Reads a response body as Server-Sent Events, one message at a time, until the stream ends; aborting `signal`
 * cancels the body and throws its reason.
 */
export async function* readSse(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<SseMessage> {
  signal?.throwIfAborted();
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const ready: SseMessage[] = [];
  const parser = createSseParser((message) => ready.push(message));
  // A pending read resolves as done once the body is cancelled, whether or not the transport honours the signal.
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    while (true) {
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) {
        parser.feed(decoder.decode());
        parser.end();
      } else {
        parser.feed(decoder.decode(value, { stream: true }));
      }
      while (ready.length > 0) {
        const next = ready.shift();
        if (next) yield next;
      }
      if (done) return;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // A consumer that stops early (an error event, Stop) must not leave the connection open.
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
