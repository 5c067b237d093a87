import {
  billedSeconds,
  TOOL_LIMITS,
  VOICE_LIMITS,
  type VoiceDetectionInput,
  type VoiceDetectionResult,
  voiceDetectionInputSchema,
  voiceDetectionResultSchema,
} from '@candor/contracts/tools';
import { builtInEngine } from '../engines/engine-pool.js';
import { defineTool } from '../tool-definition.js';
import { renderVoiceReportPdf } from './report-pdf.js';

const ENGINE = builtInEngine('voice-detection');

/** Media types of the kept recording, by the format the decoder found. */
export const audioMediaTypes: Record<string, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  webm: 'audio/webm',
};

/**
 * Deepfake Voice Detection (VEXON, issue 29). Charged per started second of audio: the recording is decoded in a
 * worker before anything is reserved, the same way the run decodes it, so the charge is the report's
 * `billed_seconds`. The recording is stored only when the user asks to keep it; the scores always are.
 */
export const voiceDetectionTool = defineTool<VoiceDetectionInput, VoiceDetectionResult>({
  id: 'voice-detection',
  modelName: 'VEXON',
  product: 'vexon',
  input: voiceDetectionInputSchema,
  output: voiceDetectionResultSchema,
  limits: TOOL_LIMITS['voice-detection'],
  // The recording as base64 (4/3 of its size) and a little JSON around it.
  maxBodyBytes: Math.ceil(VOICE_LIMITS.maxFileBytes / 3) * 4 + 64 * 1024,
  characters: (input) => input.file_name.length,
  units: async (input, { runInWorker }) => {
    const { seconds } = await runInWorker<{ seconds: number }>(ENGINE, { task: 'measure', audio: input.audio });
    return billedSeconds(seconds);
  },
  engine: ENGINE,
  toHistory: (input, output) => ({
    title: input.file_name,
    input: {
      file_name: input.file_name,
      keep_audio: input.keep_audio,
      bytes: Buffer.byteLength(input.audio, 'base64'),
    },
    result: output,
    files: input.keep_audio
      ? [
          {
            name: input.file_name,
            mediaType: audioMediaTypes[output.audio.format] ?? 'application/octet-stream',
            content: new Uint8Array(Buffer.from(input.audio, 'base64')),
          },
        ]
      : [],
  }),
  exportPdf: (run) =>
    renderVoiceReportPdf({
      title: run.title,
      createdAt: run.createdAt,
      cost: run.cost,
      report: voiceDetectionResultSchema.parse(run.result),
    }),
});
