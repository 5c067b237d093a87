import { serviceLabels } from '@candor/contracts';
import {
  comparedLine,
  countedLine,
  excludedLine,
  similarityVerdict,
  unreadLine,
  unreadTitle,
} from '@candor/contracts/plagiarism-wording';
import type { PlagiarismCheckedSource, PlagiarismInput, PlagiarismResult } from '@candor/contracts/tools';
import { describeObfuscation } from '@candor/engine-writing/obfuscation';
import { formatPercent as percent } from '@candor/engine-writing/percent';
import {
  formatDate,
  notListed,
  oneLine,
  plural,
  type ReportDocument,
  renderReportPdf,
  runFacts,
  truncate,
} from '../pdf/report-document.js';

/** The Copyright Detector report as a PDF download (`GET v1/tools/plagiarism/reports/{history_id}.pdf`). */

export interface PlagiarismReportPdfInput {
  title: string;
  createdAt: Date;
  /** Tokens the run cost. */
  cost: number;
  /** The checked text and the run's settings; the report's offsets point into the text. */
  input: Pick<PlagiarismInput, 'text' | 'exclude_quotations' | 'exclude_references'>;
  report: PlagiarismResult;
}

/** The lists stop here; a longer report would be a book nobody reads. The similarity and the counts stay complete. */
export const MAX_LISTED_SOURCES = 100;
export const MAX_LISTED_PASSAGES = 200;
export const MAX_LISTED_EXCLUSIONS = 100;
/** A passage longer than this is cut (on both sides) so it and its source fit one page side by side. */
export const MAX_PASSAGE_CHARACTERS = 700;

/** Source kinds as the screen names them. */
const sourceKindLabels: Record<PlagiarismCheckedSource['kind'], string> = {
  document: 'File',
  url: 'Web page',
  my_document: 'Your earlier document',
  organisation_document: 'Organisation document',
};

const exclusionReasons: Record<PlagiarismResult['excluded'][number]['reason'], string> = {
  quotation: 'Quotation',
  references: 'Reference list',
};

/** A source as the report numbers it: most similar first, as on the screen. */
interface NumberedSource {
  source: PlagiarismCheckedSource;
  number: number;
  passages: number;
}

export function renderPlagiarismReportPdf(input: PlagiarismReportPdfInput): Promise<Buffer> {
  return renderReportPdf({ tool: 'Copyright Detector', title: input.title, createdAt: input.createdAt }, (pdf) =>
    write(pdf, input),
  );
}

function write(pdf: ReportDocument, { title, createdAt, cost, input, report }: PlagiarismReportPdfInput): void {
  pdf.header('Copyright Detector report', title, runFacts(createdAt, report.words, cost));
  const counts = new Map<string, number>();
  for (const match of report.matches) counts.set(match.source_id, (counts.get(match.source_id) ?? 0) + 1);
  const sources: NumberedSource[] = [...report.sources]
    .sort((a, b) => b.similarity - a.similarity)
    .map((source, index) => ({ source, number: index + 1, passages: counts.get(source.source_id) ?? 0 }));
  const bySource = new Map(sources.map((entry) => [entry.source.source_id, entry]));
  // Only matches that name a listed source and fit the text can be shown honestly (as on the screen).
  const passages = report.matches.filter(
    (match) => bySource.has(match.source_id) && match.start < match.end && match.end <= input.text.length,
  );

  // First, as on the screen: the similarity below leaves these pages out.
  const unread = unreadTitle(report);
  if (unread) {
    pdf.heading(unread);
    pdf.paragraph(unreadLine(report));
    for (const { url, reason } of report.unread_sources) pdf.entry([{ text: url, style: 'bold' }, { text: reason }]);
  }

  pdf.heading('Similarity');
  pdf.paragraph(percent(report.similarity), { bold: true, size: 26, after: 0.1 });
  pdf.paragraph(`${similarityVerdict(report)}.`, { bold: true });
  pdf.paragraph(comparedLine(report));
  for (const line of [excludedLine(report), countedLine(input)]) if (line) pdf.paragraph(line);
  if (report.obfuscation) pdf.paragraph(`Disguised text. ${describeObfuscation(report.obfuscation)}`, { size: 9 });

  pdf.heading('Sources');
  if (sources.length === 0) pdf.paragraph('No source was compared.');
  const listedSources = sources.slice(0, MAX_LISTED_SOURCES);
  for (const { source, number, passages: count } of listedSources) {
    pdf.entry([
      { text: `${number}. ${source.title} — ${percent(source.similarity)} of the text`, style: 'bold' },
      {
        text: [sourceKindLabels[source.kind], earlierRun(source), plural(count, 'matched passage')]
          .filter(Boolean)
          .join(' · '),
      },
      { text: source.url ?? '', style: 'muted' },
    ]);
  }
  const moreSources = notListed(sources.length - listedSources.length, 'source');
  if (moreSources) pdf.paragraph(moreSources);

  pdf.heading('Matched passages');
  if (passages.length === 0) {
    pdf.paragraph('No passage of the text was found in the files, pages or documents it was compared with.');
  } else {
    pdf.paragraph(
      'Each passage of the text beside the words of the source it matches, in the order of the text; a passage ' +
        `longer than ${plural(MAX_PASSAGE_CHARACTERS, 'character')} is cut short.`,
      { muted: true, size: 9 },
    );
  }
  const listedPassages = passages.slice(0, MAX_LISTED_PASSAGES);
  listedPassages.forEach((match, index) => {
    const entry = bySource.get(match.source_id);
    pdf.sideBySide(
      [`Passage ${index + 1}, in the text`, `In source ${entry?.number}. ${entry?.source.title ?? ''}`],
      [input.text.slice(match.start, match.end), match.source_text],
      MAX_PASSAGE_CHARACTERS,
    );
  });
  const morePassages = notListed(passages.length - listedPassages.length, 'passage');
  if (morePassages) pdf.paragraph(morePassages);

  pdf.heading('Not counted');
  pdf.paragraph(
    `Quotations were ${input.exclude_quotations ? 'left out of the count' : 'counted'}; a closing reference ` +
      `list was ${input.exclude_references ? 'left out of the count' : 'counted'}. What is left out is not ` +
      'counted as copied, even where a source has the same words.',
  );
  if (report.excluded.length === 0) {
    pdf.paragraph('Nothing was left out of this text.');
    return;
  }
  const listedExclusions = report.excluded.slice(0, MAX_LISTED_EXCLUSIONS);
  pdf.table(
    [100, pdf.width - 100],
    ['Why', 'What'],
    listedExclusions.map((range) => [
      exclusionReasons[range.reason],
      truncate(oneLine(input.text.slice(range.start, range.end)), 240),
    ]),
  );
  const moreExclusions = notListed(report.excluded.length - listedExclusions.length, 'passage');
  if (moreExclusions) pdf.paragraph(moreExclusions);
}

/** The earlier run a document of yours comes from, so two of the same name can be told apart. */
function earlierRun(source: PlagiarismCheckedSource): string | null {
  if (!source.model_name || !source.created_at) return null;
  return `${serviceLabels[source.model_name]}, ${formatDate(new Date(source.created_at))}`;
}
