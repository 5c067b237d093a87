import { fft } from './fft.js';

/** Frame analysis at 16 kHz: 25 ms frames every 10 ms, a 512-point spectrum. */
const RATE = 16_000;
const FRAME = 400;
const HOP = 160;
const NFFT = 512;
const BINS = NFFT / 2 + 1;
const CEPSTRA = 19;
const BANDS = 40;
// Pitch: 40 ms frames every 20 ms, 60–400 Hz, autocorrelation through a 1,024-point spectrum.
const PITCH_FRAME = 640;
const PITCH_HOP = 320;
const PITCH_FFT = 1024;
const MIN_LAG = Math.floor(RATE / 400);
const MAX_LAG = Math.ceil(RATE / 60);
const VOICED = 0.45;

/** What each frame-level value is, in the order of a frame vector. */
const frameFeatureNames: string[] = [
  ...Array.from({ length: CEPSTRA }, (_, i) => `mfcc${i + 1}`),
  ...Array.from({ length: CEPSTRA }, (_, i) => `lfcc${i + 1}`),
  ...Array.from({ length: CEPSTRA }, (_, i) => `dmfcc${i + 1}`),
  ...Array.from({ length: CEPSTRA }, (_, i) => `dlfcc${i + 1}`),
  'flux',
  'flatness',
  'rolloff',
  'centroid',
  'highband',
  'topband',
  'phase',
];
const FRAME_DIMS = frameFeatureNames.length;
const pitchFeatureNames = ['voiced', 'harmonicity', 'jitter', 'pitch_spread', 'shimmer'];

/** Names of a window's feature vector: the mean and spread of every frame value, then the pitch cues. */
export const featureNames: readonly string[] = [
  ...frameFeatureNames.map((name) => `${name}_mean`),
  ...frameFeatureNames.map((name) => `${name}_std`),
  ...pitchFeatureNames,
];

const hann = (n: number) => Float64Array.from({ length: n }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n));
const FRAME_WINDOW = hann(FRAME);
const PITCH_WINDOW = hann(PITCH_FRAME);

interface Band {
  start: number;
  weights: Float64Array;
}

/** Triangular filters with centres evenly spaced on `scale` (mel for MFCC, linear for LFCC). */
function filterbank(toScale: (hz: number) => number, fromScale: (s: number) => number): Band[] {
  const low = toScale(0);
  const high = toScale(RATE / 2);
  const edges = Array.from({ length: BANDS + 2 }, (_, i) => fromScale(low + ((high - low) * i) / (BANDS + 1)));
  const binOf = (hz: number) => (hz * NFFT) / RATE;
  return Array.from({ length: BANDS }, (_, b) => {
    const [left, centre, right] = [
      binOf(edges[b] as number),
      binOf(edges[b + 1] as number),
      binOf(edges[b + 2] as number),
    ];
    const start = Math.max(0, Math.floor(left));
    const end = Math.min(BINS - 1, Math.ceil(right));
    const weights = new Float64Array(end - start + 1);
    for (let k = start; k <= end; k++) {
      const w = k <= centre ? (k - left) / (centre - left || 1) : (right - k) / (right - centre || 1);
      weights[k - start] = Math.max(0, w);
    }
    return { start, weights };
  });
}
const MEL_BANK = filterbank(
  (hz) => 2595 * Math.log10(1 + hz / 700),
  (mel) => 700 * (10 ** (mel / 2595) - 1),
);
const LINEAR_BANK = filterbank(
  (hz) => hz,
  (hz) => hz,
);
// DCT-II rows 1…19 (row 0, the loudness, is left out so the level of a recording does not count).
const DCT = Array.from({ length: CEPSTRA }, (_, c) =>
  Float64Array.from({ length: BANDS }, (_, b) => Math.cos((Math.PI * (c + 1) * (b + 0.5)) / BANDS)),
);
const HIGH_BIN = Math.round((4000 * NFFT) / RATE);
const TOP_BIN = Math.round((6000 * NFFT) / RATE);
const PHASE_LOW = Math.round((300 * NFFT) / RATE);
const PHASE_HIGH = Math.round((4000 * NFFT) / RATE);

