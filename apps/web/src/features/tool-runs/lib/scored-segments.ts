/** A passage of the checked text: UTF-16 offsets, as the engines report them. */
export interface TextRange {
  start: number;
  end: number;
}

/** A piece of a scored sentence, underlined when a word-level mark covers it. */
export interface SentencePiece extends TextRange {
  text: string;
  /** Index of the mark (in the list given) covering this piece, or null. */
  mark: number | null;
}

export type ScoredSegment =
  | ({ kind: 'plain'; text: string } & TextRange)
  | ({ kind: 'sentence'; sentence: number; pieces: SentencePiece[] } & TextRange);

const fits = (range: TextRange, length: number) => range.start >= 0 && range.start < range.end && range.end <= length;

/** The ranges that fit the text and do not overlap an earlier-starting one, as [index, range], in text order. */
function disjoint<T extends TextRange>(ranges: readonly T[], length: number): [number, T][] {
  const sorted = ranges
    .map((range, index) => [index, range] as [number, T])
    .filter(([, range]) => fits(range, length))
    .sort(([a, left], [b, right]) => left.start - right.start || a - b);
  const kept: [number, T][] = [];
  let reached = 0;
  for (const entry of sorted) {
    if (entry[1].start < reached) continue;
    kept.push(entry);
    reached = entry[1].end;
  }
  return kept;
}

/**
 * Splits `text` into plain passages and scored sentences, each sentence cut where word-level `marks` (the
 * humanized detector's signals) begin and end. Ranges that do not fit the text, or overlap an earlier one, are
 * left out rather than drawn wrong; a mark outside every sentence is dropped, since only sentences are drawn.
 */
export function segmentScoredText(
  text: string,
  sentences: readonly TextRange[],
  marks: readonly TextRange[] = [],
): ScoredSegment[] {
  const keptMarks = disjoint(marks, text.length);
  const segments: ScoredSegment[] = [];
  let position = 0;
  for (const [sentence, range] of disjoint(sentences, text.length)) {
    if (range.start > position) {
      segments.push({ kind: 'plain', start: position, end: range.start, text: text.slice(position, range.start) });
    }
    const pieces: SentencePiece[] = [];
    let cursor = range.start;
    const push = (end: number, mark: number | null) => {
      if (end > cursor) pieces.push({ start: cursor, end, text: text.slice(cursor, end), mark });
      cursor = end;
    };
    for (const [mark, markRange] of keptMarks) {
      if (markRange.end <= range.start || markRange.start >= range.end) continue;
      push(Math.max(markRange.start, range.start), null);
      push(Math.min(markRange.end, range.end), mark);
    }
    push(range.end, null);
    segments.push({ kind: 'sentence', sentence, start: range.start, end: range.end, pieces });
    position = range.end;
  }
  if (position < text.length) {
    segments.push({ kind: 'plain', start: position, end: text.length, text: text.slice(position) });
  }
  return segments;
}
