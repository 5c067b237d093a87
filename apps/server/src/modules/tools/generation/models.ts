import { CONNECT_MODEL_HELP, type GenerationModels } from '@candor/contracts/tools';
import {
  combineProviders,
  createLocalModelProvider,
  createOpenAiCompatibleProvider,
  type LlmModel,
  type LlmProvider,
} from '@candor/llm';
import type { GenerationConfig } from '../../../config/env.js';
import { AppError } from '../../../http/errors.js';

/**
 * The language models the generation tools write with: the OpenAI-compatible endpoint Secure LLM Chat is configured
 * with, and local GGUF files (LLM_MODEL_PATH, GENERATE_MODEL_PATH), opened once per process on first use. A local
 * model runs on this, the main thread, inside a run's `prepare` step: never in a pool worker, which a cancel stops
 * mid-decode (ADR 0003).
 */
export interface GenerationModelSet {
  provider: LlmProvider | undefined;
  models: LlmModel[];
  /** The model a request that names none uses; null when there is none. */
  defaultModel: string | null;
}

const opened = new Map<string, Promise<GenerationModelSet>>();
// Without a logger in the pipeline, the one-time notice goes to stderr like Node's own warnings.
const warn = (message: string) => console.warn(`[generation] ${message}`);

export function generationModels(config: GenerationConfig): Promise<GenerationModelSet> {
  const key = JSON.stringify(config);
  let set = opened.get(key);
  if (!set) {
    set = open(config);
    opened.set(key, set);
  }
  return set;
}

async function open(config: GenerationConfig): Promise<GenerationModelSet> {
  const providers: LlmProvider[] = [];
  if (config.endpoint) {
    providers.push(
      createOpenAiCompatibleProvider({
        baseUrl: config.endpoint.baseUrl,
        apiKey: config.endpoint.apiKey,
        models: config.endpoint.models,
        timeoutMs: config.timeoutSeconds * 1000,
        idleTimeoutMs: config.timeoutSeconds * 1000,
        maxRetries: config.maxRetries,
      }),
    );
  }
  for (const modelPath of config.modelPaths) {
    try {
      providers.push(await createLocalModelProvider({ modelPath }));
    } catch (error) {
      // A missing or broken file leaves the other models and the built-in engines working.
      warn(`The local model ${modelPath} is not used: ${(error as Error).message}`);
    }
  }
  const provider =
    providers.length === 0 ? undefined : providers.length === 1 ? providers[0] : combineProviders(providers);
  const models = provider?.models() ?? [];
  const wanted = config.defaultModel && models.some((model) => model.id === config.defaultModel);
  if (config.defaultModel && !wanted) warn(`GENERATE_MODEL ${config.defaultModel} is not among the configured models`);
  return { provider, models, defaultModel: wanted ? (config.defaultModel as string) : (models[0]?.id ?? null) };
}

/** Closes every model this process opened (server shutdown, tests). */
export async function closeGenerationModels(): Promise<void> {
  const sets = [...opened.values()];
  opened.clear();
  for (const set of await Promise.all(sets)) await set.provider?.close().catch(() => undefined);
}

/** The list `GET v1/tools/generation/models` answers. */
export function describeModels(set: GenerationModelSet): GenerationModels {
  return {
    items: set.models.map((model) => ({ id: model.id, name: model.name, provider: model.provider })),
    default: set.defaultModel,
  };
}

export const modelRequired = () =>
  new AppError('model_required', 409, `This needs a language model. ${CONNECT_MODEL_HELP}`);

/**
 * The model a run writes with: the one it names (refused when the server has no such model), else — when the tool
 * cannot work without one — the default, else null (the built-in engine).
 */
export function chooseModel(set: GenerationModelSet, requested: string | null, required: boolean): string | null {
  if (requested !== null) {
    if (!set.models.some((model) => model.id === requested)) {
      throw new AppError('model_unknown', 400, `There is no language model "${requested}" on this server.`);
    }
    return requested;
  }
  if (!required) return null;
  if (!set.defaultModel) throw modelRequired();
  return set.defaultModel;
}
