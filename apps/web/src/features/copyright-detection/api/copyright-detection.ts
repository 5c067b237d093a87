import type { HistoryDetail, HistoryItem } from '@candor/contracts';
import { type PlagiarismResult, plagiarismResultSchema } from '@candor/contracts/tools';
import { z } from 'zod';

export const PLAGIARISM = 'plagiarism' as const;

/** The stored input of a run; lenient (defaults for what an older run lacks) so every stored run still opens. */
const storedInputSchema = z.object({
  text: z.string(),
  file_name: z.string().nullish(),
  sources: z
    .object({
      documents: z.array(z.object({ name: z.string(), text: z.string() })).catch([]),
      urls: z.array(z.string()).catch([]),
      my_documents: z.boolean().catch(false),
      organisation_documents: z.boolean().catch(false),
    })
    .catch({ documents: [], urls: [], my_documents: false, organisation_documents: false }),
  exclude_quotations: z.boolean().catch(true),
  exclude_references: z.boolean().catch(true),
});
export type StoredPlagiarismInput = z.infer<typeof storedInputSchema>;

export interface CopyrightRun {
  item: HistoryItem;
  input: StoredPlagiarismInput;
  text: string;
  fileName: string | undefined;
  report: PlagiarismResult;
}

/** A history item read as a Copyright Detector run, or null when its input or result is not one. */
export function readCopyrightRun(detail: HistoryDetail): CopyrightRun | null {
  const input = storedInputSchema.safeParse(detail.input);
  const report = plagiarismResultSchema.safeParse(detail.result);
  if (!input.success || !report.success) return null;
  return {
    item: detail.item,
    input: input.data,
    text: input.data.text,
    fileName: input.data.file_name ?? undefined,
    report: report.data,
  };
}
