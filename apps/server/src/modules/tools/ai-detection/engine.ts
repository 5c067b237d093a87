import type { AiDetectionInput, AiDetectionResult } from '@candor/contracts/tools';
import { defaultDetectorModel, detectAi } from '@candor/engine-ai-detect';
import { defineEngine } from '../engines/engine-module.js';

/** Runs in a worker thread; the model is parsed once per thread, on the first run. */
export default defineEngine<AiDetectionInput, AiDetectionResult>((input, report) => {
  report({ percent: 10, stage: 'Loading the detector' });
  const model = defaultDetectorModel();
  report({ percent: 30, stage: 'Scoring words and sentences' });
  return detectAi(input.text, model);
});
