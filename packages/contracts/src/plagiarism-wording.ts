import { formatPercent } from '@candor/engine-writing/percent';
import type { PlagiarismCheckedSource, PlagiarismInput, PlagiarismResult, PlagiarismUnreadSource } from './tools.js';

// How a Copyright Detector report is put in words, shared by the screen and the PDF report so the two never say
// different things.

const count = (value: number, one: string, many: string) =>
  `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;

/** "a, b and c". */
function listing(parts: readonly (string | false)[]): string {
  const kept = parts.filter((part): part is string => typeof part === 'string');
  if (kept.length <= 1) return kept[0] ?? '';
  return `${kept.slice(0, -1).join(', ')} and ${kept.at(-1)}`;
}

/** Every source the text was compared with: the named files and pages, and the earlier documents. */
export const comparedSources = (report: PlagiarismResult) =>
  report.sources.filter((source) => source.kind === 'document' || source.kind === 'url').length +
  report.compared.my_documents +
  report.compared.organisation_documents;

/** "18% of the text matches 2 sources", or, with no match, "No copied passages found in 5 sources" (no full stop). */
export function similarityVerdict(report: PlagiarismResult): string {
  if (report.matches.length === 0) {
    return `No copied passages found in ${count(comparedSources(report), 'source', 'sources')}`;
  }
  const matched = new Set(report.matches.map((match) => match.source_id)).size;
  return `${formatPercent(report.similarity)} of the text matches ${count(matched, 'source', 'sources')}`;
}

/** "Compared with 2 files, 1 web page and 14 earlier documents of yours." */
export function comparedLine(report: PlagiarismResult): string {
  const ofKind = (kind: PlagiarismCheckedSource['kind']) => report.sources.filter((s) => s.kind === kind).length;
  const parts = listing([
    ofKind('document') > 0 && count(ofKind('document'), 'file', 'files'),
    ofKind('url') > 0 && count(ofKind('url'), 'web page', 'web pages'),
    report.compared.my_documents > 0 &&
      `${count(report.compared.my_documents, 'earlier document', 'earlier documents')} of yours`,
    report.compared.organisation_documents > 0 &&
      `${count(report.compared.organisation_documents, 'document', 'documents')} from your organisation`,
  ]);
  return parts ? `Compared with ${parts}.` : 'Compared with no sources.';
}

/** What was left out of the count: "Not counted: 2 quotations and the reference list." */
export function excludedLine(report: PlagiarismResult): string | null {
  const quotations = report.excluded.filter((range) => range.reason === 'quotation').length;
  const references = report.excluded.some((range) => range.reason === 'references');
  const parts = listing([
    quotations > 0 && count(quotations, 'quotation', 'quotations'),
    references && 'the reference list',
  ]);
  return parts ? `Not counted: ${parts}.` : null;
}

/** "2 web pages could not be read" (no full stop), or null when every named page was read. */
export function unreadTitle(report: { unread_sources: readonly PlagiarismUnreadSource[] }): string | null {
  const unread = report.unread_sources.length;
  return unread > 0 ? `${count(unread, 'web page', 'web pages')} could not be read` : null;
}

/** What a page left out means for the report, and what the user can do about it. */
export function unreadLine(report: { unread_sources: readonly PlagiarismUnreadSource[] }): string {
  const one = report.unread_sources.length === 1;
  return (
    `The text was compared with the other sources only, so the similarity leaves ${one ? 'this page' : 'these pages'} ` +
    `out. To compare ${one ? 'it' : 'them'}, check again later, or save ${one ? 'the' : 'each'} page as a PDF and ` +
    'add it as a file.'
  );
}

/** What the exclusions switched off let count: "Quotations were counted: excluding them was switched off." */
export function countedLine(
  settings: Pick<PlagiarismInput, 'exclude_quotations' | 'exclude_references'>,
): string | null {
  const { exclude_quotations: quotations, exclude_references: references } = settings;
  if (quotations && references) return null;
  if (!quotations && !references) {
    return 'Quotations and the reference list were counted: excluding them was switched off.';
  }
  return quotations
    ? 'The reference list was counted: excluding it was switched off.'
    : 'Quotations were counted: excluding them was switched off.';
}
