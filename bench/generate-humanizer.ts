// The AI Humanizer's built-in engine on AI-written texts it was not tuned on: of the texts the AI Detector calls AI,
// the share it no longer calls AI after the rewrite; the mean meaning score; and the share of protected spans (numbers,
// dates, names, quotations, citations, addresses, code, technical terms) kept — which must be 100 %. The engine was
// tuned on the texts of ../shared/datasets/text whose FNV-1a hash is 0 mod 5; these are drawn from the other four
// fifths, seeded. (The AI Detector itself was trained on these files: its verdicts on them are in-sample for it.)
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultDetectorModel, detectAi } from '@candor/engine-ai-detect';
import { type AiJudge, countWords, humanize, protectedSpansFor } from '@candor/engine-generate';
import { machine, machineTable, seededRandom, writeResult } from './lib.mjs';

const DATASETS = process.env.DATASETS_DIR ?? path.resolve(import.meta.dirname, '../../shared/datasets');
const SAMPLE = Number(process.env.BENCH_HUMANIZER_SAMPLE ?? 150);
const SEED = Number(process.env.BENCH_HUMANIZER_SEED ?? 28);

/** FNV-1a, as the engine's tuning split used it (packages/engines/generate/src/text.ts `hashString`). */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

const files = [
  'outfox-essays.jsonl',
  'mixset.jsonl',
  'fastdetect-glimpse.jsonl',
  'fastdetect-legacy-open-models.jsonl',
];
const pool = files.flatMap((file) =>
  readFileSync(path.join(DATASETS, 'text', file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => ({ ...(JSON.parse(line) as { text: string; label: string; domain: string }), file }))
    .filter((row) => row.label === 'ai' && hash(row.text) % 5 !== 0 && countWords(row.text) >= 100),
);
const random = seededRandom(SEED);
const sample = [...pool]
  .map((row) => ({ row, key: random() }))
  .sort((a, b) => a.key - b.key)
  .slice(0, SAMPLE)
  .map(({ row }) => row);

const detector = defaultDetectorModel();
const judge: AiJudge = (text) => {
  const report = detectAi(text, detector);
  return { probability: report.ai_probability, label: report.label };
};

interface Tally {
  calledAi: number;
  noLongerAi: number;
  meaning: number;
  belowFloor: number;
  spans: number;
  kept: number;
  before: number;
  after: number;
  changed: number;
}
const results: Record<string, Tally> = {};
const t0 = performance.now();
for (const strength of ['light', 'balanced', 'strong'] as const) {
  const tally: Tally = {
    calledAi: 0,
    noLongerAi: 0,
    meaning: 0,
    belowFloor: 0,
    spans: 0,
    kept: 0,
    before: 0,
    after: 0,
    changed: 0,
  };
  for (const row of sample) {
    const result = humanize(row.text, { strength, readability: 'university', purpose: 'general' }, judge);
    // Kept spans counted independently of the engine's own count: every protected text of the input, in the output.
    const spans = protectedSpansFor(row.text);
    tally.spans += spans.length;
    tally.kept += spans.filter((span) => result.text.includes(row.text.slice(span.start, span.end))).length;
    tally.meaning += result.meaning.score;
    tally.belowFloor += result.below_floor ? 1 : 0;
    tally.before += result.ai_probability_before ?? 0;
    tally.after += result.ai_probability_after ?? 0;
    tally.changed += result.changed_share;
    if (result.label_before === 'ai') {
      tally.calledAi++;
      if (result.label_after !== 'ai') tally.noLongerAi++;
    }
  }
  results[strength] = tally;
  console.info(strength, tally);
}
const minutes = (performance.now() - t0) / 60_000;

const pct = (a: number, b: number) => (b === 0 ? '—' : `${((100 * a) / b).toFixed(1)} %`);
const rows = Object.entries(results).map(
  ([strength, t]) =>
    `| ${strength} | ${t.calledAi} | ${t.noLongerAi} (${pct(t.noLongerAi, t.calledAi)}) | ${(t.before / sample.length).toFixed(3)} → ${(t.after / sample.length).toFixed(3)} | ${(t.meaning / sample.length).toFixed(3)} | ${pct(t.belowFloor, sample.length)} | ${pct(t.changed, sample.length)} | ${t.kept} / ${t.spans} (${pct(t.kept, t.spans)}) |`,
);
const byFile = files.map((file) => `${file}: ${sample.filter((row) => row.file === file).length}`).join(', ');

const markdown = `# AI Humanizer: held-out AI texts

The built-in humanizer (\`@candor/engine-generate\`, reading level university, purpose general) on ${sample.length} AI-written
texts of 100 words or more drawn (seed ${SEED}) from the four fifths of ../shared/datasets/text the engine was never
tuned on (${byFile}). For each strength: the texts the AI Detector called AI before, and how many it no longer calls
AI after (uncertain, mixed or human); its mean probability before and after; the mean meaning score and the share
under the 0.8 floor; the mean share of words changed; and the protected spans of the inputs found unchanged in the
outputs (must be 100 %). The AI Detector was trained on these files, so its verdicts here are in-sample for it: a
detector that never saw them would be easier to move. ${minutes.toFixed(1)} minutes.

${machineTable(machine())}| load average (1 min, at the end) | ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores |

| strength | called AI before | no longer called AI | mean AI probability | mean meaning | under the floor | words changed | protected spans kept |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
console.info(markdown);
writeResult('generate-humanizer', markdown);
