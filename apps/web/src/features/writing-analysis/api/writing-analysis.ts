import type { HistoryDetail, HistoryItem } from '@candor/contracts';
import { writingAnalysisResultSchema } from '@candor/contracts/tools';
import { z } from 'zod';
import type { WritingReport } from '../lib/report-types';

export const WRITING_ANALYSIS = 'writing-analysis' as const;

/** The stored input of a run; lenient about file_name so an older run still opens. */
const storedInputSchema = z.object({ text: z.string(), file_name: z.string().nullish() });

export interface WritingAnalysisRun {
  item: HistoryItem;
  text: string;
  fileName: string | undefined;
  report: WritingReport;
}

/** A history item read as a Writing Analysis run, or null when its input or result is not one. */
export function readWritingAnalysisRun(detail: HistoryDetail): WritingAnalysisRun | null {
  const input = storedInputSchema.safeParse(detail.input);
  const report = writingAnalysisResultSchema.safeParse(detail.result);
  if (!input.success || !report.success) return null;
  return {
    item: detail.item,
    text: input.data.text,
    fileName: input.data.file_name ?? undefined,
    report: report.data,
  };
}

/** What `partial` holds while a run is going: the counts, once they are done. */
const partialSchema = z.object({
  statistics: z.object({
    counts: z.object({ words: z.number(), sentences: z.number(), paragraphs: z.number().optional() }),
  }),
});
export type PartialCounts = z.infer<typeof partialSchema>['statistics']['counts'];

export function readPartialCounts(partial: unknown): PartialCounts | null {
  const parsed = partialSchema.safeParse(partial);
  return parsed.success ? parsed.data.statistics.counts : null;
}
