import { billedSeconds, VOICE_LIMITS, voiceFormats } from '@candor/engine-audio/limits';
import { voiceReportSchema } from '@candor/engine-audio/report';
import { z } from 'zod';

export {
  type VoiceEvidence,
  type VoiceLabel,
  type VoiceReport,
  type VoiceWindow,
  voiceLabels,
  voiceWindowSchema,
} from '@candor/engine-audio/report';
export { billedSeconds, VOICE_LIMITS, voiceFormats };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * A Deepfake Voice Detection run (VEXON): the recording itself, base64 in JSON (the public API), or sent raw to
 * `POST v1/tools/voice-detection/upload` (the screens), which builds this. Charged per started second of audio.
 */
export const voiceDetectionInputSchema = z.object({
  audio: z
    .string()
    .min(1, 'Choose a recording to check')
    .refine((value) => value.length % 4 === 0 && BASE64.test(value), 'The recording must be base64-encoded'),
  file_name: z.string().trim().min(1).max(255).default('recording'),
  /** Keep the recording with the result in History, so the waveform can be replayed later (scores are always kept). */
  keep_audio: z.boolean().default(false),
});
export type VoiceDetectionInput = z.infer<typeof voiceDetectionInputSchema>;

/** What a VEXON history item holds as its result. */
export const voiceDetectionResultSchema = voiceReportSchema;
export type VoiceDetectionResult = z.infer<typeof voiceDetectionResultSchema>;

/** `POST v1/tools/voice-detection/upload?file_name=&keep_audio=`: the body is the recording's bytes. */
export const voiceUploadQuerySchema = z.object({
  file_name: z.string().trim().min(1).max(255).default('recording'),
  keep_audio: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
