import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AASIST_SAMPLES, loadAasist } from '../src/aasist.js';
import { decodeAudio } from '../src/decode.js';
import { measureWindows, normalise } from '../src/detect.js';
import { VOICE_LIMITS } from '../src/limits.js';

/** Where generated speech, re-encoded copies and measured features are cached (git-ignored). */
export const CACHE = path.resolve(import.meta.dirname, '.cache');
export const SHARED_AUDIO = path.resolve(import.meta.dirname, '../../../../../shared/datasets/audio');
// Bump when the features or the windows change, so cached measurements are not reused.
export const FEATURE_VERSION = 'f1';
// Bump when the combination changes (the measurements stay valid).
export const MODEL_REVISION = 2;

export interface Clip {
  id: string;
  label: 'real' | 'synthetic';
  system: string;
  /** Same sentence → same group, so folds never split a sentence between training and test. */
  group: string;
  /** The clip as recorded or generated. */
  file: string;
}

/**
 * What breaks detectors in the wild, applied to both classes alike so that no codec or level marks a class. Every
 * clip first goes through MP3 at 192 kbit/s, 44.1 kHz: the shared set's real and synthetic recordings already did.
 */
export const conditions = ['original', 'mp3-64', 'opus-16', 'telephone', 'noisy'] as const;
export type Condition = (typeof conditions)[number];

/** IEEE "Harvard" sentences (1969, public domain), spoken by the local synthesisers. */
const SENTENCES = [
  'The birch canoe slid on the smooth planks.',
  'Glue the sheet to the dark blue background.',
  "It's easy to tell the depth of a well.",
  'These days a chicken leg is a rare dish.',
  'Rice is often served in round bowls.',
  'The juice of lemons makes fine punch.',
  'The box was thrown beside the parked truck.',
  'The hogs were fed chopped corn and garbage.',
  'Four hours of steady work faced us.',
  'A large size in stockings is hard to sell.',
  'The boy was there when the sun rose.',
  'A rod is used to catch pink salmon.',
  'The source of the huge river is the clear spring.',
  'Kick the ball straight and follow through.',
  'Help the woman get back to her feet.',
  'A pot of tea helps to pass the evening.',
  'Smoky fires lack flame and heat.',
  "The soft cushion broke the man's fall.",
  'The salt breeze came across from the sea.',
  'The girl at the booth sold fifty bonds.',
  'The small pup gnawed a hole in the sock.',
  'The fish twisted and turned on the bent hook.',
  'Press the pants and sew a button on the vest.',
  'The swan dive was far short of perfect.',
];

// Half the sentences per voice keeps a training run (AASIST-L on every window) within about half an hour on 2 cores.
const SENTENCES_PER_VOICE = 12;

