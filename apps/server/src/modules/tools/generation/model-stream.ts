import type { ChatMessage } from '@candor/engine-generate/prompts';
import { LlmError, type LlmProvider } from '@candor/llm';
import { AppError } from '../../../http/errors.js';

const FAILURES: Record<string, string> = {
  unavailable: 'The language model could not be reached',
  timeout: 'The language model took too long to answer',
  rate_limited: 'The language model is busy right now; try again in a minute',
  auth: 'The language model refused the server’s credentials',
  bad_request: 'The language model refused the request',
  upstream: 'The language model failed while writing',
};

/** A model failure as the run reports it: its kind and the provider's safe message, nothing charged. */
export function modelFailure(error: unknown): AppError {
  if (!(error instanceof LlmError)) return error as AppError;
  const lead = FAILURES[error.kind] ?? 'The language model failed';
  const detail = error.message && error.kind !== 'auth' ? ` (${error.message.replace(/\.$/, '')})` : '';
  return new AppError(`llm_${error.kind}`, 424, `${lead}${detail}. No tokens were charged.`);
}

export interface StreamOptions {
  provider: LlmProvider;
  model: string;
  messages: ChatMessage[];
  maxTokens: number;
  signal: AbortSignal;
  temperature?: number;
  /** Called with the text so far as it grows (throttled by the caller). */
  onText?: (text: string) => void;
}

/**
 * One model answer, streamed: the whole text, or an `AppError` a user can read when the model failed mid-way, and the
 * run's own abort when it was cancelled (so nothing after it runs).
 */
export async function streamText(options: StreamOptions): Promise<string> {
  let text = '';
  try {
    for await (const event of options.provider.streamChat({
      model: options.model,
      messages: options.messages,
      maxTokens: options.maxTokens,
      temperature: options.temperature ?? 0.7,
      signal: options.signal,
    })) {
      if (event.type === 'delta') {
        text += event.text;
        options.onText?.(text);
      } else if (event.finish_reason === 'cancelled' && options.signal.aborted) {
        throw options.signal.reason ?? new Error('cancelled');
      }
    }
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason ?? error;
    throw modelFailure(error);
  }
  return text;
}

/** Calls `report` at most every `ms` milliseconds, with the latest value (and once more on `flush`). */
export function throttle<T>(ms: number, report: (value: T) => void) {
  let last = 0;
  let pending: T | undefined;
  return {
    push(value: T) {
      pending = value;
      const now = Date.now();
      if (now - last >= ms) {
        last = now;
        report(value);
        pending = undefined;
      }
    },
    flush() {
      if (pending !== undefined) report(pending);
      pending = undefined;
    },
  };
}

/** Paragraphs grouped into chunks of at most `maxWords` words (a longer paragraph is a chunk of its own). */
export function chunkParagraphs(text: string, maxWords: number): string[] {
  const paragraphs = text
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  const chunks: string[] = [];
  let current: string[] = [];
  let words = 0;
  for (const paragraph of paragraphs) {
    const count = paragraph.split(/\s+/).length;
    if (current.length > 0 && words + count > maxWords) {
      chunks.push(current.join('\n\n'));
      current = [];
      words = 0;
    }
    current.push(paragraph);
    words += count;
  }
  if (current.length > 0) chunks.push(current.join('\n\n'));
  return chunks;
}
