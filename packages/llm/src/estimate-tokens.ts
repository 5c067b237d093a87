import type { LlmMessage } from './types.js';

// About four characters per token for English with BPE tokenizers; used only where no tokenizer is at hand.
const CHARS_PER_TOKEN = 4;

export const estimateTokens = (text: string): number => Math.ceil(text.length / CHARS_PER_TOKEN);

export const estimateMessagesTokens = (messages: readonly LlmMessage[]): number =>
  estimateTokens(messages.map((message) => message.content).join(''));
