import type { VoiceDetectionResult } from '@candor/contracts/tools';
import { AudioRefusal, billedSeconds, decodeAudio, VOICE_LIMITS } from '@candor/engine-audio';
import { defineEngine, refuse } from '../../modules/tools/engines/engine-module.js';
import type { VoiceEngineInput } from '../../modules/tools/voice-detection/engine.js';

/** The file:// URL to pass in `engineOverrides` for 'voice-detection'. */
export const voiceDecoderOnlyEngine = new URL(import.meta.url).href;

/**
 * The voice engine with its scorers left out, for the upload fuzz campaign: every recording is decoded exactly as the
 * real engine decodes it (the decoder is what reads the uploaded bytes, the scorers only its 16 kHz samples), and a
 * decoded one gets a plain "uncertain" report instead of half a second of feature and AASIST-L scoring. The fuzz test
 * also sends a slice of each campaign through the real engine.
 */
export default defineEngine<VoiceEngineInput, unknown>(async (input) => {
  try {
    const bytes = new Uint8Array(Buffer.from(input.audio, 'base64'));
    const audio = await decodeAudio(bytes, VOICE_LIMITS);
    if ('task' in input) return { seconds: audio.duration };
    // The scorers read the samples as numbers: a decoder that made NaN or Infinity of hostile bytes is a fault.
    if (!audio.samples.every(Number.isFinite)) throw new Error('the decoder returned samples that are not finite');
    const report: VoiceDetectionResult = {
      label: 'uncertain',
      synthetic_probability: 0.5,
      confidence: 0,
      consistency: 0,
      reasons: [{ code: 'borderline', message: 'Not scored: the fuzz campaign checks the decoder only.' }],
      summary: 'Decoded, not scored.',
      duration_seconds: audio.duration,
      billed_seconds: billedSeconds(audio.duration),
      audio: {
        format: audio.format,
        sample_rate: audio.sourceSampleRate,
        channels: audio.channels,
        speech_seconds: 0,
        snr_db: 0,
        voiced_share: 0,
      },
      windows: [],
      scorers: { features: true, aasist: false, model: 'decoder-only' },
    };
    return report;
  } catch (error) {
    if (error instanceof AudioRefusal) return refuse(error.status, error.code, error.message);
    throw error;
  }
});