function cepstra(power: Float64Array, bank: Band[], out: Float64Array, at: number, scratch: Float64Array) {
  for (let b = 0; b < BANDS; b++) {
    const { start, weights } = bank[b] as Band;
    let sum = 1e-10;
    for (let j = 0; j < weights.length; j++) sum += (weights[j] as number) * (power[start + j] as number);
    scratch[b] = Math.log(sum);
  }
  for (let c = 0; c < CEPSTRA; c++) {
    const row = DCT[c] as Float64Array;
    let sum = 0;
    for (let b = 0; b < BANDS; b++) sum += (row[b] as number) * (scratch[b] as number);
    out[at + c] = sum / BANDS;
  }
}

/** Frame-level features of a whole recording, computed once and shared by every window. */
export interface FrameFeatures {
  /** Frames × FRAME_DIMS, row-major. */
  values: Float64Array;
  frames: number;
  /** Log energy of each frame. */
  energy: Float64Array;
  /** Per pitch frame: voicing strength (0–1) and f0 in Hz (0 when unvoiced). */
  voicing: Float64Array;
  f0: Float64Array;
  pitchEnergy: Float64Array;
}

export function frameFeatures(samples: Float32Array): FrameFeatures {
  const frames = Math.max(0, Math.floor((samples.length - FRAME) / HOP) + 1);
  const values = new Float64Array(frames * FRAME_DIMS);
  const energy = new Float64Array(frames);
  const re = new Float64Array(NFFT);
  const im = new Float64Array(NFFT);
  const power = new Float64Array(BINS);
  const previousPower = new Float64Array(BINS);
  const phase = new Float64Array(BINS);
  const previousPhase = new Float64Array(BINS);
  const scratch = new Float64Array(BANDS);
  for (let f = 0; f < frames; f++) {
    const at = f * FRAME_DIMS;
    re.fill(0);
    im.fill(0);
    for (let i = 0; i < FRAME; i++) re[i] = (samples[f * HOP + i] as number) * (FRAME_WINDOW[i] as number);
    fft(re, im);
    let total = 1e-12;
    let high = 0;
    let top = 0;
    let centroid = 0;
    let logSum = 0;
    for (let k = 0; k < BINS; k++) {
      const p = (re[k] as number) ** 2 + (im[k] as number) ** 2;
      power[k] = p;
      phase[k] = Math.atan2(im[k] as number, re[k] as number);
      total += p;
      if (k >= HIGH_BIN) high += p;
      if (k >= TOP_BIN) top += p;
      centroid += k * p;
      logSum += Math.log(p + 1e-12);
    }
    energy[f] = Math.log(total / FRAME);
    cepstra(power, MEL_BANK, values, at, scratch);
    cepstra(power, LINEAR_BANK, values, at + CEPSTRA, scratch);
    let rolloff = 0;
    for (let k = 0, acc = 0; k < BINS; k++) {
      acc += power[k] as number;
      if (acc >= 0.85 * total) {
        rolloff = k / (BINS - 1);
        break;
      }
    }
    // Flux between normalised spectra, so loudness changes alone don't count.
    let flux = 0;
    // Phase: how far each bin's phase advance strays from what its frequency predicts (vocoders smear it).
    let deviation = 0;
    let weight = 1e-12;
    if (f > 0) {
      let previousTotal = 1e-12;
      for (let k = 0; k < BINS; k++) previousTotal += previousPower[k] as number;
      for (let k = 0; k < BINS; k++) {
        flux +=
          (Math.sqrt((power[k] as number) / total) - Math.sqrt((previousPower[k] as number) / previousTotal)) ** 2;
      }
      for (let k = PHASE_LOW; k <= PHASE_HIGH; k++) {
        const expected = (2 * Math.PI * k * HOP) / NFFT;
        let d = (phase[k] as number) - (previousPhase[k] as number) - expected;
        d -= 2 * Math.PI * Math.round(d / (2 * Math.PI));
        const w = Math.sqrt(power[k] as number);
        deviation += Math.abs(d) * w;
        weight += w;
      }
    }
    const base = at + 4 * CEPSTRA;
    values[base] = Math.sqrt(flux);
    values[base + 1] = logSum / BINS - Math.log(total / BINS);
    values[base + 2] = rolloff;
    values[base + 3] = centroid / total / (BINS - 1);
    values[base + 4] = Math.log10(high / total + 1e-8);
    values[base + 5] = Math.log10(top / total + 1e-8);
    values[base + 6] = f > 0 ? deviation / weight : Math.PI / 2;
    previousPower.set(power);
    previousPhase.set(phase);
  }
  addDeltas(values, frames, 0, 2 * CEPSTRA);
  addDeltas(values, frames, CEPSTRA, 3 * CEPSTRA);
  const pitch = pitchTrack(samples);
  return { values, frames, energy, ...pitch };
}

