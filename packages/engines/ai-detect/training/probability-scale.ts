import { type ProbabilityScale, scaledProbability } from '../src/detector-model.js';
import { aiMassLogOdds } from '../src/humanized-verdict.js';
import { sigmoid, trainLinearModel } from '../src/linear-model.js';
import type { HeldOutScores, HeldOutText } from './evaluate.js';
import { MINIMUM_WORDS, type TrainingSet } from './pipeline.js';

/** A probability a report shows: its scale, and how well it and the trees' own sigmoid are calibrated. */
export interface CalibratedProbability {
  scale: ProbabilityScale;
  /** Expected calibration error (ten bins, human and AI weighed alike), raw sigmoid and on the scale. */
  calibrationError: Record<'outOfFold' | 'leftOutDomain', { raw: number; scaled: number }>;
}

/**
 * The probabilities the reports show: the AI Detector's (from the document log-odds) and the Humanized Text
 * Detector's probability that a text is AI-written, disguised or not (from its three-way trees).
 */
export interface ProbabilityDisplay {
  aiDetection: CalibratedProbability;
  humanized: CalibratedProbability;
}

/** The log-odds a held-out score gives each detector's probability (the humanized one's AI, disguised or not). */
const logOddsOf: Record<keyof ProbabilityDisplay, (held: HeldOutText) => number> = {
  aiDetection: (held) => held.logOdds,
  humanized: (held) => aiMassLogOdds(held.humanized),
};

/**
 * The committed model's scales, each fitted on every text's out-of-fold log-odds (texts long enough to be judged),
 * and their calibration error there and on the scores of each text from the run that left its domain out (which the
 * fit never saw).
 */
export function probabilityDisplayOf(heldOut: HeldOutScores, set: TrainingSet): ProbabilityDisplay {
  const calibrated = (which: keyof ProbabilityDisplay): CalibratedProbability => {
    const pairs = (scores: HeldOutScores['outOfFold']) => {
      const logOdds: number[] = [];
      const labels: (0 | 1)[] = [];
      scores.forEach((held, i) => {
        const label = set.binary[i];
        if (!held || label === undefined || held.words < MINIMUM_WORDS) return;
        logOdds.push(logOddsOf[which](held));
        labels.push(label);
      });
      return { logOdds, labels };
    };
    const outOfFold = pairs(heldOut.outOfFold);
    const leftOutDomain = pairs(heldOut.leftOutDomain);
    const scale = fitProbabilityScale(outOfFold.logOdds, outOfFold.labels);
    const errors = ({ logOdds, labels }: typeof outOfFold) => ({
      raw: calibrationError(logOdds.map(sigmoid), labels),
      scaled: calibrationError(
        logOdds.map((value) => scaledProbability(scale, value)),
        labels,
      ),
    });
    return { scale, calibrationError: { outOfFold: errors(outOfFold), leftOutDomain: errors(leftOutDomain) } };
  };
  return { aiDetection: calibrated('aiDetection'), humanized: calibrated('humanized') };
}

/**
 * Expected calibration error over ten equal-width bins, each text weighed so the two classes count alike: the
 * weighted mean gap between the probability said and the share of AI texts among those it was said of.
 */
export function calibrationError(probabilities: readonly number[], labels: readonly (0 | 1)[]): number {
  const counts = [0, 0];
  for (const label of labels) counts[label] = (counts[label] as number) + 1;
  const bins = Array.from({ length: 10 }, () => ({ weight: 0, said: 0, ai: 0 }));
  probabilities.forEach((p, i) => {
    const label = labels[i] as 0 | 1;
    const weight = 1 / (2 * (counts[label] as number));
    const bin = bins[Math.min(Math.floor(p * 10), 9)] as (typeof bins)[number];
    bin.weight += weight;
    bin.said += weight * p;
    bin.ai += weight * label;
  });
  return bins.reduce((total, bin) => total + Math.abs(bin.said - bin.ai), 0);
}

/**
 * Platt scaling of a detector's log-odds: the slope and intercept with which sigmoid(slope × log-odds + intercept)
 * best predicts, on held-out texts weighed so that human and AI count alike, whether a text is AI-written. A sum of
 * boosted trees is overconfident (held out, texts it scores at 99% are far from all AI); the scale makes the
 * percentage a user reads mean what it says, and being monotone it changes no verdict.
 */
export function fitProbabilityScale(logOdds: readonly number[], labels: readonly (0 | 1)[]): ProbabilityScale {
  const counts = [0, 0];
  for (const label of labels) counts[label] = (counts[label] as number) + 1;
  if (!counts[0] || !counts[1]) throw new Error('The probability scale needs held-out texts of both classes.');
  const model = trainLinearModel(
    logOdds.map((value) => [value]),
    labels,
    ['human', 'ai'],
    ['log_odds'],
    // No penalty: two numbers from thousands of texts. On the committed model's 20,034 held-out scores, 200 steps
    // already agree with Newton's method to four decimals.
    { l2: 0, iterations: 300, sampleWeights: labels.map((label) => 1 / (2 * (counts[label] as number))) },
  );
  const { weights, bias, mean, scale } = model.parameters;
  const slope = ((weights[1]?.[0] as number) - (weights[0]?.[0] as number)) / (scale[0] as number);
  const intercept = (bias[1] as number) - (bias[0] as number) - slope * (mean[0] as number);
  return { slope: round(slope), intercept: round(intercept) };
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;
