import { describe, expect, it } from 'vitest';
import { createSseParser, readSse, type SseMessage } from './sse';

const parseAll = (chunks: string[]) => {
  const messages: SseMessage[] = [];
  const parser = createSseParser((message) => messages.push(message));
  for (const chunk of chunks) parser.feed(chunk);
  parser.end();
  return messages;
};

const streamOf = (chunks: (string | Uint8Array)[]) => {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
};

describe('createSseParser', () => {
  it('reads named events with their data', () => {
    expect(parseAll(['event: delta\ndata: {"text":"Hi"}\n\nevent: reply\ndata: {}\n\n'])).toEqual([
      { event: 'delta', data: '{"text":"Hi"}', id: undefined },
      { event: 'reply', data: '{}', id: undefined },
    ]);
  });

  it('gives the same events whatever the chunk boundaries', () => {
    const text = 'event: chat\ndata: {"a":1}\n\n: keep-alive\n\nevent: delta\ndata: line one\ndata: line two\n\n';
    const whole = parseAll([text]);
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(parseAll([text.slice(0, cut), text.slice(cut)])).toEqual(whole);
    }
    expect(parseAll(text.split(''))).toEqual(whole);
    expect(whole.map((m) => m.data)).toEqual(['{"a":1}', 'line one\nline two']);
  });

  it('accepts CRLF and CR line ends, also split between chunks', () => {
    const expected = [{ event: 'delta', data: 'x', id: undefined }];
    expect(parseAll(['event: delta\r\ndata: x\r\n\r\n'])).toEqual(expected);
    expect(parseAll(['event: delta\r', '\ndata: x\r', '\n\r', '\n'])).toEqual(expected);
    expect(parseAll(['event: delta\rdata: x\r\r'])).toEqual(expected);
  });

  it('skips comments, unknown fields and events without data; defaults the type to message', () => {
    expect(parseAll([': keep-alive\n\nretry: 10\nfoo: bar\n\nevent: lonely\n\ndata:no space\n\n'])).toEqual([
      { event: 'message', data: 'no space', id: undefined },
    ]);
  });

  it('drops an event whose blank line never came', () => {
    expect(parseAll(['event: delta\ndata: cut off'])).toEqual([]);
  });

  it('strips a leading byte order mark and keeps the last id', () => {
    expect(parseAll(['\uFEFFid: 7\ndata: a\n\n'])).toEqual([{ event: 'message', data: 'a', id: '7' }]);
  });
});

describe('readSse', () => {
  it('decodes UTF-8 split across chunks and yields every event', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: Zoë ☕\n\n');
    const split = bytes.indexOf(0xc3) + 1;
    const messages: SseMessage[] = [];
    for await (const message of readSse(streamOf([bytes.slice(0, split), bytes.slice(split)]))) messages.push(message);
    expect(messages).toEqual([{ event: 'delta', data: 'Zoë ☕', id: undefined }]);
  });

  it('cancels the stream when the consumer stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: one\n\ndata: two\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const message of readSse(body)) {
      expect(message.data).toBe('one');
      break;
    }
    expect(cancelled).toBe(true);
  });
});

describe('readSse with a signal', () => {
  it('ends a read that is waiting for data and throws the abort reason', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: one\n\n'));
      },
    });
    const controller = new AbortController();
    const seen: string[] = [];
    const reading = (async () => {
      for await (const message of readSse(body, controller.signal)) {
        seen.push(message.data);
        setTimeout(() => controller.abort(new Error('stopped')), 0);
      }
    })();
    await expect(reading).rejects.toThrow('stopped');
    expect(seen).toEqual(['one']);
  });
});