/** Regression deltas over ±2 frames of the cepstra at `from`, written at `to`. */
function addDeltas(values: Float64Array, frames: number, from: number, to: number) {
  for (let f = 0; f < frames; f++) {
    for (let c = 0; c < CEPSTRA; c++) {
      let sum = 0;
      for (let d = 1; d <= 2; d++) {
        const ahead = Math.min(frames - 1, f + d);
        const behind = Math.max(0, f - d);
        sum +=
          d * ((values[ahead * FRAME_DIMS + from + c] as number) - (values[behind * FRAME_DIMS + from + c] as number));
      }
      values[f * FRAME_DIMS + to + c] = sum / 10;
    }
  }
}

function pitchTrack(samples: Float32Array) {
  const frames = Math.max(0, Math.floor((samples.length - PITCH_FRAME) / PITCH_HOP) + 1);
  const voicing = new Float64Array(frames);
  const f0 = new Float64Array(frames);
  const pitchEnergy = new Float64Array(frames);
  const re = new Float64Array(PITCH_FFT);
  const im = new Float64Array(PITCH_FFT);
  // The window's own autocorrelation, to undo its taper at each lag.
  const windowAc = autocorrelationOf(PITCH_WINDOW);
  for (let f = 0; f < frames; f++) {
    re.fill(0);
    im.fill(0);
    let energy = 0;
    for (let i = 0; i < PITCH_FRAME; i++) {
      const x = (samples[f * PITCH_HOP + i] as number) * (PITCH_WINDOW[i] as number);
      re[i] = x;
      energy += x * x;
    }
    pitchEnergy[f] = Math.log(energy / PITCH_FRAME + 1e-12);
    fft(re, im);
    for (let k = 0; k < PITCH_FFT; k++) {
      re[k] = (re[k] as number) ** 2 + (im[k] as number) ** 2;
      im[k] = 0;
    }
    fft(re, im);
    const r0 = re[0] as number;
    if (r0 <= 1e-9) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = MIN_LAG; lag <= MAX_LAG; lag++) {
      const r = (re[lag] as number) / r0 / ((windowAc[lag] as number) / (windowAc[0] as number));
      if (r > best) {
        best = r;
        bestLag = lag;
      }
    }
    voicing[f] = Math.min(1, best);
    if (best >= VOICED && bestLag > MIN_LAG && bestLag < MAX_LAG) {
      const a = (re[bestLag - 1] as number) / r0;
      const b = (re[bestLag] as number) / r0;
      const c = (re[bestLag + 1] as number) / r0;
      const shift = a - 2 * b + c === 0 ? 0 : (0.5 * (a - c)) / (a - 2 * b + c);
      f0[f] = RATE / (bestLag + Math.max(-0.5, Math.min(0.5, shift)));
    }
  }
  return { voicing, f0, pitchEnergy };
}

function autocorrelationOf(window: Float64Array): Float64Array {
  const out = new Float64Array(MAX_LAG + 2);
  for (let lag = 0; lag < out.length; lag++) {
    let sum = 0;
    for (let i = 0; i + lag < window.length; i++) sum += (window[i] as number) * (window[i + lag] as number);
    out[lag] = sum;
  }
  return out;
}

/** Seconds per analysis frame and pitch frame, for windows given in seconds. */
export const FRAME_SECONDS = HOP / RATE;
const PITCH_SECONDS = PITCH_HOP / RATE;

/**
 * One window's feature vector (`featureNames`): statistics over its frames that carry sound (frames more than 40 dB
 * below the window's loudest are pauses, whose codec noise would otherwise dominate), then its pitch cues.
 */
