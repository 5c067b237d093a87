import { describe, expect, it } from 'vitest';
import { segmentMatchedText } from './segments';

describe('segmentMatchedText', () => {
  const text = 'abcdefghij';

  it('cuts the text where passages and excluded ranges begin and end', () => {
    const pieces = segmentMatchedText(text, [{ start: 2, end: 5 }], [{ start: 7, end: 9, reason: 'quotation' }]);
    expect(pieces.map((piece) => [piece.text, piece.passages, piece.excluded])).toEqual([
      ['ab', [], null],
      ['cde', [0], null],
      ['fg', [], null],
      ['hi', [], 'quotation'],
      ['j', [], null],
    ]);
    expect(pieces.map((piece) => piece.text).join('')).toBe(text);
    expect(pieces[1]?.opens).toEqual([0]);
    expect(pieces[3]?.opensExcluded).toBe(true);
  });

  it('keeps overlapping passages, each opening where it begins', () => {
    const pieces = segmentMatchedText(
      text,
      [
        { start: 1, end: 6 },
        { start: 4, end: 8 },
      ],
      [],
    );
    expect(pieces.map((piece) => [piece.text, piece.passages, piece.opens])).toEqual([
      ['a', [], []],
      ['bcd', [0], [0]],
      ['ef', [0, 1], [1]],
      ['gh', [1], []],
      ['ij', [], []],
    ]);
  });

  it('marks a passage inside an excluded range as both, opening the range once', () => {
    const pieces = segmentMatchedText(text, [{ start: 3, end: 5 }], [{ start: 2, end: 8, reason: 'references' }]);
    expect(pieces.filter((piece) => piece.opensExcluded).map((piece) => piece.text)).toEqual(['c']);
    expect(pieces.find((piece) => piece.text === 'de')).toMatchObject({ passages: [0], excluded: 'references' });
  });

  it('leaves out ranges that do not fit the text rather than drawing them wrong', () => {
    const pieces = segmentMatchedText(
      text,
      [
        { start: 8, end: 20 },
        { start: 4, end: 4 },
      ],
      [{ start: 5, end: 3, reason: 'quotation' }],
    );
    expect(pieces).toEqual([
      { start: 0, end: 10, text, passages: [], opens: [], excluded: null, opensExcluded: false },
    ]);
  });
});
