import { type ModelCoefficients, modelCoefficientsSchema } from '@candor/contracts';
import { type ToolId, toolServiceNames } from '@candor/contracts/tools';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseJson } from '@/lib/api-client';

export const coefficientKeys = { all: ['model-coefficients'] as const };

export const fetchModelCoefficients = (): Promise<ModelCoefficients> =>
  parseJson(api.detector.get('ai-detector/model-coefficient-values'), modelCoefficientsSchema);

/** Prices change rarely (an administrator edits them): fetched once per session, refreshed after an hour. */
export const modelCoefficientsQueryOptions = () =>
  queryOptions({ queryKey: coefficientKeys.all, queryFn: fetchModelCoefficients, staleTime: 60 * 60 * 1000 });

/** Tokens per word of `tool`'s service; undefined while loading or when the price list could not be read. */
export function useToolCoefficient(tool: ToolId) {
  const query = useQuery({
    ...modelCoefficientsQueryOptions(),
    select: (coefficients) =>
      coefficients.items.find((item) => item.model_name === toolServiceNames[tool])?.coefficient ?? null,
  });
  return { coefficient: query.data ?? undefined, isPending: query.isPending };
}
