import { featureNames, type VoiceModel } from '../src/detect.js';
import { type Condition, conditions, foldOf, type MeasuredClip } from './corpus.js';
import { auroc, eer, fitLogistic } from './metrics.js';

export const FOLDS = 5;
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const FEATURE_FIT = { l2: 0.01, iterations: 400, rate: 0.5 };
const COMBINER_FIT = { l2: 0.001, iterations: 600, rate: 0.5 };

interface Row {
  x: number[];
  /** The clip's AASIST-L margin (its first window's), or null when it was not scored. */
  aasist: number | null;
  synthetic: boolean;
  group: string;
}

const rowsOf = (clips: MeasuredClip[]): Row[] =>
  clips.flatMap(({ clip, windows }) =>
    windows.map((w) => ({
      x: w.features,
      aasist: windows[0]?.aasist ?? null,
      synthetic: clip.label === 'synthetic',
      group: clip.group,
    })),
  );

/** The feature model: standardisation and logistic weights. */
function fitFeatures(rows: Row[]) {
  const dims = rows[0]?.x.length ?? 0;
  const mean = Array.from({ length: dims }, (_, d) => rows.reduce((a, r) => a + (r.x[d] as number), 0) / rows.length);
  const scale = Array.from({ length: dims }, (_, d) => {
    const variance = rows.reduce((a, r) => a + ((r.x[d] as number) - (mean[d] as number)) ** 2, 0) / rows.length;
    return Math.sqrt(variance) || 1;
  });
  const standardised = rows.map((r) =>
    r.x.map((v, d) => Math.max(-8, Math.min(8, (v - (mean[d] as number)) / (scale[d] as number)))),
  );
  const { weights, bias } = fitLogistic(
    standardised,
    rows.map((r) => r.synthetic),
    FEATURE_FIT,
  );
  return { mean, scale, weights, bias };
}

type FeatureModel = ReturnType<typeof fitFeatures>;

const logitOf = (model: FeatureModel, x: number[]) =>
  x.reduce(
    (a, v, d) =>
      a +
      Math.max(-8, Math.min(8, (v - (model.mean[d] as number)) / (model.scale[d] as number))) *
        (model.weights[d] as number),
    model.bias,
  );

/** Feature logits of `rows` each from a model that did not see its group (cross-fitted within `rows`). */
function crossFitted(rows: Row[]): number[] {
  const logits = new Array<number>(rows.length).fill(0);
  for (let fold = 0; fold < 3; fold++) {
    const inFold = rows.map((r) => foldOf(`inner-${r.group}`, 3) === fold);
    const model = fitFeatures(rows.filter((_, i) => !inFold[i]));
    rows.forEach((r, i) => {
      if (inFold[i]) logits[i] = logitOf(model, r.x);
    });
  }
  return logits;
}

/** Everything the engine needs: the feature model and both calibrations, fitted on `rows`. */
export function fitVoiceModel(rows: Row[]) {
  const features = fitFeatures(rows);
  const logits = crossFitted(rows);
  const labels = rows.map((r) => r.synthetic);
  const realMargins = rows
    .filter((r) => !r.synthetic && r.aasist !== null)
    .map((r) => r.aasist as number)
    .sort((a, b) => a - b);
  const knot = realMargins[Math.floor(0.95 * (realMargins.length - 1))] ?? 0;
  const scored = rows.flatMap((r, i) =>
    r.aasist === null ? [] : [{ x: [logits[i] as number, r.aasist, Math.max(0, r.aasist - knot)], y: r.synthetic }],
  );
  const combiner = fitLogistic(
    scored.map((r) => r.x),
    scored.map((r) => r.y),
    COMBINER_FIT,
  );
  const alone = fitLogistic(
    logits.map((l) => [l]),
    labels,
    COMBINER_FIT,
  );
  return {
    features,
    combined: {
      feature: combiner.weights[0] as number,
      aasist: combiner.weights[1] as number,
      excess: combiner.weights[2] as number,
      knot,
      bias: combiner.bias,
    },
    featureOnly: { feature: alone.weights[0] as number, bias: alone.bias },
  };
}

type Fitted = ReturnType<typeof fitVoiceModel>;

