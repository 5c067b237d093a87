import {
  LENGTH_CAP,
  type Levels,
  type LevelThresholds,
  lengthTerm,
  type Sensitivity,
  sensitivityLevels,
} from '../src/sensitivity.js';
import { type HeldOutScore, LEVEL_RATES } from './levels.js';

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
/** Up to this many domains every order of them is tried (7! = 5,040); more, and only rotations of the given order. */
const ALL_ORDERS_UP_TO = 7;
/** Log-odds no score reaches: a probability of 1 − 2·10⁻²². */
export const UNREACHABLE = 50;

/** The score a line is compared with: texts under the minimum length are never flagged. */
const scoreValue = (score: HeldOutScore, minimumWords: number) =>
  score.words < minimumWords ? Number.NEGATIVE_INFINITY : score.logOdds;

/** How many of `sorted` (ascending) are at or above `line`. */
function countAtOrAbove(sorted: Float64Array, line: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) >= line) high = middle;
    else low = middle + 1;
  }
  return sorted.length - low;
}

const permutations = <T>(items: readonly T[]): T[][] =>
  items.length <= 1
    ? [[...items]]
    : items.flatMap((item, i) =>
        permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
      );

/**
 * Thresholds (log-odds) per guessed domain: every set flags at most `rate` of its texts (short ones counted, never
 * flagged). Domains no AI text is taken for keep the highest line any constraint allows: +∞ is never stored. With a
 * `ceiling` (a stricter level's lines, which flag fewer texts than `rate` allows and so meet it) every line starts
 * there and never rises above it, so a text flagged at the stricter level is flagged at this one too.
 *
 * The lines share each set's allowance, so the order in which they come down decides how many AI texts they catch:
 * on the training data the dataset's own order caught 9.0 % at balanced and the best order 23.0 %. So the descent runs
 * from every order of the domains, then frees one line at a time for the others to use (a line goes back up and
 * comes down last) while that catches more.
 */
export function chooseDomainThresholds(
  rate: number,
  domains: readonly string[],
  humanSets: readonly GuessedSet[],
  aiOutOfFold: readonly GuessedScore[],
  minimumWords: number,
  ceiling?: Readonly<Record<string, number>>,
): { thresholds: Record<string, number>; detectionRate: number; falsePositiveRate: number } {
  const D = domains.length;
  const highest = Float64Array.from(domains, (domain) => ceiling?.[domain] ?? Number.POSITIVE_INFINITY);
  const column = new Map(domains.map((domain, d) => [domain, d]));
  // Each set's scores by guessed domain, sorted, so a set's flagged count under given lines is D binary searches.
  const byDomain = (scores: readonly GuessedScore[]) => {
    const lists = domains.map(() => [] as number[]);
    for (const score of scores) {
      const d = column.get(score.guess);
      if (d !== undefined) (lists[d] as number[]).push(scoreValue(score, minimumWords));
    }
    return lists.map((list) => Float64Array.from(list).sort());
  };
  const sets = humanSets.map((set) => ({
    allowed: Math.floor(set.scores.length * rate),
    size: set.scores.length,
    values: byDomain(set.scores),
  }));
  const aiValues = byDomain(aiOutOfFold);
  // A line comes down only to catch an AI text: each domain's candidates are its AI texts' own scores, ascending.
  const candidates = aiValues.map((values) => [...new Set(values)].filter(Number.isFinite));
  const flaggedIn = (set: (typeof sets)[number], lines: Float64Array) => {
    let flagged = 0;
    for (let d = 0; d < D; d++) flagged += countAtOrAbove(set.values[d] as Float64Array, lines[d] as number);
    return flagged;
  };
  const feasible = (lines: Float64Array) => sets.every((set) => flaggedIn(set, lines) <= set.allowed);
  const caught = (lines: Float64Array) => {
    let total = 0;
    for (let d = 0; d < D; d++) total += countAtOrAbove(aiValues[d] as Float64Array, lines[d] as number);
    return total;
  };

  /** Coordinate descent from `start`: each line in `order`, as low as the others let it, for a few rounds. */
  const descend = (order: readonly number[], start: Float64Array) => {
    const lines = Float64Array.from(start);
    for (let round = 0; round < ROUNDS; round++) {
      for (const d of order) {
        const list = candidates[d] as number[];
        const current = lines[d] as number;
        // Lowest feasible candidate below the current line (feasibility only grows with the line).
        let low = 0;
        let high = list.length;
        let best = current;
        while (low < high) {
          const middle = (low + high) >>> 1;
          const candidate = list[middle] as number;
          if (candidate >= current) {
            high = middle;
            continue;
          }
          lines[d] = candidate;
          if (feasible(lines)) {
            best = candidate;
            high = middle;
          } else low = middle + 1;
        }
        lines[d] = best;
      }
    }
    return lines;
  };

  const indexes = domains.map((_, d) => d);
  const orders =
    D <= ALL_ORDERS_UP_TO
      ? permutations(indexes)
      : indexes.map((_, k) => [...indexes.slice(k), ...indexes.slice(0, k)]);
  // Of lines that catch as many AI texts, the ones that flag fewer human texts in all the sets together.
  const humansFlagged = (lines: Float64Array) => sets.reduce((total, set) => total + flaggedIn(set, lines), 0);
  let best: Float64Array = highest;
  let bestCaught = -1;
  let bestFlagged = Number.POSITIVE_INFINITY;
  const consider = (lines: Float64Array) => {
    const count = caught(lines);
    if (count < bestCaught) return false;
    const flagged = humansFlagged(lines);
    if (count === bestCaught && flagged >= bestFlagged) return false;
    best = lines;
    bestCaught = count;
    bestFlagged = flagged;
    return true;
  };
  for (const order of orders) consider(descend(order, highest));
  for (let improved = true; improved; ) {
    improved = false;
    for (const d of indexes) {
      const freed = Float64Array.from(best);
      freed[d] = highest[d] as number;
      if (consider(descend([...indexes.filter((other) => other !== d), d], freed))) improved = true;
    }
  }

  return {
    // A line no constraint let down stays out of reach, as a number the model file can hold.
    thresholds: Object.fromEntries(
      domains.map((domain, d) => {
        const value = best[d] as number;
        // Rounded up, as stored, but never past the ceiling (already a stored number).
        const stored = Math.min(Math.ceil(value * 1e6) / 1e6, highest[d] as number);
        return [domain, Number.isFinite(stored) ? stored : UNREACHABLE];
      }),
    ),
    detectionRate: Math.max(bestCaught, 0) / Math.max(aiOutOfFold.length, 1),
    falsePositiveRate: Math.max(...sets.map((set) => flaggedIn(set, best) / Math.max(set.size, 1))),
  };
}

