import type { TextRange } from './types.js';

/**
 * How a redacted string is looked for, by the redaction (to catch every occurrence) and by the verification (to
 * prove none is left): case-insensitive, any run of whitespace matching any other, and whole words only at the ends
 * — so "Al" is found in "Al Smith" but not in "Also".
 */

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** The pattern source for one string, or null for a string with nothing to look for. */
function patternSource(needle: string): string | null {
  const trimmed = needle.trim();
  if (trimmed === '') return null;
  const body = trimmed
    .split(/\s+/u)
    .map((part) => escapeRegExp(part))
    .join('\\s+');
  const first = trimmed[0] ?? '';
  const last = trimmed.at(-1) ?? '';
  const before = WORD_CHARACTER.test(first) ? '(?<![\\p{L}\\p{N}])' : '';
  const after = WORD_CHARACTER.test(last) ? '(?![\\p{L}\\p{N}])' : '';
  return `${before}${body}${after}`;
}

/** One string with whitespace runs as single spaces, lower-cased: how strings are compared and reported. */
export function normaliseForSearch(text: string): string {
  return text.trim().replace(/\s+/gu, ' ').toLowerCase();
}

/** Every occurrence of `needle` in `haystack`. */
export function findOccurrences(haystack: string, needle: string): TextRange[] {
  const source = patternSource(needle);
  if (source === null) return [];
  const pattern = new RegExp(source, 'giu');
  return Array.from(haystack.matchAll(pattern), (match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** A matcher for many strings at once, so a large haystack is scanned once, not once per string. */
export class NeedleSet {
  private readonly pattern: RegExp | null;
  readonly needles: string[];

  constructor(needles: string[]) {
    const unique = [...new Set(needles.map(normaliseForSearch).filter((needle) => needle !== ''))];
    // Longest first, so an alternation reports "john smith" rather than the "john" inside it.
    unique.sort((a, b) => b.length - a.length);
    this.needles = unique;
    const sources = unique.map(patternSource).filter((source): source is string => source !== null);
    this.pattern = sources.length === 0 ? null : new RegExp(sources.map((source) => `(?:${source})`).join('|'), 'giu');
  }

  /** The needles found in `haystack`, normalised. */
  foundIn(haystack: string): string[] {
    if (!this.pattern) return [];
    const found = new Set<string>();
    for (const match of haystack.matchAll(this.pattern)) found.add(normaliseForSearch(match[0]));
    return [...found];
  }
}

/** "a, b and c"; past `max` items, "a, b, c and 2 more": details name what was found without flooding the screen. */
export function andList(items: string[], max = Number.POSITIVE_INFINITY): string {
  const shown = items.slice(0, max);
  const rest = items.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

export function quoteList(items: string[], max = 3): string {
  return andList(
    items.map((item) => `"${item}"`),
    max,
  );
}

/** Replaces every occurrence of the given strings (matched as above) with what each maps to. */
export class Replacer {
  private readonly pattern: RegExp | null;
  private readonly replacements: Map<string, string>;

  /** `replacements` maps each string to what replaces it. */
  constructor(replacements: Map<string, string>) {
    this.replacements = new Map();
    for (const [needle, replacement] of replacements) {
      const key = normaliseForSearch(needle);
      if (key !== '' && !this.replacements.has(key)) this.replacements.set(key, replacement);
    }
    const sources = [...this.replacements.keys()]
      .sort((a, b) => b.length - a.length)
      .map(patternSource)
      .filter((source): source is string => source !== null);
    this.pattern = sources.length === 0 ? null : new RegExp(sources.map((source) => `(?:${source})`).join('|'), 'giu');
  }

  get empty(): boolean {
    return this.pattern === null;
  }

  /** The occurrences in `haystack`, each with its replacement. */
  occurrences(haystack: string): Array<TextRange & { replacement: string }> {
    if (!this.pattern) return [];
    return Array.from(haystack.matchAll(this.pattern), (match) => ({
      start: match.index,
      end: match.index + match[0].length,
      replacement: this.replacements.get(normaliseForSearch(match[0])) ?? '',
    }));
  }

  replace(haystack: string): string {
    if (!this.pattern) return haystack;
    return haystack.replace(this.pattern, (match) => this.replacements.get(normaliseForSearch(match)) ?? '');
  }
}
