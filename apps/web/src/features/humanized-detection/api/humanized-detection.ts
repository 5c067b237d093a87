import type { HistoryDetail, HistoryItem } from '@candor/contracts';
import {
  type HumanizedDetectionResult,
  humanizedDetectionResultSchema,
  toolServiceNames,
} from '@candor/contracts/tools';
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

/** A history item read as a Humanized Text Detector run, or null when it is another tool's or does not read as one. */
export function readHumanizedDetectionRun(detail: HistoryDetail): HumanizedDetectionRun | null {
  if (detail.item.model_name !== toolServiceNames[HUMANIZED_DETECTION]) return null;
  const input = storedInputSchema.safeParse(detail.input);
  const report = humanizedDetectionResultSchema.safeParse(detail.result);
  if (!input.success || !report.success) return null;
  return { item: detail.item, text: input.data.text, fileName: input.data.file_name ?? undefined, report: report.data };
}
