// Passage alignment between a query and one source, on their sequences of content words: seeds are shared
// hashed k-grams (every k-gram, not only the winnowed ones, for recall), chained into passages across small gaps.

export interface AlignmentSettings {
  /** Words per seed k-gram. */
  k: number;
  /** Largest run of unmatched words (on either side) a passage may bridge, e.g. an edited or inserted word. */
  maxGap: number;
  /** Fewest query words a passage must cover with seeds to be reported. */
  minWords: number;
  /** A k-gram occurring more often than this in the query is repetition, not evidence, and seeds nothing. */
  maxRepeats: number;
}

/** A passage in word indices: query words [queryStart, queryEnd) ↔ source words [sourceStart, sourceEnd). */
export interface Passage {
  queryStart: number;
  queryEnd: number;
  sourceStart: number;
  sourceEnd: number;
  /** Query words covered by seeds. */
  covered: number;
}

/** Query k-gram hash → query positions; built once per query, shared by every candidate. */
export type SeedTable = Map<number, number[]>;

export function seedTable(hashes: Uint32Array, valid: Uint8Array, maxRepeats: number): SeedTable {
  const table: SeedTable = new Map();
  for (let i = 0; i < hashes.length; i++) {
    if (!valid[i]) continue;
    const hash = hashes[i] as number;
    const positions = table.get(hash);
    if (!positions) table.set(hash, [i]);
    else if (positions.length <= maxRepeats) positions.push(i);
  }
  for (const [hash, positions] of table) if (positions.length > maxRepeats) table.delete(hash);
  return table;
}

interface Chain extends Passage {
  lastQuery: number;
  lastSource: number;
  segment: number;
}

/**
 * Grows a passage outwards over words equal on both sides, and over one differing word when the two beyond it are
 * equal: the k-grams next to an edit near a passage's edge are lost, the words themselves are not.
 */
export function extend(
  passage: Passage,
  queryWords: ArrayLike<number>,
  querySegments: ArrayLike<number>,
  sourceWords: ArrayLike<number>,
): Passage {
  const segment = querySegments[passage.queryStart];
  const same = (i: number, j: number) =>
    i >= 0 &&
    j >= 0 &&
    i < queryWords.length &&
    j < sourceWords.length &&
    querySegments[i] === segment &&
    queryWords[i] === sourceWords[j];
  let { queryStart, queryEnd, sourceStart, sourceEnd, covered } = passage;
  for (;;) {
    if (same(queryStart - 1, sourceStart - 1)) {
      queryStart--;
      sourceStart--;
      covered++;
    } else if (same(queryStart - 2, sourceStart - 2) && same(queryStart - 3, sourceStart - 3)) {
      queryStart -= 3;
      sourceStart -= 3;
      covered += 2;
    } else break;
  }
  for (;;) {
    if (same(queryEnd, sourceEnd)) {
      queryEnd++;
      sourceEnd++;
      covered++;
    } else if (same(queryEnd + 1, sourceEnd + 1) && same(queryEnd + 2, sourceEnd + 2)) {
      queryEnd += 3;
      sourceEnd += 3;
      covered += 2;
    } else break;
  }
  return { queryStart, queryEnd, sourceStart, sourceEnd, covered };
}

/**
 * Chains seeds (query position i, source position j), visited in order of i, into passages. A seed extends the
 * open chain it continues with the least drift off its diagonal, provided both gaps stay within maxGap.
 */
export function align(
  table: SeedTable,
  querySegments: ArrayLike<number>,
  sourceKGrams: Uint32Array,
  settings: AlignmentSettings,
): Passage[] {
  const seeds: number[] = [];
  for (let j = 0; j < sourceKGrams.length; j++) {
    const positions = table.get(sourceKGrams[j] as number);
    if (positions) for (const i of positions) seeds.push(i, j);
  }
  const order = Array.from({ length: seeds.length / 2 }, (_, n) => n);
  order.sort(
    (a, b) =>
      (seeds[2 * a] as number) - (seeds[2 * b] as number) ||
      (seeds[2 * a + 1] as number) - (seeds[2 * b + 1] as number),
  );

  const { k, maxGap } = settings;
  const open: Chain[] = [];
  const closed: Chain[] = [];
  for (const n of order) {
    const i = seeds[2 * n] as number;
    const j = seeds[2 * n + 1] as number;
    const segment = querySegments[i] as number;
    let best: Chain | undefined;
    let bestDrift = Number.POSITIVE_INFINITY;
    for (let c = open.length - 1; c >= 0; c--) {
      const chain = open[c] as Chain;
      if (chain.queryEnd + maxGap < i || chain.segment !== segment) {
        if (chain.queryEnd + maxGap < i) {
          closed.push(chain);
          open.splice(c, 1);
        }
        continue;
      }
      if (i <= chain.lastQuery || j <= chain.lastSource) continue;
      if (j - chain.sourceEnd > maxGap) continue;
      const drift = Math.abs(i - chain.lastQuery - (j - chain.lastSource));
      if (drift <= maxGap && drift < bestDrift) {
        best = chain;
        bestDrift = drift;
      }
    }
    if (best) {
      best.covered += Math.min(k, i + k - best.queryEnd);
      best.queryEnd = i + k;
      best.sourceEnd = Math.max(best.sourceEnd, j + k);
      best.lastQuery = i;
      best.lastSource = j;
    } else {
      open.push({
        queryStart: i,
        queryEnd: i + k,
        sourceStart: j,
        sourceEnd: j + k,
        covered: k,
        lastQuery: i,
        lastSource: j,
        segment,
      });
    }
  }
  return [...closed, ...open]
    .filter((chain) => chain.covered >= settings.minWords)
    .map(({ queryStart, queryEnd, sourceStart, sourceEnd, covered }) => ({
      queryStart,
      queryEnd,
      sourceStart,
      sourceEnd,
      covered,
    }));
}
