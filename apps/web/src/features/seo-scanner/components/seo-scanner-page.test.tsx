import type { HistoryDetail } from '@candor/contracts';
import type { JobSnapshot, ScannedPage, SiteScanResult } from '@candor/contracts/tools';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, notFoundResponse } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';

const HISTORY_ID = '00000000-0000-4000-8000-000000000030';

const row = (i: number): ScannedPage => ({
  url: `https://example.com/page-${i}`,
  final_url: null,
  status: 200,
  depth: 1,
  title: `Page ${i}`,
  words: 300,
  ai_percent: i % 100,
  ai_label: 'human',
  humanized_label: 'human',
  pii_count: i === 7 ? 2 : 0,
  pii_types: i === 7 ? ['EMAIL_ADDRESS'] : [],
  issues: i % 2 === 0 ? ['missing_h1'] : [],
  score: 100 - (i % 50),
  indexable: true,
});

const report: SiteScanResult = {
  site: 'example.com',
  start_url: 'https://example.com/',
  stopped: null,
  score: 77,
  counts: { found: 130, fetched: 125, scanned: 120, skipped: 10 },
  ai_percent: 31,
  pages_with_pii: 1,
  top_issues: [{ id: 'missing_h1', pages: 60, impact: 1.6 }],
  pages: Array.from({ length: 120 }, (_, i) => row(i)),
  skipped: [
    {
      url: 'https://example.com/private/a',
      reason: 'robots',
      detail: 'robots.txt of example.com does not allow crawling it',
      status: null,
    },
  ],
  skipped_by_reason: { robots: 10 },
  broken_links: [],
  duplicates: [],
  robots: { found: true, crawl_delay_seconds: null },
  sitemaps: [],
  previous_scan_id: null,
  finished_at: '2026-11-27T10:00:00Z',
};

const detail: HistoryDetail = {
  item: {
    history_id: HISTORY_ID,
    model_name: 'SITE_SCAN',
    title: 'Spring audit',
    cost: 2400,
    created_at: '2026-11-27T10:00:00Z',
    has_children: true,
    children: [],
  },
  input: { url: 'example.com', scanName: 'Spring audit' },
  result: report,
};

const api = vi.hoisted(() => ({
  requests: [] as { method: string; path: string; body: unknown }[],
  respond: null as null | ((method: string, path: string) => Response | undefined),
}));

vi.mock('@/lib/api-client', async (importOriginal) => {
  const { withFakeApi } = await import('@/test/fake-api');
  return withFakeApi(await importOriginal(), async (request) => {
    const path = new URL(request.url).pathname.replace('/api/detector/', '');
    const body = request.headers.get('content-type')?.includes('json') ? await request.clone().json() : null;
    api.requests.push({ method: request.method, path, body });
    return api.respond?.(request.method, path) ?? notFoundResponse();
  });
});

const { SeoScannerPage } = await import('./seo-scanner-page');

async function renderPage(initialHistoryId?: string) {
  function Harness() {
    const [historyId, setHistoryId] = useState(initialHistoryId);
    return <SeoScannerPage historyId={historyId} onShowRun={setHistoryId} onLeaveRun={() => setHistoryId(undefined)} />;
  }
  return renderWithRouter(() => <Harness />, { path: '/seo-scanner' });
}

beforeEach(() => {
  api.requests.length = 0;
  api.respond = null;
  sessionStorage.clear();
});

describe('the SEO Scanner', () => {
  it("checks the address with the spec's messages before anything is sent, then starts the scan", async () => {
    const queued: JobSnapshot = {
      job_id: 'job-1',
      tool: 'site-scan',
      status: 'queued',
      progress: { percent: 0, stage: 'Waiting for a free worker' },
      partial: null,
      cost: 1000,
      history_id: null,
      error: null,
      created_at: '2026-11-27T10:00:00Z',
      finished_at: null,
    };
    api.respond = (method, path) => {
      if (path === 'v2/ai-detector/user-history/')
        return jsonResponse(200, { items: [], pagination: { page: 1, per_page: 5, total: 0, total_pages: 0 } });
      if (method === 'POST' && path === 'v1/tools/site-scan/jobs') return jsonResponse(202, queued);
      return undefined;
    };
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Scan website' }));
    expect(await screen.findByText('Please enter a URL')).toBeTruthy();
    await user.type(screen.getByLabelText('Website address'), 'ftp://example.com');
    await user.click(screen.getByRole('button', { name: 'Scan website' }));
    expect(
      await screen.findByText('Please enter a valid URL (e.g., example.com or https://www.example.com)'),
    ).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.clear(screen.getByLabelText('Website address'));
    await user.type(screen.getByLabelText('Website address'), 'example.com');
    await user.click(screen.getByRole('button', { name: 'Scan website' }));
    await waitFor(() =>
      expect(api.requests.filter((r) => r.method === 'POST')).toEqual([
        { method: 'POST', path: 'v1/tools/site-scan/jobs', body: { url: 'example.com' } },
      ]),
    );
  }, 30_000);

  it('shows a stored scan: score, top issues, and a pages table that sorts, filters and pages', async () => {
    api.respond = (_method, path) =>
      path === `v2/ai-detector/user-history/${HISTORY_ID}` ? jsonResponse(200, detail) : undefined;
    const user = userEvent.setup();
    await renderPage(HISTORY_ID);
    expect(await screen.findByRole('heading', { name: 'Spring audit', level: 1 })).toBeTruthy();
    expect(screen.getByLabelText('Scan summary')?.textContent).toContain('77');
    expect(screen.getByRole('list', { name: 'Top issues' })?.textContent).toContain('Missing H1');

    const table = screen.getByRole('table', { name: 'Scanned pages' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'AI %' }));
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('99%');
    await user.click(screen.getByLabelText('With personal data'));
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('https://example.com/page-7');
    expect(screen.getByRole('region', { name: 'Skipped pages (not charged)' }).textContent).toContain(
      'Blocked by robots.txt: 10',
    );
  }, 30_000);
});
