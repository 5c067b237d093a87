import type { CalibratedCurvatureScorer } from '@candor/engine-ai-detect';
import type { ToolsConfig } from '../../../config/env.js';

/**
 * The AI Detector's optional second scorer: a local GGUF model's probability curvature (DETECTOR_MODEL_PATH, else
 * LLM_MODEL_PATH), used only with a calibration file beside the model that matches it.
 *
 * It runs here, on the server's main thread (the tool's `prepare` step), not in the engine's worker thread:
 * llama.cpp decodes on libuv's threads, and stopping a worker thread while it decodes aborts the whole process
 * (measured with node-llama-cpp 3.22), which is how the engine pool cancels a run. Here a cancel stops the scorer
 * between chunks instead, and the worker only combines the finished score with the built-in one.
 */

const opened = new Map<string, Promise<CalibratedCurvatureScorer | null>>();
const failed = new Set<string>();

// Without a logger in the pipeline's prepare step, the one-time notices go to stderr like Node's own warnings.
const defaultWarn = (message: string) => console.warn(`[ai-detection] ${message}`);

/**
 * The calibrated scorer of the configured model, opened once per process (so the reason it is not used is told
 * once); null when no model is configured, the model isn't calibrated, or it failed to load.
 */
export function localCurvatureScorer(
  config: Pick<ToolsConfig, 'detectorModel'>,
  warn: (message: string) => void = defaultWarn,
): Promise<CalibratedCurvatureScorer | null> {
  const modelPath = config.detectorModel?.path;
  if (!modelPath || failed.has(modelPath)) return Promise.resolve(null);
  let scorer = opened.get(modelPath);
  if (!scorer) {
    scorer = (async () => {
      // Imported only when a model is configured: it brings the built-in model file to this thread.
      const { committedDetectorModelFile, openCalibratedCurvatureScorer } = await import('@candor/engine-ai-detect');
      return openCalibratedCurvatureScorer({ modelPath, detector: { file: committedDetectorModelFile() }, warn });
    })().catch((error: unknown) => {
      warn(`The AI detector's local model ${modelPath} is not used: ${(error as Error).message}`);
      return null;
    });
    opened.set(modelPath, scorer);
  }
  return scorer;
}

/**
 * Called when scoring fails for a reason other than a cancel (the file is not a model llama.cpp can load, …): the
 * detector goes on without the local model until the process restarts, and says so once.
 */
export async function disableLocalCurvatureScorer(
  modelPath: string,
  error: unknown,
  warn: (message: string) => void = defaultWarn,
): Promise<void> {
  if (failed.has(modelPath)) return;
  failed.add(modelPath);
  const cause = (error as { cause?: Error }).cause?.message;
  warn(
    `The AI detector's local model ${modelPath} failed and is switched off until restart: ${(error as Error).message}${cause ? ` (${cause})` : ''}`,
  );
  const scorer = await opened.get(modelPath);
  opened.delete(modelPath);
  await scorer?.scorer.close().catch(() => undefined);
}

/** Disposes every local model this process opened (server shutdown, tests). */
export async function closeLocalCurvatureScorers(): Promise<void> {
  const scorers = [...opened.values()];
  opened.clear();
  failed.clear();
  for (const scorer of await Promise.all(scorers)) await scorer?.scorer.close();
}
