import type { LlmModelDto } from '@candor/contracts/governance';

/** localStorage: the model last used, the default for the next new chat. */
export const LAST_MODEL_STORAGE_KEY = 'secure-llm:model';

/** The first of the preferred models that is still offered, else the first offered; undefined when none is. */
export function resolveModel(
  models: readonly LlmModelDto[],
  preferred: readonly (string | undefined)[],
): string | undefined {
  const offered = new Set(models.map((model) => model.id));
  return preferred.find((id): id is string => id !== undefined && offered.has(id)) ?? models[0]?.id;
}
