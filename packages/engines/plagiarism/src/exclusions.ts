// Ranges of the query that are not counted as copied: quotations and a trailing list of references.
import type { ExcludedRange } from './report.schema.js';

export interface ExclusionOptions {
  excludeQuotations?: boolean;
  excludeReferences?: boolean;
}

// A quotation stays inside its paragraph: an unmatched quote mark must not swallow the rest of the text.
const STRAIGHT_QUOTE = /"(?:(?!\n[ \t]*\n)[^"])*"/g;
const CURLY_QUOTE = /“(?:(?!\n[ \t]*\n)[^”])*”/g;
const BLOCK_QUOTE_LINE = /^[ \t]*>.*$/gm;
const REFERENCES_HEADING = /^[ \t]*#{0,6}[ \t]*(?:references|bibliography|works cited|sources)[ \t]*:?[ \t]*$/gim;

export function quotationRanges(text: string): ExcludedRange[] {
  const ranges: ExcludedRange[] = [];
  for (const pattern of [STRAIGHT_QUOTE, CURLY_QUOTE, BLOCK_QUOTE_LINE]) {
    for (const match of text.matchAll(pattern)) {
      ranges.push({ start: match.index, end: match.index + match[0].length, reason: 'quotation' });
    }
  }
  return ranges;
}

/** The last heading line that is just "References" (or a synonym) and everything after it. */
export function referencesRange(text: string): ExcludedRange | undefined {
  let start: number | undefined;
  for (const match of text.matchAll(REFERENCES_HEADING)) start = match.index;
  return start === undefined ? undefined : { start, end: text.length, reason: 'references' };
}

/** Excluded ranges, sorted and with overlaps merged (a quotation inside the references counts as references). */
export function exclusions(text: string, options: ExclusionOptions): ExcludedRange[] {
  const ranges: ExcludedRange[] = [];
  const references = options.excludeReferences ? referencesRange(text) : undefined;
  if (options.excludeQuotations) {
    for (const range of quotationRanges(text)) {
      if (references && range.end > references.start) {
        if (range.start < references.start) ranges.push({ ...range, end: references.start });
      } else ranges.push(range);
    }
  }
  if (references) ranges.push(references);
  ranges.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: ExcludedRange[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.start <= last.end && last.reason === range.reason) last.end = Math.max(last.end, range.end);
    else if (last && range.start < last.end) {
      if (range.end > last.end) merged.push({ ...range, start: last.end });
    } else merged.push({ ...range });
  }
  return merged;
}