/** A clip's three scores: the mean window probability of the feature model, AASIST-L and the combination. */
function scoreClip(fitted: Fitted, clip: MeasuredClip) {
  const margin = clip.windows[0]?.aasist ?? null;
  let features = 0;
  let combined = 0;
  for (const w of clip.windows) {
    const logit = logitOf(fitted.features, w.features);
    features += sigmoid(fitted.featureOnly.feature * logit + fitted.featureOnly.bias);
    combined += sigmoid(
      margin === null
        ? fitted.featureOnly.feature * logit + fitted.featureOnly.bias
        : fitted.combined.feature * logit +
            fitted.combined.aasist * margin +
            fitted.combined.excess * Math.max(0, margin - fitted.combined.knot) +
            fitted.combined.bias,
    );
  }
  const n = clip.windows.length;
  return { features: features / n, aasist: margin ?? Number.NaN, combined: combined / n };
}

export interface Scored {
  clip: MeasuredClip;
  scores: ReturnType<typeof scoreClip>;
}

export interface Metrics {
  clips: { real: number; synthetic: number };
  features: { eer: number; auroc: number };
  aasist: { eer: number; auroc: number };
  combined: { eer: number; auroc: number };
}

export function metricsOf(scored: Scored[]): Metrics {
  const labels = scored.map((s) => s.clip.clip.label === 'synthetic');
  const of = (key: keyof Scored['scores']) => {
    const kept = scored.flatMap((s, i) => (Number.isNaN(s.scores[key]) ? [] : [i]));
    const scores = kept.map((i) => (scored[i] as Scored).scores[key]);
    const keptLabels = kept.map((i) => labels[i] as boolean);
    return { eer: eer(scores, keptLabels), auroc: auroc(scores, keptLabels) };
  };
  return {
    clips: { real: labels.filter((l) => !l).length, synthetic: labels.filter(Boolean).length },
    features: of('features'),
    aasist: of('aasist'),
    combined: of('combined'),
  };
}

/**
 * Leave one synthetic system out: for each system, five folds by sentence; each fold trains on the other systems and
 * the real recordings of the other sentences (every condition), then scores the left-out system's clips and the
 * left-out real ones. Returns every test score, keyed by system, so metrics can be cut by condition.
 */
export function leaveOneSystemOut(measured: MeasuredClip[], log: (line: string) => void): Map<string, Scored[]> {
  const systems = [...new Set(measured.filter((m) => m.clip.label === 'synthetic').map((m) => m.clip.system))];
  const out = new Map<string, Scored[]>();
  for (const system of systems) {
    const scored: Scored[] = [];
    for (let fold = 0; fold < FOLDS; fold++) {
      const test = (m: MeasuredClip) => foldOf(m.clip.group, FOLDS) === fold;
      const train = measured.filter((m) => m.clip.system !== system && !test(m));
      const fitted = fitVoiceModel(rowsOf(train));
      for (const m of measured) {
        if (test(m) && (m.clip.system === system || m.clip.label === 'real')) {
          scored.push({ clip: m, scores: scoreClip(fitted, m) });
        }
      }
    }
    out.set(system, scored);
    log(`left out ${system}: AUROC combined ${metricsOf(scored).combined.auroc.toFixed(3)}`);
  }
  return out;
}

/** Leave one condition out: trained on the other conditions (five folds by sentence), tested on the left-out one. */
export function leaveOneConditionOut(measured: MeasuredClip[]): Map<Condition, Metrics> {
  const out = new Map<Condition, Metrics>();
  for (const condition of conditions) {
    if (condition === 'original') continue;
    const scored: Scored[] = [];
    for (let fold = 0; fold < FOLDS; fold++) {
      const test = (m: MeasuredClip) => foldOf(m.clip.group, FOLDS) === fold;
      const fitted = fitVoiceModel(rowsOf(measured.filter((m) => m.condition !== condition && !test(m))));
      for (const m of measured)
        if (m.condition === condition && test(m)) scored.push({ clip: m, scores: scoreClip(fitted, m) });
    }
    out.set(condition, metricsOf(scored));
  }
  return out;
}

/** The model the engine ships: every clip, every condition. */
export function finalModel(measured: MeasuredClip[], version: string, training: Record<string, unknown>): VoiceModel {
  const fitted = fitVoiceModel(rowsOf(measured));
  return {
    format: 'candor-voice/1',
    version,
    features: [...featureNames],
    mean: fitted.features.mean.map((v) => Number(v.toPrecision(7))),
    scale: fitted.features.scale.map((v) => Number(v.toPrecision(7))),
    weights: fitted.features.weights.map((v) => Number(v.toPrecision(7))),
    bias: Number(fitted.features.bias.toPrecision(7)),
    combined: fitted.combined,
    featureOnly: fitted.featureOnly,
    uncertainBand: [0.35, 0.65],
    training,
  };
}