const run = (command: string, args: string[], input?: string) => {
  const result = spawnSync(command, args, { input, stdio: ['pipe', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr?.toString()}`);
};

/** Generated speech: espeak-ng (formant), flite (diphone/cluster unit selection), festival (diphone). */
function generate(): Clip[] {
  const clips: Clip[] = [];
  const voices: Array<{ system: string; voice: string; make: (text: string, out: string, i: number) => void }> = [
    ...['en-us', 'en-gb', 'en-gb-scotland', 'en-us+f3'].map((voice) => ({
      system: 'espeak-ng',
      voice,
      make: (text: string, out: string, i: number) =>
        run('espeak-ng', [
          '-v',
          voice,
          '-s',
          String(150 + (i % 4) * 8),
          '-p',
          String(40 + (i % 5) * 5),
          '-w',
          out,
          text,
        ]),
    })),
    ...['kal16', 'slt', 'awb', 'rms'].map((voice) => ({
      system: 'flite',
      voice,
      make: (text: string, out: string) => run('flite', ['-voice', voice, '-t', text, '-o', out]),
    })),
    {
      system: 'festival',
      voice: 'kal_diphone',
      make: (text: string, out: string) => run('text2wave', ['-o', out], text),
    },
  ];
  for (const { system, voice, make } of voices) {
    const dir = path.join(CACHE, 'generated', system);
    mkdirSync(dir, { recursive: true });
    SENTENCES.slice(0, SENTENCES_PER_VOICE).forEach((text, i) => {
      const file = path.join(dir, `${voice.replace(/\W/g, '_')}-${i}.wav`);
      if (!existsSync(file)) make(text, file, i);
      clips.push({ id: `${system}/${voice}/${i}`, label: 'synthetic', system, group: `harvard-${i}`, file });
    });
  }
  return clips;
}

/** The shared LJSpeech demo set (real recordings and five TTS systems on the same sentences) plus generated speech. */
export function buildCorpus(): Clip[] {
  const manifest = readFileSync(path.join(SHARED_AUDIO, 'manifest.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(
      (line) => JSON.parse(line) as { path: string; label: 'real' | 'synthetic'; system: string; utterance: string },
    );
  const shared: Clip[] = manifest.map((row) => ({
    id: `${row.system}/${row.utterance}`,
    label: row.label,
    system: row.system,
    group: `lj-${row.utterance}`,
    file: path.join(SHARED_AUDIO, row.path),
  }));
  return [...shared, ...generate()];
}

export const foldOf = (group: string, folds: number) =>
  createHash('sha256').update(group).digest().readUInt32BE(0) % folds;

const safe = (id: string) => id.replace(/[^\w.-]+/g, '_');

/** The clip in a condition, as the file a user would upload (made with ffmpeg at training time only). */
function conditioned(clip: Clip, condition: Condition): string {
  const dir = path.join(CACHE, 'conditions', condition);
  mkdirSync(dir, { recursive: true });
  const base = path.join(CACHE, 'conditions', 'original', `${safe(clip.id)}.mp3`);
  if (!existsSync(base)) {
    mkdirSync(path.dirname(base), { recursive: true });
    if (clip.file.endsWith('.mp3')) writeFileSync(base, readFileSync(clip.file));
    else run('ffmpeg', ['-v', 'error', '-y', '-i', clip.file, '-ar', '44100', '-ac', '1', '-b:a', '192k', base]);
  }
  if (condition === 'original' || condition === 'noisy') return base;
  const ext = { 'mp3-64': 'mp3', 'opus-16': 'ogg', telephone: 'wav' }[condition];
  const out = path.join(dir, `${safe(clip.id)}.${ext}`);
  if (existsSync(out)) return out;
  const args: Record<typeof condition, string[]> = {
    'mp3-64': ['-b:a', '64k'],
    'opus-16': ['-c:a', 'libopus', '-b:a', '16k'],
    telephone: ['-af', 'highpass=f=300,lowpass=f=3400', '-ar', '8000', '-c:a', 'pcm_mulaw'],
  };
  run('ffmpeg', ['-v', 'error', '-y', '-i', base, '-ac', '1', ...args[condition], out]);
  return out;
}

/** Deterministic white noise at 15 dB below the speech's RMS (the "noisy" condition). */
function addNoise(samples: Float32Array, seed: string): Float32Array {
  let state = createHash('sha256').update(seed).digest().readUInt32BE(0);
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let energy = 0;
  for (const x of samples) energy += x * x;
  const level = Math.sqrt(energy / samples.length) * 10 ** (-15 / 20) * Math.sqrt(3);
  return samples.map((x) => x + (random() * 2 - 1) * level);
}

export interface MeasuredClip {
  clip: Clip;
  condition: Condition;
  /** AASIST-L's margin on the first window only (null elsewhere, and on noisy copies). */
  windows: Array<{ features: number[]; aasist: number | null }>;
}

/** Features and AASIST-L margins of every clip in every condition, through the engine's own decode and windows. */
export async function measureCorpus(
  clips: Clip[],
  log: (line: string) => void,
  only: readonly Condition[] = conditions,
): Promise<MeasuredClip[]> {
  const aasist = await loadAasist();
  const out: MeasuredClip[] = [];
  let done = 0;
  for (const condition of only) {
    for (const clip of clips) {
      const cacheFile = path.join(CACHE, `measured-${FEATURE_VERSION}`, condition, `${safe(clip.id)}.json`);
      if (existsSync(cacheFile)) {
        const cached: MeasuredClip['windows'] = JSON.parse(readFileSync(cacheFile, 'utf8'));
        out.push({ clip, condition, windows: cached.map((w, i) => ({ ...w, aasist: i === 0 ? w.aasist : null })) });
        continue;
      }
      const audio = await decodeAudio(new Uint8Array(readFileSync(conditioned(clip, condition))), VOICE_LIMITS);
      let samples = normalise(audio.samples);
      if (condition === 'noisy') samples = normalise(addNoise(samples, clip.id));
      const { windows } = await measureWindows(samples, audio.duration, null);
      // AASIST-L is most of a run's cost on 2 shared cores: it scores each clip's first window (its margin stands
      // for the clip's other windows in training and evaluation), and not the noisy copies.
      const margin = condition === 'noisy' ? null : await aasist.score(samples.subarray(0, AASIST_SAMPLES));
      const rows = windows.map((w, i) => ({ features: [...w.features], aasist: i === 0 ? margin : null }));
      mkdirSync(path.dirname(cacheFile), { recursive: true });
      writeFileSync(cacheFile, JSON.stringify(rows));
      out.push({ clip, condition, windows: rows });
      if (++done % 50 === 0) log(`measured ${done} new clips (${condition})`);
    }
  }
  await aasist.close();
  return out;
}
