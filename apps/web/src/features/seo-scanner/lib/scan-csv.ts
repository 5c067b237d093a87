import { SITE_SCAN_ISSUES, type SiteScanResult } from '@candor/contracts/tools';

const cell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  // Quoted when needed; a leading =, +, - or @ is prefixed so a spreadsheet never runs it as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Every scanned page as a CSV row (the PDF lists the worst 500; this has them all). */
export function scanToCsv(report: SiteScanResult): string {
  const header = [
    'url',
    'final_url',
    'status',
    'depth',
    'title',
    'words',
    'score',
    'indexable',
    'ai_percent',
    'ai_label',
    'humanized_label',
    'pii_count',
    'pii_types',
    'issues',
  ];
  const rows = report.pages.map((page) => [
    page.url,
    page.final_url,
    page.status,
    page.depth,
    page.title,
    page.words,
    page.score,
    page.indexable ? 'yes' : 'no',
    page.ai_percent,
    page.ai_label,
    page.humanized_label,
    page.pii_count,
    page.pii_types.join(' '),
    page.issues.map((id) => SITE_SCAN_ISSUES[id].title).join('; '),
  ]);
  return `${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
