// The reference index: winnowed fingerprints of every document in one sorted Float64Array of (hash, document)
// keys, and each document's content words (hash, offset, length) in shared typed-array arenas for alignment.
import { canonicalText } from '@candor/engine-writing/canonical';
import { obfuscationOf } from '@candor/engine-writing/obfuscation';
import { type AlignmentSettings, align, extend, seedTable } from './align.js';
import { isBlank } from './characters.js';
import { type ExclusionOptions, exclusions } from './exclusions.js';
import { kGramHashes, winnow } from './fingerprint.js';
import type { ExcludedRange, PlagiarismMatch, PlagiarismReport, PlagiarismSource } from './report.schema.js';
import { tokenize } from './tokens.js';
import { widenMatch } from './widen-match.js';

export interface IndexSettings {
  /** Content words per fingerprinted k-gram. */
  k: number;
  /** Winnowing window, in k-grams: any shared run of k + w - 1 content words is guaranteed a fingerprint. */
  w: number;
  /** How many of the sources sharing the most fingerprints are aligned with the query. */
  maxCandidates: number;
  alignment: AlignmentSettings;
}

export const DEFAULT_SETTINGS: IndexSettings = {
  k: 5,
  w: 4,
  maxCandidates: 64,
  alignment: { k: 3, maxGap: 8, maxInserted: 20, minWords: 6, maxRepeats: 16 },
};

export interface IndexStats {
  documents: number;
  fingerprints: number;
  /** Approximate memory held: typed arrays as allocated, plus an estimate for the ids and their lookup. */
  bytes: number;
}

export interface QueryOptions extends ExclusionOptions {
  /**
   * A source's text by its id. The index keeps content words only, so a match starts and ends at one; given the
   * source's text, each match grows over the function words and punctuation around it that both texts share
   * (`widenMatch`).
   */
  sourceText?: (id: string) => string | undefined;
  /**
   * Ids aligned with the query whatever the fingerprints say: the sources a user named for this check (their files
   * and pages), which must be compared even when a light paraphrase left no fingerprint in common.
   */
  alwaysAlign?: Iterable<string>;
}

export interface PlagiarismIndex {
  /** Adds a reference document; ids are unique within an index. */
  add(document: { id: string; text: string }): void;
  query(text: string, options?: QueryOptions): PlagiarismReport;
  stats(): IndexStats;
}

/** The byte that stands for a word's length when it is this long or longer (the length is then kept apart). */
const LONG_WORD = 255;

// Keys are hash · 2^21 + document number, exact in a double (< 2^53), so one numeric sort groups postings by hash.
const DOCUMENT_BITS = 2 ** 21;
export const MAX_DOCUMENTS = DOCUMENT_BITS;

class GrowableArray<T extends Uint32Array | Uint8Array | Float64Array> {
  length = 0;
  constructor(
    public data: T,
    private readonly make: (capacity: number) => T,
  ) {}
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = this.make(Math.max(1024, Math.ceil(this.data.length * 1.5)));
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }
}

