// Passage alignment between a query and one source, on their sequences of content words: seeds are shared
// hashed k-grams (every k-gram, not only the winnowed ones, for recall), chained into passages across small gaps:
// edits, never the writer's own text (a whole sentence of it, or more of it than the source has there).

export interface AlignmentSettings {
  /** Words per seed k-gram. */
  k: number;
  /** Largest run of unmatched words (on either side) a passage may bridge, e.g. an edited or inserted word. */
  maxGap: number;
  /**
   * Most characters by which the unmatched query text of a gap may outrun the unmatched source text facing it: an
   * inserted adjective or filler word is bridged, a clause of the writer's own is not.
   */
  maxInserted: number;
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

/** Where each content word of a text is: its UTF-16 offset and length in the text. */
export interface WordSpans {
  start: ArrayLike<number>;
  length: ArrayLike<number>;
}

/** The query's content words: their spans, segment (changes at every exclusion) and sentence number. */
export interface QueryWords extends WordSpans {
  segment: ArrayLike<number>;
  /** Grows by one at every sentence end or paragraph break, so a gap holds a whole sentence when it grows by 2. */
  sentence: ArrayLike<number>;
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

/** A run of seeds on about one diagonal; the Passage fields are its current piece. */
interface Chain extends Passage {
  lastQuery: number;
  lastSource: number;
  segment: number;
  /** Query words covered by seeds in all its pieces: the evidence that decides whether they are reported. */
  total: number;
  /** Earlier pieces, cut off by the writer's own text (see `bridges`). */
  pieces: Passage[];
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
 * open chain it continues with the least drift off its diagonal, provided both gaps stay within maxGap. Where the
 * query's side of the gap is the writer's own text rather than an edit (see `bridges`), the passage stops before
 * it and the chain goes on in a new one: copied sentences woven between the writer's own are each reported, on the
 * evidence of the whole chain, and the writer's sentences are not.
 */
export function align(
  table: SeedTable,
  query: QueryWords,
  sourceKGrams: Uint32Array,
  source: WordSpans,
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

  const { k, maxGap, maxInserted } = settings;
  const querySegments = query.segment;
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
    if (best && bridges(best, i, j, query, source, maxInserted)) {
      const added = Math.min(k, i + k - best.queryEnd);
      best.covered += added;
      best.total += added;
      best.queryEnd = i + k;
      best.sourceEnd = Math.max(best.sourceEnd, j + k);
      best.lastQuery = i;
      best.lastSource = j;
    } else if (best) {
      // The writer's own text in between: the chain goes on, for its evidence, in a new piece.
      best.pieces.push(piece(best));
      best.queryStart = i;
      best.queryEnd = i + k;
      best.sourceStart = j;
      best.sourceEnd = j + k;
      best.covered = k;
      best.total += k;
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
        total: k,
        pieces: [],
      });
    }
  }
  return [...closed, ...open]
    .filter((chain) => chain.total >= settings.minWords)
    .flatMap((chain) => [...chain.pieces, piece(chain)]);
}

function piece({ queryStart, queryEnd, sourceStart, sourceEnd, covered }: Passage): Passage {
  return { queryStart, queryEnd, sourceStart, sourceEnd, covered };
}

/**
 * Whether the chain's current passage may grow to a seed at (i, j) across the words between them. Not when the
 * unmatched query text holds a whole sentence (the writer's own sentence between two copied ones), nor when it is
 * longer, by more than maxInserted characters, than the unmatched source text it stands in for (a clause of the
 * writer's own): a passage shows only text that has a counterpart in the source.
 */
function bridges(chain: Passage, i: number, j: number, query: QueryWords, source: WordSpans, maxInserted: number) {
  if (i < chain.queryEnd) return true;
  const last = chain.queryEnd - 1;
  if ((query.sentence[i] as number) - (query.sentence[last] as number) >= 2) return false;
  const end = (spans: WordSpans, word: number) => (spans.start[word] as number) + (spans.length[word] as number);
  const queryGap = (query.start[i] as number) - end(query, last);
  const sourceGap = j < chain.sourceEnd ? 0 : (source.start[j] as number) - end(source, chain.sourceEnd - 1);
  return queryGap - sourceGap <= maxInserted;
}
