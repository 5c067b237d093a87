import { fileSlug, toCsv } from '@/lib/csv';
import type { Passage } from './report';
import { sourceKindMeta } from './source-meta';

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
export const csvFileName = (title: string) => `${fileSlug(title, 'copyright-check')}-matches.csv`;
