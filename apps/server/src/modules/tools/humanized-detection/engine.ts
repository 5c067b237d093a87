import type { HumanizedDetectionInput, HumanizedDetectionResult } from '@candor/contracts/tools';
import { defaultDetectorModel } from '@candor/engine-ai-detect';
import { type DetectHumanizedOptions, detectHumanized } from '@candor/engine-humanized-detect';
import { defineEngine } from '../engines/engine-module.js';

/** The tool's input, plus the language model's scores when one is there and calibrated (definition.ts). */
export type HumanizedDetectionEngineInput = HumanizedDetectionInput & Pick<DetectHumanizedOptions, 'languageModel'>;

/** Runs in a worker thread; the model is parsed once per thread, on the first run. */
export default defineEngine<HumanizedDetectionEngineInput, HumanizedDetectionResult>((input, report) => {
  report({ percent: 10, stage: 'Loading the detector' });
  const model = defaultDetectorModel();
  report({ percent: 30, stage: 'Looking for paraphraser traces' });
  return detectHumanized(input.text, model, undefined, {
    sensitivity: input.sensitivity,
    ...(input.languageModel ? { languageModel: input.languageModel } : {}),
  });
});
