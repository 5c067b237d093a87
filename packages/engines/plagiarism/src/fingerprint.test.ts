import { describe, expect, it } from 'vitest';
import { kGramHashes, winnow } from './fingerprint.js';

describe('kGramHashes', () => {
  it('hashes every k-gram and none across a segment boundary', () => {
    const words = [1, 2, 3, 4, 1, 2, 3];
    const { hashes, valid } = kGramHashes(words, 3);
    expect(hashes).toHaveLength(5);
    expect(hashes[0]).toBe(hashes[4]);
    expect(hashes[0]).not.toBe(hashes[1]);
    expect([...valid]).toEqual([1, 1, 1, 1, 1]);
    const segmented = kGramHashes(words, 3, [0, 0, 0, 1, 1, 1, 1]);
    expect([...segmented.valid]).toEqual([1, 0, 0, 1, 1]);
  });

  it('gives nothing for fewer than k words', () => {
    expect(kGramHashes([1, 2], 3).hashes).toHaveLength(0);
  });
});

describe('winnow', () => {
  it('selects the minimum of every window (rightmost on ties), once per position', () => {
    const hashes = Uint32Array.from([77, 72, 42, 17, 98, 50, 17, 98, 8, 88, 67, 39, 77, 72, 42, 17, 98]);
    const valid = new Uint8Array(hashes.length).fill(1);
    // The example of Schleimer, Wilkerson & Aiken (2003), window 4: 17 17 8 39 17.
    expect(winnow(hashes, valid, 4)).toEqual([17, 8, 39]);
  });

  it('guarantees a shared fingerprint for a shared run of w + k - 1 words', () => {
    const shared = [11, 12, 13, 14, 15, 16, 17, 18];
    const a = kGramHashes([1, 2, 3, ...shared, 4, 5], 5);
    const b = kGramHashes([9, ...shared, 8, 7, 6], 5);
    const fa = new Set(winnow(a.hashes, a.valid, 4));
    expect(winnow(b.hashes, b.valid, 4).some((h) => fa.has(h))).toBe(true);
  });

  it('keeps the minimum of a text shorter than one window', () => {
    const hashes = Uint32Array.from([5, 3]);
    expect(winnow(hashes, Uint8Array.from([1, 1]), 4)).toEqual([3]);
    expect(winnow(new Uint32Array(0), new Uint8Array(0), 4)).toEqual([]);
  });
});
