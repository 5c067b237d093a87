import { SITE_SCAN_ISSUES, type SiteScanReport, skipReasonLabels } from '@candor/engine-site-scan';
import { formatDate, notListed, number, plural, renderReportPdf, truncate } from '../pdf/report-document.js';

/** A website scan as a PDF download (`GET v1/tools/site-scan/reports/{history_id}.pdf`). */

export interface SiteScanReportPdfInput {
  title: string;
  createdAt: Date;
  cost: number;
  report: SiteScanReport;
}

/** Pages listed in the PDF, worst first; the CSV export has them all. */
export const MAX_LISTED_PAGES = 500;

export function renderSiteScanReportPdf({ title, createdAt, cost, report }: SiteScanReportPdfInput): Promise<Buffer> {
  return renderReportPdf({ tool: 'Website Scan', title, createdAt }, (pdf) => {
    const width = pdf.width;
    pdf.header('Website scan report', title, [
      formatDate(createdAt),
      plural(report.counts.scanned, 'page'),
      plural(cost, 'token'),
    ]);
    pdf.paragraph(
      `${report.start_url} — site score ${report.score} of 100. ${plural(report.counts.found, 'URL')} found, ` +
        `${number(report.counts.fetched)} fetched, ${number(report.counts.scanned)} scanned, ${number(report.counts.skipped)} skipped.` +
        (report.stopped === 'cancelled'
          ? ' The scan was stopped before the end; the pages scanned until then are reported.'
          : report.stopped === 'time_limit'
            ? ' The scan reached its time limit; the pages scanned until then are reported.'
            : ''),
    );
    pdf.paragraph(
      `Reads as AI-written: ${report.ai_percent === null ? 'too little text to judge' : `${report.ai_percent}% (words-weighted)`}. ` +
        `Pages with personal data: ${number(report.pages_with_pii)}.`,
    );

    pdf.heading('Top issues');
    if (report.top_issues.length === 0) pdf.paragraph('No issues found.');
    else
      pdf.table(
        [200, 60, 70, width - 330],
        ['Issue', 'Pages', 'Score cost', 'What to do'],
        report.top_issues.map((issue) => [
          SITE_SCAN_ISSUES[issue.id].title,
          number(issue.pages),
          issue.impact > 0 ? `${issue.impact} pts` : '—',
          SITE_SCAN_ISSUES[issue.id].advice,
        ]),
      );

    if (report.broken_links.length > 0) {
      pdf.heading('Broken links');
      pdf.table(
        [width / 2, width / 2],
        ['Broken URL', 'Linked from'],
        report.broken_links.slice(0, 100).map((link) => [
          `${truncate(link.url, 80)} (${link.status ?? link.reason})`,
          `${link.linked_from
            .slice(0, 3)
            .map((from) => truncate(from, 60))
            .join(', ')}${link.linked_from_count > 3 ? ` and ${link.linked_from_count - 3} more` : ''}`,
        ]),
      );
    }

    pdf.heading('Pages');
    const pages = [...report.pages].sort((a, b) => a.score - b.score).slice(0, MAX_LISTED_PAGES);
    pdf.table(
      [width - 250, 40, 50, 40, 120],
      ['URL', 'Score', 'AI %', 'PII', 'Issues'],
      pages.map((page) => [
        truncate(page.url, 90),
        String(page.score),
        page.ai_percent === null ? '—' : `${page.ai_percent}%`,
        String(page.pii_count),
        String(page.issues.length),
      ]),
    );
    const more = notListed(report.pages.length - pages.length, 'page');
    if (more) pdf.paragraph(more);

    const reasons = Object.entries(report.skipped_by_reason).filter(([, n]) => (n ?? 0) > 0);
    if (reasons.length > 0) {
      pdf.heading('Skipped (not charged)');
      pdf.table(
        [width - 80, 80],
        null,
        reasons.map(([reason, n]) => [skipReasonLabels[reason as keyof typeof skipReasonLabels], number(n ?? 0)]),
      );
    }
  });
}
