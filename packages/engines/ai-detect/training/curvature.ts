// `npm run train:curvature -- --model PATH [--sample N] [--seed S] [--max-tokens N]`: calibrates a local GGUF model
// as the AI detector's second scorer. Reads a stratified, seeded sample of ../shared/datasets/text, scores each text
// with the built-in detector (document log-odds) and with the model's probability curvature (Fast-DetectGPT), fits
// a two-feature logistic regression, prints the AUROC of each alone and combined, and writes
// `<model>.candor-curvature.json` beside the model. Without that file the server and the batch CLI don't use the model.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { seededRandom } from '../../../../bench/lib.mjs';
import {
  type CurvatureScorer,
  createCurvatureScorer,
  DEFAULT_CURVATURE_MAX_TOKENS,
  modelNameOf,
} from '../src/curvature.js';
import { calibrationOf, writeCurvatureCalibration } from '../src/curvature-calibration.js';
import { CALIBRATION_FOLDS, type CalibrationRow, fitCurvatureCombination } from '../src/curvature-fit.js';
import { documentLogOdds } from '../src/detect.js';
import type { DetectorModel } from '../src/detector-model.js';
import type { ScoredText } from '../src/features.js';
import { defaultDetectorModel } from '../src/index.js';
import { foldOf, type LabelledText, loadDatasets } from './dataset.js';
import { crossFitScores, fitDetectorModels, LM_FOLDS, trainingSet } from './pipeline.js';

export const DEFAULT_SAMPLE = 600;
export const DEFAULT_SEED = 1;
/** Texts shorter than this are labelled "uncertain" whatever their score, so they teach the combination nothing. */
const MINIMUM_WORDS = 40;

/** 1 for AI (paraphrased and edited AI included, as the built-in detector counts it), 0 human, null left out. */
export const binaryLabel = (text: LabelledText): 0 | 1 | null =>
  text.origin === 'human' ? 0 : text.origin === 'ai_revised_human' ? null : 1;

/**
 * Half human, half AI texts of at least 40 words; within each half, every domain in proportion to its size
 * (largest remainders). Seeded: the same seed and data give the same sample.
 */
export function sampleCalibrationTexts(texts: readonly LabelledText[], size: number, seed: number): LabelledText[] {
  const random = seededRandom(seed);
  const strata = new Map<string, LabelledText[]>();
  for (const text of texts) {
    const label = binaryLabel(text);
    if (label === null || tokenizeWords(text.text).length < MINIMUM_WORDS) continue;
    const key = `${label}|${text.domain}`;
    const stratum = strata.get(key) ?? [];
    stratum.push(text);
    strata.set(key, stratum);
  }
  const sample: LabelledText[] = [];
  for (const label of [0, 1]) {
    const groups = [...strata].filter(([key]) => key.startsWith(`${label}|`)).sort(([a], [b]) => a.localeCompare(b));
    const available = groups.reduce((total, [, group]) => total + group.length, 0);
    const wanted = Math.min(label === 0 ? Math.floor(size / 2) : Math.ceil(size / 2), available);
    const shares = groups.map(([, group]) => (wanted * group.length) / available);
    const counts = shares.map(Math.floor);
    const order = shares.map((share, g) => ({ g, rest: share - Math.floor(share) })).sort((a, b) => b.rest - a.rest);
    for (let k = 0; counts.reduce((a, b) => a + b, 0) < wanted; k++) {
      const g = (order[k % order.length] as { g: number }).g;
      counts[g] = (counts[g] as number) + 1;
    }
    groups.forEach(([, group], g) => {
      const shuffled = [...group];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [shuffled[i], shuffled[j]] = [shuffled[j] as LabelledText, shuffled[i] as LabelledText];
      }
      sample.push(...shuffled.slice(0, counts[g]));
    });
  }
  return sample;
}

/**
 * The built-in detector's document log-odds as it would give them for text it has never seen: its language models and
 * its classifier were all fitted on these very texts, which makes each look like its own class (scored with the
 * committed human-only model of 2026-11-21, the shared data gave an AUROC of 0.51; with the classifier fitted on them,
 * far above what unseen text gets). So, as `npm run train:detectors` evaluates the method, each text is scored by
 * language models counted on the other folds' texts and by a document classifier fitted on the other folds: the
 * calibration then weighs the built-in score, and sets its thresholds, as it behaves out of sample. Fits five
 * classifiers on first use (minutes).
 */
export function outOfFoldBuiltIn(
  texts: readonly LabelledText[],
  log: (line: string) => void = () => undefined,
): (text: LabelledText) => number {
  const set = trainingSet(texts);
  const index = new Map(texts.map((text, i) => [text, i]));
  const usable = texts.map((_, i) => i).filter((i) => set.binary[i] !== undefined);
  let scored: ScoredText[] | undefined;
  const models = new Map<number, DetectorModel>();
  return (text) => {
    const i = index.get(text);
    if (i === undefined) throw new Error('outOfFoldBuiltIn scores only texts of the set it was given');
    if (!scored) {
      log(`  built-in detector: scoring ${texts.length} texts with cross-fitted language models`);
      scored = crossFitScores(texts);
    }
    const fold = foldOf(text, LM_FOLDS);
    let model = models.get(fold);
    if (!model) {
      log(`  built-in detector: fitting the document classifier without fold ${fold + 1} of ${LM_FOLDS}`);
      model = fitDetectorModels(
        set,
        usable.filter((k) => foldOf(texts[k] as LabelledText, LM_FOLDS) !== fold),
        scored,
        'document',
      );
      models.set(fold, model);
    }
    return documentLogOdds(model, scored[i] as ScoredText).logOdds;
  };
}

