import type { HistoryDetail, HistoryItem } from '@candor/contracts';
import { type DocumentRedactionResult, documentRedactionResultSchema } from '@candor/contracts/tools';
import { api } from '@/lib/api-client';
import { DOCUMENT_REDACTION } from './document-analysis';

/** A stored Document Redactor run: the history item and its result (the original document is never stored). */
export interface RedactionRun {
  item: HistoryItem;
  /** The original file's name, as the run was titled. */
  fileName: string;
  result: DocumentRedactionResult;
}

/** A history item read as a Document Redactor run, or null when it is another tool's. */
export function readRedactionRun(detail: HistoryDetail): RedactionRun | null {
  const result = documentRedactionResultSchema.safeParse(detail.result);
  if (!result.success) return null;
  const input = detail.input as { file_name?: unknown } | null;
  const fileName = typeof input?.file_name === 'string' ? input.file_name : detail.item.title || result.data.file.name;
  return { item: detail.item, fileName, result: result.data };
}

/** The redacted file, through the api-client so an expired session is refreshed rather than saved as the file. */
export const fetchRedactedFile = (historyId: string): Promise<Blob> =>
  api.detector.get(`v1/tools/${DOCUMENT_REDACTION}/${encodeURIComponent(historyId)}/file`).blob();
