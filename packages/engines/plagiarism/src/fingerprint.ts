// Hashed k-grams of content words and winnowing (Schleimer, Wilkerson & Aiken 2003, the method behind MOSS).

/** Finishing mix of MurmurHash3, so that k-gram hashes spread over all 32 bits before taking minima. */
function mix32(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Hash of every run of k consecutive words; entry i covers words i … i+k-1. A k-gram that would cross a segment
 * boundary (an excluded quotation, say) gets no hash: `valid[i]` is 0 for it.
 */
export function kGramHashes(
  wordHashes: ArrayLike<number>,
  k: number,
  segments?: ArrayLike<number>,
): { hashes: Uint32Array; valid: Uint8Array } {
  const count = Math.max(0, wordHashes.length - k + 1);
  const hashes = new Uint32Array(count);
  const valid = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    if (segments && segments[i] !== segments[i + k - 1]) continue;
    let h = 0x811c9dc5;
    for (let j = i; j < i + k; j++) h = Math.imul(h ^ (wordHashes[j] as number), 0x01000193);
    hashes[i] = mix32(h);
    valid[i] = 1;
  }
  return { hashes, valid };
}

/**
 * Winnowing: in every window of w consecutive valid k-grams keep the minimum hash (the rightmost on ties), each
 * selected position once. Any shared run of at least w + k - 1 words yields a shared fingerprint. Texts with
 * fewer than w k-grams keep their minimum. Returns the distinct selected hashes in order of selection.
 */
export function winnow(hashes: Uint32Array, valid: Uint8Array, w: number): number[] {
  const positions: number[] = [];
  for (let i = 0; i < hashes.length; i++) if (valid[i]) positions.push(i);
  const selected: number[] = [];
  const windows = Math.max(1, positions.length - w + 1);
  let lastPosition = -1;
  for (let start = 0; start < windows && positions.length > 0; start++) {
    const end = Math.min(positions.length, start + w);
    let best = start;
    for (let p = start + 1; p < end; p++) {
      if ((hashes[positions[p] as number] as number) <= (hashes[positions[best] as number] as number)) best = p;
    }
    const position = positions[best] as number;
    if (position !== lastPosition) {
      selected.push(hashes[position] as number);
      lastPosition = position;
    }
  }
  return [...new Set(selected)];
}
