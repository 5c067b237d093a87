/**
 * `npm run train:voice`: builds the training corpus (the shared LJSpeech demo set plus speech generated here with
 * espeak-ng, flite and festival), re-encodes every clip of both classes into each condition, measures every window
 * with the engine's own code, evaluates leaving one synthetic system and one condition out, and writes
 * model/voice-detect.json. Needs Debian's espeak-ng, flite, festival and ffmpeg (training only; see the model card).
 * Deterministic: the same inputs give the same model.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildCorpus, CACHE, conditions, FEATURE_VERSION, MODEL_REVISION, measureCorpus } from './corpus.js';
import { finalModel, leaveOneConditionOut, leaveOneSystemOut, metricsOf } from './evaluate.js';

const log = (line: string) => console.info(`[train:voice] ${line}`);
const MODEL_FILE = path.resolve(import.meta.dirname, '../model/voice-detect.json');

const clips = buildCorpus();
log(`${clips.length} clips (${clips.filter((c) => c.label === 'real').length} real) × ${conditions.length} conditions`);
const measured = await measureCorpus(clips, log);

const bySystem = leaveOneSystemOut(measured, log);
const systemResults = Object.fromEntries(
  [...bySystem].map(([system, scored]) => [
    system,
    {
      all: metricsOf(scored),
      ...Object.fromEntries(conditions.map((c) => [c, metricsOf(scored.filter((s) => s.clip.condition === c))])),
    },
  ]),
);
const conditionResults = Object.fromEntries(leaveOneConditionOut(measured));
writeFileSync(
  path.join(CACHE, 'evaluation.json'),
  `${JSON.stringify({ systems: systemResults, conditions: conditionResults }, null, 1)}\n`,
);

const model = finalModel(measured, `voice-${FEATURE_VERSION}-${MODEL_REVISION}`, {
  data: [
    '../shared/datasets/audio (LJSpeech demo: 20 real, FastSpeech2, FastSpeech2s, Tacotron2, TransformerTTS, ParallelWaveGAN; MP3)',
    'generated: espeak-ng (en-us, en-gb, en-gb-scotland, en-us+f3), flite (kal16, slt, awb, rms), festival (kal_diphone); 24 Harvard sentences',
  ],
  conditions: [...conditions],
  clips: clips.length,
  windows: measured.reduce((a, m) => a + m.windows.length, 0),
});
writeFileSync(MODEL_FILE, `${JSON.stringify(model)}\n`);
// In the repository's JSON style, so `npm run lint` passes on the committed file.
spawnSync('npx', ['biome', 'format', '--write', MODEL_FILE], { stdio: 'ignore' });
log(
  `wrote ${path.relative(process.cwd(), MODEL_FILE)}; evaluation in ${path.relative(process.cwd(), CACHE)}/evaluation.json`,
);
