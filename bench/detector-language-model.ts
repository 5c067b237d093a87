// The detectors with their language model (SmolLM2-135M; docs/ai-detector-local-model.md): accuracy with and without
// it on the same held-out splits (out of fold, a domain left out, a generator left out), per sensitivity level, from
// the model's scores `npm run train:curvature` keeps in .cache/detectors/ (it scores whatever is missing first); and
// speed on one thread: tokens per second, and a 1,000-word check end to end (the model's scores, the built-in
// detector, the combination). Needs the model: BENCH_DETECTOR_MODEL, else CANDOR_TEST_DETECTOR_MODEL, else
// MODELS_DIR (default .data/models) — `npm run models:fetch -- smollm2-135m`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createLanguageModelScorer, DEFAULT_MAX_TOKENS, TOP_K } from '../packages/engines/ai-detect/src/curvature.js';
import { checkLanguageModelCalibration, sha256File } from '../packages/engines/ai-detect/src/curvature-calibration.js';
import { defaultDetectorModel, detectAi } from '../packages/engines/ai-detect/src/index.js';
import { builtInHeldOut, calibrationTexts } from '../packages/engines/ai-detect/training/curvature.js';
import { loadDatasets } from '../packages/engines/ai-detect/training/dataset.js';
import { heldOutCombined, reportOf } from '../packages/engines/ai-detect/training/language-model-fit.js';
import { languageModelReport } from '../packages/engines/ai-detect/training/language-model-report.js';
import { languageModelSample, scoreWithCache } from '../packages/engines/ai-detect/training/language-model-sample.js';
import { CACHE_DIR } from '../packages/engines/ai-detect/training/score-cache.js';
import { detectHumanized } from '../packages/engines/humanized-detect/src/index.js';
import { tokenizeWords } from '../packages/engines/writing/src/tokenize.js';
import { machine, machineTable, writeResult } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const file = 'SmolLM2-135M-Instruct.Q4_1.gguf';
const modelPath = [
  process.env.BENCH_DETECTOR_MODEL,
  process.env.CANDOR_TEST_DETECTOR_MODEL,
  path.join(process.env.MODELS_DIR ?? path.join(root, '.data/models'), file),
].find((candidate): candidate is string => Boolean(candidate && existsSync(candidate)));
if (!modelPath) {
  console.error(`No ${file}: run npm run models:fetch -- smollm2-135m (or set BENCH_DETECTOR_MODEL).`);
  process.exit(1);
}
const datasetsDir = process.env.DATASETS_DIR ?? path.resolve(root, '../shared/datasets/text');
const log = (line: string) => console.info(line);
const detector = defaultDetectorModel();
const check = await checkLanguageModelCalibration(modelPath, detector);
if (!check.calibration) {
  console.error('problem' in check ? check.problem : 'not calibrated');
  process.exit(1);
}
const calibration = check.calibration;

// Accuracy: the held-out combination on the calibration sample, against the built-in detector alone.
const texts = loadDatasets(datasetsDir);
const sample = languageModelSample(texts, Number((calibration.metrics as { seed?: number }).seed ?? 1));
const scorer = createLanguageModelScorer({ modelPath, maxTokens: calibration.scoring.maxTokens });
const sha256 = await sha256File(modelPath);
const scored = await scoreWithCache(
  sample,
  scorer,
  path.join(CACHE_DIR, `lm-${sha256.slice(0, 16)}-${DEFAULT_MAX_TOKENS}-${TOP_K}.jsonl`),
  log,
);
const rows = calibrationTexts(texts, sample, scored.scores, builtInHeldOut(texts, log));
const withModel = {
  aiDetection: reportOf(
    rows,
    'aiDetection',
    heldOutCombined(rows, 'aiDetection'),
    calibration.aiDetection.levels,
    calibration.aiDetection.humanThreshold,
  ),
  humanized: reportOf(
    rows,
    'humanized',
    heldOutCombined(rows, 'humanized'),
    calibration.humanized.levels,
    calibration.humanized.humanThreshold,
  ),
};
const builtInOnly = {
  aiDetection: reportOf(
    rows,
    'aiDetection',
    heldOutCombined(rows, 'aiDetection', true),
    detector.file.levels,
    detector.file.humanThreshold,
  ),
  humanized: reportOf(
    rows,
    'humanized',
    heldOutCombined(rows, 'humanized', true),
    detector.file.humanizedLevels,
    detector.file.humanizedHumanThreshold,
  ),
};

