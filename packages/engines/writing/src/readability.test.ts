import { describe, expect, it } from 'vitest';
import fixtures from '../fixtures/readability.json' with { type: 'json' };
import { textStatistics } from './statistics.js';

// References: the published formulas applied to hand counts (fixtures/README.md); scores must agree within ±0.1.
describe('readability on the reference fixtures', () => {
  for (const fixture of fixtures) {
    describe(fixture.name, () => {
      const stats = textStatistics(fixture.text);

      it('counts words, sentences, syllables, letters and difficult words as counted by hand', () => {
        const { counts } = stats;
        expect(counts.words).toBe(fixture.counts.words);
        expect(counts.sentences).toBe(fixture.counts.sentences);
        expect(counts.syllables).toBe(fixture.counts.syllables);
        expect(counts.polysyllables).toBe(fixture.counts.polysyllables);
        expect(counts.letters).toBe(fixture.counts.letters);
        expect(counts.difficultWords).toBe(fixture.counts.difficultWords);
        if ('paragraphs' in fixture.counts) expect(counts.paragraphs).toBe(fixture.counts.paragraphs);
      });

      for (const [score, expected] of Object.entries(fixture.expected)) {
        it(`gives ${score} within ±0.1 of ${expected}`, () => {
          const actual = stats.readability[score as keyof typeof stats.readability];
          expect(Math.abs(actual - expected)).toBeLessThanOrEqual(0.1);
        });
      }

      for (const [score, published] of Object.entries(fixture.published)) {
        it(`rounds to the published ${score} of ${published}`, () => {
          const actual = stats.readability[score as keyof typeof stats.readability];
          const decimals = published.split('.')[1]?.length ?? 0;
          expect(actual.toFixed(decimals)).toBe(published);
        });
      }
    });
  }
});
