// The AI detector's optional local-model scorer (Fast-DetectGPT's analytic sampling discrepancy with one GGUF model as
// sampler and scorer, packages/engines/ai-detect/src/curvature.ts) with the tiny stories260K test model: scoring
// speed, and AUROC alone and combined with the built-in detector on a fixed, seeded sample of ../shared/datasets/text.
// The same steps as `npm run train:curvature`, without writing a calibration file. stories260K only knows children's
// stories, so its curvature says little about news or essays: the numbers measure the pipeline, not a real model.
import path from 'node:path';
import { createCurvatureScorer, DEFAULT_CURVATURE_MAX_TOKENS } from '../packages/engines/ai-detect/src/curvature.js';
import { fitCurvatureCombination } from '../packages/engines/ai-detect/src/curvature-fit.js';
import {
  outOfFoldBuiltIn,
  sampleCalibrationTexts,
  scoreSample,
} from '../packages/engines/ai-detect/training/curvature.js';
import { loadDatasets } from '../packages/engines/ai-detect/training/dataset.js';
import { auroc } from '../packages/engines/ai-detect/training/metrics.js';
import { machine, machineTable, writeResult } from './lib.mjs';

const SAMPLE = Number(process.env.BENCH_CURVATURE_SAMPLE ?? 400);
const SEED = Number(process.env.BENCH_CURVATURE_SEED ?? 1);
const datasetsDir = process.env.DATASETS_DIR ?? path.resolve(import.meta.dirname, '../../shared/datasets/text');
const modelPath = path.resolve(import.meta.dirname, '../packages/llm/src/testing/fixtures/stories260K.gguf');

const texts = loadDatasets(datasetsDir);
const sample = sampleCalibrationTexts(texts, SAMPLE, SEED);
const builtIn = outOfFoldBuiltIn(texts, (line) => console.info(line));
const scorer = createCurvatureScorer({ modelPath });
const loadStarted = performance.now();
await scorer.score('Once upon a time there was a little cat.');
const loadMs = performance.now() - loadStarted;
let scored: Awaited<ReturnType<typeof scoreSample>>;
try {
  scored = await scoreSample(sample, builtIn, scorer, (line) => console.info(line));
} finally {
  await scorer.close();
}
const { rows } = scored;
const fit = fitCurvatureCombination(rows);
const tokensPerSecond = Math.round(scored.tokens / scored.seconds);
const meanTokens = Math.round(scored.tokens / rows.length);
const truncated = rows.filter((row) => row.tokens >= DEFAULT_CURVATURE_MAX_TOKENS).length;

const f3 = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(3));
const domains = [...new Set(rows.map((row) => row.text.domain))].sort();
const domainRows = domains.map((domain) => {
  const at = rows.map((row, i) => ({ row, i })).filter(({ row }) => row.text.domain === domain);
  const labels = at.map(({ row }) => row.label === 1);
  const count = (label: 0 | 1) => at.filter(({ row }) => row.label === label).length;
  return `| ${domain} | ${count(0)} / ${count(1)} | ${f3(
    auroc(
      at.map(({ row }) => row.builtInLogOdds),
      labels,
    ),
  )} | ${f3(
    auroc(
      at.map(({ row }) => row.discrepancy),
      labels,
    ),
  )} | ${f3(
    auroc(
      at.map(({ i }) => fit.outOfFold[i] as number),
      labels,
    ),
  )} |`;
});
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);
const discrepancyOf = (label: 0 | 1) => rows.filter((row) => row.label === label).map((row) => row.discrepancy);
const human = rows.filter((row) => row.label === 0).length;

const markdown = `# AI detector: the local-model curvature scorer (stories260K)

Fast-DetectGPT's analytic sampling discrepancy (Bao et al., 2024) with one GGUF model as sampler and scorer, summed
over the whole vocabulary at every token (\`packages/engines/ai-detect/src/curvature.ts\`), combined with the built-in
detector's document log-odds by a two-feature logistic regression (\`npm run train:curvature\`, the same steps). Model:
the 1.2 MB **stories260K** test GGUF (TinyStories, 512-token vocabulary), CPU, one thread. Sample: ${rows.length}
texts of ≥ 40 words from \`../shared/datasets/text\`, half human, half AI, domains in proportion (seed ${SEED}).

**Read the AUROC as a check of the plumbing, not of the method**: stories260K knows nothing but children's stories, so
every real text is far out of its distribution (mean discrepancy ${mean(discrepancyOf(0)).toFixed(1)} on human and
${mean(discrepancyOf(1)).toFixed(1)} on AI texts, where its own writing scores about +3 to +6), and its curvature is
near chance. The built-in log-odds are out of fold, as \`npm run train:detectors\` evaluates the method: each text is
scored by language models counted without its fold and a document classifier fitted without it (the committed model
was fitted on these very texts, so its own scores here would flatter it).

${machineTable(machine())}
## Speed

| measurement | value |
|---|---|
| model load (first request) | ${Math.round(loadMs)} ms |
| scoring throughput | ${tokensPerSecond.toLocaleString('en-US')} tokens/s (one thread; full-vocabulary log-softmax per token included) |
| tokens per text (cap ${DEFAULT_CURVATURE_MAX_TOKENS.toLocaleString('en-US')}) | mean ${meanTokens}; ${truncated} of ${rows.length} texts cut at the cap |

## AUROC, human vs AI (${human} human, ${rows.length - human} AI texts)

| scorer | AUROC |
|---|---|
| built-in detector alone | ${f3(fit.auroc.builtIn)} |
| stories260K curvature alone | ${f3(fit.auroc.curvature)} |
| combined, out of fold (5 folds by text group) | ${f3(fit.auroc.combined)} |
| combined, in sample | ${f3(fit.auroc.combinedInSample)} |

Combined weights (standardised features, AI minus human): built-in ${(
  (fit.combiner.weights[1]?.[0] ?? 0) - (fit.combiner.weights[0]?.[0] ?? 0)
).toFixed(3)}, curvature ${((fit.combiner.weights[1]?.[1] ?? 0) - (fit.combiner.weights[0]?.[1] ?? 0)).toFixed(3)}.
Thresholds of the combined probability (out of fold): AI ${fit.threshold.toFixed(3)}, human ${fit.humanThreshold.toFixed(3)}.

### By domain (human / AI texts; combined out of fold)

| domain | texts | built-in | curvature | combined |
|---|---|---|---|---|
${domainRows.join('\n')}
`;
console.info(markdown);
writeResult('detector-curvature', markdown);
