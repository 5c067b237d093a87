import {
  type ExtractedText,
  extractedTextSchema,
  type JobSnapshot,
  jobSnapshotSchema,
  type ToolId,
} from '@candor/contracts/tools';
import { api, parseJson } from '@/lib/api-client';
import { env } from '@/lib/env';

/** Starts a run of `tool`; the server answers 202 with the queued job. */
export const startToolJob = (tool: ToolId, input: object): Promise<JobSnapshot> =>
  parseJson(api.detector.post(`v1/tools/${tool}/jobs`, { json: input }), jobSnapshotSchema);

/**
 * Sends an uploaded file to be turned into text. ky leaves the Content-Type of a FormData body alone, so fetch
 * writes `multipart/form-data` with its boundary.
 */
export function extractToolText(tool: ToolId, file: File): Promise<ExtractedText> {
  const body = new FormData();
  body.append('file', file, file.name);
  return parseJson(api.detector.post(`v1/tools/${tool}/extract`, { body }), extractedTextSchema);
}

const jobPath = (jobId: string) => `v1/jobs/${encodeURIComponent(jobId)}`;

export const fetchJob = (jobId: string): Promise<JobSnapshot> =>
  parseJson(api.detector.get(jobPath(jobId)), jobSnapshotSchema);

export const cancelJob = (jobId: string): Promise<JobSnapshot> =>
  parseJson(api.detector.post(`${jobPath(jobId)}/cancel`), jobSnapshotSchema);

/** The job's Server-Sent Events stream; EventSource takes a URL, not a ky call, so it is built from the same base. */
export const jobEventsUrl = (jobId: string) => `${env.VITE_DETECTOR_URL}${jobPath(jobId)}/events`;

/**
 * The PDF report of a stored run (owner only). Fetched through the API client rather than followed as a link, so a
 * session that lapsed while the report was read is refreshed first instead of downloading an error.
 */
export const fetchToolReportPdf = (tool: ToolId, historyId: string): Promise<Blob> =>
  api.detector.get(`v1/tools/${tool}/reports/${encodeURIComponent(historyId)}.pdf`).blob();
