import type { HumanizedDetectionInput, HumanizedDetectionResult } from '@candor/contracts/tools';
import { defaultDetectorModel } from '@candor/engine-ai-detect';
import { detectHumanized } from '@candor/engine-humanized-detect';
import { defineEngine } from '../engines/engine-module.js';

/** Runs in a worker thread; the model is parsed once per thread, on the first run. */
export default defineEngine<HumanizedDetectionInput, HumanizedDetectionResult>((input, report) => {
  report({ percent: 10, stage: 'Loading the detector' });
  const model = defaultDetectorModel();
  report({ percent: 30, stage: 'Looking for paraphraser traces' });
  return detectHumanized(input.text, model);
});
