import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * SmolLM2-135M-Instruct: E2E_SMOLLM2, else the file .ci/run fetched (CANDOR_TEST_DETECTOR_MODEL), else where
 * `npm run models:fetch -- smollm2-135m` puts it by default (./.data/models). The local-model journeys skip without it,
 * except in CI, where they must run.
 */
export const e2eSmolLm2 =
  process.env.E2E_SMOLLM2 ??
  process.env.CANDOR_TEST_DETECTOR_MODEL ??
  path.resolve(import.meta.dirname, '..', '..', '.data', 'models', 'SmolLM2-135M-Instruct.Q4_1.gguf');

export const hasLocalModel = () => existsSync(e2eSmolLm2);

/** The server's environment for it: the generation tools may write with it, beside the test LLM. */
export const localModelEnv = () => (hasLocalModel() ? { GENERATE_MODEL_PATH: e2eSmolLm2 } : {});
