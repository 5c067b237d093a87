import { fileSlug } from '@candor/contracts';
import { toCsv } from '@/lib/csv';
import type { StoredPlagiarismInput } from '../api/copyright-detection';
import { earlierRun, type Passage } from './report';
import { sourceKindMeta } from './source-meta';

const MATCHES_CSV_HEADER = [
  'Source',
  'Kind',
  'URL',
  'Start',
  'End',
  'Passage in the text',
  'Passage in the source',
  'Earlier run',
  'Exclusions switched off',
] as const;

/** The run's exclusions the user switched off, as the CSV's last column says them on every row. */
function switchedOff({
  exclude_quotations: quotations,
  exclude_references: references,
}: Pick<StoredPlagiarismInput, 'exclude_quotations' | 'exclude_references'>): string {
  if (!quotations && !references) return 'Quotations and reference list';
  if (!quotations) return 'Quotations';
  return references ? 'None' : 'Reference list';
}

/**
 * The matched passages, one a row, in text order. Start and end are the offsets the report stores (UTF-16 code
 * units into the checked text), so a row can be traced back to the run.
 */
export function matchesCsv(
  passages: readonly Passage[],
  settings: Pick<StoredPlagiarismInput, 'exclude_quotations' | 'exclude_references'>,
): string {
  const exclusions = switchedOff(settings);
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
      earlierRun(entry.source) ?? '',
      exclusions,
    ]),
  ]);
}

/** "reef-essay-matches.csv": the run's title made safe for a file name. */
export const csvFileName = (title: string) => `${fileSlug(title, 'copyright-check')}-matches.csv`;
