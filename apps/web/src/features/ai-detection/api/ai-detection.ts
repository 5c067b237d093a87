import type { HistoryDetail, HistoryItem } from '@candor/contracts';
import { type AiDetectionResult, aiDetectionResultSchema } from '@candor/contracts/tools';
import { z } from 'zod';

export const AI_DETECTION = 'ai-detection' as const;

/** The stored input of a run; lenient about file_name so an older run still opens. */
const storedInputSchema = z.object({ text: z.string(), file_name: z.string().nullish() });

export interface AiDetectionRun {
  item: HistoryItem;
  text: string;
  fileName: string | undefined;
  report: AiDetectionResult;
}

/** A history item read as an AI Detector run, or null when its input or result is not one. */
export function readAiDetectionRun(detail: HistoryDetail): AiDetectionRun | null {
  const input = storedInputSchema.safeParse(detail.input);
  const report = aiDetectionResultSchema.safeParse(detail.result);
  if (!input.success || !report.success) return null;
  return { item: detail.item, text: input.data.text, fileName: input.data.file_name ?? undefined, report: report.data };
}
