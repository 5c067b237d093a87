import { type LevelThresholds, lengthTerm, type Sensitivity, sensitivityLevels } from '../src/sensitivity.js';

/** A held-out score: the log-odds of AI (or, for the humanized verdict, of AI disguised or not) and the text's length. */
export interface HeldOutScore {
  logOdds: number;
  words: number;
}

/** The human texts a level's false-positive rate is measured on: out of fold, and each left-out domain in turn. */
export interface HumanSet {
  name: string;
  scores: readonly HeldOutScore[];
}

/** Slopes tried for the length term: 0 is a fixed threshold. */
const SLOPES = Array.from({ length: 17 }, (_, k) => k * 0.25);

/** Whether a score is flagged at a threshold line (texts under `minimumWords` never are). */
export function flagged(score: HeldOutScore, atHundredWords: number, lengthSlope: number, minimumWords: number) {
  return score.words >= minimumWords && score.logOdds >= atHundredWords + lengthSlope * lengthTerm(score.words);
}

/** The lowest intercept at which at most `rate` of the set (short texts counted, never flagged) is flagged. */
function interceptFor(set: readonly HeldOutScore[], rate: number, slope: number, minimumWords: number): number {
  const shifted = set
    .filter((score) => score.words >= minimumWords)
    .map((score) => score.logOdds - slope * lengthTerm(score.words))
    .sort((a, b) => b - a);
  const allowed = Math.floor(set.length * rate);
  return allowed >= shifted.length ? Number.NEGATIVE_INFINITY : (shifted[allowed] as number) + 1e-9;
}

/**
 * A level's threshold line: for each slope, the lowest intercept that keeps every set's false-positive rate at or under
 * `rate`; of those lines, the one that calls the most AI texts AI out of fold (on a tie, the flatter). The rates are
 * met on these very texts; `nestedFalsePositiveRate` estimates them on a kind of writing never seen.
 */
export function chooseThresholds(
  rate: number,
  humanSets: readonly HumanSet[],
  aiOutOfFold: readonly HeldOutScore[],
  minimumWords: number,
  slopes: readonly number[] = SLOPES,
): LevelThresholds {
  let best: LevelThresholds | undefined;
  for (const slope of slopes) {
    const lowest = Math.max(...humanSets.map((set) => interceptFor(set.scores, rate, slope, minimumWords)));
    if (!Number.isFinite(lowest)) continue;
    // Rounded up, as stored: a line rounded down would flag a text the rate left out.
    const intercept = Math.ceil(lowest * 1e6) / 1e6;
    const detected = aiOutOfFold.filter((score) => flagged(score, intercept, slope, minimumWords)).length;
    const detectionRate = detected / Math.max(aiOutOfFold.length, 1);
    if (!best || detectionRate > best.detectionRate + 1e-12) {
      const falsePositiveRate = Math.max(
        ...humanSets.map(
          (set) =>
            set.scores.filter((score) => flagged(score, intercept, slope, minimumWords)).length /
            Math.max(set.scores.length, 1),
        ),
      );
      best = {
        atHundredWords: intercept,
        lengthSlope: slope,
        falsePositiveRate,
        detectionRate,
      };
    }
  }
  if (!best) throw new Error('No threshold meets the false-positive rate on these texts');
  return best;
}

export const LEVEL_RATES: Record<Sensitivity, number> = { strict: 0.01, balanced: 0.03, sensitive: 0.1 };

export function chooseLevels(
  humanSets: readonly HumanSet[],
  aiOutOfFold: readonly HeldOutScore[],
  minimumWords: number,
): Record<Sensitivity, LevelThresholds> {
  return Object.fromEntries(
    sensitivityLevels.map((level) => [
      level,
      chooseThresholds(LEVEL_RATES[level], humanSets, aiOutOfFold, minimumWords),
    ]),
  ) as Record<Sensitivity, LevelThresholds>;
}

/**
 * What each left-out domain's false-positive rate would be had its texts played no part in choosing the threshold
 * either: the level chosen on the other domains (and out of fold on their texts), applied to this one.
 */
export function nestedFalsePositiveRates(
  rate: number,
  outOfFoldByDomain: ReadonlyMap<string, HeldOutScore[]>,
  leftOutDomains: readonly HumanSet[],
  aiOutOfFold: readonly HeldOutScore[],
  minimumWords: number,
): Map<string, number> {
  const rates = new Map<string, number>();
  for (const held of leftOutDomains) {
    const others = leftOutDomains.filter((set) => set.name !== held.name);
    const outOfFold = [...outOfFoldByDomain].filter(([domain]) => domain !== held.name).flatMap(([, s]) => s);
    const level = chooseThresholds(
      rate,
      [{ name: 'out-of-fold', scores: outOfFold }, ...others],
      aiOutOfFold,
      minimumWords,
    );
    rates.set(
      held.name,
      held.scores.filter((score) => flagged(score, level.atHundredWords, level.lengthSlope, minimumWords)).length /
        Math.max(held.scores.length, 1),
    );
  }
  return rates;
}
