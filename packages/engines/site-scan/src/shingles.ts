// Near-duplicate content as Screaming Frog finds it: word shingles compared by MinHash, so thousands of pages are
// compared in memory without comparing their texts.

export const SHINGLE_WORDS = 5;
export const MINHASH_SIZE = 64;
/** Texts shorter than this are not compared: a few shared words make any two short pages look alike. */
const MIN_WORDS = 30;

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Murmur3's finaliser: spreads the bits of one hash into an independent-looking other. */
function mix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const SEEDS = Array.from({ length: MINHASH_SIZE }, (_, i) => mix(0x9e3779b9 + i * 0x7f4a7c15));

/** The MinHash signature of a normalised text's word shingles; [] when it is too short to compare. */
export function minHashOf(normalised: string): number[] {
  const words = normalised.split(' ').filter(Boolean);
  if (words.length < MIN_WORDS) return [];
  const signature = new Array<number>(MINHASH_SIZE).fill(0xffffffff);
  for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) {
    const base = fnv1a(words.slice(i, i + SHINGLE_WORDS).join(' '));
    for (let k = 0; k < MINHASH_SIZE; k++) {
      const value = mix(base ^ (SEEDS[k] as number));
      if (value < (signature[k] as number)) signature[k] = value;
    }
  }
  return signature;
}

/** Estimated Jaccard similarity of two signatures' shingle sets (0–1). */
export function similarity(a: number[], b: number[]): number {
  if (a.length !== MINHASH_SIZE || b.length !== MINHASH_SIZE) return 0;
  let same = 0;
  for (let k = 0; k < MINHASH_SIZE; k++) if (a[k] === b[k]) same += 1;
  return same / MINHASH_SIZE;
}
