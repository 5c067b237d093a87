import type { HistoryDetail, HistoryItem } from '@candor/contracts';
import { type HumanizedDetectionResult, humanizedDetectionResultSchema } from '@candor/contracts/tools';
import { z } from 'zod';

export const HUMANIZED_DETECTION = 'humanized-detection' as const;

/** The stored input of a run; lenient about file_name so an older run still opens. */
const storedInputSchema = z.object({ text: z.string(), file_name: z.string().nullish() });

export interface HumanizedDetectionRun {
  item: HistoryItem;
  text: string;
  fileName: string | undefined;
  report: HumanizedDetectionResult;
}

/** A history item read as a Humanized Text Detector run, or null when its input or result is not one. */
export function readHumanizedDetectionRun(detail: HistoryDetail): HumanizedDetectionRun | null {
  const input = storedInputSchema.safeParse(detail.input);
  const report = humanizedDetectionResultSchema.safeParse(detail.result);
  if (!input.success || !report.success) return null;
  return { item: detail.item, text: input.data.text, fileName: input.data.file_name ?? undefined, report: report.data };
}
