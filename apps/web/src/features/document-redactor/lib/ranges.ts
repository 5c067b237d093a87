/** A stretch of the document's text: [start, end) in UTF-16 code units, as the analysis counts. */
export interface TextRange {
  start: number;
  end: number;
}

const byPosition = (a: TextRange, b: TextRange) => a.start - b.start || b.end - a.end;

/**
 * Sorts ranges and merges the ones that overlap, the first (earliest, then longest) keeping its other fields: what
 * the server does before it redacts, so the count on screen is the count in the file.
 */
export function mergeRanges<R extends TextRange>(ranges: readonly R[]): R[] {
  const merged: R[] = [];
  for (const range of [...ranges].sort(byPosition)) {
    const last = merged.at(-1);
    if (last && range.start < last.end) merged[merged.length - 1] = { ...last, end: Math.max(last.end, range.end) };
    else merged.push({ ...range });
  }
  return merged;
}

/** A stretch of text over which no range begins or ends. */
export interface TextPiece extends TextRange {
  text: string;
  /** Indices (into the ranges given) of the ranges covering the piece, lowest first. */
  covering: number[];
}

const fits = (range: TextRange, length: number) => range.start >= 0 && range.start < range.end && range.end <= length;

/**
 * Cuts `text` wherever a range begins or ends, so each piece can be drawn with the ranges over it. Ranges that do not
 * fit the text are left out rather than drawn in the wrong place.
 */
export function segmentText(text: string, ranges: readonly TextRange[]): TextPiece[] {
  const opens = new Map<number, number[]>();
  const closes = new Map<number, number[]>();
  const cuts = new Set([0, text.length]);
  ranges.forEach((range, index) => {
    if (!fits(range, text.length)) return;
    opens.set(range.start, [...(opens.get(range.start) ?? []), index]);
    closes.set(range.end, [...(closes.get(range.end) ?? []), index]);
    cuts.add(range.start);
    cuts.add(range.end);
  });
  const points = [...cuts].sort((a, b) => a - b);
  const active = new Set<number>();
  const pieces: TextPiece[] = [];
  for (let i = 0; i + 1 < points.length; i += 1) {
    const start = points[i] as number;
    const end = points[i + 1] as number;
    for (const index of closes.get(start) ?? []) active.delete(index);
    for (const index of opens.get(start) ?? []) active.add(index);
    pieces.push({ start, end, text: text.slice(start, end), covering: [...active].sort((a, b) => a - b) });
  }
  return pieces;
}

/** Every place `query` occurs in `text`, ignoring case, without overlaps; nothing for a blank query. */
export function occurrences(text: string, query: string): TextRange[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [];
  const haystack = text.toLocaleLowerCase();
  // Lower-casing can change a string's length (İ → i̇): then offsets would drift, so search case-sensitively.
  const [source, target] = haystack.length === text.length ? [haystack, needle] : [text, query.trim()];
  const found: TextRange[] = [];
  let from = source.indexOf(target);
  while (from !== -1) {
    found.push({ start: from, end: from + target.length });
    from = source.indexOf(target, from + target.length);
  }
  return found;
}
