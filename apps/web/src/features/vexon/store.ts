import type { VoiceDetectionResult } from '@candor/contracts/tools';

/**
 * In-memory hand-over between /vexon and /vexon/result (spec §2 guard): the detection result and the audio it
 * was computed from. Nothing persists it, so a reload of /vexon/result goes back to /vexon (a stored run reopens
 * from History at /vexon/result?history_id=).
 */
export interface DeepfakeRun {
  result: VoiceDetectionResult;
  audio: Blob;
  historyId: string;
  fileName: string;
}

let current: DeepfakeRun | null = null;

export const deepfakeStore = {
  get: (): DeepfakeRun | null => current,
  set: (run: DeepfakeRun) => {
    current = run;
  },
  clear: () => {
    current = null;
  },
  /** The /vexon/result guard: both the result and its audio are needed. */
  hasResult: () => current !== null && current.result != null && current.audio instanceof Blob,
};
