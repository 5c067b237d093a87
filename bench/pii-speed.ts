// PII engine throughput on one core: MB/s of detectPii with pattern recognisers only (names: false) and with name
// recognition, on 1, 5, 10 and 50 MB of two kinds of text — the labelled corpus's documents (dense with PII and
// look-alikes) and human prose from ../shared/datasets/text (news, stories, Wikipedia, essays); median of runs.
// BENCH_PII_BEFORE=<an older engine's src folder> times it too, run for run in turn with today's, on the same texts.
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { detectPii } from '@candor/engine-pii';
import { machine, machineTable, writeResult } from './lib.mjs';
import { buildPiiCorpus } from './pii-corpus.js';

const SIZES_MB = (process.env.BENCH_PII_SIZES ?? '1,5,10,50').split(',').map(Number);
const RUNS = Number(process.env.BENCH_PII_RUNS ?? 5);
const MB = 1_000_000;

const DATA = path.resolve(import.meta.dirname, '../../shared/datasets/text');
type Detect = (text: string, options?: { names?: boolean }) => unknown[];
const BEFORE_DIR = process.env.BENCH_PII_BEFORE;
const engines: Array<[string, Detect]> = [['now', detectPii]];
if (BEFORE_DIR) {
  const before = (await import(pathToFileURL(path.resolve(BEFORE_DIR, 'detect.ts')).href)) as { detectPii: Detect };
  engines.push(['before', before.detectPii]);
}

const corpus = buildPiiCorpus({ documents: 4000 });
const densePool = corpus.documents.map((d) => d.text);
const poolBytes = densePool.reduce((n, t) => n + Buffer.byteLength(t) + 2, 0);

