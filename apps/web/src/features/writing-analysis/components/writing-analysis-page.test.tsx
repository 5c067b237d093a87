import type { HistoryDetail } from '@candor/contracts';
import type { JobSnapshot } from '@candor/contracts/tools';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, notFoundResponse } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';
import type { WritingReport } from '../lib/report-types';
import { issueAt } from '../lib/test-fixtures';

const HISTORY_ID = '00000000-0000-4000-8000-000000000001';
const TEXT = 'The report was written by teh team. It is really good.';

const report: WritingReport = {
  counts: {
    words: 1234,
    sentences: 61,
    paragraphs: 1,
    characters: TEXT.length,
    charactersNoSpaces: 45,
    letters: 42,
    syllables: 14,
    polysyllables: 0,
    difficultWords: 1,
    readingTimeSeconds: 3,
    speakingTimeSeconds: 4,
  },
  readability: {
    fleschReadingEase: 82.4,
    fleschKincaidGrade: 3.9,
    gunningFog: 5.3,
    smog: 5.1,
    colemanLiau: 4.6,
    automatedReadabilityIndex: 2.2,
    daleChall: 6.1,
  },
  sentenceLengths: {
    buckets: [
      { min: 1, max: 10, sentences: 2 },
      { min: 11, max: null, sentences: 0 },
    ],
    mean: 5.5,
    standardDeviation: 1.5,
    coefficientOfVariation: 0.27,
    longest: 7,
    shortest: 4,
  },
  lexicalDiversity: { mtld: null, tokens: 11, types: 10, typeTokenRatio: 0.9, threshold: 0.72, minimumTokens: 50 },
  issues: [
    issueAt(TEXT, 0, 34, { kind: 'long-sentence', message: 'Long sentence' }),
    issueAt(TEXT, 11, 22, { kind: 'passive-voice', message: 'Passive voice' }),
    issueAt(TEXT, 26, 29, { message: 'Unknown word', suggestions: ['the', 'tea'] }),
    issueAt(TEXT, 42, 48, { kind: 'adverb', message: 'Adverb' }),
  ],
  issueCounts: {
    spelling: 1,
    'passive-voice': 1,
    adverb: 1,
    'weak-word': 0,
    'repeated-word': 0,
    'nearby-repetition': 0,
    'simpler-alternative': 0,
    'inclusive-language': 0,
    'long-sentence': 1,
  },
};

const detail: HistoryDetail = {
  item: {
    history_id: HISTORY_ID,
    model_name: 'WRITING_ANALYSIS',
    title: 'Team report',
    cost: 1234,
    created_at: '2026-11-21T10:00:00Z',
    has_children: false,
    children: [],
  },
  input: { text: TEXT },
  result: report,
};

const snapshot = (overrides: Partial<JobSnapshot> = {}): JobSnapshot => ({
  job_id: 'job-1',
  tool: 'writing-analysis',
  status: 'queued',
  progress: { percent: 0, stage: 'Waiting for a free worker' },
  partial: null,
  cost: 12,
  history_id: null,
  error: null,
  created_at: '2026-11-21T10:00:00Z',
  finished_at: null,
  ...overrides,
});

const api = vi.hoisted(() => ({
  requests: [] as { method: string; path: string; body: unknown; contentType: string | null }[],
  respond: null as null | ((method: string, path: string) => Response | undefined),
}));

vi.mock('@/lib/api-client', async (importOriginal) => {
  const { withFakeApi } = await import('@/test/fake-api');
  return withFakeApi(await importOriginal(), async (request) => {
    const path = new URL(request.url).pathname.replace('/api/detector/', '');
    const contentType = request.headers.get('content-type');
    let body: unknown = null;
    if (contentType?.includes('json')) body = await request.clone().json();
    else if (contentType?.includes('multipart')) body = await request.clone().formData();
    api.requests.push({ method: request.method, path, body, contentType });
    return api.respond?.(request.method, path) ?? notFoundResponse();
  });
});

const toasts = vi.hoisted(() => ({ shown: [] as string[] }));
vi.mock('@/lib/toast', () => {
  const record = (message: string) => toasts.shown.push(message);
  return { toast: { message: record, success: record, error: record, info: record, warning: record } };
});

