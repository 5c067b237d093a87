export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmModel {
  /** Unique across providers, e.g. 'gpt-4o-mini' or 'local:stories260K'. */
  id: string;
  name: string;
  provider: 'openai-compatible' | 'local';
  context_length: number | null;
}

export interface LlmUsage {
  prompt_tokens: number;
  completion_tokens: number;
  /** True when the counts are the chars/4 estimate rather than the model's own tokenizer. */
  estimated: boolean;
}

export type LlmFinishReason = 'stop' | 'length' | 'cancelled';

export type LlmStreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'done'; usage: LlmUsage; finish_reason: LlmFinishReason };

export interface LlmChatRequest {
  model: string;
  messages: LlmMessage[];
  maxTokens?: number;
  temperature?: number;
  /** Aborting ends the stream with a `done` event whose finish_reason is 'cancelled'; it never throws. */
  signal?: AbortSignal;
}

export interface LlmProvider {
  models(): LlmModel[];
  /** Failures surface as an `LlmError` thrown from the iteration; the last event of a stream is always `done`. */
  streamChat(request: LlmChatRequest): AsyncIterable<LlmStreamEvent>;
  countTokens(model: string, text: string): Promise<number>;
  close(): Promise<void>;
}
