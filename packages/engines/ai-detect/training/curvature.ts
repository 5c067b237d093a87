// `npm run train:curvature -- --model PATH [--commit] [--seed S] [--datasets DIR]`: calibrates a GGUF language model
// with the built-in detectors. Scores a seeded sample of ../shared/datasets/text with the model (scores kept in
// .cache/detectors/, so a rerun costs nothing), takes the built-in detectors' held-out scores of the same texts (from
// `npm run train:detectors`' evaluation, kept in .cache/detectors/ too, or computed here), fits the combination for
// both detectors, chooses its sensitivity levels, and writes the calibration: beside the model, or with --commit into
// packages/engines/ai-detect/model/language-models/ (tied to the model's sha256), and the held-out numbers into
// bench/results/detector-language-model.md.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { deserialize, serialize } from 'node:v8';
import { machine as benchMachine, machineTable } from '../../../../bench/lib.mjs';
import { createLanguageModelScorer, DEFAULT_MAX_TOKENS, modelNameOf, TOP_K } from '../src/curvature.js';
import {
  CALIBRATION_FORMAT,
  COMMITTED_CALIBRATIONS,
  calibrationPathFor,
  documentFingerprint,
  type LanguageModelCalibration,
  sha256File,
  writeLanguageModelCalibration,
} from '../src/curvature-calibration.js';
import { EnglishLanguageModel } from '../src/english-language-model.js';
import { aiMassLogOdds } from '../src/humanized-verdict.js';
import { committedDetectorModelFile } from '../src/index.js';
import { operatingPointOf, sensitivityLevels } from '../src/sensitivity.js';
import { foldOf, type LabelledText, loadDatasets } from './dataset.js';
import { evaluateDetectors, type HeldOutScores } from './evaluate.js';
import { type CalibrationText, fitCombination, heldOutCombined, reportOf } from './language-model-fit.js';
import { languageModelReport } from './language-model-report.js';
import { languageModelSample, scoreWithCache, textKey } from './language-model-sample.js';
import { trainingSet } from './pipeline.js';
import { CACHE_DIR, scoreCache } from './score-cache.js';

export const DEFAULT_SEED = 1;
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** The built-in detectors' held-out scores of every training text, for the committed detector (cached by fingerprint). */
export function builtInHeldOut(texts: readonly LabelledText[], log: (line: string) => void): HeldOutScores {
  const file = committedDetectorModelFile();
  const cacheFile = path.join(CACHE_DIR, `held-out-${documentFingerprint({ file })}.v8`);
  if (existsSync(cacheFile)) return deserialize(readFileSync(cacheFile)) as HeldOutScores;
  log('The built-in detector has no held-out scores cached: evaluating it (as npm run train:detectors does)');
  const english = new EnglishLanguageModel(file.englishLanguageModel);
  const evaluation = evaluateDetectors(scoreCache(texts, english, log), log);
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(cacheFile, serialize(evaluation.heldOut));
  return evaluation.heldOut;
}

