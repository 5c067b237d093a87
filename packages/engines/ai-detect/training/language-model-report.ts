import { TAIL_WEIGHT, TOP_K, WINDOW_CONTEXT, WINDOW_TOKENS } from '../src/curvature.js';
import type { LanguageModelCalibration } from '../src/curvature-calibration.js';
import { lengthTerm, type Sensitivity, sensitivityLevels, sensitivityNames } from '../src/sensitivity.js';
import type { CalibrationText, CombinationReport } from './language-model-fit.js';
import { AI_PER_GENERATOR, EDITED_TEXTS, HUMAN_PER_DOMAIN, HUMANIZED_TEXTS } from './language-model-sample.js';
import { MINIMUM_WORDS } from './pipeline.js';

const pct = (value: number) => (Number.isNaN(value) ? 'n/a' : `${(value * 100).toFixed(1)}%`);
const num = (value: number) => (Number.isNaN(value) ? 'n/a' : value.toFixed(3));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** Per level, with the model and without: out of fold, each left-out domain, each left-out generator. */
function levelTables(title: string, withModel: CombinationReport, builtIn: CombinationReport): string {
  const both = (cell: (r: CombinationReport['perLevel'][number]) => string) =>
    withModel.perLevel.map((l, k) => `${cell(l)} (${cell(builtIn.perLevel[k] as typeof l)})`);
  const domains = withModel.perLevel[0]?.byDomain.map((d) => d.domain) ?? [];
  const generators = withModel.perLevel[0]?.byGenerator.map((g) => g.generator) ?? [];
  return `#### ${title}

| | with the model | built-in alone |
|---|---|---|
| AUROC out of fold | ${num(withModel.auroc.outOfFold)} | ${num(builtIn.auroc.outOfFold)} |
| AUROC leaving a domain out (mean) | ${num(withModel.auroc.meanLeftOutDomain)} | ${num(builtIn.auroc.meanLeftOutDomain)} |
${Object.keys(withModel.auroc.byGenerator).length > 0 ? `| AUROC leaving a generator out (mean) | ${num(withModel.auroc.meanLeftOutGenerator)} | ${num(builtIn.auroc.meanLeftOutGenerator)} |\n` : ''}${domains.map((d) => `| AUROC, ${d} left out | ${num(withModel.auroc.byDomain[d] ?? Number.NaN)} | ${num(builtIn.auroc.byDomain[d] ?? Number.NaN)} |`).join('\n')}

Per level, with the model (built-in alone in brackets, at its own levels):

| level | human texts flagged out of fold | AI texts called AI out of fold | mean over left-out generators${withModel.perLevel[0]?.humanizedMacroF1 !== undefined ? ' | macro-F1 out of fold' : ''} |
|---|---|---|---|${withModel.perLevel[0]?.humanizedMacroF1 !== undefined ? '---|' : ''}
${withModel.perLevel
  .map((l, k) => {
    const b = builtIn.perLevel[k] as typeof l;
    return `| ${sensitivityNames[l.level]} | ${pct(l.outOfFold.falsePositiveRate)} (${pct(b.outOfFold.falsePositiveRate)}) | ${pct(l.outOfFold.detectionRate)} (${pct(b.outOfFold.detectionRate)}) | ${pct(l.meanGeneratorDetection)} (${pct(b.meanGeneratorDetection)})${l.humanizedMacroF1 !== undefined ? ` | ${num(l.humanizedMacroF1)} (${num(b.humanizedMacroF1 ?? Number.NaN)})` : ''} |`;
  })
  .join('\n')}

Human texts flagged / nested / AI texts called AI, each domain left out (Strict · Balanced · Sensitive; built-in alone
in brackets):

| domain | human | AI | human texts flagged | nested | AI texts called AI |
|---|---|---|---|---|---|
${domains
  .map((domain, k) => {
    const row = withModel.perLevel[0]?.byDomain[k];
    const cells = (f: (d: CombinationReport['perLevel'][number]['byDomain'][number]) => number) =>
      both((l) => pct(f(l.byDomain[k] as CombinationReport['perLevel'][number]['byDomain'][number]))).join(' · ');
    return `| ${domain} | ${row?.human} | ${row?.ai} | ${cells((d) => d.falsePositiveRate)} | ${cells((d) => d.nestedFalsePositiveRate)} | ${cells((d) => d.detectionRate)} |`;
  })
  .join('\n')}
${
  generators.length > 0
    ? `
AI texts called AI, each generator left out (Strict · Balanced · Sensitive; built-in alone in brackets):

| generator | texts | AUROC | called AI |
|---|---|---|---|
${generators
  .map((generator, k) => {
    const row = withModel.perLevel[0]?.byGenerator[k];
    return `| ${generator} | ${row?.texts} | ${num(withModel.auroc.byGenerator[generator] ?? Number.NaN)} (${num(builtIn.auroc.byGenerator[generator] ?? Number.NaN)}) | ${both((l) => pct(l.byGenerator[k]?.detectionRate ?? Number.NaN)).join(' · ')} |`;
  })
  .join('\n')}
`
    : ''
}`;
}

