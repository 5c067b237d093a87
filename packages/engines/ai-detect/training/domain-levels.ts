import type { HeldOutScore } from './levels.js';

/**
 * Per-domain calibration: a level's threshold for each kind of writing a text reads most like (the domain classifier's
 * guess among the training domains). Each line is as low as it can be while the human texts flagged stay at or under
 * the level's share — in every domain left out of training (whatever those texts were taken for), among the
 * out-of-fold texts of each guessed domain, and out of fold overall — so that a guess that happens to be lenient
 * still keeps an unseen kind of writing within the limit. Of the lines that do, coordinate descent finds ones that
 * call many AI texts AI out of fold.
 */

/** A held-out score with the domain the classifier took the text for. */
export interface GuessedScore extends HeldOutScore {
  guess: string;
}

export interface GuessedSet {
  name: string;
  scores: readonly GuessedScore[];
}

const ROUNDS = 4;
/** Log-odds no score reaches: a probability of 1 − 2·10⁻²². */
export const UNREACHABLE = 50;

/** The score a line is compared with: texts under the minimum length are never flagged. */
const scoreValue = (score: HeldOutScore, minimumWords: number) =>
  score.words < minimumWords ? Number.NEGATIVE_INFINITY : score.logOdds;

/**
 * Thresholds (log-odds) per guessed domain: every set flags at most `rate` of its texts (short ones counted, never
 * flagged). Domains no AI text is taken for keep the highest line any constraint allows: +∞ is never stored.
 */
export function chooseDomainThresholds(
  rate: number,
  domains: readonly string[],
  humanSets: readonly GuessedSet[],
  aiOutOfFold: readonly GuessedScore[],
  minimumWords: number,
): { thresholds: Record<string, number>; detectionRate: number; falsePositiveRate: number } {
  const sets = humanSets.map((set) => ({
    allowed: Math.floor(set.scores.length * rate),
    scores: set.scores.map((s) => ({ value: scoreValue(s, minimumWords), guess: s.guess })),
  }));
  const thresholds = new Map(domains.map((domain) => [domain, Number.POSITIVE_INFINITY]));
  const flaggedIn = (set: (typeof sets)[number]) =>
    set.scores.filter((s) => s.value >= (thresholds.get(s.guess) ?? Number.POSITIVE_INFINITY)).length;
  const feasible = () => sets.every((set) => flaggedIn(set) <= set.allowed);
  for (let round = 0; round < ROUNDS; round++) {
    for (const domain of domains) {
      // A line comes down only to catch an AI text: the candidates are the AI texts' own scores.
      const candidates = [
        ...new Set(aiOutOfFold.filter((s) => s.guess === domain).map((s) => scoreValue(s, minimumWords))),
      ]
        .filter(Number.isFinite)
        .sort((a, b) => a - b);
      const current = thresholds.get(domain) as number;
      // Lowest feasible candidate below the current line (feasibility only grows with the line).
      let low = 0;
      let high = candidates.length;
      let best = current;
      while (low < high) {
        const middle = (low + high) >>> 1;
        const candidate = candidates[middle] as number;
        if (candidate >= current) {
          high = middle;
          continue;
        }
        thresholds.set(domain, candidate);
        if (feasible()) {
          best = candidate;
          high = middle;
        } else low = middle + 1;
      }
      thresholds.set(domain, best);
    }
  }
  const ai = aiOutOfFold.filter((s) => scoreValue(s, minimumWords) >= (thresholds.get(s.guess) as number)).length;
  return {
    // A line no constraint let down stays out of reach, as a number the model file can hold.
    thresholds: Object.fromEntries(
      [...thresholds].map(([domain, value]) => [
        domain,
        Number.isFinite(value) ? Math.ceil(value * 1e6) / 1e6 : UNREACHABLE,
      ]),
    ),
    detectionRate: ai / Math.max(aiOutOfFold.length, 1),
    falsePositiveRate: Math.max(...sets.map((set) => flaggedIn(set) / Math.max(set.scores.length, 1))),
  };
}
