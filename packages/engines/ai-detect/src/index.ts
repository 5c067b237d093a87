import modelFile from '../model/detectors.json' with { type: 'json' };
import { detectAi } from './detect.js';
import { DetectorModel, type DetectorModelFile } from './detector-model.js';

export {
  type CurvatureScore,
  type CurvatureScorer,
  type CurvatureScorerOptions,
  createCurvatureScorer,
  DEFAULT_CURVATURE_MAX_TOKENS,
  modelNameOf,
} from './curvature.js';
export {
  type BuiltInDetector,
  CALIBRATION_FORMAT,
  type CalibratedCurvatureScorer,
  type CalibrationCheck,
  type CurvatureCalibration,
  calibrationOf,
  calibrationPathFor,
  checkCurvatureCalibration,
  curvatureCalibrationSchema,
  documentFingerprint,
  openCalibratedCurvatureScorer,
  sha256File,
  writeCurvatureCalibration,
} from './curvature-calibration.js';
export { CALIBRATION_FOLDS, type CalibrationRow, type CurvatureFit, fitCurvatureCombination } from './curvature-fit.js';
export {
  CURVATURE_EVIDENCE_FEATURE,
  type DetectAiOptions,
  detectAi,
  documentLogOdds,
  evidenceFrom,
} from './detect.js';
export { DetectorModel, type DetectorModelFile } from './detector-model.js';
export type { EnglishLanguageModel } from './english-language-model.js';
export { featureLabels, featureNames, isRareWord, isSurprisalSpike, type ScoredText } from './features.js';
export { HUMANIZED_CLEAR_MARGIN, HUMANIZED_SURE_WORDS, humanizedVerdictIsSure } from './humanized-verdict.js';
export { softmax } from './linear-model.js';
export * from './report.schema.js';

let shared: DetectorModel | undefined;

/** The committed model (model/detectors.json, written by `npm run train:detectors`), parsed once per thread. */
export function defaultDetectorModel(): DetectorModel {
  shared ??= new DetectorModel(modelFile as unknown as DetectorModelFile);
  return shared;
}

/** The committed model's file as it is, without building the model (enough to check a curvature calibration). */
export function committedDetectorModelFile(): DetectorModelFile {
  return modelFile as unknown as DetectorModelFile;
}

/** Checks a text with the committed model. */
export function detectAiText(text: string) {
  return detectAi(text, defaultDetectorModel());
}