// Speed on one thread: tokens per second over 40 sample texts, and a 1,000-word check end to end.
const speedTexts = sample.slice(0, 40).map((t) => t.text);
const fresh = createLanguageModelScorer({ modelPath, maxTokens: calibration.scoring.maxTokens, threads: 1 });
const loadStarted = performance.now();
await fresh.score('A first text loads the model.');
const loadMs = performance.now() - loadStarted;
let tokens = 0;
const started = performance.now();
for (const text of speedTexts) tokens += (await fresh.score(text)).tokens;
const tokensPerSecond = tokens / ((performance.now() - started) / 1000);
const essay = [];
for (const text of texts.filter((t) => t.domain === 'essays' && t.origin === 'human')) {
  essay.push(text.text);
  if (tokenizeWords(essay.join('\n\n')).length >= 1_000) break;
}
const thousand = tokenizeWords(essay.join('\n\n')).slice(0, 1_000);
const longText = essay.join('\n\n').slice(0, thousand.at(-1)?.end ?? 0);
const timings: { ai: number; humanized: number; lm: number; builtIn: number } = {
  ai: 0,
  humanized: 0,
  lm: 0,
  builtIn: 0,
};
let windows = 0;
let scoredTokens = 0;
let textTokens = 0;
const RUNS = 3;
for (let run = 0; run < RUNS; run++) {
  let t = performance.now();
  const score = await fresh.score(longText);
  timings.lm += performance.now() - t;
  ({ windows, tokens: scoredTokens, textTokens } = score);
  t = performance.now();
  detectAi(longText, detector);
  timings.builtIn += performance.now() - t;
  t = performance.now();
  detectAi(longText, detector, { languageModel: { score: await fresh.score(longText), calibration } });
  timings.ai += performance.now() - t;
  t = performance.now();
  detectHumanized(longText, detector, undefined, {
    languageModel: { score: await fresh.score(longText), calibration },
  });
  timings.humanized += performance.now() - t;
}
await fresh.close();
await scorer.close();
const ms = (value: number) => `${Math.round(value / RUNS).toLocaleString('en-US')} ms`;
const speed = `## Speed (one thread)

| measurement | result |
|---|---|
| loading the model (first score) | ${Math.round(loadMs).toLocaleString('en-US')} ms |
| tokens per second, ${speedTexts.length} sample texts (each up to ${calibration.scoring.maxTokens} tokens) | ${Math.round(tokensPerSecond).toLocaleString('en-US')} |
| a 1,000-word human essay (${textTokens.toLocaleString('en-US')} tokens): the model's scores (${windows} windows, ${scoredTokens} tokens scored) | ${ms(timings.lm)} |
| the same, built-in AI Detector alone | ${ms(timings.builtIn)} |
| the same, AI Detector end to end with the model (scores + built-in + combination) | ${ms(timings.ai)} |
| the same, Humanized Text Detector end to end with the model | ${ms(timings.humanized)} |

A long text is scored on a bounded sample of windows (at most ${calibration.scoring.maxTokens} tokens), so a check's cost on the
model does not grow with the text; the report says when it was sampled. Timings are medians of nothing: means of
${RUNS} runs on a machine shared with other work (its load is in the table above).
`;
writeResult(
  'detector-language-model',
  languageModelReport({
    calibration,
    rows,
    withModel,
    builtInOnly,
    machine: machineTable(machine()),
    minutes: 0,
    speed,
  }),
);
