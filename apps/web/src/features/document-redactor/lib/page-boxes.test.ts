import { describe, expect, it } from 'vitest';
import { boxesForRange } from './page-boxes';

// Two lines on page 1 and one on page 2, each word with the box the server measured.
const TEXT = 'Dear Ann Lee,\nwrite to ann@x.io\n\nPage two';
const at = (word: string) => TEXT.indexOf(word);
const word = (value: string, x: number, width: number): [number, number, number, number] => [
  at(value),
  at(value) + value.length,
  x,
  width,
];
const pages = [
  {
    number: 1,
    start: 0,
    end: at('\n\n'),
    lines: [
      { y: 0.1, height: 0.02, words: [word('Dear', 0.1, 0.08), word('Ann', 0.2, 0.06), word('Lee,', 0.28, 0.08)] },
      { y: 0.13, height: 0.02, words: [word('write', 0.1, 0.1), word('to', 0.22, 0.04), word('ann@x.io', 0.28, 0.16)] },
    ],
  },
  {
    number: 2,
    start: at('Page'),
    end: TEXT.length,
    lines: [{ y: 0.5, height: 0.03, words: [word('Page', 0.1, 0.08), word('two', 0.2, 0.06)] }],
  },
  // A page past the previews has no lines, so nothing on it can be boxed.
  { number: 3, start: TEXT.length, end: TEXT.length + 10, lines: [] },
];
const range = (from: string, to = from) => ({ start: at(from), end: at(to) + to.length });

describe('boxesForRange', () => {
  it('boxes a whole word with the box the server measured', () => {
    expect(boxesForRange(pages, range('Ann'))).toEqual([
      { page: 1, x: 0.2, y: 0.1, width: expect.closeTo(0.06), height: 0.02 },
    ]);
  });

  it('boxes part of a word by its share of the word’s characters', () => {
    const [box] = boxesForRange(pages, { start: at('ann@x.io'), end: at('ann@x.io') + 4 });
    expect(box?.x).toBeCloseTo(0.28);
    expect(box?.width).toBeCloseTo(0.08);
  });

  it('boxes words on one line as one box, the space between them included', () => {
    const [box, ...rest] = boxesForRange(pages, range('Ann', 'Lee,'));
    expect(rest).toEqual([]);
    expect(box?.x).toBeCloseTo(0.2);
    expect(box?.width).toBeCloseTo(0.16);
  });

  it('gives a range across lines one box per line', () => {
    const boxes = boxesForRange(pages, range('Lee,', 'write'));
    expect(boxes).toEqual([
      { page: 1, x: 0.28, y: 0.1, width: expect.closeTo(0.08), height: 0.02 },
      { page: 1, x: 0.1, y: 0.13, width: expect.closeTo(0.1), height: 0.02 },
    ]);
  });

  it('boxes a range across pages on each page it covers', () => {
    const boxes = boxesForRange(pages, range('ann@x.io', 'Page'));
    expect(boxes.map((box) => box.page)).toEqual([1, 2]);
    expect(boxes[1]).toEqual({ page: 2, x: 0.1, y: 0.5, width: expect.closeTo(0.08), height: 0.03 });
  });

  it('boxes nothing for white space alone or text on a page without a preview', () => {
    expect(boxesForRange(pages, { start: at('Ann') - 1, end: at('Ann') })).toEqual([]);
    expect(boxesForRange(pages, { start: TEXT.length + 2, end: TEXT.length + 5 })).toEqual([]);
  });
});