const { WritingAnalysisPage } = await import('./writing-analysis-page');

async function renderPage(initialHistoryId?: string) {
  function Harness() {
    const [historyId, setHistoryId] = useState(initialHistoryId);
    return (
      <WritingAnalysisPage historyId={historyId} onShowRun={setHistoryId} onLeaveRun={() => setHistoryId(undefined)} />
    );
  }
  return renderWithRouter(() => <Harness />, { path: '/writing-analysis' });
}

const requested = (method: string, path: string) => api.requests.filter((r) => r.method === method && r.path === path);

beforeEach(() => {
  api.requests.length = 0;
  api.respond = null;
  toasts.shown.length = 0;
  sessionStorage.clear();
});

describe('WritingAnalysisPage', () => {
  it('runs an analysis: progress, partial counts, then the report at ?history_id=', async () => {
    let polls = 0;
    api.respond = (method, path) => {
      if (method === 'POST' && path === 'v1/tools/writing-analysis/jobs') return jsonResponse(202, snapshot());
      if (method === 'GET' && path === 'v1/jobs/job-1') {
        polls += 1;
        return jsonResponse(
          200,
          polls === 1
            ? snapshot({
                status: 'running',
                progress: { percent: 40, stage: 'Checking style and spelling' },
                partial: { statistics: { counts: { words: 11, sentences: 2 } } },
              })
            : snapshot({ status: 'succeeded', progress: { percent: 100, stage: 'Done' }, history_id: HISTORY_ID }),
        );
      }
      if (method === 'GET' && path === `v2/ai-detector/user-history/${HISTORY_ID}`) return jsonResponse(200, detail);
      return undefined;
    };
    const { queryClient } = await renderPage();
    const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
    const analyse = screen.getByRole('button', { name: 'Analyse' });
    expect(analyse).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByLabelText('Text to analyse'));
    await userEvent.paste(TEXT);
    expect(screen.getByText(`${TEXT.length} / 200,000`)).toBeTruthy();
    await userEvent.click(analyse);

    expect(await screen.findByText('Checking style and spelling…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Analysis progress' }).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Words so far').nextElementSibling?.textContent).toBe('11');
    expect(requested('POST', 'v1/tools/writing-analysis/jobs')[0]?.body).toEqual({ text: TEXT });
    expect(sessionStorage.getItem('work:tool-job:writing-analysis')).toBe('job-1');

    expect(await screen.findByRole('region', { name: 'Readability' }, { timeout: 3000 })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Team report' }));
    expect(screen.getByLabelText('Words').textContent).toBe('1,234');
    expect(screen.getByText(/Analysed Nov 21, 2026 · 1,234 words · 1.2K tokens/)).toBeTruthy();
    expect(screen.getByText('Easy to read — 6th grade')).toBeTruthy();
    expect(screen.getByText('Too short to score — needs at least 50 words')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download PDF report' })).toBeTruthy();
    expect(sessionStorage.getItem('work:tool-job:writing-analysis')).toBeNull();
    // The run was charged and stored: the balance, the usage stats and the history lists refresh.
    expect(invalidated.mock.calls.map(([filters]) => filters?.queryKey)).toEqual(
      expect.arrayContaining([['tokens'], ['history']]),
    );
  });

  it('opens a stored run, applies a suggestion, undoes it and dismisses an issue', async () => {
    api.respond = (method, path) =>
      method === 'GET' && path === `v2/ai-detector/user-history/${HISTORY_ID}` ? jsonResponse(200, detail) : undefined;
    await renderPage(HISTORY_ID);
    const documentText = await screen.findByRole('document', { name: 'Analysed text' });
    expect(documentText.textContent).toBe(TEXT);
    // Right-to-left text would lay out from the right, its title too.
    expect(documentText.getAttribute('dir')).toBe('auto');
    expect(screen.getByRole('heading', { name: 'Team report' }).getAttribute('dir')).toBe('auto');

    await userEvent.click(screen.getByRole('button', { name: 'Spelling: teh' }));
    const popover = await screen.findByRole('dialog', { name: 'Spelling issue' });
    expect(within(popover).getByText('Unknown word')).toBeTruthy();
    await userEvent.click(within(popover).getByRole('button', { name: 'Apply “the”' }));
    expect(documentText.textContent).toBe(TEXT.replace('teh', 'the'));
    // The edit sits inside the long sentence, which is dropped; the adverb after it moves and stays.
    expect(screen.queryByRole('button', { name: /^Long sentence:/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Adverb: really' })).toBeTruthy();
    expect(screen.getByText(/You have edited the text/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(documentText.textContent).toBe(TEXT);
    expect(screen.getByRole('button', { name: 'Spelling: teh' })).toBeTruthy();

    // Enter opens the popover from the keyboard.
    screen.getByRole('button', { name: 'Adverb: really' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('button', { name: 'Adverb: really' })).toBeNull();
    expect(screen.getByRole('button', { name: /Adverbs/, pressed: true }).textContent).toContain('0');
    // The "Issues found" panel counts what the legend counts.
    const issuesFound = screen.getByRole('region', { name: 'Issues found' });
    expect(
      within(issuesFound).getByText('3 of 4 still open; the ones you fixed or dismissed are not counted.'),
    ).toBeTruthy();
    expect(within(issuesFound).getByText('Adverbs').parentElement?.textContent).toBe('Adverbs0');
    expect(within(issuesFound).getByText('Spelling').parentElement?.textContent).toBe('Spelling1');
  });

  it('keeps the fixes and dismissals made in a report across a reload, and their undo', async () => {
    api.respond = (method, path) =>
      method === 'GET' && path === `v2/ai-detector/user-history/${HISTORY_ID}` ? jsonResponse(200, detail) : undefined;
    const first = await renderPage(HISTORY_ID);
    await userEvent.click(await screen.findByRole('button', { name: 'Spelling: teh' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Apply “the”' }));
    await userEvent.click(screen.getByRole('button', { name: 'Adverb: really' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    first.unmount();

    await renderPage(HISTORY_ID);
    const documentText = await screen.findByRole('document', { name: 'Analysed text' });
    expect(documentText.textContent).toBe(TEXT.replace('teh', 'the'));
    expect(screen.queryByRole('button', { name: 'Adverb: really' })).toBeNull();
    expect(screen.getByText(/You have edited the text/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(documentText.textContent).toBe(TEXT);
    // Nothing left to keep for this report (the editor's empty draft is kept apart).
    expect(sessionStorage.getItem(`work:writing-analysis:edits:${HISTORY_ID}`)).toBeNull();
  });

  it('gives focus back to the highlight when its popover closes', async () => {
    api.respond = (method, path) =>
      method === 'GET' && path === `v2/ai-detector/user-history/${HISTORY_ID}` ? jsonResponse(200, detail) : undefined;
    await renderPage(HISTORY_ID);
    const highlight = await screen.findByRole('button', { name: 'Spelling: teh' });

    highlight.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Spelling issue' });
    expect(highlight.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(highlight));

    await userEvent.click(highlight);
    await screen.findByRole('dialog', { name: 'Spelling issue' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(highlight));
  });

  it('says a text is too short to score instead of showing scores off their scale', async () => {
    const short: WritingReport = {
      ...report,
      counts: { ...report.counts, words: 1, sentences: 1 },
      readability: { ...report.readability, fleschReadingEase: 121.2, fleschKincaidGrade: -3.4, daleChall: 10.2 },
    };
    api.respond = (method, path) =>
      method === 'GET' && path === `v2/ai-detector/user-history/${HISTORY_ID}`
        ? jsonResponse(200, { ...detail, result: short })
        : undefined;
    await renderPage(HISTORY_ID);
    const readability = await screen.findByRole('region', { name: 'Readability' });
    // Said once for the seven scores, each of which shows a dash and what it measures.
    expect(
      within(readability).getAllByText('Too short to score — needs at least 30 words and 3 sentences.'),
    ).toHaveLength(1);
    expect(within(readability).getAllByText('—')).toHaveLength(7);
    expect(within(readability).queryByText('121.2')).toBeNull();
    expect(within(readability).queryByText(/College graduate|Kindergarten/)).toBeNull();
  });

  it('hides a kind of issue from the legend', async () => {
    api.respond = (method, path) =>
      method === 'GET' && path === `v2/ai-detector/user-history/${HISTORY_ID}` ? jsonResponse(200, detail) : undefined;
    await renderPage(HISTORY_ID);
    const passive = await screen.findByRole('button', { name: /Passive voice/, pressed: true });
    await userEvent.click(passive);
    expect(passive.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Passive voice: was written' })).toBeNull();
  });

  it('goes back to the editor with the current text to edit and re-analyse', async () => {
    api.respond = (method, path) =>
      method === 'GET' && path === `v2/ai-detector/user-history/${HISTORY_ID}` ? jsonResponse(200, detail) : undefined;
    await renderPage(HISTORY_ID);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit and re-analyse' }));
    const editor = screen.getByLabelText('Text to analyse') as HTMLTextAreaElement;
    expect(editor.value).toBe(TEXT);
    expect(document.activeElement).toBe(editor);
  });

  it('starts a new analysis from a report in an empty, focused editor', async () => {
    api.respond = (method, path) =>
      method === 'GET' && path === `v2/ai-detector/user-history/${HISTORY_ID}` ? jsonResponse(200, detail) : undefined;
    await renderPage(HISTORY_ID);
    await userEvent.click(await screen.findByRole('button', { name: 'New analysis' }));
    const editor = screen.getByLabelText('Text to analyse') as HTMLTextAreaElement;
    expect(editor.value).toBe('');
    expect(document.activeElement).toBe(editor);
  });

  it('moves focus to the progress heading when a run starts, and leaves it on Cancel as the run goes on', async () => {
    let polls = 0;
    api.respond = (method, path) => {
      if (method === 'POST' && path === 'v1/tools/writing-analysis/jobs') return jsonResponse(202, snapshot());
      if (method === 'GET' && path === 'v1/jobs/job-1') {
        polls += 1;
        return jsonResponse(
          200,
          snapshot({ status: 'running', progress: { percent: 10 * polls, stage: `Checking part ${polls}` } }),
        );
      }
      return undefined;
    };
    await renderPage();
    await userEvent.click(screen.getByLabelText('Text to analyse'));
    await userEvent.paste(TEXT);
    await userEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    const heading = await screen.findByRole('heading', { name: 'Analysing your text' });
    await waitFor(() => expect(document.activeElement).toBe(heading));

    await userEvent.tab();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    await screen.findByText('Checking part 2…', {}, { timeout: 3000 });
    expect(document.activeElement).toBe(cancel);
  });

  it('explains a refusal for lack of tokens with a link to pricing', async () => {
    api.respond = (method, path) =>
      method === 'POST' && path === 'v1/tools/writing-analysis/jobs'
        ? jsonResponse(402, {
            error: {
              code: 'insufficient_tokens',
              message: 'Not enough tokens',
              details: { cost: 1500, available: 20 },
            },
          })
        : undefined;
    await renderPage();
    await userEvent.click(screen.getByLabelText('Text to analyse'));
    await userEvent.paste('Some text');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText(/This analysis costs 1,500 tokens and you have 20/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy tokens or upgrade your plan' }).getAttribute('href')).toBe('/pricing');
    expect(document.activeElement).toBe(screen.getByRole('alert'));
  });

  it('says once that nothing was charged when a run fails in the server’s own words', async () => {
    api.respond = (method, path) => {
      if (method === 'POST' && path === 'v1/tools/writing-analysis/jobs') return jsonResponse(202, snapshot());
      if (method === 'GET' && path === 'v1/jobs/job-1') {
        return jsonResponse(
          200,
          snapshot({
            status: 'failed',
            error: {
              code: 'timed_out',
              message: 'The run took longer than 5 minutes and was stopped. No tokens were charged.',
            },
          }),
        );
      }
      return undefined;
    };
    await renderPage();
    await userEvent.click(screen.getByLabelText('Text to analyse'));
    await userEvent.paste(TEXT);
    await userEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The analysis failed')).toBeTruthy();
    expect(
      within(alert).getByText('The run took longer than 5 minutes and was stopped. No tokens were charged.'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(alert);
  });

  it('cancels a run: back to the editor with the text and focus, and says nothing was charged', async () => {
    api.respond = (method, path) => {
      if (method === 'POST' && path === 'v1/tools/writing-analysis/jobs') return jsonResponse(202, snapshot());
      if (method === 'GET' && path === 'v1/jobs/job-1') return jsonResponse(200, snapshot({ status: 'running' }));
      if (method === 'POST' && path === 'v1/jobs/job-1/cancel')
        return jsonResponse(200, snapshot({ status: 'cancelled' }));
      return undefined;
    };
    await renderPage();
    await userEvent.click(screen.getByLabelText('Text to analyse'));
    await userEvent.paste(TEXT);
    await userEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const editor = (await screen.findByLabelText('Text to analyse')) as HTMLTextAreaElement;
    expect(editor.value).toBe(TEXT);
    await waitFor(() => expect(document.activeElement).toBe(editor));
    expect(toasts.shown).toEqual(['Analysis cancelled — no tokens were charged']);
    expect(sessionStorage.getItem('work:tool-job:writing-analysis')).toBeNull();
  });

  it('reads an uploaded file into the editor and keeps its name as the title', async () => {
    api.respond = (method, path) => {
      if (method === 'POST' && path === 'v1/tools/writing-analysis/extract') {
        return jsonResponse(200, {
          text: 'From the PDF.',
          file_name: 'notes.pdf',
          format: 'pdf',
          pages: 3,
          characters: 13,
        });
      }
      if (method === 'POST' && path === 'v1/tools/writing-analysis/jobs') return jsonResponse(202, snapshot());
      if (method === 'GET' && path === 'v1/jobs/job-1') return jsonResponse(200, snapshot({ status: 'running' }));
      return undefined;
    };
    await renderPage();
    const file = new File(['%PDF-1.7'], 'notes.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Upload a file'), file);
    await waitFor(() =>
      expect((screen.getByLabelText('Text to analyse') as HTMLTextAreaElement).value).toBe('From the PDF.'),
    );
    // The title keeps the direction of its own script.
    expect(screen.getByText('· 3 pages', { exact: false }).parentElement?.getAttribute('dir')).toBe('auto');
    const [upload] = requested('POST', 'v1/tools/writing-analysis/extract');
    if (!upload) throw new Error('no upload');
    expect(upload.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect((upload.body as FormData).get('file')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    await screen.findByRole('button', { name: 'Cancel' });
    expect(
      screen.getByRole('heading', { name: 'Analysing notes.pdf' }).querySelector('[dir="auto"]')?.textContent,
    ).toBe('notes.pdf');
    expect(requested('POST', 'v1/tools/writing-analysis/jobs')[0]?.body).toEqual({
      text: 'From the PDF.',
      file_name: 'notes.pdf',
    });
  });

  it('shows why a file could not be read', async () => {
    api.respond = (method, path) =>
      method === 'POST' && path === 'v1/tools/writing-analysis/extract'
        ? jsonResponse(422, {
            error: { code: 'unreadable_file', message: 'scan.pdf is a scanned PDF with no text layer.' },
          })
        : undefined;
    await renderPage();
    await userEvent.upload(
      screen.getByLabelText('Upload a file'),
      new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('scan.pdf is a scanned PDF with no text layer.')).toBeTruthy();

    await userEvent.upload(
      screen.getByLabelText('Upload a file'),
      new File(['x'], 'slides.pptx', { type: 'application/vnd.ms-powerpoint' }),
      { applyAccept: false },
    );
    expect(await screen.findByText(/slides.pptx is not a file we can read/)).toBeTruthy();
    expect(requested('POST', 'v1/tools/writing-analysis/extract')).toHaveLength(1);
  });

  it('picks up a running job after a reload', async () => {
    sessionStorage.setItem('work:tool-job:writing-analysis', 'job-1');
    api.respond = (method, path) =>
      method === 'GET' && path === 'v1/jobs/job-1'
        ? jsonResponse(200, snapshot({ status: 'running', progress: { percent: 70, stage: 'Saving the report' } }))
        : undefined;
    await renderPage();
    expect(await screen.findByText('Saving the report…')).toBeTruthy();
  });

  it('forgets a remembered job the server no longer knows', async () => {
    sessionStorage.setItem('work:tool-job:writing-analysis', 'gone');
    await renderPage();
    expect(await screen.findByLabelText('Text to analyse')).toBeTruthy();
    expect(sessionStorage.getItem('work:tool-job:writing-analysis')).toBeNull();
  });
});
