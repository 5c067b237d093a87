import type { HistoryItem, HistoryList } from '@candor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, notFoundResponse } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';
import type { HistorySearch } from '../search';

const requests: Request[] = [];
const bodies: unknown[] = [];
let list: (url: URL) => HistoryList;

vi.mock('@/lib/api-client', async (importOriginal) => {
  const { withFakeApi } = await import('@/test/fake-api');
  return withFakeApi(await importOriginal(), async (input) => {
    requests.push(input);
    if (input.method === 'POST') bodies.push(await input.clone().json());
    const url = new URL(input.url);
    if (input.method === 'GET' && url.pathname === '/api/detector/v2/ai-detector/user-history/') {
      return jsonResponse(200, list(url));
    }
    if (input.method === 'DELETE') return jsonResponse(200, { deleted: 1 });
    if (input.method === 'POST' && url.pathname.endsWith('/user-history/delete'))
      return jsonResponse(200, { deleted: 2 });
    return notFoundResponse();
  });
});

const toasts = vi.hoisted(() => ({ shown: [] as { message: string; options: Record<string, unknown> }[] }));
vi.mock('@/lib/toast', async (importOriginal) => {
  const record = (message: string, options: Record<string, unknown> = {}) => toasts.shown.push({ message, options });
  return {
    ...(await importOriginal<typeof import('@/lib/toast')>()),
    toast: { message: record, success: record, error: record, info: record, warning: record },
  };
});

const { HistoryPage } = await import('./history-page');

const item = (id: number, overrides: Partial<HistoryItem> = {}): HistoryItem => ({
  history_id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  model_name: 'WRITING_ANALYSIS',
  title: `Run ${id}`,
  cost: 10 * id,
  created_at: '2026-11-20T10:00:00Z',
  has_children: false,
  children: [],
  ...overrides,
});
const page = (items: HistoryItem[], total = items.length, pageNo = 1): HistoryList => ({
  items,
  pagination: { page: pageNo, per_page: 20, total, total_pages: Math.ceil(total / 20) },
});

const changes: { change: Partial<HistorySearch>; replace?: boolean }[] = [];
async function renderPage(initial: Partial<HistorySearch> = {}) {
  function Harness() {
    const [search, setSearch] = useState<HistorySearch>({ page: 1, page_size: 20, ...initial });
    return (
      <HistoryPage
        search={search}
        onSearchChange={(change, options) => {
          changes.push({ change, replace: options?.replace });
          setSearch((prev) => ({ ...prev, ...change }));
        }}
      />
    );
  }
  return renderWithRouter(() => <Harness />, { path: '/history' });
}

