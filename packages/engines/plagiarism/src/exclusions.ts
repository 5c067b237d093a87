// Ranges of the query that are not counted as copied: quotations and a trailing list of references.
import type { ExcludedRange } from './report.schema.js';

export interface ExclusionOptions {
  excludeQuotations?: boolean;
  excludeReferences?: boolean;
}

// A quotation stays inside its paragraph (Windows line ends too): an unmatched quote mark must not swallow the rest
// of the text.
const STRAIGHT_QUOTE = /"(?:(?!\r?\n[ \t]*\r?\n)[^"])*"/g;
const CURLY_QUOTE = /“(?:(?!\r?\n[ \t]*\r?\n)[^”])*”/g;
const BLOCK_QUOTE_LINE = /^[ \t]*>.*$/gm;
// No two runs of blanks side by side: over a long run of spaces, /[ \t]*#{0,6}[ \t]*/ tries every way to split it.
const REFERENCES_HEADING =
  /^[ \t]*(?:#{1,6}[ \t]*)?(?:references|bibliography|works cited|sources)[ \t]*(?::[ \t]*)?$/gim;
/**
 * A line shaped like an entry of a reference list, not prose that mentions a year: an address or a DOI, "et al.", a
 * year in brackets (APA), a number opening the entry ("[3] ", "3. "), or an author opening it ("Brown, L.") with a
 * year after.
 */
const CITATION_SHAPES = [
  /https?:\/\/|\bdoi\b/i,
  /\bet al\./,
  /\((?:1[5-9]\d\d|20\d\d)[a-z]?\)/,
  /^\s*(?:\[\d{1,3}\]|\d{1,3}\.)\s/,
  /^\s*\p{Lu}[\p{L}'’-]+,\s+\p{Lu}.*\b(?:1[5-9]\d\d|20\d\d)[a-z]?\b/u,
];
/** An entry longer than this is a paragraph (a web editor's paragraph is one line). */
const MAX_CITATION_LENGTH = 300;
/** The share of a section's lines that must read as citations for it to be a reference list. */
const CITATION_SHARE = 0.6;
/** A reference list ends a text; it is not most of it. */
const MAX_REFERENCES_SHARE = 0.5;

export function quotationRanges(text: string): ExcludedRange[] {
  const ranges: ExcludedRange[] = [];
  for (const pattern of [STRAIGHT_QUOTE, CURLY_QUOTE, BLOCK_QUOTE_LINE]) {
    for (const match of text.matchAll(pattern)) {
      ranges.push({ start: match.index, end: match.index + match[0].length, reason: 'quotation' });
    }
  }
  return ranges;
}

/**
 * Whether the text after a heading reads as a list of references ending the text, not prose: a heading "Sources"
 * above a copied paragraph must not hide it.
 */
function isReferenceList(section: string, text: string): boolean {
  if (section.length > MAX_REFERENCES_SHARE * text.length) return false;
  const lines = section.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length === 0) return false;
  const citations = lines.filter(
    (line) => line.length <= MAX_CITATION_LENGTH && CITATION_SHAPES.some((shape) => shape.test(line)),
  ).length;
  return citations >= CITATION_SHARE * lines.length;
}

/** The last heading line that is just "References" (or a synonym) over a reference list, and everything after it. */
export function referencesRange(text: string): ExcludedRange | undefined {
  let heading: RegExpExecArray | undefined;
  for (const match of text.matchAll(REFERENCES_HEADING)) heading = match;
  if (!heading || !isReferenceList(text.slice(heading.index + heading[0].length), text)) return undefined;
  return { start: heading.index, end: text.length, reason: 'references' };
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