export function languageModelReport(input: {
  calibration: LanguageModelCalibration;
  rows: readonly CalibrationText[];
  withModel: { aiDetection: CombinationReport; humanized: CombinationReport };
  builtInOnly: { aiDetection: CombinationReport; humanized: CombinationReport };
  machine: string;
  minutes: number;
  /** The speed section, from bench/detector-language-model.ts. */
  speed?: string;
}): string {
  const { calibration, rows, withModel, builtInOnly } = input;
  const lv = calibration.aiDetection.levels;
  const line = (level: Sensitivity, words: number) =>
    pct(sigmoid(lv[level].atHundredWords + lv[level].lengthSlope * lengthTerm(words)));
  // A level draws a line per kind of writing (as the built-in detector's do) where that catches more AI texts.
  const thresholdsOf = (level: Sensitivity) => {
    const byDomain = lv[level].byDomain;
    const name = sensitivityNames[level];
    return byDomain
      ? `${name}: a line per kind of writing the built-in classifier takes a text for, ${Object.entries(byDomain)
          .map(([domain, value]) => `${domain} ${pct(sigmoid(value))}`)
          .join(', ')}.`
      : `${name}: one line, ${line(level, 50)} / ${line(level, 100)} / ${line(level, 400)} at 50 / 100 / 400 words.`;
  };
  const weights = calibration.aiDetection.combiner.weights;
  const scale = calibration.aiDetection.combiner.scale;
  return `# The detectors with a language model: accuracy on held-out splits

Produced by \`npm run train:curvature -- --model … --commit\` (packages/engines/ai-detect/training/curvature.ts) and
\`bench/detector-language-model.ts\` (which adds the speed) for ${calibration.model.file} (sha256
\`${calibration.model.sha256}\`), against the built-in detector ${calibration.builtIn.name} ${calibration.builtIn.version}.
Method: docs/ai-detector-local-model.md.

${input.machine}
## Sample

${rows.length} texts of \`../shared/datasets/text\` (seeded, \`training/language-model-sample.ts\`): up to ${HUMAN_PER_DOMAIN} human texts of each
domain, up to ${AI_PER_GENERATOR} AI texts of each generator spread over its domains, ${HUMANIZED_TEXTS} disguised and ${EDITED_TEXTS}
edited AI texts, each of ${MINIMUM_WORDS} words or more; ${rows.filter((r) => r.label === 0).length} human, ${rows.filter((r) => r.label === 1).length} AI. Each text is scored on at most
${calibration.scoring.maxTokens} tokens (longer ones on ${calibration.scoring.maxTokens / WINDOW_TOKENS} windows of ${WINDOW_TOKENS} spread over the text, each after ${WINDOW_CONTEXT} tokens of context), each
position read from the observed token's logit, the top ${TOP_K} logits and \`totalLogitWeight\` (tail weight ${TAIL_WEIGHT}).
Speed is measured by \`bench/detector-language-model.ts\` (below, when it wrote this report).

"Built-in alone" is the same texts' held-out built-in scores at the committed built-in levels; "with the model" the
combination, its own levels chosen the same way on its own held-out scores. Out of fold: the combination fitted on
four folds (by text group), the built-in score out of fold too. A domain left out: the built-in score from the run
without the domain, the combination fitted without it. A generator left out: likewise, against the held-out human
texts (fold 0).

Combination (AI Detector), pushes per standard deviation: built-in log-odds ${num((weights[1]?.[0] ?? 0) - (weights[0]?.[0] ?? 0))},
curvature ${num((weights[1]?.[1] ?? 0) - (weights[0]?.[1] ?? 0))}, log-likelihood ${num((weights[1]?.[2] ?? 0) - (weights[0]?.[2] ?? 0))},
log-rank ${num((weights[1]?.[3] ?? 0) - (weights[0]?.[3] ?? 0))}, entropy ${num((weights[1]?.[4] ?? 0) - (weights[0]?.[4] ?? 0))} (scales ${scale.map((s) => s.toFixed(3)).join(', ')}).
${sensitivityLevels.map(thresholdsOf).join('\n')}

## AI Detector

${levelTables('Human vs AI', withModel.aiDetection, builtInOnly.aiDetection)}

## Humanized Text Detector

The level's line is drawn on the probability that a text is AI-written, disguised or not; the split between the two
stays the built-in detector's.

${levelTables('Human vs AI (disguised or not)', withModel.humanized, builtInOnly.humanized)}
${input.speed ? `\n${input.speed}` : ''}`;
}
