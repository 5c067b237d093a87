import type { AiDetectionInput, AiDetectionResult } from '@candor/contracts/tools';
import { type DetectAiOptions, defaultDetectorModel, detectAi } from '@candor/engine-ai-detect';
import { defineEngine } from '../engines/engine-module.js';

/** The tool's input, plus the language model's scores when one is there and calibrated (definition.ts). */
export type AiDetectionEngineInput = AiDetectionInput & Pick<DetectAiOptions, 'languageModel'>;

/** Runs in a worker thread; the model is parsed once per thread, on the first run. */
export default defineEngine<AiDetectionEngineInput, AiDetectionResult>((input, report) => {
  report({ percent: 10, stage: 'Loading the detector' });
  const model = defaultDetectorModel();
  report({ percent: 30, stage: 'Scoring words and sentences' });
  return detectAi(input.text, model, {
    sensitivity: input.sensitivity,
    ...(input.languageModel ? { languageModel: input.languageModel } : {}),
  });
});
