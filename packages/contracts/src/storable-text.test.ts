import { describe, expect, it } from 'vitest';
import { hasUnstorableCharacters, toStorableData, toStorableText } from './storable-text.js';

describe('storable text', () => {
  it('finds a NUL and a lone surrogate of either half, and leaves whole pairs alone', () => {
    expect(hasUnstorableCharacters('a\u0000b')).toBe(true);
    expect(hasUnstorableCharacters('a\uD83Db')).toBe(true);
    expect(hasUnstorableCharacters('a\uDE00b')).toBe(true);
    expect(hasUnstorableCharacters('\uDE00\uD83D')).toBe(true);
    expect(hasUnstorableCharacters('smile 😀, family 👨‍👩‍👧, ok')).toBe(false);
  });

  it('replaces each with U+FFFD, one code unit for one, so offsets hold', () => {
    const text = 'a\u0000b 😀 \uD83D c \uDE00\u0000';
    const storable = toStorableText(text);
    expect(storable).toBe('a\uFFFDb 😀 \uFFFD c \uFFFD\uFFFD');
    expect(storable).toHaveLength(text.length);
  });

  it('makes nested data storable, keys too, and returns data that needed nothing as it was', () => {
    const clean = { title: 'x', items: [{ text: 'y' }], count: 2, none: null };
    expect(toStorableData(clean)).toBe(clean);
    expect(toStorableData({ a: ['\u0000'], 'k\u0000': 1, n: 3 })).toEqual({ a: ['\uFFFD'], 'k\uFFFD': 1, n: 3 });
  });
});