export function windowFeatures(frames: FrameFeatures, start: number, end: number): Float64Array {
  const first = Math.max(0, Math.floor(start / FRAME_SECONDS));
  const last = Math.min(frames.frames, Math.max(first + 1, Math.floor(end / FRAME_SECONDS)));
  let loudest = Number.NEGATIVE_INFINITY;
  for (let f = first; f < last; f++) loudest = Math.max(loudest, frames.energy[f] as number);
  const active: number[] = [];
  for (let f = first; f < last; f++) if ((frames.energy[f] as number) > loudest - 9.2) active.push(f);
  const use = active.length >= 10 ? active : Array.from({ length: last - first }, (_, i) => first + i);
  const out = new Float64Array(featureNames.length);
  for (let d = 0; d < FRAME_DIMS; d++) {
    let sum = 0;
    let squares = 0;
    for (const f of use) {
      const v = frames.values[f * FRAME_DIMS + d] as number;
      sum += v;
      squares += v * v;
    }
    const mean = sum / Math.max(1, use.length);
    out[d] = mean;
    out[FRAME_DIMS + d] = Math.sqrt(Math.max(0, squares / Math.max(1, use.length) - mean * mean));
  }
  const pitchFirst = Math.max(0, Math.floor(start / PITCH_SECONDS));
  const pitchLast = Math.min(frames.f0.length, Math.max(pitchFirst + 1, Math.floor(end / PITCH_SECONDS)));
  let voiced = 0;
  let harmonicity = 0;
  let jitter = 0;
  let jitterPairs = 0;
  let shimmer = 0;
  const semitones: number[] = [];
  for (let f = pitchFirst; f < pitchLast; f++) {
    const hz = frames.f0[f] as number;
    if (hz <= 0) continue;
    voiced++;
    harmonicity += frames.voicing[f] as number;
    semitones.push(12 * Math.log2(hz / 100));
    const previous = f > pitchFirst ? (frames.f0[f - 1] as number) : 0;
    if (previous > 0) {
      jitter += Math.abs(Math.log(hz / previous));
      shimmer += Math.abs((frames.pitchEnergy[f] as number) - (frames.pitchEnergy[f - 1] as number));
      jitterPairs++;
    }
  }
  const p = 2 * FRAME_DIMS;
  out[p] = voiced / Math.max(1, pitchLast - pitchFirst);
  out[p + 1] = voiced ? harmonicity / voiced : 0;
  out[p + 2] = jitterPairs ? jitter / jitterPairs : 0;
  const meanTone = semitones.reduce((a, b) => a + b, 0) / Math.max(1, semitones.length);
  out[p + 3] = Math.sqrt(semitones.reduce((a, b) => a + (b - meanTone) ** 2, 0) / Math.max(1, semitones.length));
  out[p + 4] = jitterPairs ? shimmer / jitterPairs : 0;
  return out;
}

/** What a feature name measures, in words for the report ("features behind the most synthetic windows"). */
export function describeFeature(name: string): string {
  const [base = name, stat] = name.split('_');
  const statistic = stat === 'std' ? 'variation of ' : stat === 'mean' ? '' : '';
  const number = /\d+$/.exec(base)?.[0];
  const family: Record<string, string> = {
    mfcc: `mel-cepstral coefficient ${number} (vocal-tract envelope)`,
    lfcc: `linear-cepstral coefficient ${number} (fine spectral detail)`,
    dmfcc: `change of mel-cepstral coefficient ${number} (how fast the envelope moves)`,
    dlfcc: `change of linear-cepstral coefficient ${number}`,
    flux: 'spectral flux (frame-to-frame change)',
    flatness: 'spectral flatness (noise-likeness)',
    rolloff: 'spectral roll-off',
    centroid: 'spectral centroid (brightness)',
    highband: 'energy above 4 kHz',
    topband: 'energy above 6 kHz',
    phase: 'phase irregularity (vocoder trace)',
    voiced: 'share of voiced speech',
    harmonicity: 'periodicity of the voice',
    jitter: 'pitch jitter',
    pitch: 'pitch range',
    shimmer: 'loudness shimmer',
  };
  const key = base.replace(/\d+$/, '');
  const text = family[key] ?? name;
  return `${statistic}${text}`.replace(/^./, (c) => c.toUpperCase());
}
