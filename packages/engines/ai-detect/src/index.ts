import modelFile from '../model/detectors.json' with { type: 'json' };
import { detectAi } from './detect.js';
import { DetectorModel, type DetectorModelFile } from './detector-model.js';

export {
  createLanguageModelScorer,
  DEFAULT_MAX_TOKENS,
  type LanguageModelFeatures,
  type LanguageModelScore,
  type LanguageModelScorer,
  type LanguageModelScorerOptions,
  languageModelFeatureNames,
  modelNameOf,
  TOP_K,
  UNTRUNCATED,
} from './curvature.js';
export {
  type BuiltInDetector,
  CALIBRATION_FORMAT,
  type CalibratedLanguageModel,
  type CalibrationCheck,
  COMBINED_FEATURES,
  type Combination,
  calibrationPathFor,
  checkLanguageModelCalibration,
  combineLogOdds,
  committedCalibrations,
  documentFingerprint,
  type LanguageModelCalibration,
  languageModelCalibrationSchema,
  openCalibratedLanguageModel,
  sha256File,
  writeLanguageModelCalibration,
} from './curvature-calibration.js';
export {
  CURVATURE_EVIDENCE_FEATURE,
  type DetectAiOptions,
  detectAi,
  documentLogOdds,
  evidenceFrom,
  languageModelEvidenceOf,
} from './detect.js';
export { DetectorModel, type DetectorModelFile } from './detector-model.js';
export type { EnglishLanguageModel } from './english-language-model.js';
export { featureLabels, featureNames, isRareWord, isSurprisalSpike, type ScoredText } from './features.js';
export {
  aiMassLogOdds,
  HUMANIZED_CLEAR_MARGIN,
  HUMANIZED_SURE_WORDS,
  humanizedLabelAt,
  humanizedVerdictIsSure,
} from './humanized-verdict.js';
export { softmax } from './linear-model.js';
export * from './report.schema.js';

let shared: DetectorModel | undefined;

/** The committed model (model/detectors.json, written by `npm run train:detectors`), parsed once per thread. */
export function defaultDetectorModel(): DetectorModel {
  shared ??= new DetectorModel(modelFile as unknown as DetectorModelFile);
  return shared;
}

/** The committed model's file as it is, without building the model (enough to check a language-model calibration). */
export function committedDetectorModelFile(): DetectorModelFile {
  return modelFile as unknown as DetectorModelFile;
}

/** Checks a text with the committed model. */
export function detectAiText(text: string) {
  return detectAi(text, defaultDetectorModel());
}
