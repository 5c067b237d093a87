import { describe, expect, it } from 'vitest';
import { boxFill, normaliseRanges, redactedStrings, withEveryOccurrence } from './ranges.js';

describe('redaction ranges', () => {
  it('clamps, sorts and merges overlapping ranges, the first replacement winning', () => {
    expect(
      normaliseRanges(
        [
          { start: 8, end: 12, replacement: 'B' },
          { start: -3, end: 2, replacement: 'A' },
          { start: 10, end: 40, replacement: 'C' },
          { start: 5, end: 5, replacement: 'empty' },
        ],
        20,
      ),
    ).toEqual([
      { start: 0, end: 2, replacement: 'A' },
      { start: 8, end: 20, replacement: 'B' },
    ]);
  });

  it('adds every other whole-word occurrence of a redacted string with its replacement', () => {
    const text = 'Ann Lee met ANN LEE; Annex by Ann  Lee.';
    const ranges = withEveryOccurrence(text, [{ start: 0, end: 7, replacement: '[P1]' }]);
    expect(ranges.map((range) => text.slice(range.start, range.end))).toEqual(['Ann Lee', 'ANN LEE', 'Ann  Lee']);
    expect(ranges.every((range) => range.replacement === '[P1]')).toBe(true);
    expect(redactedStrings(text, ranges)).toEqual(['Ann Lee', 'ANN LEE', 'Ann  Lee']);
  });

  it('fills a box as long as the text it replaces', () => {
    expect(boxFill(' 4111 ')).toBe('\u2588\u2588\u2588\u2588');
  });
});
