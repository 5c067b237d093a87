// The language-model calibrations committed with the detector (`npm run train:curvature -- --commit` writes them to
// model/language-models/); imported, not read from disk, so the server's bundle carries them.
import smollm2 from '../model/language-models/SmolLM2-135M-Instruct.Q4_1.json' with { type: 'json' };

export const committedCalibrationFiles: unknown[] = [smollm2];