function lowerBound(keys: Float64Array, value: number): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((keys[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function mergeSorted(a: Float64Array, b: Float64Array): Float64Array {
  const merged = new Float64Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let out = 0;
  while (i < a.length && j < b.length)
    merged[out++] = (a[i] as number) <= (b[j] as number) ? (a[i++] as number) : (b[j++] as number);
  while (i < a.length) merged[out++] = a[i++] as number;
  while (j < b.length) merged[out++] = b[j++] as number;
  return merged;
}

/** Code units that are not blank, in the union of the given ranges (which must not overlap excluded text). */
function countableIn(text: string, ranges: { start: number; end: number }[]): number {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  let count = 0;
  let cursor = 0;
  for (const { start, end } of sorted) {
    for (let i = Math.max(start, cursor); i < end; i++) if (!isBlank(text.charCodeAt(i))) count++;
    cursor = Math.max(cursor, end);
  }
  return count;
}

// A sentence ends at . ! ? (or their full-width forms), past any closing quotes and brackets, before a space and a
// word that does not start in lower case ("e.g. the" goes on; hidden characters are skipped); a paragraph ends at
// a blank line.
const SENTENCE_END = /[.!?…。！？]["'”’»)\]\u00ad\u200b-\u200f\u2060\ufeff]*\s/u;
const PARAGRAPH_END = /\r?\n[ \t]*\r?\n/;
const LOWER_CASE_START = /^\p{Ll}/u;

/** Whether a sentence or paragraph ends between two consecutive words: in text[from, to), the space between. */
function sentenceBreak(text: string, from: number, to: number): boolean {
  if (to - from < 2) return false;
  const between = text.slice(from, to);
  if (PARAGRAPH_END.test(between)) return true;
  return SENTENCE_END.test(between) && !LOWER_CASE_START.test(text.slice(to, to + 1));
}

/**
 * Widens one source's matches (`widenMatch`), each within the query text between its neighbours and the excluded
 * ranges around it, so widened matches never overlap one another or reach into excluded text.
 */
function widenAll(matches: PlagiarismMatch[], text: string, sourceText: string, excluded: ExcludedRange[]): void {
  matches.sort((a, b) => a.start - b.start);
  for (let m = 0; m < matches.length; m++) {
    const match = matches[m] as PlagiarismMatch;
    let start = m > 0 ? (matches[m - 1] as PlagiarismMatch).end : 0;
    let end = m + 1 < matches.length ? (matches[m + 1] as PlagiarismMatch).start : text.length;
    for (const range of excluded) {
      if (range.end <= match.start) start = Math.max(start, range.end);
      if (range.start >= match.end) end = Math.min(end, range.start);
    }
    matches[m] = widenMatch(match, text, sourceText, { start, end });
  }
}

export function createIndex(overrides: Partial<IndexSettings> = {}): PlagiarismIndex {
  const settings: IndexSettings = { ...DEFAULT_SETTINGS, ...overrides };
  const ids: string[] = [];
  const documentNumbers = new Map<string, number>();
  const wordHash = new GrowableArray(new Uint32Array(0), (n) => new Uint32Array(n));
  const wordStart = new GrowableArray(new Uint32Array(0), (n) => new Uint32Array(n));
  // A byte per word for its length in the submitted text: a word is at most MAX_TOKEN_LENGTH (64) units of the
  // canonical text, but hidden characters inside it can make it longer as submitted. Those few lengths (LONG_WORD
  // and up) are kept in `longWordLength` by word number.
  const wordLength = new GrowableArray(new Uint8Array(0), (n) => new Uint8Array(n));
  const longWordLength = new Map<number, number>();
  const lengthOfWord = (word: number) =>
    (wordLength.data[word] as number) === LONG_WORD
      ? (longWordLength.get(word) as number)
      : (wordLength.data[word] as number);
  const documentWordOffset = new GrowableArray(new Uint32Array(0), (n) => new Uint32Array(n));
  documentWordOffset.push(0);
  const pending = new GrowableArray(new Float64Array(0), (n) => new Float64Array(n));
  let postings: Float64Array = new Float64Array(0);
  let idBytes = 0;

  // New postings are sorted and merged in lazily, so that adding many documents costs one sort.
  function settle(): void {
    if (pending.length === 0) return;
    const fresh = pending.view().slice().sort();
    postings = mergeSorted(postings, fresh);
    pending.length = 0;
    pending.data = new Float64Array(0);
  }

  function add({ id, text }: { id: string; text: string }): void {
    if (documentNumbers.has(id)) throw new Error(`a document with id "${id}" is already in the index`);
    if (ids.length >= MAX_DOCUMENTS) throw new Error(`the index holds at most ${MAX_DOCUMENTS} documents`);
    const documentNumber = ids.length;
    ids.push(id);
    documentNumbers.set(id, documentNumber);
    idBytes += 2 * id.length + 64;
    const first = wordHash.length;
    for (const token of tokenize(text)) {
      if (token.stop) continue;
      wordHash.push(token.hash);
      wordStart.push(token.start);
      const length = token.end - token.start;
      if (length >= LONG_WORD) longWordLength.set(wordLength.length, length);
      wordLength.push(Math.min(length, LONG_WORD));
    }
    documentWordOffset.push(wordHash.length);
    const { hashes, valid } = kGramHashes(wordHash.data.subarray(first, wordHash.length), settings.k);
    for (const fingerprint of winnow(hashes, valid, settings.w))
      pending.push(fingerprint * DOCUMENT_BITS + documentNumber);
  }

  /**
   * The documents to align with the query: those named in `alwaysAlign`, then those sharing the most fingerprints
   * (ties by insertion order), at most maxCandidates of them. An index that small has every document aligned: a
   * shared fingerprint is sure only for a run of k + w - 1 unchanged content words, and a light paraphrase may leave
   * none that long that the alignment's shorter seeds would still find.
   */
  function candidates(fingerprints: number[], alwaysAlign: QueryOptions['alwaysAlign']): number[] {
    settle();
    const named = [...(alwaysAlign ?? [])]
      .map((id) => documentNumbers.get(id))
      .filter((documentNumber) => documentNumber !== undefined);
    const shared = new Map<number, number>();
    if (ids.length <= settings.maxCandidates) for (let n = 0; n < ids.length; n++) shared.set(n, 0);
    for (const fingerprint of fingerprints) {
      const base = fingerprint * DOCUMENT_BITS;
      for (
        let p = lowerBound(postings, base);
        p < postings.length && (postings[p] as number) < base + DOCUMENT_BITS;
        p++
      ) {
        const documentNumber = (postings[p] as number) - base;
        shared.set(documentNumber, (shared.get(documentNumber) ?? 0) + 1);
      }
    }
    for (const documentNumber of named) shared.delete(documentNumber);
    const ranked = [...shared]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, Math.max(0, settings.maxCandidates - named.length))
      .map(([documentNumber]) => documentNumber);
    return [...named, ...ranked];
  }

  function query(text: string, options: QueryOptions = {}): PlagiarismReport {
    const canonical = canonicalText(text);
    const tokens = tokenize(text, canonical);
    const excluded: ExcludedRange[] = exclusions(text, options);
    // Content words outside exclusions; the segment number changes at every exclusion so no k-gram spans one.
    const words: { start: number; end: number; hash: number; segment: number; sentence: number }[] = [];
    let exclusion = 0;
    let sentence = 0;
    let previousEnd = 0;
    for (const token of tokens) {
      if (previousEnd > 0 && sentenceBreak(text, previousEnd, token.start)) sentence++;
      previousEnd = token.end;
      while (exclusion < excluded.length && (excluded[exclusion] as ExcludedRange).end <= token.start) exclusion++;
      const current = excluded[exclusion];
      if (current && current.start < token.end) continue;
      if (!token.stop)
        words.push({ start: token.start, end: token.end, hash: token.hash, segment: exclusion, sentence });
    }
    const hashes = Uint32Array.from(words, (word) => word.hash);
    const segments = Uint32Array.from(words, (word) => word.segment);
    const queryWords = {
      start: Uint32Array.from(words, (word) => word.start),
      length: Uint32Array.from(words, (word) => word.end - word.start),
      segment: segments,
      sentence: Uint32Array.from(words, (word) => word.sentence),
    };

    const fingerprinted = kGramHashes(hashes, settings.k, segments);
    const fingerprints = winnow(fingerprinted.hashes, fingerprinted.valid, settings.w);
    const seeds = kGramHashes(hashes, settings.alignment.k, segments);
    const table = seedTable(seeds.hashes, seeds.valid, settings.alignment.maxRepeats);

    const matches: PlagiarismMatch[] = [];
    const sources: PlagiarismSource[] = [];
    const countable = countableIn(text, [{ start: 0, end: text.length }]) - countableIn(text, excluded);
    for (const documentNumber of candidates(fingerprints, options.alwaysAlign)) {
      const from = documentWordOffset.data[documentNumber] as number;
      const to = documentWordOffset.data[documentNumber + 1] as number;
      const sourceWords = wordHash.data.subarray(from, to);
      const sourceKGrams = kGramHashes(sourceWords, settings.alignment.k).hashes;
      const sourceSpans = { start: wordStart.data.subarray(from, to), length: wordLength.data.subarray(from, to) };
      const passages = align(table, queryWords, sourceKGrams, sourceSpans, settings.alignment).map((passage) =>
        extend(passage, hashes, segments, sourceWords),
      );
      // Where passages of one source overlap in the query (repeated text), keep the best supported.
      passages.sort((a, b) => b.covered - a.covered || a.queryStart - b.queryStart);
      const kept: PlagiarismMatch[] = [];
      const source_id = ids[documentNumber] as string;
      for (const passage of passages) {
        const start = (words[passage.queryStart] as { start: number }).start;
        const end = (words[passage.queryEnd - 1] as { end: number }).end;
        if (kept.some((match) => match.start < end && start < match.end)) continue;
        const lastSourceWord = from + passage.sourceEnd - 1;
        kept.push({
          source_id,
          start,
          end,
          source_start: wordStart.data[from + passage.sourceStart] as number,
          source_end: (wordStart.data[lastSourceWord] as number) + lengthOfWord(lastSourceWord),
        });
      }
      if (kept.length === 0) continue;
      const sourceText = options.sourceText?.(source_id);
      if (sourceText !== undefined) widenAll(kept, text, sourceText, excluded);
      const matched_characters = countableIn(text, kept);
      sources.push({ source_id, similarity: countable === 0 ? 0 : matched_characters / countable, matched_characters });
      matches.push(...kept);
    }
    sources.sort(
      (a, b) => b.similarity - a.similarity || (a.source_id < b.source_id ? -1 : a.source_id > b.source_id ? 1 : 0),
    );
    matches.sort(
      (a, b) =>
        a.start - b.start || a.end - b.end || (a.source_id < b.source_id ? -1 : a.source_id > b.source_id ? 1 : 0),
    );
    const similarity = countable === 0 ? 0 : Math.min(1, countableIn(text, matches) / countable);
    return { similarity, words: tokens.length, sources, matches, excluded, ...obfuscationOf(canonical) };
  }

  function stats(): IndexStats {
    settle();
    const arrays = [wordHash.data, wordStart.data, wordLength.data, documentWordOffset.data, pending.data, postings];
    return {
      documents: ids.length,
      fingerprints: postings.length,
      bytes: arrays.reduce((sum, array) => sum + array.byteLength, 0) + idBytes,
    };
  }

  return { add, query, stats };
}
