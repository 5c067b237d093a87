import { AASIST_SAMPLES, type AasistScorer } from './aasist.js';
import { ANALYSIS_RATE, activeSeconds, type DecodedAudio } from './decode.js';
import { describeFeature, FRAME_SECONDS, featureNames, frameFeatures, windowFeatures } from './features.js';
import { billedSeconds } from './limits.js';
import type { VoiceEvidence, VoiceLabel, VoiceReport, VoiceWindow } from './report.schema.js';

/** Windows of 4 s every 2 s (Resemble Detect scores frames of this size). */
export const WINDOW_SECONDS = 4;
export const HOP_SECONDS = 2;

/** The committed model (`npm run train:voice` writes model/voice-detect.json). */
export interface VoiceModel {
  format: 'candor-voice/1';
  version: string;
  features: string[];
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
  /**
   * Calibrated combination of the two scorers' window scores into a probability. AASIST-L's margin counts twice: as
   * it is, and as its excess over `knot` (the 95th percentile of the real training recordings' margins), since it
   * calls most real speech spoofed yet sets old-style synthesis far beyond any real recording.
   */
  combined: { feature: number; aasist: number; excess: number; knot: number; bias: number };
  /** Calibration of the feature model alone, for when AASIST-L cannot run. */
  featureOnly: { feature: number; bias: number };
  /** Probabilities between these are "borderline". */
  uncertainBand: [number, number];
  training: Record<string, unknown>;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const round = (x: number, digits = 4) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Start and end (seconds) of each window: a recording shorter than one window is one window. */
export function windowsOf(duration: number): Array<[number, number]> {
  if (duration <= WINDOW_SECONDS + 1e-6) return [[0, duration]];
  const windows: Array<[number, number]> = [];
  for (let start = 0; start + WINDOW_SECONDS <= duration + 1e-6; start += HOP_SECONDS) {
    windows.push([start, start + WINDOW_SECONDS]);
  }
  const last = windows[windows.length - 1] as [number, number];
  // The tail past the last full window gets a window of its own, ending with the recording.
  if (duration - last[1] > 0.25) windows.push([duration - WINDOW_SECONDS, duration]);
  return windows;
}

/** Loudness-normalised copy: the features ignore level, and AASIST-L expects speech at a normal level. */
export function normalise(samples: Float32Array): Float32Array {
  let peak = 0;
  for (const x of samples) peak = Math.max(peak, Math.abs(x));
  if (peak === 0) return samples;
  const gain = 0.9 / peak;
  return samples.map((x) => x * gain);
}

/** Every window's features and AASIST-L margin, for the engine and for training alike (one code path). */
export async function measureWindows(
  samples: Float32Array,
  duration: number,
  aasist?: AasistScorer | null,
  onWindow?: (done: number, total: number) => void,
) {
  const frames = frameFeatures(samples);
  const windows: Array<{ start: number; end: number; features: Float64Array; aasist: number | null }> = [];
  const spans = windowsOf(duration);
  for (const [start, end] of spans) {
    const from = Math.round(start * ANALYSIS_RATE);
    const margin = aasist
      ? await aasist.score(samples.subarray(from, Math.min(samples.length, from + AASIST_SAMPLES)))
      : null;
    windows.push({ start, end, features: windowFeatures(frames, start, end), aasist: margin });
    onWindow?.(windows.length, spans.length);
  }
  return { frames, windows };
}

/** The calibrated log-odds of a window from the feature model's log-odds and AASIST-L's margin. */
export function combineScores(model: VoiceModel, logit: number, margin: number): number {
  const { feature, aasist, excess, knot, bias } = model.combined;
  return feature * logit + aasist * margin + excess * Math.max(0, margin - knot) + bias;
}

export function featureLogit(model: VoiceModel, x: Float64Array): { logit: number; terms: Float64Array } {
  const terms = new Float64Array(x.length);
  let logit = model.bias;
  for (let i = 0; i < x.length; i++) {
    const z = ((x[i] as number) - (model.mean[i] as number)) / (model.scale[i] as number);
    const clipped = Math.max(-8, Math.min(8, z));
    terms[i] = clipped * (model.weights[i] as number);
    logit += terms[i] as number;
  }
  return { logit, terms };
}

export interface AnalyseOptions {
  model: VoiceModel;
  /** AASIST-L, when it loaded; without it the feature model's own calibration gives the probabilities. */
  aasist?: AasistScorer | null;
  progress?: (percent: number, stage: string) => void;
}

/** Scores a decoded recording window by window and aggregates the verdict. */
export async function analyseVoice(audio: DecodedAudio, options: AnalyseOptions): Promise<VoiceReport> {
  const { model, aasist } = options;
  const samples = normalise(audio.samples);
  options.progress?.(20, 'Measuring the voice and scoring it window by window');
  const { frames, windows: measured } = await measureWindows(samples, audio.duration, aasist, (done, total) =>
    options.progress?.(20 + Math.round((70 * done) / total), 'Scoring the voice window by window'),
  );
  const windows: VoiceWindow[] = measured.map(({ start, end, features: x, aasist: aasistScore }) => {
    const { logit, terms } = featureLogit(model, x);
    const combined =
      aasistScore === null
        ? model.featureOnly.feature * logit + model.featureOnly.bias
        : combineScores(model, logit, aasistScore);
    return {
      start: round(start, 2),
      end: round(end, 2),
      synthetic_probability: round(sigmoid(combined)),
      feature_score: round(logit),
      aasist_score: aasistScore === null ? null : round(aasistScore),
      features: topEvidence(model, x, terms),
    };
  });
  options.progress?.(90, 'Putting the verdict together');
  return aggregate(audio, samples, frames, windows, model, Boolean(aasist));
}

function topEvidence(model: VoiceModel, x: Float64Array, terms: Float64Array): VoiceEvidence[] {
  return [...terms.keys()]
    .filter((i) => (terms[i] as number) > 0)
    .sort((a, b) => (terms[b] as number) - (terms[a] as number))
    .slice(0, 3)
    .map((i) => {
      const name = model.features[i] as string;
      return {
        name,
        label: describeFeature(name),
        z: round(((x[i] as number) - (model.mean[i] as number)) / (model.scale[i] as number), 2),
        contribution: round(terms[i] as number, 3),
      };
    });
}

function aggregate(
  audio: DecodedAudio,
  samples: Float32Array,
  frames: ReturnType<typeof frameFeatures>,
  windows: VoiceWindow[],
  model: VoiceModel,
  withAasist: boolean,
): VoiceReport {
  const probabilities = windows.map((w) => w.synthetic_probability);
  const probability = probabilities.reduce((a, b) => a + b, 0) / probabilities.length;
  const side = probability >= 0.5;
  const agreeing = probabilities.filter((p) => p >= 0.5 === side).length;
  const consistency = agreeing / probabilities.length;
  const speech = activeSeconds(samples, ANALYSIS_RATE);
  const snr = snrDb(frames.energy);
  const voicedShare = frames.f0.length ? frames.f0.filter((hz) => hz > 0).length / frames.f0.length : 0;

  const reasons: VoiceReport['reasons'] = [];
  if (speech < 3) {
    reasons.push({ code: 'short', message: `Only ${speech.toFixed(1)} s of sound: too little to judge a voice.` });
  }
  if (snr < 12) {
    reasons.push({
      code: 'noisy',
      message: `The voice is barely above the background (${snr.toFixed(0)} dB): noise hides the traces a synthetic voice leaves.`,
    });
  }
  if (voicedShare < 0.15) {
    reasons.push({
      code: 'no_speech',
      message: 'Little of it sounds like a voice (music, noise or tones?): the detector is trained on speech.',
    });
  }
  const [low, high] = model.uncertainBand;
  if (probability > low && probability < high) {
    reasons.push({ code: 'borderline', message: 'The scores sit close to the middle: neither answer is clear.' });
  }
  const strongFake = probabilities.some((p) => p >= 0.85);
  const strongReal = probabilities.some((p) => p <= 0.15);
  if (consistency < 0.7 && strongFake && strongReal) {
    reasons.push({
      code: 'mixed',
      message: 'Some windows score clearly synthetic and others clearly real: parts of it may have been replaced.',
    });
  }
  const label: VoiceLabel = reasons.length ? 'uncertain' : side ? 'synthetic' : 'real';
  const confidence = round(Math.abs(probability - 0.5) * 2 * consistency, 3);
  return {
    label,
    synthetic_probability: round(probability),
    confidence,
    consistency: round(consistency, 3),
    reasons,
    summary: summaryOf(label, probability, windows),
    duration_seconds: round(audio.duration, 3),
    billed_seconds: billedSeconds(audio.duration),
    audio: {
      format: audio.format,
      sample_rate: audio.sourceSampleRate,
      channels: audio.channels,
      speech_seconds: round(speech, 2),
      snr_db: round(snr, 1),
      voiced_share: round(voicedShare, 3),
    },
    windows,
    scorers: { features: true, aasist: withAasist, model: model.version },
  };
}

function summaryOf(label: VoiceLabel, probability: number, windows: VoiceWindow[]): string {
  const percent = Math.round(probability * 100);
  const flagged = windows.filter((w) => w.synthetic_probability >= 0.5).length;
  const parts = `${flagged} of ${windows.length} window${windows.length === 1 ? '' : 's'} score synthetic`;
  if (label === 'synthetic') return `Likely a synthetic voice (${percent}% probability); ${parts}.`;
  if (label === 'real') return `Likely a real voice (${percent}% probability of synthetic); ${parts}.`;
  return `Uncertain (${percent}% probability of synthetic); ${parts}.`;
}

/** Loud frames against quiet ones: the 95th against the 10th percentile of frame energy, in dB. */
function snrDb(energy: Float64Array): number {
  if (energy.length < 10) return 0;
  const sorted = [...energy].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return ((at(0.95) - at(0.1)) * 10) / Math.LN10;
}

export { FRAME_SECONDS, featureNames };