/** The calibration texts: the sample, with the model's features and the built-in held-out scores. */
export function calibrationTexts(
  texts: readonly LabelledText[],
  sample: readonly LabelledText[],
  scores: Map<string, { features: CalibrationText['features'] }>,
  heldOut: HeldOutScores,
): CalibrationText[] {
  const set = trainingSet(texts);
  const index = new Map(texts.map((text, i) => [text, i]));
  const rows: CalibrationText[] = [];
  for (const text of sample) {
    const i = index.get(text) as number;
    const label = set.binary[i];
    const oof = heldOut.outOfFold[i];
    const domain = heldOut.leftOutDomain[i];
    const score = scores.get(textKey(text.text));
    if (label === undefined || !oof || !domain || !score) continue;
    const generatorHuman: Record<string, number> = {};
    for (const [generator, humans] of Object.entries(heldOut.generatorHumans)) {
      const held = humans[i];
      if (held) generatorHuman[generator] = held.logOdds;
    }
    const generator = heldOut.leftOutGenerator[i];
    rows.push({
      label,
      humanized: set.humanized[i],
      domain: text.domain,
      generator: text.generator,
      family: text.family,
      fold: foldOf(text, 5),
      words: oof.words,
      features: score.features,
      builtIn: {
        outOfFold: oof.logOdds,
        leftOutDomain: domain.logOdds,
        ...(generator ? { leftOutGenerator: generator.logOdds } : {}),
      },
      builtInHumanized: {
        outOfFold: aiMassLogOdds(oof.humanized),
        leftOutDomain: aiMassLogOdds(domain.humanized),
        probabilities: oof.humanized,
        leftOutProbabilities: domain.humanized,
      },
      guess: {
        ...(oof.guess ? { outOfFold: oof.guess } : {}),
        ...(domain.guess ? { leftOutDomain: domain.guess } : {}),
      },
      ...(Object.keys(generatorHuman).length > 0 ? { generatorHuman } : {}),
    });
  }
  return rows;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      model: { type: 'string' },
      commit: { type: 'boolean' },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      datasets: { type: 'string', default: path.resolve(repoRoot, '../shared/datasets/text') },
    },
  });
  if (!values.model) throw new Error('Usage: npm run train:curvature -- --model PATH.gguf [--commit] [--seed S]');
  const modelPath = path.resolve(values.model);
  const seed = Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0) throw new Error('--seed must be a whole number ≥ 0');
  const log = (line: string) => console.info(line);
  const started = performance.now();

  const sha256 = await sha256File(modelPath);
  const texts = loadDatasets(values.datasets);
  const sample = languageModelSample(texts, seed);
  log(`Sampled ${sample.length} of ${texts.length} texts (seed ${seed}); scoring them with ${modelNameOf(modelPath)}`);
  const scorer = createLanguageModelScorer({ modelPath, maxTokens: DEFAULT_MAX_TOKENS });
  let scored: Awaited<ReturnType<typeof scoreWithCache>>;
  try {
    scored = await scoreWithCache(
      sample,
      scorer,
      path.join(CACHE_DIR, `lm-${sha256.slice(0, 16)}-${DEFAULT_MAX_TOKENS}-${TOP_K}.jsonl`),
      log,
    );
  } finally {
    await scorer.close();
  }
  const heldOut = builtInHeldOut(texts, log);
  const rows = calibrationTexts(texts, sample, scored.scores, heldOut);
  log(`Fitting the combinations on ${rows.length} texts`);
  const detectorFile = committedDetectorModelFile();
  const held = {
    aiDetection: heldOutCombined(rows, 'aiDetection'),
    humanized: heldOutCombined(rows, 'humanized'),
  };
  const aiDetection = fitCombination(rows, 'aiDetection', held.aiDetection);
  const humanized = fitCombination(rows, 'humanized', held.humanized);
  const withModel = {
    aiDetection: reportOf(rows, 'aiDetection', held.aiDetection, aiDetection.levels, aiDetection.humanThreshold),
    humanized: reportOf(rows, 'humanized', held.humanized, humanized.levels, humanized.humanThreshold),
  };
  const builtInOnly = {
    aiDetection: reportOf(
      rows,
      'aiDetection',
      heldOutCombined(rows, 'aiDetection', true),
      detectorFile.levels,
      detectorFile.humanThreshold,
    ),
    humanized: reportOf(
      rows,
      'humanized',
      heldOutCombined(rows, 'humanized', true),
      detectorFile.humanizedLevels,
      detectorFile.humanizedHumanThreshold,
    ),
  };
  const name = modelNameOf(modelPath);
  const calibration: LanguageModelCalibration = {
    format: CALIBRATION_FORMAT,
    model: { name, file: path.basename(modelPath), sha256, bytes: (await stat(modelPath)).size },
    builtIn: {
      name: detectorFile.name,
      version: detectorFile.version,
      documentFingerprint: documentFingerprint({ file: detectorFile }),
    },
    scoring: { maxTokens: DEFAULT_MAX_TOKENS, topK: TOP_K },
    aiDetection,
    humanized,
    metrics: {
      texts: rows.length,
      seed,
      aurocOutOfFold: {
        withModel: withModel.aiDetection.auroc.outOfFold,
        builtIn: builtInOnly.aiDetection.auroc.outOfFold,
      },
      aurocLeftOutDomain: {
        withModel: withModel.aiDetection.auroc.meanLeftOutDomain,
        builtIn: builtInOnly.aiDetection.auroc.meanLeftOutDomain,
      },
    },
    createdAt: new Date().toISOString(),
  };
  const out = values.commit ? path.join(COMMITTED_CALIBRATIONS, `${name}.json`) : calibrationPathFor(modelPath);
  mkdirSync(path.dirname(out), { recursive: true });
  await writeLanguageModelCalibration(out, calibration);
  log(`Wrote ${out}`);
  if (values.commit) {
    // The screens' picker says what the model changes at each level where the server has it.
    const pointsPath = path.join(repoRoot, 'packages/engines/ai-detect/model/operating-points.json');
    const points = JSON.parse(readFileSync(pointsPath, 'utf8')) as Record<string, unknown>;
    const pointsOf = (levels: LanguageModelCalibration['aiDetection']['levels']) =>
      Object.fromEntries(sensitivityLevels.map((level) => [level, operatingPointOf(levels, level)]));
    points.languageModel = {
      model: name,
      sha256,
      aiDetection: pointsOf(aiDetection.levels),
      humanized: pointsOf(humanized.levels),
    };
    writeFileSync(pointsPath, `${JSON.stringify(points, null, 2)}\n`);
    log(`Wrote ${pointsPath}`);
  }
  const minutes = (performance.now() - started) / 60_000;
  const report = languageModelReport({
    calibration,
    rows,
    withModel,
    builtInOnly,
    machine: machineTable(benchMachine()),
    minutes,
  });
  writeFileSync(path.join(repoRoot, 'bench/results/detector-language-model.md'), report);
  log('Wrote bench/results/detector-language-model.md');
  for (const [which, report] of Object.entries(withModel)) {
    log(
      `${which}: AUROC out of fold ${report.auroc.outOfFold.toFixed(3)} (built-in ${builtInOnly[which as 'aiDetection'].auroc.outOfFold.toFixed(3)}), leaving a domain out ${report.auroc.meanLeftOutDomain.toFixed(3)}`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error((error as Error).stack ?? (error as Error).message);
    process.exitCode = 1;
  });
}

export { CALIBRATION_FORMAT };
