import { describe, expect, it } from 'vitest';
import { passageDiff } from './passage-diff';

const marked = (pieces: { value: string; differs: boolean }[]) =>
  pieces.filter((piece) => piece.differs).map((piece) => piece.value.trim());

describe('passageDiff', () => {
  it('marks the words each side has that the other lacks, and keeps every character of both', () => {
    const text = 'Johannes Gutenberg joined movable metal type, oil based ink';
    const source = 'Johannes Gutenberg combined movable metal type and oil-based ink';
    const diff = passageDiff(text, source);
    expect(diff.text.map((piece) => piece.value).join('')).toBe(text);
    expect(diff.source.map((piece) => piece.value).join('')).toBe(source);
    expect(marked(diff.text)).toEqual(['joined']);
    expect(marked(diff.source)).toEqual(['combined', 'and']);
    expect(marked(passageDiff('a b c', 'x y z').text)).toEqual(['a b c']);
  });

  it('ignores case, and marks nothing in a verbatim copy', () => {
    const diff = passageDiff('The Press changed Europe.', 'the press changed Europe.');
    expect(marked(diff.text)).toEqual([]);
    expect(marked(diff.source)).toEqual([]);
  });
});
