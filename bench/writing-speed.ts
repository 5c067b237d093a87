// Writing Analysis speed: words per second on one core (one thread) for textStatistics() and analyzeWriting().
// Corpus: the GNU GPL v3 and Apache 2.0 licence texts shipped by Debian (/usr/share/common-licenses), ≈ 7,200 words
// of long-sentence legal English; falls back to the engine's fixtures when absent. Targets from issue 5:
// ≥ 200,000 words/s for the statistics, ≥ 20,000 words/s for the full analysis.
import { existsSync, readFileSync } from 'node:fs';
import { analyzeWriting, textStatistics } from '@candor/engine-writing';
import readabilityFixtures from '../packages/engines/writing/fixtures/readability.json' with { type: 'json' };
import { machine, machineTable, writeResult } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const files = ['/usr/share/common-licenses/GPL-3', '/usr/share/common-licenses/Apache-2.0'].filter((f) =>
  existsSync(f),
);
const corpus =
  files.length > 0
    ? files.map((f) => readFileSync(f, 'utf8')).join('\n\n')
    : readabilityFixtures.map((f) => f.text).join('\n\n');
const words = textStatistics(corpus).counts.words;

function measure(run: (text: string) => unknown) {
  const t0 = performance.now();
  run(corpus);
  const coldMs = performance.now() - t0;
  let runs = 0;
  const started = performance.now();
  while (performance.now() - started < SECONDS * 1000) {
    run(corpus);
    runs++;
  }
  const seconds = (performance.now() - started) / 1000;
  return { cold: Math.round(words / (coldMs / 1000)), warm: Math.round((runs * words) / seconds), runs };
}

const stats = measure(textStatistics);
const full = measure((text) => analyzeWriting(text));
const verdict = (n: number, target: number) => (n >= target ? 'met' : '**missed**');
const fmt = (n: number) => n.toLocaleString('en-US');

const markdown = `# Writing Analysis: speed

Words per second on one core (a single thread, so per core) for \`@candor/engine-writing\`. Corpus: ${
  files.length > 0 ? files.join(' + ') : 'the engine fixtures'
} (${fmt(words)} words). "First run" includes loading the Hunspell dictionary and the retext pipeline and
filling the syllable/spelling caches; "steady" repeats the same text for ${SECONDS} s with warm caches (a server
process is warm after its first request).

${machineTable(machine())}
| function | first run (words/s) | steady (words/s) | runs | target | |
|---|---|---|---|---|---|
| textStatistics | ${fmt(stats.cold)} | ${fmt(stats.warm)} | ${stats.runs} | 200,000 | ${verdict(stats.warm, 200_000)} |
| analyzeWriting | ${fmt(full.cold)} | ${fmt(full.warm)} | ${full.runs} | 20,000 | ${verdict(full.warm, 20_000)} |
`;
console.info(markdown);
writeResult('writing-speed', markdown);