/** Distinct human texts of the shared datasets (empty when they are not there). */
function prosePool(): string[] {
  const seen = new Set<string>();
  const texts: string[] = [];
  for (const file of ['fastdetect-legacy-open-models.jsonl', 'outfox-essays.jsonl']) {
    const full = path.join(DATA, file);
    if (!existsSync(full)) continue;
    for (const line of readFileSync(full, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const row = JSON.parse(line) as { text: string; label: string };
      const opening = row.text.slice(0, 80);
      if (row.label !== 'human' || seen.has(opening)) continue;
      seen.add(opening);
      texts.push(row.text);
    }
  }
  return texts;
}
const prose = prosePool();
const proseBytes = prose.reduce((n, t) => n + Buffer.byteLength(t) + 2, 0);

/** About `mb` megabytes (UTF-8) of the pool's texts separated by blank lines, repeated as needed. */
function textOf(pool: readonly string[], mb: number): string {
  const parts: string[] = [];
  let bytes = 0;
  for (let i = 0; bytes < mb * MB; i++) {
    const doc = pool[i % pool.length] as string;
    parts.push(doc);
    bytes += Buffer.byteLength(doc) + 2;
  }
  return parts.join('\n\n');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

interface Row {
  engine: string;
  kind: string;
  mb: number;
  bytes: number;
  names: boolean;
  runs: number;
  seconds: number;
  cpuSeconds: number;
  findings: number;
}

const rows: Row[] = [];
const kinds: Array<[string, readonly string[]]> = [['PII-dense corpus', densePool]];
if (prose.length > 0) kinds.push(['prose', prose]);
// Warm-up: compile the regular expressions and load compromise before timing.
for (const [, detect] of engines) detect(textOf(densePool, 0.2));
for (const [kind, pool] of kinds) {
  for (const mb of SIZES_MB) {
    const text = textOf(pool, mb);
    const bytes = Buffer.byteLength(text);
    for (const names of [false, true]) {
      const runs = mb >= 50 ? Math.min(RUNS, 3) : RUNS;
      const wall = new Map<string, number[]>(engines.map(([name]) => [name, []]));
      const cpu = new Map<string, number[]>(engines.map(([name]) => [name, []]));
      const findings = new Map<string, number>();
      // Engines take turns run by run, so load from other work on the machine falls on both alike.
      for (let r = 0; r < runs; r++) {
        for (const [name, detect] of engines) {
          const cpuBefore = process.cpuUsage();
          const started = performance.now();
          findings.set(name, detect(text, { names }).length);
          wall.get(name)?.push((performance.now() - started) / 1000);
          const used = process.cpuUsage(cpuBefore);
          cpu.get(name)?.push((used.user + used.system) / 1e6);
        }
      }
      for (const [engine] of engines) {
        const row = {
          engine,
          kind,
          mb,
          bytes,
          names,
          runs,
          seconds: median(wall.get(engine) ?? []),
          cpuSeconds: median(cpu.get(engine) ?? []),
          findings: findings.get(engine) ?? 0,
        };
        rows.push(row);
        console.info(
          `${engine} ${kind} ${mb} MB names=${names}: ${(bytes / MB / row.seconds).toFixed(2)} MB/s wall, ${(bytes / MB / row.cpuSeconds).toFixed(2)} MB/s CPU (${row.findings} findings)`,
        );
      }
    }
  }
}

const target = (names: boolean) => (names ? 1 : 5);
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');
let md = `# PII engine: speed

\`detectPii(text, { names })\` in one thread, default thresholds, on two kinds of text, each made by concatenating
documents (repeated as needed, separated by blank lines):

- **PII-dense corpus**: the documents of the labelled corpus (\`bench/pii-corpus.ts\`, ${densePool.length} documents,
  ${(poolBytes / MB).toFixed(2)} MB) — about one finding every ${Math.round(poolBytes / corpus.documents.reduce((n, d) => n + d.entities.length, 0))} bytes, far denser than real text;
- **prose**: ${prose.length.toLocaleString('en')} distinct human texts from \`../shared/datasets/text\` (news, stories, Wikipedia, PubMed, student
  essays; ${(proseBytes / MB).toFixed(1)} MB) — many capitalised names, few identifiers.

MB = 10⁶ bytes of UTF-8. Each figure is the median of ${RUNS} runs (3 at 50 MB) after a warm-up. "patterns only" is
\`names: false\` (every recogniser except person, place and organisation names); "with names" adds them (capitalised
runs, gazetteers, context words, and compromise's tagger on at most 4 + 1 per 20 kB ambiguous clauses).
**Per core** is bytes over the process's CPU time (user + system, \`process.cpuUsage\`); **wall** is bytes over
elapsed time. They differ when other work shares the machine: the load average was ${load} (1 / 5 / 15 min) at the end
of this run on ${os.cpus().length} cores.

${BEFORE_DIR ? `**Before / after**: "before" is the engine at \`${BEFORE_DIR}\`, timed on the same texts, the two engines taking turns run by run.\n\n` : ''}${machineTable(machine())}
| text | size | recognisers | median wall time | per core (CPU time) | wall | findings | target (per core) |${BEFORE_DIR ? ' before: per core | before: findings |' : ''}
|---|---|---|---|---|---|---|---|${BEFORE_DIR ? '---|---|' : ''}
`;
for (const row of rows.filter((r) => r.engine === 'now')) {
  const perCore = row.bytes / MB / row.cpuSeconds;
  const wall = row.bytes / MB / row.seconds;
  const then = rows.find(
    (r) => r.engine === 'before' && r.kind === row.kind && r.mb === row.mb && r.names === row.names,
  );
  const beforeCells = then
    ? ` ${(then.bytes / MB / then.cpuSeconds).toFixed(2)} MB/s | ${then.findings.toLocaleString('en')} |`
    : '';
  md += `| ${row.kind} | ${row.mb} MB | ${row.names ? 'with names' : 'patterns only'} | ${row.seconds.toFixed(2)} s | ${perCore.toFixed(2)} MB/s | ${wall.toFixed(2)} MB/s | ${row.findings.toLocaleString('en')} | ≥ ${target(row.names)} MB/s ${perCore >= target(row.names) ? '(met)' : '(**not met**)'} |${beforeCells}\n`;
}
const linearity = (kind: string, names: boolean) => {
  const own = rows.filter((r) => r.engine === 'now' && r.kind === kind && r.names === names);
  const first = own[0] as Row;
  const last = own[own.length - 1] as Row;
  return (last.cpuSeconds / last.bytes / (first.cpuSeconds / first.bytes)).toFixed(2);
};
md += `\nCPU time per byte at ${SIZES_MB[SIZES_MB.length - 1]} MB relative to ${SIZES_MB[0]} MB (1.00 = perfectly linear):\n\n`;
for (const [kind] of kinds)
  md += `- ${kind}: patterns only ${linearity(kind, false)}, with names ${linearity(kind, true)}\n`;
writeResult('pii-speed', md);
