import { createRequire } from 'node:module';
import type { InferenceSession } from 'onnxruntime-node';

/** AASIST-L's input: 64,600 samples at 16 kHz (about 4.04 s). */
export const AASIST_SAMPLES = 64_600;

/** The AASIST-L export shipped with the engine (model/README.md has its provenance and licence). */
export const builtInAasistPath = () =>
  createRequire(import.meta.url).resolve('@candor/engine-audio/model/AASIST-L.onnx');

export interface AasistScorer {
  /** Spoof margin of one clip: logit(spoof) − logit(bona fide); higher means more likely synthetic. */
  score(samples: Float32Array): Promise<number>;
  close(): Promise<void>;
}

/**
 * Loads AASIST(-L) with onnxruntime-node on one thread (the engine pool already runs one task per core). A shorter
 * clip is tiled to the input length and a longer one cut, as the authors' evaluation does.
 */
export async function loadAasist(modelPath = builtInAasistPath()): Promise<AasistScorer> {
  const ort = await import('onnxruntime-node');
  const session: InferenceSession = await ort.InferenceSession.create(modelPath, {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
  });
  const input = new Float32Array(AASIST_SAMPLES);
  return {
    async score(samples) {
      if (samples.length === 0) return 0;
      for (let i = 0; i < AASIST_SAMPLES; i += samples.length) {
        input.set(samples.subarray(0, Math.min(samples.length, AASIST_SAMPLES - i)), i);
      }
      const output = await session.run({ waveform: new ort.Tensor('float32', input, [1, AASIST_SAMPLES]) });
      const logits = output.logits?.data as Float32Array;
      return (logits[0] as number) - (logits[1] as number);
    },
    close: () => session.release(),
  };
}
