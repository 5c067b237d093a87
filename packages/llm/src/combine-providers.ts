import { LlmError, unknownModel } from './errors.js';
import type { LlmChatRequest, LlmModel, LlmProvider, LlmStreamEvent } from './types.js';

/** One provider over several: models() lists them all in order, and a request goes to the first that has its model. */
export function combineProviders(providers: LlmProvider[]): LlmProvider {
  const route = (model: string): LlmProvider => {
    const provider = providers.find((candidate) => candidate.models().some((m) => m.id === model));
    if (!provider) throw unknownModel(model);
    return provider;
  };

  async function* streamChat(request: LlmChatRequest): AsyncGenerator<LlmStreamEvent> {
    yield* route(request.model).streamChat(request);
  }

  return {
    models: (): LlmModel[] => {
      const seen = new Set<string>();
      // A duplicate id would be unreachable, so it is not listed.
      return providers.flatMap((provider) => provider.models()).filter((m) => !seen.has(m.id) && seen.add(m.id));
    },
    streamChat,
    countTokens: async (model, text) => route(model).countTokens(model, text),
    close: async () => {
      const results = await Promise.allSettled(providers.map((provider) => provider.close()));
      const failed = results.find((result) => result.status === 'rejected');
      if (failed)
        throw new LlmError('upstream', 'A language model provider did not shut down cleanly.', {
          cause: failed.reason,
        });
    },
  };
}
