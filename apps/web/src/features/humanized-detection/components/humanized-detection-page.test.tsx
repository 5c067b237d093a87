import type { HistoryDetail } from '@candor/contracts';
import type { JobSnapshot } from '@candor/contracts/tools';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { describedBy } from '@/test/described-by';
import { jsonResponse, notFoundResponse } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';
import { HUMANIZED_TEXT, humanizedReport, SHORT_TEXT, uncertainReport } from '../lib/test-fixtures';

const HISTORY_ID = '00000000-0000-4000-8000-000000000003';

const detail = (text: string, result: unknown, title = 'Budget note'): HistoryDetail => ({
  item: {
    history_id: HISTORY_ID,
    model_name: 'QUILLBOT_ANALYSIS',
    title,
    cost: tokenizeWords(text).length,
    created_at: '2026-11-21T10:00:00Z',
    has_children: false,
    children: [],
  },
  input: { text },
  result,
});

const snapshot = (overrides: Partial<JobSnapshot> = {}): JobSnapshot => ({
  job_id: 'job-hd',
  tool: 'humanized-detection',
  status: 'queued',
  progress: { percent: 0, stage: 'Waiting for a free worker' },
  partial: null,
  cost: tokenizeWords(HUMANIZED_TEXT).length,
  history_id: null,
  error: null,
  created_at: '2026-11-21T10:00:00Z',
  finished_at: null,
  ...overrides,
});

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

const toasts = vi.hoisted(() => ({ shown: [] as string[] }));
vi.mock('@/lib/toast', () => {
  const record = (message: string) => toasts.shown.push(message);
  return { toast: { message: record, success: record, error: record, info: record, warning: record } };
});

const { HumanizedDetectionPage } = await import('./humanized-detection-page');

async function renderPage(initialHistoryId?: string) {
  function Harness() {
    const [historyId, setHistoryId] = useState(initialHistoryId);
    return (
      <HumanizedDetectionPage
        historyId={historyId}
        onShowRun={setHistoryId}
        onLeaveRun={() => setHistoryId(undefined)}
      />
    );
  }
  const search = initialHistoryId ? `?history_id=${initialHistoryId}` : '';
  return renderWithRouter(() => <Harness />, { path: `/humanized-text-detector${search}` });
}

const answerDetail = (body: HistoryDetail) => (method: string, path: string) =>
  method === 'GET' && path === `v2/ai-detector/user-history/${HISTORY_ID}` ? jsonResponse(200, body) : undefined;

beforeEach(() => {
  api.requests.length = 0;
  api.respond = null;
  toasts.shown.length = 0;
  sessionStorage.clear();
});

