import { fileSlug } from '@candor/contracts';
import type { DocumentRedactionResult } from '@candor/contracts/tools';
import { toCsv } from '@/lib/csv';

type Redaction = DocumentRedactionResult['redactions'][number];

/** What replaced a redaction as the redacted text reads: a black box is as many █ as characters it hides. */
export const shownReplacement = (redaction: Redaction) =>
  redaction.replacement || '█'.repeat(Math.max(0, redaction.end - redaction.start));

const REPORT_CSV_HEADER = ['Page', 'Type', 'Start', 'End', 'Replacement'] as const;

/**
 * The redaction report, one row a redaction in text order: where it was and what replaced it, never the value it
 * hid. Start and end are offsets (UTF-16 code units) into the document's text as the analysis read it.
 */
export function redactionReportCsv(result: DocumentRedactionResult): string {
  return toCsv([
    REPORT_CSV_HEADER,
    ...sortedRedactions(result).map((redaction) => [
      redaction.page ?? '',
      redaction.type,
      redaction.start,
      redaction.end,
      shownReplacement(redaction),
    ]),
  ]);
}

const sortedRedactions = (result: DocumentRedactionResult) =>
  [...result.redactions].sort((a, b) => a.start - b.start || a.end - b.end);

export interface RedactionReportJson {
  file: { name: string; media_type: string; bytes: number };
  kind: DocumentRedactionResult['kind'];
  style: DocumentRedactionResult['style'];
  policy: DocumentRedactionResult['policy'];
  words: number;
  pages: number;
  verification: DocumentRedactionResult['verification'];
  redactions: { page: number | null; type: Redaction['type']; start: number; end: number; replacement: string }[];
}

/** The same report as JSON, with the run's settings and its verification; the redacted values are not in it. */
export function redactionReportJson(result: DocumentRedactionResult): RedactionReportJson {
  return {
    file: { ...result.file },
    kind: result.kind,
    style: result.style,
    policy: result.policy,
    words: result.words,
    pages: result.pages,
    verification: result.verification,
    redactions: sortedRedactions(result).map((redaction) => ({
      page: redaction.page,
      type: redaction.type,
      start: redaction.start,
      end: redaction.end,
      replacement: redaction.replacement,
    })),
  };
}

/** "contract-redactions.csv": named after the document. */
export const reportFileName = (documentName: string, extension: 'csv' | 'json') =>
  `${fileSlug(documentName, 'document')}-redactions.${extension}`;
