// Plagiarism speed on one core: index build time and size for 1k / 10k / 100k documents, and median / p95 time
// to check a 1,000-word text. Documents: distinct texts of ../shared/datasets/text; past those, documents of
// ~300 words built deterministically (seeded PRNG) by recombining sentences of different texts.
// Target from issue 6: ≤ 500 ms median at 10k documents.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createIndex } from '@candor/engine-plagiarism';
import { machine, machineTable, seededRandom, writeResult } from './lib.mjs';

const DATA = path.resolve(import.meta.dirname, '../../shared/datasets/text');
const SIZES = [1_000, 10_000, 100_000];
const QUERIES = 30;
const QUERY_WORDS = 1_000;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const random = seededRandom(6);
const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

// Query material (OUTFOX human essays) is kept out of the index; every other distinct text may be indexed.
const datasetTexts: string[] = [];
const essays: string[] = [];
const seen = new Set<string>();
for (const file of readdirSync(DATA)
  .filter((f) => f.endsWith('.jsonl'))
  .sort()) {
  for (const line of readFileSync(path.join(DATA, file), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as { text: string; label: string; domain: string };
    if (seen.has(row.text) || wordCount(row.text) < 50) continue;
    seen.add(row.text);
    if (row.domain === 'student essay' && row.label === 'human') essays.push(row.text);
    else datasetTexts.push(row.text);
  }
}
const sentences = datasetTexts.flatMap((text) => text.split(/(?<=[.!?])\s+/).filter((s) => wordCount(s) >= 4));

function recombined(): string {
  const parts: string[] = [];
  let words = 0;
  while (words < 300) {
    const sentence = pick(sentences);
    parts.push(sentence);
    words += wordCount(sentence);
  }
  return parts.join(' ');
}

const largest = SIZES.at(-1) as number;
const documents = [...datasetTexts];
while (documents.length < largest) documents.push(recombined());
const meanWords = (count: number) =>
  Math.round(documents.slice(0, count).reduce((sum, d) => sum + wordCount(d), 0) / count);

/** A 1,000-word text: half sentences of indexed documents (so alignment has work to do), half unindexed essays. */
function queryText(indexedCount: number): string {
  const parts: string[] = [];
  let words = 0;
  while (words < QUERY_WORDS) {
    const source = random() < 0.5 ? documents[Math.floor(random() * indexedCount)] : pick(essays);
    const own = (source as string).split(/(?<=[.!?])\s+/);
    const first = Math.floor(random() * own.length);
    for (const sentence of own.slice(first, first + 3)) {
      if (words >= QUERY_WORDS) break;
      parts.push(sentence);
      words += wordCount(sentence);
    }
  }
  return parts.join(' ');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
const fmt = (n: number) => n.toLocaleString('en-US');
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

const rows: string[] = [];
let tenThousandMedian = Number.NaN;
for (const size of SIZES) {
  gc();
  const heapBefore = process.memoryUsage();
  const started = performance.now();
  const index = createIndex();
  for (let n = 0; n < size; n++) index.add({ id: `doc-${n}`, text: documents[n] as string });
  const stats = index.stats(); // sorts the pending postings, so it belongs to the build
  const buildSeconds = (performance.now() - started) / 1000;
  gc();
  const heapAfter = process.memoryUsage();
  const measured = heapAfter.heapUsed + heapAfter.arrayBuffers - heapBefore.heapUsed - heapBefore.arrayBuffers;

  const queries = Array.from({ length: QUERIES }, () => queryText(size));
  index.query(queries[0] as string); // warm-up: the JIT, not the index, is cold on the first call
  const times: number[] = [];
  let matched = 0;
  for (const text of queries) {
    const t0 = performance.now();
    const report = index.query(text);
    times.push(performance.now() - t0);
    matched += report.similarity;
  }
  times.sort((a, b) => a - b);
  const median = percentile(times, 0.5);
  if (size === 10_000) tenThousandMedian = median;
  rows.push(
    `| ${fmt(size)} | ${meanWords(size)} | ${buildSeconds.toFixed(1)} | ${fmt(stats.fingerprints)} | ${mib(stats.bytes)} | ${mib(measured)} | ${median.toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} | ${(matched / QUERIES).toFixed(2)} |`,
  );
  console.info(rows.at(-1));
}

const verdict = tenThousandMedian <= 500 ? 'met' : '**missed**';
const markdown = `# Plagiarism: speed

\`@candor/engine-plagiarism\` on one core (one thread). Documents: the ${fmt(datasetTexts.length)} distinct texts of
\`../shared/datasets/text\` (of 50+ words, OUTFOX human essays held out), then documents of ~300 words built by
recombining random sentences of those texts (seeded). Build = \`add()\` of every document plus the one sort of the
postings. Size: \`index.stats().bytes\` (typed arrays as allocated plus ids) and the growth of the V8 heap and array
buffers after a forced GC. Queries: ${QUERIES} texts of ${fmt(QUERY_WORDS)} words, half runs of sentences from indexed
documents and half from held-out essays, timed after one warm-up query; "similarity" is their mean result.

${machineTable(machine())}
| documents | mean words | build (s) | fingerprints | index size (MiB) | heap growth (MiB) | query median (ms) | query p95 (ms) | similarity |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Target: a 1,000-word text against 10,000 documents in ≤ 500 ms median — ${verdict} (${tenThousandMedian.toFixed(1)} ms).
`;
console.info(markdown);
writeResult('plagiarism-speed', markdown);