describe('HumanizedDetectionPage', () => {
  it('runs a check and shows the three-way verdict with sentence highlights and underlined signals', async () => {
    let polls = 0;
    api.respond = (method, path) => {
      if (method === 'GET' && path === 'ai-detector/model-coefficient-values') {
        return jsonResponse(200, { items: [{ model_name: 'QUILLBOT_ANALYSIS', coefficient: 1.5, unit: 'word' }] });
      }
      if (method === 'POST' && path === 'v1/tools/humanized-detection/jobs') return jsonResponse(202, snapshot());
      if (method === 'GET' && path === 'v1/jobs/job-hd') {
        polls += 1;
        return jsonResponse(
          200,
          polls === 1
            ? snapshot({ status: 'running', progress: { percent: 30, stage: 'Looking for swapped words' } })
            : snapshot({ status: 'succeeded', progress: { percent: 100, stage: 'Done' }, history_id: HISTORY_ID }),
        );
      }
      return answerDetail(detail(HUMANIZED_TEXT, humanizedReport))(method, path);
    };
    await renderPage();
    // The level picker, balanced by default; sensitive picked for this run.
    const levels = screen.getByRole('group', { name: 'Sensitivity' });
    expect(within(levels).getByRole('radio', { name: 'Balanced (default)' })).toHaveProperty('checked', true);
    await userEvent.click(within(levels).getByRole('radio', { name: 'Sensitive' }));
    expect(levels.textContent).toMatch(/At this setting about 1 in \d+ human texts is flagged as AI, and/);
    await userEvent.click(screen.getByLabelText('Text to check'));
    await userEvent.paste(HUMANIZED_TEXT);
    const words = tokenizeWords(HUMANIZED_TEXT).length;
    expect(await screen.findByText(`${words} words · costs ${Math.ceil(words * 1.5)} tokens`)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Check text' }));
    expect(await screen.findByText('Looking for swapped words…')).toBeTruthy();
    expect(api.requests.find((r) => r.path === 'v1/tools/humanized-detection/jobs')?.body).toEqual({
      text: HUMANIZED_TEXT,
      sensitivity: 'sensitive',
    });

    const verdict = await screen.findByRole('region', { name: 'Verdict' }, { timeout: 3000 });
    expect(within(verdict).getAllByText('AI, disguised')[0]).toBeTruthy();
    expect(within(verdict).getByText(humanizedReport.verdict)).toBeTruthy();
    expect(within(verdict).queryByText('Uncertain')).toBeNull();
    expect(
      within(verdict)
        .getAllByRole('definition')
        .map((cell) => cell.textContent),
    ).toEqual(['9%', '13%', '78%']);

    // Each sentence is named by its words and described by its score.
    const highlights = screen.getAllByRole('button', { description: /^Sentence \d: / });
    expect(highlights.map(describedBy)).toEqual([
      'Sentence 1: AI, disguised (AI, disguised 85% · AI 10% · Human 5%)',
      'Sentence 2: AI, disguised (AI, disguised 65% · AI 27% · Human 8%)',
      'Sentence 3: Human (Human 81% · AI, disguised 12% · AI 7%)',
    ]);
    // Word-level signals are underlined inside their sentence, each kind in its own style.
    const collocation = within(highlights[0] as HTMLElement).getByText('craft a decision');
    expect(collocation.className).toContain('decoration-wavy');
    expect(within(highlights[1] as HTMLElement).getByText('furnishes').className).toContain('decoration-dotted');
    expect(screen.getByText(/3 word-level signs of a paraphraser underlined/)).toBeTruthy();
    expect(screen.getByText('Collocation break')).toBeTruthy();

    highlights[0]?.focus();
    const card = await screen.findByRole('dialog', { name: 'Why sentence 1 reads as AI, disguised' });
    expect(within(card).getByText('“craft a decision”', { exact: false })).toBeTruthy();
    expect(within(card).getByText('Broken word pairings')).toBeTruthy();
    // The server renders the report as a PDF; Print (the browser's Save as PDF) stays beside it.
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('reopens a stored run and says plainly when the label is only a best guess', async () => {
    api.respond = answerDetail(detail(SHORT_TEXT, uncertainReport, 'Short note'));
    await renderPage(HISTORY_ID);
    expect(await screen.findByRole('heading', { name: 'Short note' })).toBeTruthy();
    const verdict = screen.getByRole('region', { name: 'Verdict' });
    expect(within(verdict).getByText('Uncertain')).toBeTruthy();
    expect(within(verdict).getByText(/“Human” is the detector’s best guess, not a verdict/)).toBeTruthy();
    // Stored before levels: said so, with how its verdict was read.
    expect(within(verdict).getByText('Checked before sensitivity levels existed.')).toBeTruthy();
    expect(screen.getByText(/No word-level signs of a paraphraser were found/)).toBeTruthy();
    expect(screen.getByRole('document', { name: 'Checked text' }).textContent).toBe(SHORT_TEXT);
  });

  it('explains a refusal for lack of tokens with a link to pricing', async () => {
    api.respond = (method, path) =>
      method === 'POST' && path === 'v1/tools/humanized-detection/jobs'
        ? jsonResponse(402, {
            error: { code: 'insufficient_tokens', message: 'Not enough tokens', details: { cost: 38, available: 5 } },
          })
        : undefined;
    await renderPage();
    await userEvent.click(screen.getByLabelText('Text to check'));
    await userEvent.paste(HUMANIZED_TEXT);
    await userEvent.click(screen.getByRole('button', { name: 'Check text' }));
    expect(await screen.findByText(/This check costs 38 tokens and you have 5/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy tokens or upgrade your plan' }).getAttribute('href')).toBe('/pricing');
    // The price list could not be read (404 here): the word count still shows, without a cost.
    const estimate = `${tokenizeWords(HUMANIZED_TEXT).length} words`;
    expect(
      await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === estimate),
    ).toBeTruthy();
  });

  it('drops a stored run of another tool by a redirect, as it does an unknown one', async () => {
    const aiDetectorRun = detail(SHORT_TEXT, { ai_probability: 0.4 });
    api.respond = answerDetail({ ...aiDetectorRun, item: { ...aiDetectorRun.item, model_name: 'AI_DETECTION' } });
    const { router } = await renderPage(HISTORY_ID);
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
