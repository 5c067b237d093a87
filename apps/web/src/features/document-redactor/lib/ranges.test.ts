import { describe, expect, it } from 'vitest';
import { mergeRanges, occurrences, segmentText } from './ranges';

describe('mergeRanges', () => {
  it('sorts the ranges and merges overlapping ones, the earliest keeping its type', () => {
    const merged = mergeRanges([
      { start: 20, end: 25, type: 'B' },
      { start: 0, end: 5, type: 'A' },
      { start: 3, end: 9, type: 'MANUAL' },
      { start: 9, end: 12, type: 'C' },
    ]);
    expect(merged).toEqual([
      { start: 0, end: 9, type: 'A' },
      { start: 9, end: 12, type: 'C' },
      { start: 20, end: 25, type: 'B' },
    ]);
  });

  it('lets the longer of two ranges that start together lead', () => {
    expect(
      mergeRanges([
        { start: 4, end: 6, type: 'short' },
        { start: 4, end: 10, type: 'long' },
      ]),
    ).toEqual([{ start: 4, end: 10, type: 'long' }]);
  });
});

describe('segmentText', () => {
  it('cuts the text where ranges begin and end, with the ranges covering each piece', () => {
    const text = 'Call Ann Lee on 555 0100 today';
    const pieces = segmentText(text, [
      { start: 5, end: 12 },
      { start: 16, end: 24 },
      { start: 9, end: 12 },
    ]);
    expect(pieces.map((piece) => [piece.text, piece.covering])).toEqual([
      ['Call ', []],
      ['Ann ', [0]],
      ['Lee', [0, 2]],
      [' on ', []],
      ['555 0100', [1]],
      [' today', []],
    ]);
    expect(pieces.map((piece) => piece.text).join('')).toBe(text);
  });

  it('leaves out ranges that do not fit the text', () => {
    const pieces = segmentText('short', [
      { start: 2, end: 40 },
      { start: 3, end: 3 },
    ]);
    expect(pieces).toEqual([{ start: 0, end: 5, text: 'short', covering: [] }]);
  });
});

describe('occurrences', () => {
  it('finds every occurrence, ignoring case, without overlaps', () => {
    expect(occurrences('Project Falcon. falcon team; FALCON', 'falcon')).toEqual([
      { start: 8, end: 14 },
      { start: 16, end: 22 },
      { start: 29, end: 35 },
    ]);
    expect(occurrences('aaaa', 'aa')).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 4 },
    ]);
  });

  it('finds nothing for a blank query', () => {
    expect(occurrences('anything', '   ')).toEqual([]);
  });
});
