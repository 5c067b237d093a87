import modelFile from '../model/detectors.json' with { type: 'json' };
import { detectAi } from './detect.js';
import { DetectorModel, type DetectorModelFile } from './detector-model.js';

export { detectAi, evidenceFrom } from './detect.js';
export { DetectorModel, type DetectorModelFile } from './detector-model.js';
export { featureLabels, featureNames, isRareWord, isSurprisalSpike, type ScoredText } from './features.js';
export { softmax } from './linear-model.js';
export * from './report.schema.js';

let shared: DetectorModel | undefined;

/** The committed model (model/detectors.json, written by `npm run train:detectors`), parsed once per thread. */
export function defaultDetectorModel(): DetectorModel {
  shared ??= new DetectorModel(modelFile as unknown as DetectorModelFile);
  return shared;
}

/** Checks a text with the committed model. */
export function detectAiText(text: string) {
  return detectAi(text, defaultDetectorModel());
}
