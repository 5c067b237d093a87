// The generation tools' built-in engines: words per second on one core (one thread) for rewrite, humanize (with the AI
// Detector in its loop: four rewrites, each scored for meaning and by the detector), summarize and shorten. Corpus: 40
// AI-written texts of 150 words or more from ../shared/datasets/text (outfox essays and MixSet), each run as one
// request. Targets from issue 28: ≥ 2,000 words/s for rewrite and humanize, ≥ 20,000 for summarize and shorten.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultDetectorModel, detectAi } from '@candor/engine-ai-detect';
import { type AiJudge, countWords, enhance, humanize } from '@candor/engine-generate';
import { machine, machineTable, writeResult } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DATASETS = process.env.DATASETS_DIR ?? path.resolve(import.meta.dirname, '../../shared/datasets');
const texts = ['outfox-essays.jsonl', 'mixset.jsonl']
  .flatMap((file) =>
    readFileSync(path.join(DATASETS, 'text', file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { text: string; label: string }),
  )
  .filter((row) => row.label === 'ai' && countWords(row.text) >= 150)
  .slice(0, 40)
  .map((row) => row.text);
const words = texts.reduce((sum, text) => sum + countWords(text), 0);

const detector = defaultDetectorModel();
const judge: AiJudge = (text) => {
  const report = detectAi(text, detector);
  return { probability: report.ai_probability, label: report.label };
};
const base = { tone: 'neutral' as const, strength: 'balanced' as const, variants: 1, glossary: [] };

function measure(run: (text: string) => unknown) {
  const t0 = performance.now();
  for (const text of texts) run(text);
  const coldMs = performance.now() - t0;
  let rounds = 0;
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  while (performance.now() - started < SECONDS * 1000) {
    for (const text of texts) run(text);
    rounds++;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return {
    cold: Math.round(words / (coldMs / 1000)),
    wall: Math.round((rounds * words) / seconds),
    perCore: Math.round((rounds * words) / cpuSeconds),
    rounds,
  };
}

const engines = [
  ['rewrite', 2_000, (text: string) => enhance({ ...base, mode: 'rewrite', text, length: { ratio: 1 } })],
  [
    'humanize',
    2_000,
    (text: string) => humanize(text, { strength: 'balanced', readability: 'university', purpose: 'general' }, judge),
  ],
  ['summarize', 20_000, (text: string) => enhance({ ...base, mode: 'summarize', text, length: { ratio: 0.3 } })],
  ['shorten', 20_000, (text: string) => enhance({ ...base, mode: 'shorten', text, length: { ratio: 0.7 } })],
] as const;

const fmt = (n: number) => n.toLocaleString('en-US');
const rows: string[] = [];
for (const [name, target, run] of engines) {
  const result = measure(run);
  rows.push(
    `| ${name} | ${fmt(result.cold)} | ${fmt(result.wall)} | ${fmt(result.perCore)} | ${result.rounds} | ${fmt(target)} | ${result.perCore >= target ? 'met' : '**missed**'} |`,
  );
  console.info(rows.at(-1));
}

const markdown = `# Generation engines: speed

Words per second of the built-in engines (\`@candor/engine-generate\`) on one thread, each of ${texts.length} AI-written
texts (${fmt(words)} words, from ../shared/datasets/text) run as one request, as the engine thread of a run would. "First
run" includes loading the lexicon and the AI Detector's models; "wall" and "per core" repeat the texts for ${SECONDS} s;
per core divides by the CPU time the process used (the garbage collector's threads included), so it reads the same
on a machine whose other core is busy. Rewrite and summarize/shorten run with one variant; humanize tries four
rewrites and runs the detector on each (and on the input). Every output also gets its meaning score.

${machineTable(machine())}| load average (1 min, at the end) | ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores |

| engine | first run (words/s) | wall (words/s) | per core (words/s) | rounds | target per core | |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
console.info(markdown);
writeResult('generate-speed', markdown);
