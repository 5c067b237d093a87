// AI and humanized-text detectors: words per second on one core (one thread) with the committed model. Corpus: the
// GNU GPL v3 and Apache 2.0 licence texts shipped by Debian, falling back to the engine's own sample. Target from
// issue 6: ≥ 20,000 words/s per core for ai-detect with the built-in method.
import { existsSync, readFileSync } from 'node:fs';
import { defaultDetectorModel, detectAi } from '@candor/engine-ai-detect';
import { detectHumanized } from '@candor/engine-humanized-detect';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { machine, machineTable, writeResult } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const files = ['/usr/share/common-licenses/GPL-3', '/usr/share/common-licenses/Apache-2.0'].filter((f) =>
  existsSync(f),
);
const corpus = files.map((f) => readFileSync(f, 'utf8')).join('\n\n');
const words = tokenizeWords(corpus).length;

const loadStarted = performance.now();
const model = defaultDetectorModel();
const loadMs = performance.now() - loadStarted;

function measure(run: (text: string) => unknown) {
  run(corpus);
  let runs = 0;
  const started = performance.now();
  while (performance.now() - started < SECONDS * 1000) {
    run(corpus);
    runs++;
  }
  return Math.round((runs * words) / ((performance.now() - started) / 1000));
}

const ai = measure((text) => detectAi(text, model));
const humanized = measure((text) => detectHumanized(text, model));
const fmt = (n: number) => n.toLocaleString('en-US');
const markdown = `# AI and humanized-text detectors: speed

Words per second on one core for the built-in method (word trigram model, features, linear models, sentence scores,
the jackknife interval). Corpus: ${files.join(' + ') || 'none found'} (${fmt(words)} words), repeated for ${SECONDS} s.
Loading the model file (once per worker thread): ${Math.round(loadMs)} ms.

${machineTable(machine())}
| engine | steady (words/s) | target | |
|---|---|---|---|
| ai-detect | ${fmt(ai)} | 20,000 | ${ai >= 20_000 ? 'met' : '**missed**'} |
| humanized-detect | ${fmt(humanized)} | — | |
`;
console.info(markdown);
writeResult('detector-speed', markdown);
