export { combineProviders } from './combine-providers.js';
export { LlmError, type LlmErrorKind } from './errors.js';
export { estimateMessagesTokens, estimateTokens } from './estimate-tokens.js';
export { createLocalModelProvider, type LocalModelOptions } from './local-model.js';
export { createOpenAiCompatibleProvider, type OpenAiCompatibleOptions } from './openai-compatible.js';
export type {
  LlmChatRequest,
  LlmFinishReason,
  LlmMessage,
  LlmModel,
  LlmProvider,
  LlmStreamEvent,
  LlmUsage,
} from './types.js';
