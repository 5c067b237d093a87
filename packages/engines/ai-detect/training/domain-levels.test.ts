import { describe, expect, it } from 'vitest';
import { type Levels, thresholdLogOddsAt } from '../src/sensitivity.js';
import { chooseDomainThresholds, type GuessedScore, UNREACHABLE, withDomainLines } from './domain-levels.js';
import { LEVEL_RATES } from './levels.js';

const at = (logOdds: number, guess: string, words = 200): GuessedScore => ({ logOdds, words, guess });
const spread = (count: number, from: number, to: number, guess: string) =>
  Array.from({ length: count }, (_, k) => at(from + ((to - from) * k) / Math.max(count - 1, 1), guess));

describe('per-domain thresholds', () => {
  it('draws each kind of writing its own line, every set within the rate, and catches more than one line could', () => {
    // Human news scores low and human essays high; AI texts score high in both.
    const humans = [...spread(100, -6, 0, 'news'), ...spread(100, -2, 4, 'essays')];
    const ai = [...spread(100, 1, 6, 'news'), ...spread(100, 3, 8, 'essays')];
    const leftOut = spread(100, -1, 3.5, 'news');
    const sets = [
      { name: 'out-of-fold', scores: humans },
      { name: 'out-of-fold news', scores: humans.filter((h) => h.guess === 'news') },
      { name: 'out-of-fold essays', scores: humans.filter((h) => h.guess === 'essays') },
      { name: 'left out', scores: leftOut },
    ];
    const chosen = chooseDomainThresholds(0.03, ['news', 'essays'], sets, ai, 40);
    for (const set of sets) {
      const flagged = set.scores.filter((s) => s.logOdds >= (chosen.thresholds[s.guess] as number)).length;
      expect(flagged).toBeLessThanOrEqual(Math.floor(set.scores.length * 0.03));
    }
    // The left-out domain, taken for news, holds the news line up; the essays line sits above human essays.
    expect(chosen.thresholds.news).toBeGreaterThan(3);
    expect(chosen.thresholds.essays).toBeGreaterThan(3.5);
    expect(chosen.detectionRate).toBeGreaterThan(0.3);
    expect(chosen.falsePositiveRate).toBeLessThanOrEqual(0.03);
  });

  it('keeps out of reach the line of a kind no constraint lets down, and never flags a short text', () => {
    const humans = [at(9, 'news', 20), ...spread(10, 5, 6, 'wikipedia')];
    const chosen = chooseDomainThresholds(
      0,
      ['news', 'wikipedia'],
      [{ name: 'all', scores: humans }],
      [at(9, 'news')],
      40,
    );
    // A short human text at 9 is never flagged, so the news line may come down to the AI text.
    expect(chosen.thresholds.news).toBeLessThanOrEqual(9 + 1e-6);
    expect(chosen.thresholds.wikipedia).toBe(UNREACHABLE);
  });

  it('spends the allowance the lines share where it catches the most, whatever order the domains come in', () => {
    // One human text of each kind may be flagged between them; lowering either line flags one. Lowered first, the
    // news line would spend it on one AI text and leave the essays line, which catches ten, where it was.
    const humans = [at(5, 'news'), at(5, 'essays'), ...spread(98, -6, -1, 'news')];
    const ai = [at(4, 'news'), ...Array.from({ length: 10 }, () => at(4, 'essays'))];
    const chosen = chooseDomainThresholds(0.01, ['news', 'essays'], [{ name: 'all', scores: humans }], ai, 40);
    expect(chosen.detectionRate).toBeCloseTo(10 / 11);
    expect(chosen.thresholds.news).toBe(UNREACHABLE);
    expect(chosen.falsePositiveRate).toBeLessThanOrEqual(0.01);
  });

  it('nests the levels: no line of a looser level sits above the stricter one for the same kind', () => {
    // Fifty human texts: one news and five essays score 5, the rest low. Balanced may flag one of them and spends it
    // on the ten AI news texts; sensitive, choosing alone, would rather flag the five essays for thirty AI essays and
    // leave the news line out of reach, so a news text called AI at Balanced would not be at Sensitive.
    const humans = [at(5, 'news'), ...Array.from({ length: 5 }, () => at(5, 'essays')), ...spread(44, -6, -5, 'news')];
    const ai = [
      ...Array.from({ length: 10 }, () => at(4, 'news')),
      ...Array.from({ length: 30 }, () => at(4, 'essays')),
    ];
    const sets = [{ name: 'all', scores: humans }];
    const domains = ['news', 'essays'];
    const alone = (level: keyof Levels) => chooseDomainThresholds(LEVEL_RATES[level], domains, sets, ai, 40).thresholds;
    expect(alone('sensitive').news).toBeGreaterThan(alone('balanced').news as number);

    const unreachable = { atHundredWords: UNREACHABLE, lengthSlope: 0, falsePositiveRate: 0, detectionRate: 0 };
    const levels = withDomainLines(
      { strict: unreachable, balanced: unreachable, sensitive: unreachable },
      domains,
      sets,
      ai,
      40,
    );
    for (const domain of domains) {
      const [strict, balanced, sensitive] = (['strict', 'balanced', 'sensitive'] as const).map((level) =>
        thresholdLogOddsAt(levels, level, 1_000, domain),
      );
      expect(strict).toBeGreaterThanOrEqual(balanced as number);
      expect(balanced).toBeGreaterThanOrEqual(sensitive as number);
    }
    expect(levels.balanced.byDomain?.news).toBeLessThanOrEqual(4);
    expect(levels.sensitive.detectionRate).toBeGreaterThanOrEqual(levels.balanced.detectionRate);
    expect(levels.sensitive.falsePositiveRate).toBeLessThanOrEqual(0.1);
  });
});
