import { describe, expect, it } from 'vitest';
import { findTokens, splitByRanges } from './segments';

describe('splitByRanges', () => {
  it('covers the whole text, marking each range once', () => {
    const text = 'Email Jane Doe at jane@example.com today';
    const ranges = [
      { start: 18, end: 34, tag: 'email' },
      { start: 6, end: 14, tag: 'name' },
    ];
    const segments = splitByRanges(text, ranges);
    expect(segments.map((s) => [s.text, s.range?.tag ?? null])).toEqual([
      ['Email ', null],
      ['Jane Doe', 'name'],
      [' at ', null],
      ['jane@example.com', 'email'],
      [' today', null],
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.map((s) => s.start)).toEqual([0, 6, 14, 18, 34]);
  });

  it('leaves out overlapping, empty and out-of-range parts', () => {
    const text = 'abcdefghij';
    const segments = splitByRanges(text, [
      { start: 2, end: 6 },
      { start: 4, end: 8 },
      { start: 9, end: 9 },
      { start: 8, end: 40 },
    ]);
    expect(segments.map((s) => [s.text, Boolean(s.range)])).toEqual([
      ['ab', false],
      ['cdef', true],
      ['gh', false],
      ['ij', true],
    ]);
  });

  it('returns the text as one plain segment when nothing is marked', () => {
    expect(splitByRanges('plain', [])).toEqual([{ text: 'plain', start: 0 }]);
    expect(splitByRanges('', [])).toEqual([]);
  });
});

describe('findTokens', () => {
  it('finds every occurrence of the known pseudonyms and nothing else', () => {
    const spans = [
      { start: 0, end: 4, type: 'PERSON_NAME', token: '[PERSON_NAME_1]' },
      { start: 20, end: 24, type: 'PERSON_NAME', token: '[PERSON_NAME_1]' },
      { start: 30, end: 40, type: 'EMAIL_ADDRESS', token: '[EMAIL_ADDRESS_1]' },
    ];
    const masked = '[PERSON_NAME_1] wrote to [EMAIL_ADDRESS_1] about [PERSON_NAME_2] and [PERSON_NAME_1].';
    const found = findTokens(masked, spans);
    expect(found.map((f) => masked.slice(f.start, f.end))).toEqual([
      '[PERSON_NAME_1]',
      '[EMAIL_ADDRESS_1]',
      '[PERSON_NAME_1]',
    ]);
    expect(found[1]?.span.type).toBe('EMAIL_ADDRESS');
  });
});
