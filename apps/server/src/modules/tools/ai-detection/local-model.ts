import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { CalibratedLanguageModel, LanguageModelScore } from '@candor/engine-ai-detect';
// The calibrations alone: the engine (and its 22 MB model file) stays out of the main thread until a model is used.
import { committedCalibrations } from '@candor/engine-ai-detect/language-models';
import type { ToolsConfig } from '../../../config/env.js';

/**
 * The detectors' optional language model: DETECTOR_MODEL_PATH; else a model `npm run models:fetch` put in MODELS_DIR
 * for which a calibration is committed; else LLM_MODEL_PATH. Used only with a calibration that matches the file.
 * Both the AI and the Humanized Text Detector score with it; one model is loaded per process.
 *
 * It runs here, on the server's main thread (the tools' `prepare` step), not in the engine's worker thread:
 * llama.cpp decodes on libuv's threads, and stopping a worker thread while it decodes aborts the whole process
 * (measured with node-llama-cpp 3.22), which is how the engine pool cancels a run. Here a cancel stops the scorer
 * between calls instead, and the worker only combines the finished scores with the built-in ones.
 */

const opened = new Map<string, Promise<CalibratedLanguageModel | null>>();
const failed = new Set<string>();

// Without a logger in the pipeline's prepare step, the one-time notices go to stderr like Node's own warnings.
const defaultWarn = (message: string) => console.warn(`[detectors] ${message}`);

/** Which model file the detectors would use, and whether it was named (a named one that can't be used is warned of). */
export function detectorModelPath(
  config: Pick<ToolsConfig, 'detectorModel' | 'detectorModelsDir'>,
): { path: string; named: boolean } | undefined {
  if (config.detectorModel?.from === 'DETECTOR_MODEL_PATH') return { path: config.detectorModel.path, named: true };
  const fetched = fetchedModel(config.detectorModelsDir);
  if (fetched) return { path: fetched, named: false };
  return config.detectorModel ? { path: config.detectorModel.path, named: true } : undefined;
}

/** A model file in the models folder with a calibration committed for it (by file name; its sha256 is checked later). */
function fetchedModel(modelsDir: string | undefined): string | undefined {
  if (!modelsDir) return undefined;
  let files: string[];
  try {
    files = readdirSync(modelsDir);
  } catch {
    return undefined;
  }
  const committed = committedModelFiles();
  const file = files.find((name) => committed.has(name));
  return file ? path.join(modelsDir, file) : undefined;
}

let committedFiles: Set<string> | undefined;
function committedModelFiles(): Set<string> {
  committedFiles ??= new Set(committedCalibrations().map((calibration) => calibration.model.file));
  return committedFiles;
}

/**
 * The calibrated scorer of the chosen model file, opened once per process (so the reason it is not used is told
 * once); null when there is no model, it isn't calibrated, or it failed to load.
 */
function openedModel(
  chosen: ReturnType<typeof detectorModelPath>,
  warn: (message: string) => void = defaultWarn,
): Promise<CalibratedLanguageModel | null> {
  if (!chosen || failed.has(chosen.path)) return Promise.resolve(null);
  let scorer = opened.get(chosen.path);
  if (!scorer) {
    scorer = (async () => {
      // Imported only when a model is there: it brings the built-in model file to this thread.
      const { committedDetectorModelFile, openCalibratedLanguageModel } = await import('@candor/engine-ai-detect');
      return openCalibratedLanguageModel({
        modelPath: chosen.path,
        detector: { file: committedDetectorModelFile() },
        warn,
      });
    })().catch((error: unknown) => {
      warn(`The detectors' language model ${chosen.path} is not used: ${(error as Error).message}`);
      return null;
    });
    opened.set(chosen.path, scorer);
  }
  return scorer;
}

/**
 * Scores a text with the language model for a tool's `prepare` step, reporting progress; null when there is no usable
 * model. A failure other than a cancel switches the model off until restart (said once) and the tool goes on without.
 */
export async function scoreWithLanguageModel(
  config: Pick<ToolsConfig, 'detectorModel' | 'detectorModelsDir'>,
  text: string,
  signal: AbortSignal,
  progress: (update: { percent: number; stage: string }) => void,
): Promise<{ score: LanguageModelScore; calibration: CalibratedLanguageModel['calibration'] } | null> {
  // The models folder is read once a run: a model fetched while the server runs is used from the next run on.
  const chosen = detectorModelPath(config);
  const local = await openedModel(chosen);
  if (!local || !chosen) return null;
  progress({ percent: 5, stage: `Scoring with the language model ${local.scorer.model}` });
  try {
    return { score: await local.scorer.score(text, { signal }), calibration: local.calibration };
  } catch (error) {
    if (signal.aborted) throw error;
    await disableLocalLanguageModel(chosen.path, error);
    return null;
  }
}

/**
 * Called when scoring fails for a reason other than a cancel (the file is not a model llama.cpp can load, …): the
 * detectors go on without the language model until the process restarts, and say so once.
 */
export async function disableLocalLanguageModel(
  modelPath: string,
  error: unknown,
  warn: (message: string) => void = defaultWarn,
): Promise<void> {
  if (failed.has(modelPath)) return;
  failed.add(modelPath);
  const cause = (error as { cause?: Error }).cause?.message;
  warn(
    `The detectors' language model ${modelPath} failed and is switched off until restart: ${(error as Error).message}${cause ? ` (${cause})` : ''}`,
  );
  const scorer = await opened.get(modelPath);
  opened.delete(modelPath);
  await scorer?.scorer.close().catch(() => undefined);
}

/** Disposes every language model this process opened (server shutdown, tests). */
export async function closeLocalLanguageModels(): Promise<void> {
  const scorers = [...opened.values()];
  opened.clear();
  failed.clear();
  for (const scorer of await Promise.all(scorers)) await scorer?.scorer.close();
}

/** The name the tool registry closes them by (modules/tools/index.ts). */
export const closeLocalCurvatureScorers = closeLocalLanguageModels;
