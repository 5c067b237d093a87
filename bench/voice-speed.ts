// Deepfake voice detector speed on one core: seconds of audio scored per second of CPU time, for decoding (to 16 kHz
// mono), the feature model (frames, windows, logistic model) and AASIST-L (one 4 s window each), on the shared set's
// MP3s and the engine's fixtures in every format. CPU time (process.cpuUsage) rather than wall time, since the machines
// these run on are shared. Target (issue 29): the feature model at 50× real time or more.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AASIST_SAMPLES,
  decodeAudio,
  featureLogit,
  loadAasist,
  measureWindows,
  normalise,
  voiceModel,
} from '@candor/engine-audio';
import { machine, machineTable, writeResult } from './lib.mjs';

const SHARED = path.resolve(import.meta.dirname, '../../shared/datasets/audio');
const FIXTURES = path.resolve(import.meta.dirname, '../packages/engines/audio/fixtures');
const RUNS = Number(process.env.BENCH_VOICE_RUNS ?? 3);

const files = [
  ...readFileSync(path.join(SHARED, 'manifest.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => path.join(SHARED, (JSON.parse(line) as { path: string }).path)),
  ...readdirSync(FIXTURES)
    .filter((name) => name.startsWith('speech.'))
    .map((name) => path.join(FIXTURES, name)),
];
const inputs = files.map((file) => new Uint8Array(readFileSync(file)));

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const decoded = await Promise.all(inputs.map((bytes) => decodeAudio(bytes)));
const audioSeconds = decoded.reduce((a, d) => a + d.duration, 0);
const samples = decoded.map((d) => normalise(d.samples));
// Warm-up: the first pass compiles the WebAssembly decoders and JITs the feature code.
for (const [i, d] of decoded.entries()) await measureWindows(samples[i] as Float32Array, d.duration, null);

const decodeRuns: number[] = [];
const featureRuns: number[] = [];
for (let run = 0; run < RUNS; run++) {
  let started = cpu();
  for (const bytes of inputs) await decodeAudio(bytes);
  decodeRuns.push(cpu() - started);
  started = cpu();
  for (const [i, d] of decoded.entries()) {
    const { windows } = await measureWindows(samples[i] as Float32Array, d.duration, null);
    for (const w of windows) featureLogit(voiceModel, w.features);
  }
  featureRuns.push(cpu() - started);
}

const aasist = await loadAasist();
await aasist.score((samples[0] as Float32Array).subarray(0, AASIST_SAMPLES));
const aasistStarted = cpu();
let windows = 0;
for (const s of samples) {
  for (let from = 0; from + 16_000 <= s.length; from += 2 * 16_000) {
    await aasist.score(s.subarray(from, from + AASIST_SAMPLES));
    windows++;
  }
}
const aasistSeconds = cpu() - aasistStarted;
await aasist.close();

const decodeSpeed = audioSeconds / median(decodeRuns);
const featureSpeed = audioSeconds / median(featureRuns);
// A window every 2 s of audio: seconds of audio per second of AASIST-L.
const aasistSpeed = (windows * 2) / aasistSeconds;
const endToEnd = 1 / (1 / decodeSpeed + 1 / featureSpeed + 1 / aasistSpeed);
const x = (value: number) => `${value.toFixed(0)}× real time`;

const markdown = `# Deepfake voice detector speed

\`npx tsx bench/voice-speed.ts\` — ${files.length} recordings (${audioSeconds.toFixed(0)} s of audio: the shared LJSpeech demo
MP3s and the engine's fixtures in MP3, M4A, Ogg Opus, Ogg Vorbis, FLAC and WebM), CPU time of one thread (median of
${RUNS} runs after a warm-up). AASIST-L runs once per 4 s window, a window every 2 s (${windows} windows).

| stage | seconds of audio per CPU second | target |
|---|---|---|
| decode to 16 kHz mono | ${x(decodeSpeed)} | — |
| feature model (frames, windows, logistic model) | ${x(featureSpeed)} | ≥ 50× — ${featureSpeed >= 50 ? 'met' : '**not met**'} |
| AASIST-L (onnxruntime-node, one thread) | ${x(aasistSpeed)} | — |
| all three, as a run does them | ${x(endToEnd)} | — |

${machineTable(machine())}`;
writeResult('voice-speed', markdown);
console.info(markdown);
