import type { ScannedPage, SiteScanResult } from '@candor/contracts/tools';
import { describe, expect, it } from 'vitest';
import { aiDistribution, compareScans } from './compare';
import { filterAndSort, noFilter, pageOf } from './pages-table';
import { scanToCsv } from './scan-csv';

const page = (url: string, extra: Partial<ScannedPage> = {}): ScannedPage => ({
  url,
  final_url: null,
  status: 200,
  depth: 1,
  title: `Title of ${url}`,
  words: 300,
  ai_percent: 10,
  ai_label: 'human',
  humanized_label: 'human',
  pii_count: 0,
  pii_types: [],
  issues: [],
  score: 100,
  indexable: true,
  ...extra,
});

const report = (pages: ScannedPage[], extra: Partial<SiteScanResult> = {}): SiteScanResult => ({
  site: 'example.com',
  start_url: 'https://example.com/',
  stopped: null,
  score: 80,
  counts: { found: pages.length, fetched: pages.length, scanned: pages.length, skipped: 0 },
  ai_percent: 20,
  pages_with_pii: 0,
  top_issues: [],
  pages,
  skipped: [],
  skipped_by_reason: {},
  broken_links: [],
  duplicates: [],
  robots: { found: true, crawl_delay_seconds: null },
  sitemaps: [],
  previous_scan_id: null,
  finished_at: '2026-11-27T00:00:00.000Z',
  ...extra,
});

describe('the pages table', () => {
  const pages = Array.from({ length: 2_500 }, (_, i) =>
    page(`https://example.com/p${i}`, {
      score: i % 100,
      ai_percent: i % 7 === 0 ? null : i % 100,
      pii_count: i % 10 === 0 ? 2 : 0,
      issues: i % 3 === 0 ? ['missing_h1'] : [],
    }),
  );

  it('sorts by any column, pages without an AI score last when sorting by AI % descending', () => {
    const sorted = filterAndSort(pages, noFilter, { key: 'ai_percent', direction: 'desc' });
    expect(sorted[0]?.ai_percent).toBe(99);
    expect(sorted.at(-1)?.ai_percent).toBeNull();
    expect(filterAndSort(pages, noFilter, { key: 'score', direction: 'asc' })[0]?.score).toBe(0);
  });

  it('filters by text, issue, AI % and personal data, and pages through thousands of rows', () => {
    const filtered = filterAndSort(
      pages,
      { query: 'p1', issue: 'missing_h1', minAi: 50, piiOnly: true },
      { key: 'url', direction: 'asc' },
    );
    expect(
      filtered.every(
        (p) => p.url.includes('p1') && p.issues.includes('missing_h1') && (p.ai_percent ?? 0) >= 50 && p.pii_count > 0,
      ),
    ).toBe(true);
    expect(
      filterAndSort(pages, { ...noFilter, issue: 'none' }, { key: 'url', direction: 'asc' }).every(
        (p) => p.issues.length === 0,
      ),
    ).toBe(true);
    const last = pageOf(pages, 999);
    expect(last).toMatchObject({ page: 50, pages: 50 });
    expect(last.rows).toHaveLength(50);
  });
});

describe('exports and comparisons', () => {
  it('writes every page as a CSV row, quoting and defusing formulas', () => {
    const csv = scanToCsv(
      report([page('https://example.com/a', { title: '=HYPERLINK("x")', issues: ['missing_h1'] })]),
    );
    const [header, row] = csv.trim().split('\r\n');
    expect(header?.startsWith('url,final_url,status')).toBe(true);
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain('Missing H1');
  });

  it('compares two scans of a site page by page', () => {
    const before = report([page('https://example.com/a', { score: 50 }), page('https://example.com/gone')], {
      score: 60,
      top_issues: [{ id: 'missing_h1', pages: 3, impact: 2 }],
    });
    const after = report([page('https://example.com/a', { score: 90 }), page('https://example.com/new')], {
      score: 85,
      top_issues: [{ id: 'missing_h1', pages: 1, impact: 1 }],
    });
    expect(compareScans(before, after)).toMatchObject({
      scoreChange: 25,
      aiChange: 0,
      added: ['https://example.com/new'],
      removed: ['https://example.com/gone'],
      changed: [{ url: 'https://example.com/a', before: 50, after: 90 }],
      issues: [{ id: 'missing_h1', before: 3, after: 1 }],
    });
  });

  it('counts pages per AI band', () => {
    const { bands, unscored } = aiDistribution(
      report([page('a', { ai_percent: 5 }), page('b', { ai_percent: 100 }), page('c', { ai_percent: null })]),
    );
    expect(bands.map((b) => b.pages)).toEqual([1, 0, 0, 0, 1]);
    expect(unscored).toBe(1);
  });
});
