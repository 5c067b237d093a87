import type { Passage } from './report';
import { sourceKindMeta } from './source-meta';

/**
 * Text a spreadsheet would run as a formula. Titles come from fetched web pages and passages from anyone's text, so
 * such a cell gets a leading apostrophe (OWASP's advice against CSV injection); numbers are left alone.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, quoted when it holds a comma, a quote or a line break, with its quotes doubled (RFC 4180). */
export function csvField(value: string | number): string {
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Records separated by CRLF, the last one too (RFC 4180). */
export const toCsv = (rows: readonly (readonly (string | number)[])[]) =>
  rows
    .map((row) => row.map(csvField).join(','))
    .join('\r\n')
    .concat('\r\n');

const MATCHES_CSV_HEADER = [
  'Source',
  'Kind',
  'URL',
  'Start',
  'End',
  'Passage in the text',
  'Passage in the source',
] as const;

/**
 * The matched passages, one a row, in text order. Start and end are the offsets the report stores (UTF-16 code
 * units into the checked text), so a row can be traced back to the run.
 */
export function matchesCsv(passages: readonly Passage[]): string {
  return toCsv([
    MATCHES_CSV_HEADER,
    ...passages.map(({ match, entry, text }) => [
      entry.source.title,
      sourceKindMeta[entry.source.kind].label,
      entry.source.url ?? '',
      match.start,
      match.end,
      text,
      match.source_text,
    ]),
  ]);
}

/** "reef-essay-matches.csv": the run's title made safe for a file name. */
export function csvFileName(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/\.(txt|md|docx|pdf)$/, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'copyright-check'}-matches.csv`;
}
