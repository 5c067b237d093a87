export interface Range {
  start: number;
  end: number;
}

/** A piece of a text: plain, or covered by one of the ranges. */
export type Segment<T extends Range> = { text: string; start: number; range?: T };

/**
 * Splits `text` at the given ranges, in text order. Ranges are clamped to the text; one that overlaps an earlier
 * range or is empty is left out, so every character belongs to exactly one segment.
 */
export function splitByRanges<T extends Range>(text: string, ranges: readonly T[]): Segment<T>[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || b.end - a.end);
  const segments: Segment<T>[] = [];
  let cursor = 0;
  for (const range of sorted) {
    const start = Math.max(0, range.start);
    const end = Math.min(text.length, range.end);
    if (end <= start || start < cursor) continue;
    if (start > cursor) segments.push({ text: text.slice(cursor, start), start: cursor });
    segments.push({ text: text.slice(start, end), start, range });
    cursor = end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), start: cursor });
  return segments;
}

/**
 * Where the given pseudonyms ("[PERSON_NAME_1]") appear in a masked text, so the audit view can mark them the way
 * the readable text marks the values they stand for.
 */
export function findTokens<T extends { token: string }>(masked: string, spans: readonly T[]): (Range & { span: T })[] {
  const byToken = new Map<string, T>();
  for (const span of spans) if (!byToken.has(span.token)) byToken.set(span.token, span);
  const found: (Range & { span: T })[] = [];
  // Every pseudonym is "[" + type + "_" + number + "]"; matching the shape, then the set, finds each in one pass.
  for (const match of masked.matchAll(/\[[A-Z0-9_]+\]/g)) {
    const span = byToken.get(match[0]);
    if (span) found.push({ start: match.index, end: match.index + match[0].length, span });
  }
  return found;
}
