import { describe, expect, it } from 'vitest';
import { lexicalDiversity, MTLD_MINIMUM_TOKENS, mtldPass } from './mtld.js';

describe('MTLD', () => {
  it('counts a factor each time the type–token ratio falls to 0.72', () => {
    // "a b a": TTR 2/3 ≤ 0.72 closes a factor every three tokens; 60 tokens → 20 factors → 3.
    const tokens = Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? 'a' : 'b'));
    expect(mtldPass(tokens, 0.72)).toBe(3);
    expect(lexicalDiversity(tokens).mtld).toBe(3);
  });

  it('adds the leftover segment as a partial factor', () => {
    // "a b a" closes a factor; the leftover "b" has TTR 1, a partial factor of 0: 4 tokens / 1 factor.
    expect(mtldPass(['a', 'b', 'a', 'b'], 0.72)).toBe(4);
    // Leftover "c d e c" has TTR 0.75: a partial factor of (1 - 0.75) / (1 - 0.72).
    expect(mtldPass(['a', 'b', 'a', 'c', 'd', 'e', 'c'], 0.72)).toBeCloseTo(7 / (1 + 0.25 / 0.28), 10);
  });

  it('averages the forward and backward passes', () => {
    const tokens = 'the cat and the dog and the bird saw the other cat'.split(' ');
    const repeated = Array.from({ length: 5 }, () => tokens).flat();
    const expected = (mtldPass(repeated, 0.72) + mtldPass([...repeated].reverse(), 0.72)) / 2;
    expect(lexicalDiversity(repeated).mtld).toBeCloseTo(expected, 2);
  });

  it(`is null below ${MTLD_MINIMUM_TOKENS} tokens and when every token is new`, () => {
    expect(lexicalDiversity(['a', 'b', 'a']).mtld).toBeNull();
    expect(lexicalDiversity(Array.from({ length: 60 }, (_, i) => `w${i}`)).mtld).toBeNull();
    expect(lexicalDiversity([])).toMatchObject({ tokens: 0, types: 0, typeTokenRatio: 0, mtld: null });
  });
});
