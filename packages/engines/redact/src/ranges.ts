import { findOccurrences } from './text-search.js';
import type { RedactionRange } from './types.js';

/** Ranges inside the text, without empty ones, sorted, overlapping ones merged (the first one's replacement wins). */
export function normaliseRanges(ranges: RedactionRange[], textLength: number): RedactionRange[] {
  const clamped = ranges
    .map((range) => ({
      start: Math.max(0, Math.min(textLength, Math.floor(range.start))),
      end: Math.max(0, Math.min(textLength, Math.ceil(range.end))),
      replacement: range.replacement,
    }))
    .filter((range) => range.end > range.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: RedactionRange[] = [];
  for (const range of clamped) {
    const previous = merged.at(-1);
    if (previous && range.start < previous.end) previous.end = Math.max(previous.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/** The distinct strings under the ranges, as the text has them. */
export function redactedStrings(text: string, ranges: RedactionRange[]): string[] {
  const strings = new Set<string>();
  for (const range of ranges) {
    const value = text.slice(range.start, range.end).trim();
    if (value !== '') strings.add(value);
  }
  return [...strings];
}

/**
 * The ranges plus every other occurrence of the strings they cover, each with the replacement of its string: a
 * name found once must not survive in the next paragraph, or the output would still give it away.
 */
export function withEveryOccurrence(text: string, ranges: RedactionRange[]): RedactionRange[] {
  const normalised = normaliseRanges(ranges, text.length);
  const extra: RedactionRange[] = [];
  const seen = new Set<string>();
  for (const range of normalised) {
    const value = text.slice(range.start, range.end);
    const key = value.trim().toLowerCase();
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    for (const occurrence of findOccurrences(text, value))
      extra.push({ ...occurrence, replacement: range.replacement });
  }
  // The caller's own ranges come first so their replacements win where ranges overlap.
  return normaliseRanges([...normalised, ...extra], text.length);
}

/** What a black box leaves in a text format: a bar as long as what it covers. */
export const BLOCK = '\u2588';

export function boxFill(original: string): string {
  return BLOCK.repeat(Math.max(1, Array.from(original.trim()).length));
}
