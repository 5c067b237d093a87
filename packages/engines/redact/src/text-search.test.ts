import { describe, expect, it } from 'vitest';
import { findOccurrences, NeedleSet, Replacer } from './text-search.js';

describe('finding redacted strings', () => {
  it('matches whole words in any case and across any whitespace', () => {
    const text = 'Al met AL SMITH and al\nsmith; Also Alan.';
    expect(findOccurrences(text, 'Al Smith').map((range) => text.slice(range.start, range.end))).toEqual([
      'AL SMITH',
      'al\nsmith',
    ]);
    expect(findOccurrences(text, 'al')).toHaveLength(3);
  });

  it('matches strings that start or end with punctuation without requiring word ends there', () => {
    expect(findOccurrences('mail:<jane@x.io>', '<jane@x.io>')).toEqual([{ start: 5, end: 16 }]);
    expect(findOccurrences('+44 20 7946 0958', '+44 20 7946 0958')).toEqual([{ start: 0, end: 16 }]);
  });

  it('reports each string found among many, normalised', () => {
    const needles = new NeedleSet(['Jane Doe', 'jane', 'DE89 3704']);
    expect(needles.foundIn('to JANE   doe, not janet; iban de89 3704').sort()).toEqual(['de89 3704', 'jane doe']);
  });

  it('replaces every occurrence with its own replacement', () => {
    const replacer = new Replacer(
      new Map([
        ['Jane Doe', '[PERSON_1]'],
        ['jane@x.io', '[EMAIL]'],
      ]),
    );
    expect(replacer.replace('JANE DOE <jane@x.io>, Jane Doerr')).toBe('[PERSON_1] <[EMAIL]>, Jane Doerr');
  });
});