/**
 * The human sets per-domain lines keep within a level's rate: out of fold, among the out-of-fold texts taken for each
 * domain, and each domain left out of training (`leftOut`, by domain). Each kind of writing the classifier names
 * keeps its own human texts within the rate too: without it, the balanced line for texts taken for biomedical writing
 * flagged 61% of those human texts out of fold while the pooled rate stayed at 3%.
 */
export function domainHumanSets(
  outOfFold: readonly GuessedScore[],
  leftOut: ReadonlyMap<string, readonly GuessedScore[]>,
  domains: readonly string[],
): GuessedSet[] {
  return [
    { name: 'out-of-fold', scores: outOfFold },
    ...domains.map((domain) => ({ name: `taken for ${domain}`, scores: outOfFold.filter((s) => s.guess === domain) })),
    ...[...leftOut].map(([domain, scores]) => ({ name: domain, scores })),
  ];
}

/**
 * Each left-out domain's share of human texts flagged at `level` had it played no part in choosing the per-domain
 * lines either: the lines chosen on the sets without it (`setsWithout`), applied to its own left-out human texts.
 * The lines are chosen in order from strict, each level's under the stricter one's, as `withDomainLines` does when
 * every level draws per-domain lines.
 */
export function nestedDomainRates(
  level: Sensitivity,
  domains: readonly string[],
  setsWithout: (domain: string) => readonly GuessedSet[],
  leftOutHumans: (domain: string) => readonly GuessedScore[],
  aiOutOfFold: readonly GuessedScore[],
  minimumWords: number,
): Map<string, number> {
  const chain = sensitivityLevels.slice(0, sensitivityLevels.indexOf(level) + 1);
  return new Map(
    domains.map((domain) => {
      const sets = setsWithout(domain);
      let thresholds: Record<string, number> | undefined;
      for (const each of chain) {
        thresholds = chooseDomainThresholds(
          LEVEL_RATES[each],
          domains,
          sets,
          aiOutOfFold,
          minimumWords,
          thresholds,
        ).thresholds;
      }
      const humans = leftOutHumans(domain);
      const flagged = humans.filter(
        (s) => scoreValue(s, minimumWords) >= (thresholds?.[s.guess] ?? Number.POSITIVE_INFINITY),
      ).length;
      return [domain, flagged / Math.max(humans.length, 1)];
    }),
  );
}

/**
 * A detector's levels with per-domain lines where they catch more AI texts than the level's single line does, chosen
 * in order from strict so that they nest: each of a level's lines starts from and never rises above the stricter
 * level's line for the same kind of writing (its per-domain line, or its single line where that is lowest, at 1,000
 * words). Chosen independently, the balanced line for texts taken for news once came out under the sensitive one
 * (98.7 % against 98.8 %): a news text could be "Likely AI" at Balanced and not at Sensitive. Once a level draws
 * per-domain lines the looser ones do too, since its single line need not sit under them.
 */
export function withDomainLines(
  single: Levels,
  domains: readonly string[],
  humanSets: readonly GuessedSet[],
  aiOutOfFold: readonly GuessedScore[],
  minimumWords: number,
): Levels {
  const levels = {} as Levels;
  let stricter: LevelThresholds | undefined;
  for (const level of sensitivityLevels) {
    const line = single[level];
    const lowest = stricter && stricter.atHundredWords + stricter.lengthSlope * lengthTerm(LENGTH_CAP);
    const ceiling =
      stricter &&
      Object.fromEntries(domains.map((domain) => [domain, stricter?.byDomain?.[domain] ?? (lowest as number)]));
    const perDomain = chooseDomainThresholds(
      LEVEL_RATES[level],
      domains,
      humanSets,
      aiOutOfFold,
      minimumWords,
      ceiling,
    );
    levels[level] =
      stricter?.byDomain || perDomain.detectionRate > line.detectionRate
        ? {
            ...line,
            byDomain: perDomain.thresholds,
            falsePositiveRate: perDomain.falsePositiveRate,
            detectionRate: perDomain.detectionRate,
          }
        : line;
    stricter = levels[level];
  }
  return levels;
}
