import { describe, expect, it } from 'vitest';
import { lengthTerm } from '../src/sensitivity.js';
import { chooseThresholds, flagged, type HeldOutScore, nestedFalsePositiveRates } from './levels.js';

/** Human scores spread more for short texts, as real ones do; AI scores higher. */
function scores(count: number, shift: number, seed: number): HeldOutScore[] {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: count }, () => {
    const words = 40 + Math.floor(random() * 600);
    const noise = (random() + random() + random() - 1.5) * 4 * Math.sqrt(100 / words);
    return { logOdds: shift + noise, words };
  });
}

describe('choosing a level’s thresholds', () => {
  const oof = scores(2_000, -2, 1);
  const domains = [
    { name: 'a', scores: scores(500, -1.5, 2) },
    { name: 'b', scores: scores(400, -2.5, 3) },
  ];
  const ai = scores(2_000, 1, 4);

  it('keeps every set at or under the rate, and picks the line that catches the most AI texts', () => {
    const sets = [{ name: 'out-of-fold', scores: oof }, ...domains];
    const level = chooseThresholds(0.03, sets, ai, 40);
    for (const set of sets) {
      const flaggedShare =
        set.scores.filter((s) => flagged(s, level.atHundredWords, level.lengthSlope, 40)).length / set.scores.length;
      expect(flaggedShare).toBeLessThanOrEqual(0.03);
    }
    // Noise shrinks with length, so a threshold that falls with length catches more at the same rate.
    expect(level.lengthSlope).toBeGreaterThan(0);
    // A stricter rate, a higher line.
    expect(chooseThresholds(0.01, sets, ai, 40).atHundredWords).toBeGreaterThan(level.atHundredWords);
    expect(level.atHundredWords + level.lengthSlope * lengthTerm(400)).toBeLessThan(level.atHundredWords);
  });

  it('never flags a text under the minimum length, and counts it among the texts a rate is of', () => {
    const short = [{ logOdds: 10, words: 20 }, ...scores(99, -5, 5)];
    const level = chooseThresholds(0.01, [{ name: 'short', scores: short }], ai, 40);
    expect(flagged({ logOdds: 10, words: 20 }, level.atHundredWords, level.lengthSlope, 40)).toBe(false);
    expect(level.falsePositiveRate).toBeLessThanOrEqual(0.01);
  });

  it('estimates each domain’s rate with the line chosen without it', () => {
    const byDomain = new Map([
      ['a', scores(300, -2, 6)],
      ['b', scores(300, -2, 7)],
    ]);
    const rates = nestedFalsePositiveRates(0.03, byDomain, domains, ai, 40);
    expect([...rates.keys()]).toEqual(['a', 'b']);
    // Domain a scores higher than the rest: left out of choosing, it is flagged more than the limit.
    expect(rates.get('a')).toBeGreaterThan(0.03);
  });
});
