import type { TokenStats } from '@candor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';

const asked: { from: string | null; to: string | null }[] = [];
let answer: (from: string, to: string) => Response;

vi.mock('@/lib/api-client', async (importOriginal) => {
  const { withFakeApi, notFoundResponse } = await import('@/test/fake-api');
  return withFakeApi(await importOriginal(), (input) => {
    const url = new URL(input.url);
    if (url.pathname !== '/api/detector/ai-detector/get-token-stats') return notFoundResponse();
    const from = url.searchParams.get('from_date');
    const to = url.searchParams.get('to_date');
    asked.push({ from, to });
    return answer(from ?? '', to ?? '');
  });
});

// The lazily loaded recharts chart needs a laid-out DOM; its data is checked through the accessible table instead.
vi.mock('./usage-chart', () => ({ default: () => <div data-testid="usage-chart" /> }));

const { UsageOverview } = await import('./usage-overview');

const now = new Date('2026-03-10T12:00:00Z');
const empty = (from: string, to: string): TokenStats => ({
  from_date: from,
  to_date: to,
  total_tokens: 0,
  by_model: [],
  days: [{ date: to, total_tokens: 0, by_model: [] }],
});

beforeEach(() => {
  asked.length = 0;
  answer = (from, to) => jsonResponse(200, empty(from, to));
});

describe('UsageOverview', () => {
  it('asks for today by default and shows the empty state', async () => {
    await renderWithRouter(() => <UsageOverview now={now} />);
    expect(await screen.findByText('No tokens used in this period')).toBeTruthy();
    expect(asked).toEqual([{ from: '2026-03-10', to: '2026-03-10' }]);
    expect(screen.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('turns presets into date ranges', async () => {
    const user = userEvent.setup();
    await renderWithRouter(() => <UsageOverview now={now} />);
    await screen.findByText('No tokens used in this period');
    await user.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-03-04', to: '2026-03-10' }));
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-02-09', to: '2026-03-10' }));
    await user.click(screen.getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2025-12-11', to: '2026-03-10' }));
  });

  it('validates a custom range before asking for it', async () => {
    const user = userEvent.setup();
    await renderWithRouter(() => <UsageOverview now={now} />);
    await screen.findByText('No tokens used in this period');
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-03-09');
    await user.clear(to);
    await user.type(to, '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('The start date must be on or before the end date.');
    expect(from.getAttribute('aria-invalid')).toBe('true');

    await user.clear(from);
    await user.type(from, '2025-01-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toMatch(/at most 366 days/);
    expect(asked).toHaveLength(1);

    await user.clear(from);
    await user.type(from, '2026-02-20');
    await user.clear(to);
    await user.type(to, '2026-03-05');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-02-20', to: '2026-03-05' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Custom' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('draws the chart and lists its data in an accessible table', async () => {
    answer = (from, to) =>
      jsonResponse(200, {
        ...empty(from, to),
        total_tokens: 2500,
        days: [
          {
            date: to,
            total_tokens: 2500,
            by_model: [
              { model_name: 'WRITING_ANALYSIS', tokens: 1500 },
              { model_name: 'AI_DETECTION', tokens: 1000 },
            ],
          },
        ],
      } satisfies TokenStats);
    await renderWithRouter(() => <UsageOverview now={now} />);
    expect(await screen.findByTestId('usage-chart')).toBeTruthy();
    const table = screen.getByRole('table', { name: /Tokens used per day and per service, 2.5K in total/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Day', 'Writing Analysis', 'AI Detection', 'Total']);
    expect(within(table).getByRole('row', { name: 'Mar 10, 2026 1.5K 1K 2.5K' })).toBeTruthy();
    expect(screen.getByText(/2\.5K tokens used/)).toBeTruthy();
  });

  it('shows an error with a retry that asks again', async () => {
    let fail = true;
    answer = (from, to) =>
      fail
        ? jsonResponse(500, { error: { code: 'internal', message: 'Stats are down' } })
        : jsonResponse(200, empty(from, to));
    const user = userEvent.setup();
    await renderWithRouter(() => <UsageOverview now={now} />);
    expect(await screen.findByText('Usage could not be loaded', {}, { timeout: 5000 })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByText('No tokens used in this period')).toBeTruthy();
  });
});
