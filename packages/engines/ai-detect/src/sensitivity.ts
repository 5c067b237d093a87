import { z } from 'zod';

/**
 * Sensitivity levels: how readily the detectors call a text AI-written. Each is defined by the share of human
 * writing it may flag, measured on kinds of writing the detector was not trained on (each domain of the training data
 * left out in turn, docs/models/ai-detect.md): about 1% (strict), 3% (balanced) and 10% (sensitive). The thresholds
 * that meet them come from the training script and live in the model file. Importable without the engine.
 */

export const sensitivityLevels = ['strict', 'balanced', 'sensitive'] as const;
export const sensitivitySchema = z.enum(sensitivityLevels);
export type Sensitivity = z.infer<typeof sensitivitySchema>;

/** False accusations are the harm users fear most: the default stays conservative. */
export const DEFAULT_SENSITIVITY: Sensitivity = 'balanced';

/** Share of human texts of an unseen kind each level may flag. */
export const sensitivityTargets: Record<Sensitivity, number> = { strict: 0.01, balanced: 0.03, sensitive: 0.1 };

export const sensitivityNames: Record<Sensitivity, string> = {
  strict: 'Strict',
  balanced: 'Balanced',
  sensitive: 'Sensitive',
};

/** One line on what each level is for, beside the picker. */
export const sensitivityPurposes: Record<Sensitivity, string> = {
  strict: 'Flags a text only on strong evidence: the fewest false alarms, the most AI text missed.',
  balanced: 'The default: few false alarms, more AI text caught.',
  sensitive: 'Catches the most AI text, at the cost of flagging more human writing. Use it to screen, not to judge.',
};

/** What a level means in numbers, measured by the training script on texts the detector did not train on. */
export const operatingPointSchema = z.object({
  level: sensitivitySchema,
  /**
   * Share of human texts called AI at this level, in the kind of writing where it is highest, each kind (domain) left
   * out of training in turn.
   */
  false_positive_rate: z.number().min(0).max(1),
  /** Share of AI texts called AI at this level, out of fold. */
  detection_rate: z.number().min(0).max(1),
});
export type OperatingPoint = z.infer<typeof operatingPointSchema>;

/**
 * Why a verdict is uncertain: the text is too short to judge, its score sits too close to the level's threshold (its
 * 90% interval reaches across it, or it falls between the human and the AI thresholds), or it is a kind of writing the
 * detector rarely saw in training.
 */
export const uncertaintyReasons = ['too_short', 'near_threshold', 'unfamiliar_writing'] as const;
export const uncertaintyReasonSchema = z.enum(uncertaintyReasons);
export type UncertaintyReason = z.infer<typeof uncertaintyReasonSchema>;

/** "1 in 33": a rate as one in N, rounded to a number people say. */
export function oneIn(rate: number): string {
  const n = 1 / rate;
  const step = n < 10 ? 1 : n < 40 ? 5 : n < 200 ? 10 : 100;
  return `about 1 in ${Math.max(Math.round(n / step) * step, 1).toLocaleString('en-US')}`;
}

/**
 * "4 in 10" for a large share, unless one in N reads nearer; a smaller one as one in N ("about 1 in 3", "about 1 in
 * 20"), so levels that catch 25 % and 35 %, 16 % and 23 %, or 5 % and 9 % don't read the same and look like one setting.
 */
export function shareInWords(rate: number): string {
  if (rate < 0.001) return 'almost no';
  if (rate < 0.35) return oneIn(rate);
  const tenths = Math.round(rate * 10);
  // Whichever reads nearer the rate: 35 % is "about 1 in 3", not "about 4 in 10".
  const nearestOneIn = 1 / Math.round(1 / rate);
  return Math.abs(tenths / 10 - rate) <= Math.abs(nearestOneIn - rate) ? `about ${tenths} in 10` : oneIn(rate);
}

/** What a level means, in the words the screens and the PDF use. */
export function levelMeaning(point: Pick<OperatingPoint, 'false_positive_rate' | 'detection_rate'>): string {
  const flagged =
    point.false_positive_rate < 0.001
      ? 'almost no human texts are flagged as AI'
      : `${oneIn(point.false_positive_rate)} human texts is flagged as AI`;
  return `At this setting ${flagged}, and ${shareInWords(point.detection_rate)} AI texts are caught.`;
}

/**
 * The level a stored AI Detector report without one was read at: its single threshold let through at most 1% of
 * human texts of a kind left out of training, and the whole 90% interval had to clear it — strict, and stricter still.
 */
export const LEGACY_AI_SENSITIVITY: Sensitivity = 'strict';

/**
 * A level's threshold by text length, in log-odds: `atHundredWords + lengthSlope · (√(100 / words) − 1)`, words taken
 * between 40 and 1,000. A short text's score wanders more between samples of the same writer, so a short human text
 * crosses a fixed threshold more often than a long one; a threshold that falls with length keeps the level's share of
 * human texts flagged while catching more long AI texts. The training script chooses both numbers.
 */
export const levelThresholdsSchema = z.object({
  atHundredWords: z.number(),
  lengthSlope: z.number().nonnegative(),
  /**
   * Per-domain calibration: the threshold (log-odds) for a text the detector takes for each training domain, used
   * instead of the line above when the model guesses domains.
   */
  byDomain: z.record(z.string(), z.number()).optional(),
  falsePositiveRate: z.number().min(0).max(1),
  detectionRate: z.number().min(0).max(1),
});
export type LevelThresholds = z.infer<typeof levelThresholdsSchema>;
export const levelsSchema = z.object({
  strict: levelThresholdsSchema,
  balanced: levelThresholdsSchema,
  sensitive: levelThresholdsSchema,
});
export type Levels = z.infer<typeof levelsSchema>;

/** Words beyond which the threshold stops falling. */
export const LENGTH_CAP = 1_000;
/** Shortest length the threshold is computed for (the detectors' minimum). */
export const LENGTH_FLOOR = 40;

/** √(100 / words) − 1, for words clamped to [40, 1,000]: 0 at 100 words, positive below, negative above. */
export function lengthTerm(words: number): number {
  return Math.sqrt(100 / Math.min(Math.max(words, LENGTH_FLOOR), LENGTH_CAP)) - 1;
}

/** The threshold's log-odds for `level` and a text of `words` words, taken for training domain `domain`. */
export function thresholdLogOddsAt(levels: Levels, level: Sensitivity, words: number, domain?: string): number {
  const { atHundredWords, lengthSlope, byDomain } = levels[level];
  const own = domain === undefined ? undefined : byDomain?.[domain];
  return own ?? atHundredWords + lengthSlope * lengthTerm(words);
}

/** The threshold (a probability) of `level` for a text of `words` words, taken for training domain `domain`. */
export function thresholdAt(levels: Levels, level: Sensitivity, words: number, domain?: string): number {
  return 1 / (1 + Math.exp(-thresholdLogOddsAt(levels, level, words, domain)));
}

/** The numbers a report carries for its level. */
export function operatingPointOf(levels: Levels, level: Sensitivity): OperatingPoint {
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return {
    level,
    false_positive_rate: round(levels[level].falsePositiveRate),
    detection_rate: round(levels[level].detectionRate),
  };
}
