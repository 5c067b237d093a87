import { type DocumentAnalysis, documentAnalysisSchema } from '@candor/contracts/tools';
import { useMutation } from '@tanstack/react-query';
import { api, parseJson } from '@/lib/api-client';

export const DOCUMENT_REDACTION = 'document-redaction' as const;

/**
 * Sends the file to be read: its text, page previews and every finding of personal data (free; nothing is stored).
 * ky leaves the Content-Type of a FormData body alone, so fetch writes `multipart/form-data` with its boundary.
 */
export function analyseDocument(file: File, signal?: AbortSignal): Promise<DocumentAnalysis> {
  const body = new FormData();
  body.append('file', file, file.name);
  return parseJson(
    api.detector.post(`v1/tools/${DOCUMENT_REDACTION}/analyse`, { body, ...(signal ? { signal } : {}) }),
    documentAnalysisSchema,
  );
}

/** The upload step's mutation; its errors (413, 415, 422) are shown beside the drop zone, not toasted. */
export const useAnalyseDocument = () =>
  useMutation({
    mutationFn: ({ file, signal }: { file: File; signal?: AbortSignal }) => analyseDocument(file, signal),
    meta: { errorToast: false },
  });
