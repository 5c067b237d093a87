import { setTimeout as sleep } from 'node:timers/promises';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { z } from 'zod';
import { LlmError, unknownModel } from './errors.js';
import { estimateMessagesTokens, estimateTokens } from './estimate-tokens.js';
import type { LlmChatRequest, LlmFinishReason, LlmModel, LlmProvider, LlmStreamEvent, LlmUsage } from './types.js';

export interface OpenAiCompatibleOptions {
  /** The API root that `/chat/completions` hangs under, e.g. http://127.0.0.1:11434/v1; a query string is kept. */
  baseUrl: string;
  apiKey?: string;
  models: string[];
  /** Longest wait from sending the request to the first byte of the answer's body. */
  timeoutMs?: number;
  /** Longest silence between two chunks of the body once it has started. */
  idleTimeoutMs?: number;
  /** Further attempts after a network error, 408, 429 or 5xx, made only while nothing has been streamed. */
  maxRetries?: number;
  /** First back-off delay; it doubles with each retry. */
  retryBaseMs?: number;
  /** Ceiling for any single wait between attempts, Retry-After included. */
  maxRetryDelayMs?: number;
  fetch?: typeof fetch;
  /** Extra headers, e.g. `{ 'api-key': … }` for Azure OpenAI. */
  headers?: Record<string, string>;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_RETRY_BASE_MS = 500;
const DEFAULT_MAX_RETRY_DELAY_MS = 30_000;
const UPSTREAM_MESSAGE_LIMIT = 300;

const chunkSchema = z.object({
  choices: z
    .array(
      z.object({
        delta: z.object({ content: z.string().nullish() }).nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }).nullish(),
  error: z.unknown().optional(),
});

// OpenAI, llama.cpp and Ollama nest the message under `error`; vLLM puts it at the top level.
const errorBodySchema = z.union([
  z.object({ error: z.object({ message: z.string() }) }),
  z.object({ error: z.string() }),
  z.object({ message: z.string() }),
]);

type AttemptOutcome =
  | { type: 'finished' }
  | { type: 'cancelled' }
  | { type: 'retry'; error: LlmError; retryAfterMs: number | undefined };

/** Streams chat completions from any server speaking OpenAI's `/chat/completions` wire format. */
export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): LlmProvider {
  const url = chatCompletionsUrl(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const retryBaseMs = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;
  const fetchImpl = options.fetch ?? fetch;
  const secrets = [options.apiKey, ...Object.values(options.headers ?? {})].filter(
    (value): value is string => typeof value === 'string' && value.length >= 4,
  );
  const models: LlmModel[] = [...new Set(options.models)].map((id) => ({
    id,
    name: id,
    provider: 'openai-compatible',
    context_length: null,
  }));
  const known = new Set(models.map((model) => model.id));
  const active = new Set<AbortController>();
  let closed = false;

  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    ...options.headers,
  };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;

  const sanitize = (text: string): string => {
    let clean = text;
    for (const secret of secrets) clean = clean.split(secret).join('[redacted]');
    return clean.length > UPSTREAM_MESSAGE_LIMIT ? `${clean.slice(0, UPSTREAM_MESSAGE_LIMIT)}…` : clean;
  };

  const backoff = (retry: number, retryAfterMs: number | undefined): number =>
    Math.min(retryAfterMs ?? retryBaseMs * 2 ** retry, maxRetryDelayMs);

  async function* attempt(
    request: LlmChatRequest,
    body: string,
    stream: { text: string; yielded: boolean; usage: LlmUsage | undefined; finish: LlmFinishReason | undefined },
  ): AsyncGenerator<LlmStreamEvent, AttemptOutcome> {
    const controller = new AbortController();
    const cancel = (): void => controller.abort();
    request.signal?.addEventListener('abort', cancel, { once: true });
    active.add(controller);
    let timedOut: 'first-byte' | 'idle' | undefined;
    let timer: NodeJS.Timeout | undefined;
    const arm = (ms: number, which: 'first-byte' | 'idle'): void => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = which;
        controller.abort();
      }, ms);
    };
    const timeoutError = (cause: unknown): LlmError =>
      timedOut === 'idle'
        ? new LlmError('timeout', `The language model stopped sending for ${seconds(idleTimeoutMs)}.`, { cause })
        : new LlmError('timeout', `The language model did not start answering within ${seconds(timeoutMs)}.`, {
            cause,
          });
    const cancelled = (): boolean => controller.signal.aborted && timedOut === undefined;

    try {
      arm(timeoutMs, 'first-byte');
      let response: Response;
      try {
        response = await fetchImpl(url, { method: 'POST', headers, body, signal: controller.signal });
      } catch (cause) {
        if (cancelled()) return { type: 'cancelled' };
        if (timedOut) throw timeoutError(cause);
        return {
          type: 'retry',
          error: new LlmError('unavailable', 'The language model service could not be reached.', { cause }),
          retryAfterMs: undefined,
        };
      }

      if (!response.ok) {
        const text = await response.text().catch(() => '');
        clearTimeout(timer);
        const error = statusError(response.status, upstreamMessage(text, sanitize));
        if (response.status === 408 || response.status === 429 || response.status >= 500)
          return { type: 'retry', error, retryAfterMs: retryAfter(response.headers) };
        throw error;
      }
      if (!response.body) throw new LlmError('upstream', 'The language model service sent an empty answer.');

      const events: EventSourceMessage[] = [];
      const parser = createParser({ onEvent: (event) => events.push(event) });
      const decoder = new TextDecoder();
      const reader = response.body.getReader();
      let started = false;
      let sawDone = false;
      try {
        while (!sawDone) {
          // The first read still runs on the first-byte timer; later ones are armed only around the read, so a slow
          // consumer never counts as a silent server.
          if (started) arm(idleTimeoutMs, 'idle');
          let read: Awaited<ReturnType<typeof reader.read>>;
          try {
            read = await reader.read();
          } catch (cause) {
            if (cancelled()) return { type: 'cancelled' };
            if (timedOut) throw timeoutError(cause);
            const lost = new LlmError('unavailable', 'The connection to the language model was lost.', { cause });
            if (stream.yielded) throw lost;
            return { type: 'retry', error: lost, retryAfterMs: undefined };
          } finally {
            clearTimeout(timer);
          }
          if (read.done) break;
          started = true;
          parser.feed(decoder.decode(read.value, { stream: true }));

          for (const event of events.splice(0)) {
            if (event.data.trim() === '[DONE]') {
              sawDone = true;
              break;
            }
            const chunk = parseChunk(event.data, sanitize);
            if (chunk.usage)
              stream.usage = {
                prompt_tokens: chunk.usage.prompt_tokens,
                completion_tokens: chunk.usage.completion_tokens,
                estimated: false,
              };
            const choice = chunk.choices?.[0];
            if (choice?.finish_reason) stream.finish = choice.finish_reason === 'length' ? 'length' : 'stop';
            const text = choice?.delta?.content;
            if (text) {
              stream.text += text;
              stream.yielded = true;
              yield { type: 'delta', text };
              if (cancelled()) return { type: 'cancelled' };
            }
          }
        }
      } finally {
        // Closes the socket when we stop early, so the server stops generating.
        await reader.cancel().catch(() => undefined);
      }
      if (!sawDone && stream.finish === undefined) {
        const cut = new LlmError('upstream', 'The language model stream ended before the answer was complete.');
        if (stream.yielded) throw cut;
        return { type: 'retry', error: cut, retryAfterMs: undefined };
      }
      return { type: 'finished' };
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', cancel);
      active.delete(controller);
      controller.abort();
    }
  }

  async function* streamChat(request: LlmChatRequest): AsyncGenerator<LlmStreamEvent> {
    if (closed) throw new LlmError('unavailable', 'The language model provider has been shut down.');
    if (!known.has(request.model)) throw unknownModel(request.model);
    const body = JSON.stringify({
      model: request.model,
      messages: request.messages.map(({ role, content }) => ({ role, content })),
      stream: true,
      stream_options: { include_usage: true },
      ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    });
    const stream = {
      text: '',
      yielded: false,
      usage: undefined as LlmUsage | undefined,
      finish: undefined as LlmFinishReason | undefined,
    };

    let cancelled = request.signal?.aborted === true;
    for (let retry = 0; !cancelled; retry++) {
      const outcome = yield* attempt(request, body, stream);
      if (outcome.type === 'finished') break;
      if (outcome.type === 'cancelled' || closed) {
        cancelled = true;
        break;
      }
      if (retry >= maxRetries) throw outcome.error;
      try {
        await sleep(backoff(retry, outcome.retryAfterMs), undefined, request.signal ? { signal: request.signal } : {});
      } catch {
        cancelled = true;
      }
    }

    yield {
      type: 'done',
      usage:
        stream.usage && !cancelled
          ? stream.usage
          : {
              prompt_tokens: estimateMessagesTokens(request.messages),
              completion_tokens: estimateTokens(stream.text),
              estimated: true,
            },
      finish_reason: cancelled ? 'cancelled' : (stream.finish ?? 'stop'),
    };
  }

  return {
    models: () => models.map((model) => ({ ...model })),
    streamChat,
    // No tokenizer is known for an arbitrary endpoint, so this is the same chars/4 estimate the usage falls back to.
    countTokens: async (model, text) => {
      if (!known.has(model)) throw unknownModel(model);
      return estimateTokens(text);
    },
    close: async () => {
      closed = true;
      for (const controller of active) controller.abort();
    },
  };
}

function chatCompletionsUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch (cause) {
    throw new LlmError('bad_request', 'The language model base URL is not a valid URL.', { cause });
  }
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/chat/completions`;
  return url;
}

function parseChunk(data: string, sanitize: (text: string) => string): z.infer<typeof chunkSchema> {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (cause) {
    throw new LlmError('upstream', 'The language model sent a chunk that is not JSON.', { cause });
  }
  const chunk = chunkSchema.safeParse(json);
  if (!chunk.success) throw new LlmError('upstream', 'The language model sent a chunk in an unknown format.');
  if (chunk.data.error !== undefined && chunk.data.error !== null) {
    const message = upstreamMessage(data, sanitize);
    throw new LlmError('upstream', `The language model failed mid-answer${message ? `: ${message}` : '.'}`);
  }
  return chunk.data;
}

function upstreamMessage(text: string, sanitize: (text: string) => string): string | undefined {
  try {
    const body = errorBodySchema.safeParse(JSON.parse(text));
    if (!body.success) return undefined;
    const message = 'error' in body.data ? body.data.error : body.data.message;
    return sanitize(typeof message === 'string' ? message : message.message);
  } catch {
    return undefined;
  }
}

function statusError(status: number, upstream: string | undefined): LlmError {
  const detail = upstream ? `: ${upstream}` : '.';
  if (status === 401 || status === 403)
    // The upstream text is dropped: OpenAI echoes part of a wrong key back.
    return new LlmError('auth', `The language model service refused the credentials (HTTP ${status}).`, { status });
  if (status === 408) return new LlmError('timeout', 'The language model service timed out (HTTP 408).', { status });
  if (status === 429)
    return new LlmError('rate_limited', 'The language model service is busy (HTTP 429). Try again shortly.', {
      status,
    });
  if (status >= 500)
    return new LlmError('upstream', `The language model service failed (HTTP ${status})${detail}`, { status });
  return new LlmError('bad_request', `The language model service rejected the request (HTTP ${status})${detail}`, {
    status,
  });
}

/** Milliseconds from `retry-after-ms` (OpenAI, Azure) or `Retry-After` in seconds or as an HTTP date. */
function retryAfter(headers: Headers): number | undefined {
  const ms = Number(headers.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const secondsValue = Number(value);
  if (value.trim() !== '' && Number.isFinite(secondsValue)) return Math.max(0, secondsValue * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`;
