import {
  combineProviders,
  createLocalModelProvider,
  createOpenAiCompatibleProvider,
  type LlmProvider,
} from '@candor/llm';
import type { GovernanceConfig } from '../../config/env.js';

/** The LLMs the configuration names (LLM_BASE_URL + LLM_MODELS, LLM_MODEL_PATH); undefined when there are none. */
export async function providerFromConfig(llm: GovernanceConfig['llm']): Promise<LlmProvider | undefined> {
  const providers: LlmProvider[] = [];
  if (llm.endpoint) {
    providers.push(
      createOpenAiCompatibleProvider({
        baseUrl: llm.endpoint.baseUrl,
        apiKey: llm.endpoint.apiKey,
        models: llm.endpoint.models,
        timeoutMs: llm.timeoutSeconds * 1000,
        idleTimeoutMs: llm.timeoutSeconds * 1000,
        maxRetries: llm.maxRetries,
      }),
    );
  }
  if (llm.modelPath) providers.push(await createLocalModelProvider({ modelPath: llm.modelPath }));
  if (providers.length === 0) return undefined;
  return providers.length === 1 ? providers[0] : combineProviders(providers);
}
