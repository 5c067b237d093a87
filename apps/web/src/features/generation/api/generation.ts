import type { HistoryDetail, HistoryItem } from '@candor/contracts';
import {
  type AiWriterInput,
  type ArticleBriefDraft,
  type ArticlePartial,
  type ArticleResult,
  aiWriterInputSchema,
  articlePartialSchema,
  articleResultSchema,
  type EnhancerInput,
  type EnhancerResult,
  enhancerInputSchema,
  enhancerResultSchema,
  type GenerationModels,
  generationModelsSchema,
  type HumanizerInput,
  type HumanizerResult,
  humanizerInputSchema,
  humanizerResultSchema,
  type OutlineResponse,
  outlineResponseSchema,
} from '@candor/contracts/tools';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, parseJson } from '@/lib/api-client';

export const HUMANIZER = 'humanizer' as const;
export const AI_WRITER = 'ai-writer' as const;

export const generationKeys = { models: ['generation', 'models'] as const };

const fetchModels = (): Promise<GenerationModels> =>
  parseJson(api.detector.get('v1/tools/generation/models'), generationModelsSchema);

/** The models this server writes with; they change only with its configuration, so they are read once a session. */
export const generationModelsQueryOptions = () =>
  queryOptions({ queryKey: generationKeys.models, queryFn: fetchModels, staleTime: 10 * 60 * 1000 });

export const useGenerationModels = () => useQuery(generationModelsQueryOptions());

/** An outline to edit, written by the server's model (free, rate-limited). */
export const writeOutline = (brief: ArticleBriefDraft): Promise<OutlineResponse> =>
  parseJson(api.detector.post('v1/tools/ai-writer/outline', { json: brief }), outlineResponseSchema);

export interface StoredRunOf<Input, Result> {
  item: HistoryItem;
  input: Input;
  result: Result;
}

function reader<I extends z.ZodType, R extends z.ZodType>(input: I, result: R) {
  return (detail: HistoryDetail): StoredRunOf<z.infer<I>, z.infer<R>> | null => {
    const parsedInput = input.safeParse(detail.input);
    const parsedResult = result.safeParse(detail.result);
    if (!parsedInput.success || !parsedResult.success) return null;
    return { item: detail.item, input: parsedInput.data, result: parsedResult.data };
  };
}

export type HumanizerRun = StoredRunOf<HumanizerInput, HumanizerResult>;
export const readHumanizerRun = reader(humanizerInputSchema, humanizerResultSchema);
export type EnhancerRun = StoredRunOf<EnhancerInput, EnhancerResult>;
export const readEnhancerRun = reader(enhancerInputSchema, enhancerResultSchema);
export type ArticleRun = StoredRunOf<AiWriterInput, ArticleResult>;
export const readArticleRun = reader(aiWriterInputSchema, articleResultSchema);

/** The text a model has written so far, from a running job's `partial`. */
export function readPartialText(partial: unknown): string | null {
  const parsed = z.object({ text: z.string() }).safeParse(partial);
  return parsed.success ? parsed.data.text : null;
}

export function readArticlePartial(partial: unknown): ArticlePartial | null {
  const parsed = articlePartialSchema.safeParse(partial);
  return parsed.success ? parsed.data : null;
}
