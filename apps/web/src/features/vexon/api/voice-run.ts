import type { HistoryDetail, HistoryItem } from '@candor/contracts';
import {
  type JobSnapshot,
  jobSnapshotSchema,
  type VoiceDetectionResult,
  voiceDetectionResultSchema,
} from '@candor/contracts/tools';
import { api, parseJson } from '@/lib/api-client';

export const VOICE_DETECTION = 'voice-detection' as const;

export interface VoiceUpload {
  file: Blob;
  fileName: string;
  keepAudio: boolean;
}

/**
 * Sends the recording's bytes as they are (no base64, no multipart) to the tool's upload route, which decodes it to
 * count its seconds and answers 202 with the queued job, or 4xx with why it can't be checked.
 */
export const uploadRecording = ({ file, fileName, keepAudio }: VoiceUpload): Promise<JobSnapshot> =>
  parseJson(
    api.detector.post(`v1/tools/${VOICE_DETECTION}/upload`, {
      body: file,
      searchParams: { file_name: fileName, keep_audio: String(keepAudio) },
      headers: { 'content-type': /^(audio|video)\//.test(file.type) ? file.type : 'application/octet-stream' },
    }),
    jobSnapshotSchema,
  );

/** A stored VEXON run: its item, its file name and its scores. */
export interface VoiceRun {
  item: HistoryItem;
  fileName: string;
  keptAudio: boolean;
  result: VoiceDetectionResult;
}

export function readVoiceRun(detail: HistoryDetail): VoiceRun | null {
  if (detail.item.model_name !== 'VEXON') return null;
  const result = voiceDetectionResultSchema.safeParse(detail.result);
  if (!result.success) return null;
  const input = detail.input as { file_name?: unknown; keep_audio?: unknown } | null;
  return {
    item: detail.item,
    fileName: typeof input?.file_name === 'string' ? input.file_name : detail.item.title,
    keptAudio: input?.keep_audio === true,
    result: result.data,
  };
}

/** The recording a run kept, through the api-client so a lapsed session is refreshed first. */
export const fetchKeptRecording = (historyId: string): Promise<Blob> =>
  api.detector.get(`v1/tools/${VOICE_DETECTION}/${encodeURIComponent(historyId)}/audio`).blob();
