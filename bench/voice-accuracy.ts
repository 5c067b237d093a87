// Deepfake voice detector accuracy (issue 29): equal error rate and AUROC of the feature model, AASIST-L and their
// calibrated combination, leaving one synthetic system out (five folds by sentence, real recordings held out by the
// same folds) and per condition (original, MP3 64 kbit/s, Opus 16 kbit/s, telephone band, noise), and leaving one
// condition out of training. Uses the training corpus and its cache (packages/engines/audio/training/.cache); a cold
// run rebuilds it, which needs Debian's espeak-ng, flite, festival and ffmpeg and takes about an hour on 2 cores.
import { buildCorpus, conditions, measureCorpus } from '../packages/engines/audio/training/corpus.js';
import {
  leaveOneConditionOut,
  leaveOneSystemOut,
  type Metrics,
  metricsOf,
} from '../packages/engines/audio/training/evaluate.js';
import { machine, machineTable, writeResult } from './lib.mjs';

const log = (line: string) => console.info(`[voice-accuracy] ${line}`);
const measured = await measureCorpus(buildCorpus(), log);
const bySystem = leaveOneSystemOut(measured, log);
const byCondition = leaveOneConditionOut(measured);

const pct = (v: number) => (Number.isNaN(v) ? '—' : `${(v * 100).toFixed(1)}%`);
const num = (v: number) => (Number.isNaN(v) ? '—' : v.toFixed(3));
const cells = (m: Metrics) =>
  [m.features, m.aasist, m.combined].map((s) => `${pct(s.eer)} / ${num(s.auroc)}`).join(' | ');

const systemRows = [...bySystem].map(([system, scored]) => {
  const all = metricsOf(scored);
  return `| ${system} | ${all.clips.synthetic} / ${all.clips.real} | ${cells(all)} |`;
});
const allScored = [...bySystem.values()].flat();
const conditionRows = conditions.map((condition) => {
  const m = metricsOf(allScored.filter((s) => s.clip.condition === condition));
  return `| ${condition} | ${cells(m)} |`;
});
const locoRows = [...byCondition].map(([condition, m]) => `| ${condition} | ${cells(m)} |`);

const markdown = `# Deepfake voice detector accuracy

\`npx tsx bench/voice-accuracy.ts\` — ${measured.length} clips (${new Set(measured.map((m) => m.clip.id)).size} recordings
× ${conditions.length} conditions): the shared LJSpeech demo set (20 real recordings; FastSpeech2, FastSpeech2s,
Tacotron2, TransformerTTS, ParallelWaveGAN) and speech generated here with espeak-ng, flite and festival. Every clip
of both classes is re-encoded the same way in each condition. Scores are per clip (the mean of its windows'
probabilities; AASIST-L's margin on its first window). Each cell: equal error rate / AUROC.

## Leaving one synthetic system out (all conditions)
Trained on the other systems and on the real recordings of the other sentences; tested on the left-out system and
the held-out real recordings.

| left out | synthetic / real clips | feature model | AASIST-L | combination |
|---|---|---|---|---|
${systemRows.join('\n')}

## The same runs, by condition of the test clip

| condition | feature model | AASIST-L | combination |
|---|---|---|---|
${conditionRows.join('\n')}

## Leaving one condition out of training
Trained on every system in the other conditions (five folds by sentence), tested on the left-out condition.

| left out | feature model | AASIST-L | combination |
|---|---|---|---|
${locoRows.join('\n')}

AASIST-L is used as published (trained on ASVspoof 2019 LA); its column is its own spoof margin, untrained here.
The noisy copies are not scored by AASIST-L (training cost), so its cell there is empty and the combination falls
back to the feature model's calibration, as the engine does when AASIST-L cannot run.

${machineTable(machine())}`;
writeResult('voice-accuracy', markdown);
console.info(markdown);
