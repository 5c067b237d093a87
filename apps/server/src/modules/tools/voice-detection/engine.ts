import type { VoiceDetectionInput, VoiceDetectionResult } from '@candor/contracts/tools';
import { AudioRefusal, decodeAudio, detectVoice, VOICE_LIMITS } from '@candor/engine-audio';
import { defineEngine, type EngineRefusal, refuse } from '../engines/engine-module.js';

/** Counting a run's seconds before it is reserved: the recording decoded, as the run will decode it. */
export interface VoiceMeasureInput {
  task: 'measure';
  audio: string;
}

export type VoiceEngineInput = VoiceDetectionInput | VoiceMeasureInput;
export type VoiceEngineOutput = VoiceDetectionResult | { seconds: number };

const isMeasure = (input: VoiceEngineInput): input is VoiceMeasureInput => 'task' in input && input.task === 'measure';

export default defineEngine<VoiceEngineInput, VoiceEngineOutput | EngineRefusal>(async (input, report) => {
  try {
    const bytes = new Uint8Array(Buffer.from(input.audio, 'base64'));
    if (bytes.length > VOICE_LIMITS.maxFileBytes) {
      return refuse(
        413,
        'payload_too_large',
        `The recording is larger than ${VOICE_LIMITS.maxFileBytes / 1024 / 1024} MB.`,
      );
    }
    if (isMeasure(input)) return { seconds: (await decodeAudio(bytes, VOICE_LIMITS)).duration };
    return await detectVoice(bytes, { progress: (percent, stage) => report({ percent, stage }) });
  } catch (error) {
    if (error instanceof AudioRefusal) return refuse(error.status, error.code, error.message);
    throw error;
  }
});