const lastToast = () => {
  const shown = toasts.shown.at(-1);
  if (!shown) throw new Error('no toast');
  return shown as {
    message: string;
    options: { action: { label: string; onClick: () => void }; onAutoClose: () => void };
  };
};
const mutations = () => requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${new URL(r.url).pathname}`);

beforeEach(() => {
  requests.length = 0;
  bodies.length = 0;
  changes.length = 0;
  toasts.shown.length = 0;
  list = () => page([]);
});

// Hidden runs live in module state: Undo what a test left pending so the next test sees its rows.
afterEach(() => {
  for (const { options } of toasts.shown) (options as { action?: { onClick: () => void } }).action?.onClick();
});

describe('HistoryPage', () => {
  it('shows the empty state when there is no run yet', async () => {
    await renderPage();
    expect(await screen.findByText('No history yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore the tools' }).getAttribute('href')).toBe('/all-products');
  });

  it('lists runs with friendly service names and links that reopen each run in its tool', async () => {
    const humanizer = item(2, { model_name: 'HUMANIZER', title: 'Humanized essay' });
    const voice = item(4, { model_name: 'VEXON', title: 'Voice clip' });
    list = () => page([item(1), humanizer, item(3, { model_name: 'REWRITE', title: 'Rewritten memo' }), voice]);
    await renderPage();
    const row = (await screen.findByText('Run 1')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getAllByText('Writing Analysis').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Open Run 1 in Writing Analysis' }).getAttribute('href')).toBe(
      `/writing-analysis?history_id=${item(1).history_id}`,
    );
    expect(screen.getByRole('link', { name: 'Open Humanized essay in AI Humanizer' }).getAttribute('href')).toBe(
      `/content-humanizer?history_id=${humanizer.history_id}`,
    );
    expect(screen.getByRole('link', { name: 'Open Voice clip in Deepfake Audio' }).getAttribute('href')).toBe(
      `/vexon/result?history_id=${voice.history_id}`,
    );
    // The content enhancer cannot reopen a run, so its link opens the tool.
    expect(screen.getByRole('link', { name: 'Open Rewrite' }).getAttribute('href')).toBe('/content-enhancer');
  });

  it('makes the run’s title the link that reopens it, with no second link beside it', async () => {
    list = () => page([item(1), item(3, { model_name: 'REWRITE', title: 'Rewritten memo' })]);
    await renderPage();
    const title = await screen.findByText('Run 1');
    const row = title.closest('tr');
    if (!row) throw new Error('no row');
    expect(title.tagName).toBe('A');
    expect(within(row).getAllByRole('link')).toEqual([title]);
    expect(title.getAttribute('href')).toBe(`/writing-analysis?history_id=${item(1).history_id}`);
    // A run its tool cannot reopen keeps a plain title and the link to the tool.
    const rewrite = screen.getByText('Rewritten memo');
    expect(rewrite.tagName).not.toBe('A');
    const rewriteRow = rewrite.closest('tr');
    if (!rewriteRow) throw new Error('no row');
    expect(
      within(rewriteRow)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Open Rewrite']);
  });

  it('sends the selected services as repeated model_names', async () => {
    const seen: URL[] = [];
    list = (url) => {
      seen.push(url);
      return page([item(1)]);
    };
    await renderPage({ selectedServices: ['WRITING_ANALYSIS', 'HUMANIZER'] });
    await screen.findByText('Run 1');
    expect(seen.at(-1)?.searchParams.getAll('model_names')).toEqual(['WRITING_ANALYSIS', 'HUMANIZER']);
    expect(screen.getByRole('list', { name: 'Active filters' }).textContent).toContain('AI Humanizer');
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter AI Humanizer' }));
    expect(changes.at(-1)?.change).toEqual({ selectedServices: ['WRITING_ANALYSIS'], page: 1 });
  });

  it('expands and collapses the parts of a run from the keyboard', async () => {
    const child = item(11, { title: 'Part A', has_children: true, children: [item(12, { title: 'Segment' })] });
    list = () => page([item(1, { has_children: true, children: [child, item(13, { title: 'Part B' })] })]);
    await renderPage();
    const toggle = await screen.findByRole('button', { name: 'Show 2 parts' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Part A')).toBeNull();
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Hide 2 parts' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Part A')).toBeTruthy();
    expect(screen.getByText('Part B')).toBeTruthy();
    expect(screen.getByText('Segment')).toBeTruthy();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByText('Part A')).toBeNull();
  });

  it('shows the first parts of a run with thousands, says how many more there are, and opens the run for them', async () => {
    const pages = Array.from({ length: 50 }, (_, i) => item(100 + i, { model_name: 'SITE_SCAN', title: `Page ${i}` }));
    const scan = item(2, { model_name: 'SITE_SCAN', title: 'Big site', has_children: true, children: pages });
    list = () => page([{ ...scan, children_total: 5000 }]);
    await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Show 5,000 parts' }));
    expect(screen.getByText('Page 49')).toBeTruthy();
    expect(screen.getByText(/4,950 more parts of 5,000 not listed here/)).toBeTruthy();
    const all = screen.getByRole('link', { name: 'Open Big site to see them all' });
    expect(all.getAttribute('href')).toBe(`/seo-scanner?history_id=${scan.history_id}`);
  });

  it('goes to the last page, replacing the history entry, when the page is past the end', async () => {
    list = (url) =>
      page(url.searchParams.get('page') === '2' ? [item(21)] : [], 21, Number(url.searchParams.get('page')));
    await renderPage({ page: 7 });
    expect(await screen.findByText('Run 21')).toBeTruthy();
    expect(changes).toContainEqual({ change: { page: 2 }, replace: true });
    expect(screen.getByRole('navigation', { name: 'Pagination' }).textContent).toContain('page 2 of 2');
  });

  it('hides a deleted run at once, brings it back on Undo and sends nothing', async () => {
    list = () => page([item(1), item(2)]);
    await renderPage();
    expect(await screen.findByText('2 runs · page 1 of 1')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Run 1' }));
    expect(screen.queryByText('Run 1')).toBeNull();
    // Nor counted while its Undo toast shows.
    expect(screen.getByText('1 run · page 1 of 1')).toBeTruthy();
    expect(lastToast().message).toBe('Deleted “Run 1”');
    lastToast().options.action.onClick();
    expect(await screen.findByText('Run 1')).toBeTruthy();
    expect(screen.getByText('2 runs · page 1 of 1')).toBeTruthy();
    lastToast().options.onAutoClose();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mutations()).toEqual([]);
  });

  it('keeps focus in the list as runs are deleted: the next row’s delete button, then the heading', async () => {
    list = () => page([item(1), item(2), item(3)]);
    await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Run 1' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Run 2' }));
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Run 3' }));
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'History' }));
  });

  it('moves focus back to the last row when the deleted run was the last one', async () => {
    list = () => page([item(1), item(2), item(3)]);
    await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Run 3' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Run 2' }));
  });

  it('deletes a run for real when the Undo toast closes', async () => {
    let items = [item(1), item(2)];
    list = () => page(items);
    await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Run 2' }));
    expect(mutations()).toEqual([]);
    items = [item(1)];
    lastToast().options.onAutoClose();
    await waitFor(() =>
      expect(mutations()).toEqual([`DELETE /api/detector/v2/ai-detector/user-history/${item(2).history_id}`]),
    );
    await waitFor(() => expect(screen.queryByText('Run 2')).toBeNull());
    expect(screen.getByText('Run 1')).toBeTruthy();
  });

  it('selects runs and deletes them together in one request', async () => {
    let items = [item(1), item(2), item(3)];
    list = () => page(items);
    await renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Run 1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Run 3' }));
    expect(screen.getByRole('checkbox', { name: 'Select all runs on this page' })).toHaveProperty(
      'indeterminate',
      true,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    expect(screen.queryByText('Run 1')).toBeNull();
    expect(screen.queryByText('Run 3')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Run 2' }));
    expect(lastToast().message).toBe('Deleted 2 runs');
    items = [item(2)];
    lastToast().options.onAutoClose();
    await waitFor(() => expect(mutations()).toEqual(['POST /api/detector/v2/ai-detector/user-history/delete']));
    expect(bodies).toEqual([{ ids: [item(1).history_id, item(3).history_id] }]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all runs on this page' }));
    expect(screen.getByRole('button', { name: 'Delete selected (1)' })).toBeTruthy();
  });
});
