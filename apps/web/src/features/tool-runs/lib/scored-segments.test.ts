import { describe, expect, it } from 'vitest';
import { segmentScoredText } from './scored-segments';

const shape = (segments: ReturnType<typeof segmentScoredText>) =>
  segments.map((segment) =>
    segment.kind === 'plain'
      ? ['plain', segment.text]
      : ['sentence', segment.sentence, segment.pieces.map((piece) => [piece.text, piece.mark])],
  );

describe('segmentScoredText', () => {
  const text = 'First one here. Second one there.';

  it('keeps the text between and around sentences as plain passages', () => {
    expect(
      shape(
        segmentScoredText(text, [
          { start: 0, end: 15 },
          { start: 16, end: 33 },
        ]),
      ),
    ).toEqual([
      ['sentence', 0, [['First one here.', null]]],
      ['plain', ' '],
      ['sentence', 1, [['Second one there.', null]]],
    ]);
    expect(shape(segmentScoredText('  Hi there.', [{ start: 2, end: 11 }]))).toEqual([
      ['plain', '  '],
      ['sentence', 0, [['Hi there.', null]]],
    ]);
    expect(shape(segmentScoredText('Only text', []))).toEqual([['plain', 'Only text']]);
  });

  it('cuts a sentence where its marks begin and end, and clips a mark to its sentence', () => {
    const marks = [
      { start: 6, end: 9 },
      { start: 14, end: 22 },
    ];
    expect(
      shape(
        segmentScoredText(
          text,
          [
            { start: 0, end: 15 },
            { start: 16, end: 33 },
          ],
          marks,
        ),
      ),
    ).toEqual([
      [
        'sentence',
        0,
        [
          ['First ', null],
          ['one', 0],
          [' here', null],
          ['.', 1],
        ],
      ],
      ['plain', ' '],
      [
        'sentence',
        1,
        [
          ['Second', 1],
          [' one there.', null],
        ],
      ],
    ]);
  });

  it('leaves out ranges that do not fit the text or overlap an earlier one, keeping their indexes', () => {
    const segments = segmentScoredText(text, [
      { start: 5, end: 99 },
      { start: 0, end: 15 },
      { start: 10, end: 20 },
      { start: 16, end: 33 },
    ]);
    expect(shape(segments)).toEqual([
      ['sentence', 1, [['First one here.', null]]],
      ['plain', ' '],
      ['sentence', 3, [['Second one there.', null]]],
    ]);
  });

  it('counts offsets in UTF-16 units, as the engines do', () => {
    const emoji = 'Hi 👋 there. Bye.';
    expect(shape(segmentScoredText(emoji, [{ start: 13, end: 17 }], [{ start: 6, end: 11 }]))).toEqual([
      ['plain', 'Hi 👋 there. '],
      ['sentence', 0, [['Bye.', null]]],
    ]);
  });
});
