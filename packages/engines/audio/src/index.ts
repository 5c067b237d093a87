import modelFile from '../model/voice-detect.json' with { type: 'json' };
import { type AasistScorer, loadAasist } from './aasist.js';
import { type DecodeLimits, decodeAudio } from './decode.js';
import { analyseVoice, type VoiceModel } from './detect.js';
import { VOICE_LIMITS } from './limits.js';
import type { VoiceReport } from './report.schema.js';

export { AASIST_SAMPLES, type AasistScorer, builtInAasistPath, loadAasist } from './aasist.js';
export { ANALYSIS_RATE, AudioRefusal, type DecodedAudio, decodeAudio } from './decode.js';
export {
  analyseVoice,
  featureLogit,
  featureNames,
  HOP_SECONDS,
  measureWindows,
  normalise,
  type VoiceModel,
  WINDOW_SECONDS,
  windowsOf,
} from './detect.js';
export { describeFeature } from './features.js';
export { billedSeconds, VOICE_LIMITS, voiceFormats } from './limits.js';
export * from './report.schema.js';

/** The committed model (model/voice-detect.json, written by `npm run train:voice`). */
export const voiceModel = modelFile as unknown as VoiceModel;

let aasist: Promise<AasistScorer | null> | undefined;

/** AASIST-L, loaded once per thread; null (and the feature model alone) if onnxruntime cannot load it. */
export function sharedAasist(): Promise<AasistScorer | null> {
  aasist ??= loadAasist().catch((error: unknown) => {
    console.warn('AASIST-L could not be loaded; scoring with the feature model alone', error);
    return null;
  });
  return aasist;
}

/** Decodes and scores a recording with the committed model and AASIST-L. */
export async function detectVoice(
  bytes: Uint8Array,
  options: { limits?: DecodeLimits; aasist?: boolean; progress?: (percent: number, stage: string) => void } = {},
): Promise<VoiceReport> {
  options.progress?.(5, 'Decoding the audio');
  const audio = await decodeAudio(bytes, options.limits ?? VOICE_LIMITS);
  const scorer = options.aasist === false ? null : await sharedAasist();
  return analyseVoice(audio, {
    model: voiceModel,
    aasist: scorer,
    ...(options.progress ? { progress: options.progress } : {}),
  });
}
