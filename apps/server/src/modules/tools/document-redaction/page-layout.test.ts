import type { DocumentText } from '@candor/engine-redact';
import { describe, expect, it } from 'vitest';
import { pageLines, wordsOnPages } from './page-layout.js';

const PAGE_ONE = 'Dear Ann Lee,\nwrite to  ann@x.io';
const PAGE_TWO = 'Page two';
const document: DocumentText = {
  kind: 'pdf',
  text: `${PAGE_ONE}\n\n${PAGE_TWO}`,
  pages: [
    { number: 1, width: 612, height: 792, start: 0, end: PAGE_ONE.length },
    { number: 2, width: 612, height: 792, start: PAGE_ONE.length + 2, end: PAGE_ONE.length + 2 + PAGE_TWO.length },
  ],
};
const rect = (x: number, y: number, width: number, height: number) => [{ page: 1, x, y, width, height }];

describe('page layout', () => {
  it('takes the words of the chosen pages only, each with its line', () => {
    const words = wordsOnPages(document, new Set([1]));
    expect(words.map((word) => [document.text.slice(word.start, word.end), word.page, word.line])).toEqual([
      ['Dear', 1, 1],
      ['Ann', 1, 1],
      ['Lee,', 1, 1],
      ['write', 1, 2],
      ['to', 1, 2],
      ['ann@x.io', 1, 2],
    ]);
    expect(wordsOnPages(document, new Set([2])).map((word) => word.start)).toEqual([
      document.text.indexOf('Page'),
      document.text.indexOf('two'),
    ]);
  });

  it('puts the words of a line together, spans the line over all of them and rounds to a ten-thousandth', () => {
    const words = wordsOnPages(document, new Set([1]));
    const lines = pageLines(words, [
      rect(0.1, 0.1, 0.08, 0.02),
      rect(0.2, 0.09, 0.06, 0.03),
      rect(0.28, 0.1, 0.08, 0.02),
      rect(0.1, 0.2, 0.123456, 0.02),
      // A word nothing was painted for has no box, and is left out.
      [],
      rect(0.28, 0.2, 0.16, 0.02),
    ]);
    const at = (value: string) => document.text.indexOf(value);
    expect(lines.get(1)).toEqual([
      {
        y: 0.09,
        height: 0.03,
        words: [
          [at('Dear'), at('Dear') + 4, 0.1, 0.08],
          [at('Ann'), at('Ann') + 3, 0.2, 0.06],
          [at('Lee,'), at('Lee,') + 4, 0.28, 0.08],
        ],
      },
      {
        y: 0.2,
        height: 0.02,
        words: [
          [at('write'), at('write') + 5, 0.1, 0.1235],
          [at('ann@x.io'), at('ann@x.io') + 8, 0.28, 0.16],
        ],
      },
    ]);
    expect(lines.has(2)).toBe(false);
  });
});
