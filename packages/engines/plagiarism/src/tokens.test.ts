import { describe, expect, it } from 'vitest';
import { MAX_TOKEN_LENGTH, normaliseWord, tokenize } from './tokens.js';

describe('tokenize', () => {
  it('keeps UTF-16 offsets into the original text, past emoji and surrogate pairs', () => {
    const text = '😀 𝒜 Hello, world!';
    const tokens = tokenize(text);
    expect(tokens.map((t) => text.slice(t.start, t.end))).toEqual(['𝒜', 'Hello', 'world']);
  });

  it('matches case, curly apostrophes, full-width letters and inflections to one hash', () => {
    const [a, b, c] = [tokenize('Don’t')[0], tokenize("don't")[0], tokenize('ｄｏｎｔ')[0]];
    expect(a?.hash).toBe(b?.hash);
    expect(a?.hash).toBe(c?.hash);
    expect(tokenize('Connected')[0]?.hash).toBe(tokenize('connecting')[0]?.hash);
  });

  it('flags English stop words', () => {
    expect(tokenize('the cat of Rome').map((t) => t.stop)).toEqual([true, false, true, false]);
  });

  it('splits over-long runs without separating surrogate pairs', () => {
    // Letters that stay themselves in the canonical text (a Latin word would read 𝒜 as A, one code unit).
    const text = 'ж'.repeat(63) + '𐐀'.repeat(10);
    const tokens = tokenize(text);
    for (const token of tokens) expect(token.end - token.start).toBeLessThanOrEqual(MAX_TOKEN_LENGTH);
    expect(tokens.at(-1)?.end).toBe(text.length);
    expect(tokenize('x'.repeat(1000))).toHaveLength(Math.ceil(1000 / MAX_TOKEN_LENGTH));
  });

  it('matches a copy disguised with look-alike letters and hidden characters, at its offsets as submitted', () => {
    const plain = tokenize('The committee approved the budget');
    // Cyrillic е, о and с, and zero-width spaces inside words: the old trick to get past a plagiarism checker.
    const disguised = 'The committ\u0435\u0435 appr\u043Eved the bud\u200Bget';
    const tokens = tokenize(disguised);
    expect(tokens.map((t) => t.hash)).toEqual(plain.map((t) => t.hash));
    expect(tokens.map((t) => disguised.slice(t.start, t.end))).toEqual([
      'The',
      'committ\u0435\u0435',
      'appr\u043Eved',
      'the',
      'bud\u200Bget',
    ]);
  });

  it('treats each Han character as a word', () => {
    expect(tokenize('我爱北京')).toHaveLength(4);
  });

  it('normalises NFKC and strips punctuation', () => {
    expect(normaliseWord('Ｆｉｌｅ')).toBe('file');
    expect(normaliseWord('ﬁne')).toBe('fine');
    expect(normaliseWord('rock’n’roll')).toBe('rocknroll');
  });
});