export interface ScoredSample extends CalibrationRow {
  text: LabelledText;
  tokens: number;
}

/** Both scores of every text (`builtIn`: see `outOfFoldBuiltIn`); `log` hears about progress now and then. */
export async function scoreSample(
  texts: readonly LabelledText[],
  builtIn: (text: LabelledText) => number,
  scorer: CurvatureScorer,
  log: (line: string) => void = () => undefined,
): Promise<{ rows: ScoredSample[]; tokens: number; seconds: number }> {
  const rows: ScoredSample[] = [];
  let tokens = 0;
  let seconds = 0;
  for (const [i, text] of texts.entries()) {
    const started = performance.now();
    const score = await scorer.score(text.text);
    seconds += (performance.now() - started) / 1000;
    tokens += score.tokens;
    rows.push({
      text,
      label: binaryLabel(text) as 0 | 1,
      builtInLogOdds: builtIn(text),
      discrepancy: score.discrepancy,
      fold: foldOf(text, CALIBRATION_FOLDS),
      tokens: score.tokens,
    });
    if ((i + 1) % 50 === 0 || i + 1 === texts.length) {
      log(`  scored ${i + 1}/${texts.length} texts (${Math.round(tokens / seconds)} tokens/s)`);
    }
  }
  return { rows, tokens, seconds };
}

async function main(): Promise<void> {
  const repoRoot = path.resolve(import.meta.dirname, '../../../..');
  const { values } = parseArgs({
    options: {
      model: { type: 'string' },
      sample: { type: 'string', default: String(DEFAULT_SAMPLE) },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      'max-tokens': { type: 'string', default: String(DEFAULT_CURVATURE_MAX_TOKENS) },
      datasets: { type: 'string', default: path.resolve(repoRoot, '../shared/datasets/text') },
    },
  });
  const whole = (name: string, value: string | undefined, min: number) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < min) throw new Error(`--${name} must be a whole number ≥ ${min}`);
    return number;
  };
  if (!values.model) throw new Error('Usage: npm run train:curvature -- --model PATH.gguf [--sample N] [--seed S]');
  const modelPath = path.resolve(values.model);
  const size = whole('sample', values.sample, 20);
  const seed = whole('seed', values.seed, 0);
  const maxTokens = whole('max-tokens', values['max-tokens'], 16);
  const log = (line: string) => console.info(line);

  const texts = loadDatasets(values.datasets);
  const sample = sampleCalibrationTexts(texts, size, seed);
  const detector = defaultDetectorModel();
  log(`Sampled ${sample.length} of ${texts.length} texts from ${values.datasets} (seed ${seed})`);
  log(`Scoring with the built-in detector and ${modelNameOf(modelPath)} (at most ${maxTokens} tokens a text)`);
  const scorer = createCurvatureScorer({ modelPath, maxTokens });
  let scored: Awaited<ReturnType<typeof scoreSample>>;
  try {
    scored = await scoreSample(sample, outOfFoldBuiltIn(texts, log), scorer, log);
  } finally {
    await scorer.close();
  }
  const fit = fitCurvatureCombination(scored.rows);
  const [human, ai] = [0, 1].map((label) => scored.rows.filter((row) => row.label === label).length) as [
    number,
    number,
  ];
  const calibration = await calibrationOf({
    modelPath,
    detector,
    maxTokens,
    fit,
    sample: { texts: sample.length, human, ai, seed, files: [...new Set(sample.map((t) => t.file))].sort() },
    tokensPerSecond: Math.round(scored.tokens / scored.seconds),
  });
  const file = await writeCurvatureCalibration(modelPath, calibration);
  log('');
  log(`| scorer | AUROC (${human} human, ${ai} AI texts) |`);
  log('|---|---|');
  log(`| built-in detector alone (out of fold) | ${fit.auroc.builtIn.toFixed(3)} |`);
  log(`| ${calibration.model.name} curvature alone | ${fit.auroc.curvature.toFixed(3)} |`);
  log(
    `| combined, out of fold | ${fit.auroc.combined.toFixed(3)} (in sample ${fit.auroc.combinedInSample.toFixed(3)}) |`,
  );
  log('');
  log(`Thresholds of the combined probability: AI ${fit.threshold.toFixed(3)}, human ${fit.humanThreshold.toFixed(3)}`);
  log(`Wrote ${file}`);
  const curvatureWeight = (fit.combiner.weights[1]?.[1] ?? 0) - (fit.combiner.weights[0]?.[1] ?? 0);
  if (curvatureWeight <= 0 || fit.auroc.combined <= fit.auroc.builtIn) {
    log('');
    log(
      `Warning: on this sample ${calibration.model.name} does not help: ${
        curvatureWeight <= 0
          ? 'the fit pushes a higher curvature towards human, the opposite of what the method expects'
          : 'the combination does not beat the built-in detector out of fold'
      }. Calibrate on a larger --sample, choose another model, or leave it off (DETECTOR_MODEL_PATH=none).`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error((error as Error).message);
    process.exitCode = 1;
  });
}
