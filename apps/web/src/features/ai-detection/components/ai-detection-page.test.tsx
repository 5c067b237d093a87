import type { HistoryDetail } from '@candor/contracts';
import { AI_DETECTION_MINIMUM_WORDS, type JobSnapshot } from '@candor/contracts/tools';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { describedBy } from '@/test/described-by';
import { jsonResponse, notFoundResponse } from '@/test/fake-api';
import { testPlan } from '@/test/plans';
import { renderWithRouter } from '@/test/render';
import { AI_TEXT, aiReport, HUMAN_TEXT, humanReport, localModelReport, strictReport } from '../lib/test-fixtures';

const HISTORY_ID = '00000000-0000-4000-8000-000000000002';
const ARABIC = 'كانت المدينة هادئة في الصباح الباكر، والشوارع شبه خالية إلا من بائعي الخبز.';

const detail = (text: string, result: unknown, title = 'Weekend notes'): HistoryDetail => ({
  item: {
    history_id: HISTORY_ID,
    model_name: 'AI_DETECTION',
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
  job_id: 'job-ai',
  tool: 'ai-detection',
  status: 'queued',
  progress: { percent: 0, stage: 'Waiting for a free worker' },
  partial: null,
  cost: tokenizeWords(AI_TEXT).length,
  history_id: null,
  error: null,
  created_at: '2026-11-21T10:00:00Z',
  finished_at: null,
  ...overrides,
});

/** The account: its plan's words per run, and its tokens (plan, referral and purchased together). */
const account = (maxWordsPerRun: number | null, tokens: number) => (method: string, path: string) => {
  if (method === 'GET' && path === '/api/payment/v1/plans/my_plan') {
    return jsonResponse(200, {
      subscription_id: 's1',
      plan: testPlan({ limits: { max_words_per_run: maxWordsPerRun, api_requests_per_minute: null } }),
      started_at: '2026-11-01T00:00:00Z',
      current_period_start: '2026-11-01T00:00:00Z',
      expires_at: null,
      cancel_at_period_end: false,
      provider: 'none',
    });
  }
  if (method === 'GET' && path === 'ai-detector/user-token-balance/') {
    return jsonResponse(200, { token_balance: tokens, plan_balance: 0, referral_token_balance: 0 });
  }
  return undefined;
};

const coefficients = {
  items: [
    { model_name: 'AI_DETECTION', coefficient: 1, unit: 'word' },
    { model_name: 'WRITING_ANALYSIS', coefficient: 0.5, unit: 'word' },
  ],
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
    if (request.method === 'GET' && path === 'ai-detector/model-coefficient-values') {
      return jsonResponse(200, coefficients);
    }
    return api.respond?.(request.method, path) ?? notFoundResponse();
  });
});

const toasts = vi.hoisted(() => ({ shown: [] as string[] }));
vi.mock('@/lib/toast', () => {
  const record = (message: string) => toasts.shown.push(message);
  return { toast: { message: record, success: record, error: record, info: record, warning: record } };
});

// The lazily loaded recharts chart needs a laid-out DOM; its data is checked through the accessible table instead.
vi.mock('./source-model-chart', () => ({ default: () => <div data-testid="source-model-chart" /> }));

const { AiDetectionPage } = await import('./ai-detection-page');

/** The route's ?history_id=, set from outside as the browser's Back button or a link would. */
const address: { go: (historyId: string | undefined) => void } = { go: () => {} };

async function renderPage(initialHistoryId?: string) {
  function Harness() {
    const [historyId, setHistoryId] = useState(initialHistoryId);
    address.go = setHistoryId;
    return (
      <AiDetectionPage historyId={historyId} onShowRun={setHistoryId} onLeaveRun={() => setHistoryId(undefined)} />
    );
  }
  return renderWithRouter(() => <Harness />, { path: '/ai-detector' });
}

const answerDetail = (body: HistoryDetail) => (method: string, path: string) =>
  method === 'GET' && path === `v2/ai-detector/user-history/${HISTORY_ID}` ? jsonResponse(200, body) : undefined;

beforeEach(() => {
  api.requests.length = 0;
  api.respond = null;
  toasts.shown.length = 0;
  sessionStorage.clear();
});

describe('AiDetectionPage', () => {
  it('shows the cost, runs a check and shows the report with sentence highlights', async () => {
    let polls = 0;
    api.respond = (method, path) => {
      if (method === 'POST' && path === 'v1/tools/ai-detection/jobs') return jsonResponse(202, snapshot());
      if (method === 'GET' && path === 'v1/jobs/job-ai') {
        polls += 1;
        return jsonResponse(
          200,
          polls === 1
            ? snapshot({ status: 'running', progress: { percent: 55, stage: 'Scoring sentences' } })
            : snapshot({ status: 'succeeded', progress: { percent: 100, stage: 'Done' }, history_id: HISTORY_ID }),
        );
      }
      return answerDetail(detail(AI_TEXT, aiReport))(method, path);
    };
    await renderPage();
    const check = screen.getByRole('button', { name: 'Check for AI' });
    expect(check).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByLabelText('Text to check'));
    await userEvent.paste(AI_TEXT);
    const words = tokenizeWords(AI_TEXT).length;
    expect(await screen.findByText(`${words} words · costs ${words} tokens`)).toBeTruthy();
    await userEvent.click(check);

    expect(await screen.findByText('Scoring sentences…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Check progress' }).getAttribute('aria-valuenow')).toBe('55');
    // Balanced unless the user picks another level.
    expect(api.requests.find((r) => r.path === 'v1/tools/ai-detection/jobs')?.body).toEqual({
      text: AI_TEXT,
      sensitivity: 'balanced',
    });

    const meter = await screen.findByRole('meter', { name: 'AI probability' }, { timeout: 3000 });
    // The progress screen the user was on is gone: the report's heading takes focus instead of the page's body.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Weekend notes' }));
    expect(meter.getAttribute('value')).toBe('71');
    expect(meter.getAttribute('aria-valuetext')).toBe('71% likely AI, 90% confidence interval 58–82%');
    const verdict = screen.getByRole('region', { name: 'Verdict' });
    expect(within(verdict).getByText('Mixed')).toBeTruthy();
    expect(within(verdict).getByText(aiReport.verdict)).toBeTruthy();
    expect(screen.getByText(`Checked Nov 21, 2026 · ${words} words · ${words} tokens`)).toBeTruthy();

    expect(screen.getByRole('document', { name: 'Checked text' }).textContent).toBe(AI_TEXT);
    // Each sentence is named by its words and described by its score.
    const highlights = screen.getAllByRole('button', { description: /^Sentence \d: / });
    expect(highlights.map(describedBy)).toEqual([
      'Sentence 1: 8% likely AI',
      'Sentence 2: 94% likely AI',
      'Sentence 3: 89% likely AI',
      'Sentence 4: 5% likely AI',
      'Sentence 5: 83% likely AI',
    ]);
    expect(highlights[1]?.className).toContain('bg-red-500/35');
    expect(highlights[0]?.className).toContain('bg-emerald-500/15');

    // Focus opens the sentence's card with the evidence and the way each piece pushed.
    highlights[1]?.focus();
    const card = await screen.findByRole('dialog', { name: 'Why sentence 2 scored 94%' });
    expect(within(card).getByText('Stock phrases common in AI text')).toBeTruthy();
    expect(within(card).getAllByText('towards AI')).toHaveLength(3);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    const source = screen.getByRole('region', { name: 'Likely source model' });
    const gpt = within(source).getByRole('rowheader', { name: 'GPT (OpenAI)' });
    expect(gpt.nextElementSibling?.textContent).toBe('62%');
    expect(
      within(screen.getByRole('region', { name: 'What the score rests on' })).getAllByRole('listitem'),
    ).toHaveLength(4);
    // The server renders the report as a PDF; Print (the browser's Save as PDF) stays beside it.
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('runs at the sensitivity level picked, saying what it means in numbers first', async () => {
    api.respond = (method, path) => {
      if (method === 'POST' && path === 'v1/tools/ai-detection/jobs') return jsonResponse(202, snapshot());
      if (method === 'GET' && path === 'v1/jobs/job-ai')
        return jsonResponse(200, snapshot({ status: 'succeeded', history_id: HISTORY_ID }));
      return answerDetail(detail(AI_TEXT, strictReport))(method, path);
    };
    await renderPage();
    const levels = screen.getByRole('group', { name: 'Sensitivity' });
    expect(within(levels).getByRole('radio', { name: 'Balanced (default)' })).toHaveProperty('checked', true);
    expect(levels.textContent).toMatch(
      /At this setting about 1 in \d+ human texts is flagged as AI, and (about \d+ in \d+|almost no) AI texts are caught\./,
    );
    await userEvent.click(within(levels).getByRole('radio', { name: 'Strict' }));
    expect(within(levels).getByRole('radio', { name: 'Strict' })).toHaveProperty('checked', true);
    await userEvent.click(screen.getByLabelText('Text to check'));
    await userEvent.paste(AI_TEXT);
    await userEvent.click(screen.getByRole('button', { name: 'Check for AI' }));
    const verdict = await screen.findByRole('region', { name: 'Verdict' }, { timeout: 3000 });
    expect(api.requests.find((r) => r.path === 'v1/tools/ai-detection/jobs')?.body).toEqual({
      text: AI_TEXT,
      sensitivity: 'strict',
    });
    // The report says the level it was read at, in numbers, and why its verdict is uncertain.
    expect(within(verdict).getByText('Likely AI')).toBeTruthy();
    expect(within(verdict).getByText('Read at Strict sensitivity.')).toBeTruthy();
    expect(verdict.textContent).toContain(
      'At this setting about 1 in 100 human texts is flagged as AI, and about 1 in 7 AI texts are caught.',
    );
    // A firm verdict with reasons to doubt it says to read it with care, not that it is uncertain.
    const why = within(verdict).getByRole('note', { name: 'Why to read it with care' });
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Too close to the threshold/),
      expect.stringMatching(/^A kind of writing the detector rarely saw/),
    ]);
    expect(verdict.textContent).toContain('Verdict from the built-in detector');
    // Edit takes the level back to the editor with the text.
    await userEvent.click(screen.getByRole('button', { name: 'Edit and re-check' }));
    expect(
      within(await screen.findByRole('group', { name: 'Sensitivity' })).getByRole('radio', { name: 'Strict' }),
    ).toHaveProperty('checked', true);
  });

  it('reopens a run stored before sensitivity levels at the level it was read at: strict', async () => {
    api.respond = answerDetail(detail(AI_TEXT, aiReport));
    await renderPage(HISTORY_ID);
    const verdict = await screen.findByRole('region', { name: 'Verdict' });
    expect(within(verdict).getByText('Read at Strict sensitivity.')).toBeTruthy();
    expect(verdict.textContent).toContain('Checked before sensitivity levels existed');
    expect(within(verdict).queryByRole('note', { name: /^Why/ })).toBeNull();
  });

  it('leaves a finished check’s report for the editor when the address does, and comes back to it', async () => {
    api.respond = (method, path) => {
      if (method === 'POST' && path === 'v1/tools/ai-detection/jobs') return jsonResponse(202, snapshot());
      if (method === 'GET' && path === 'v1/jobs/job-ai')
        return jsonResponse(200, snapshot({ status: 'succeeded', history_id: HISTORY_ID }));
      return answerDetail(detail(AI_TEXT, aiReport))(method, path);
    };
    await renderPage();
    await userEvent.click(screen.getByLabelText('Text to check'));
    await userEvent.paste(AI_TEXT);
    await userEvent.click(screen.getByRole('button', { name: 'Check for AI' }));
    await screen.findByRole('meter', { name: 'AI probability' }, { timeout: 3000 });

    // The sidebar's link (or Back) to the bare screen: a new check's editor (the text is in its report), not the
    // finished run's progress screen.
    act(() => address.go(undefined));
    const editor = await screen.findByLabelText('Text to check');
    expect((editor as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByText(/Opening the report/)).toBeNull();
    // Forward again: the report.
    act(() => address.go(HISTORY_ID));
    expect(await screen.findByRole('meter', { name: 'AI probability' })).toBeTruthy();
  });

  it('keeps the text typed in the editor when the user leaves the screen and comes back', async () => {
    const first = await renderPage();
    await userEvent.click(screen.getByLabelText('Text to check'));
    await userEvent.paste(HUMAN_TEXT);
    first.unmount();
    await renderPage();
    expect((screen.getByLabelText('Text to check') as HTMLTextAreaElement).value).toBe(HUMAN_TEXT);
  });

  it('reopens a stored run from its history_id, naming no source for a text it cannot call', async () => {
    api.respond = answerDetail(detail(HUMAN_TEXT, humanReport, 'Lunch'));
    await renderPage(HISTORY_ID);
    expect(await screen.findByRole('heading', { name: 'Lunch' })).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'AI probability' }).getAttribute('value')).toBe('12');
    // 12% is below the human threshold, but the interval reaches above it: the label stays "uncertain".
    expect(within(screen.getByRole('region', { name: 'Verdict' })).getByText('Leans human, not certain')).toBeTruthy();
    expect(screen.getByText(/No model is named: the text does not read clearly enough as AI-written/)).toBeTruthy();
    expect(screen.getByRole('button', { description: 'Sentence 1: 12% likely AI' })).toBeTruthy();
  });

  it('says when a local model also scored the text, and shows its push among the evidence', async () => {
    api.respond = answerDetail(detail(AI_TEXT, localModelReport));
    await renderPage(HISTORY_ID);
    const verdict = await screen.findByRole('region', { name: 'Verdict' });
    expect(
      within(verdict).getByText(
        'Also scored with the language model tinyllama-1.1b (probability curvature and rank); the built-in detector alone gave 71%.',
      ),
    ).toBeTruthy();
    const evidence = screen.getByRole('region', { name: 'What the score rests on' });
    expect(within(evidence).getByText('Probability curvature under tinyllama-1.1b')).toBeTruthy();
  });

  it('names no local model for a report of the built-in detector alone', async () => {
    api.respond = answerDetail(detail(AI_TEXT, aiReport));
    await renderPage(HISTORY_ID);
    await screen.findByRole('region', { name: 'Verdict' });
    expect(screen.queryByText(/Also scored with the language model/)).toBeNull();
    expect(screen.queryByText('Disguised text')).toBeNull();
  });

  it('warns when the text hid characters or letters from the detector', async () => {
    api.respond = answerDetail(
      detail(AI_TEXT, { ...aiReport, obfuscation: { hidden_characters: 3, look_alike_letters: 1 } }),
    );
    await renderPage(HISTORY_ID);
    const verdict = await screen.findByRole('region', { name: 'Verdict' });
    expect(within(verdict).getByText('Disguised text')).toBeTruthy();
    expect(
      within(verdict).getByText(
        /This text holds 3 invisible characters and 1 letter from another alphabet that looks like a Latin one\./,
      ),
    ).toBeTruthy();
  });

  it('copies the summary with the text, prints, and goes back to edit', async () => {
    api.respond = answerDetail(detail(AI_TEXT, aiReport));
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await renderPage(HISTORY_ID);

    await userEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    const copied = String(writeText.mock.calls[0]?.[0]);
    expect(copied.startsWith('AI Detector — Weekend notes\n71% likely AI')).toBe(true);
    expect(copied.endsWith(`\n\n${AI_TEXT}`)).toBe(true);
    expect(toasts.shown).toEqual(['Summary and text copied']);

    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();

    await userEvent.click(screen.getByRole('button', { name: 'Edit and re-check' }));
    expect((screen.getByLabelText('Text to check') as HTMLTextAreaElement).value).toBe(AI_TEXT);
  });

  it('says why a check could not start, as the server put it, in the editor and with focus', async () => {
    api.respond = (method, path) =>
      method === 'POST' && path === 'v1/tools/ai-detection/jobs'
        ? jsonResponse(413, {
            error: {
              code: 'payload_too_large',
              message:
                'Your plan checks up to 1,000 words per run and this text has 1,204. Shorten it or upgrade your plan.',
            },
          })
        : undefined;
    await renderPage();
    const editor = screen.getByLabelText('Text to check');
    await userEvent.click(editor);
    await userEvent.paste(AI_TEXT);
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The text is too long')).toBeTruthy();
    expect(within(alert).getByText(/Your plan checks up to 1,000 words per run/)).toBeTruthy();
    // The editor stayed while the request went (no progress screen, no jump to the top) and the refusal has focus.
    expect(screen.getByLabelText('Text to check')).toBe(editor);
    expect(screen.queryByRole('heading', { name: 'Checking your text' })).toBeNull();
    expect(document.activeElement).toBe(alert);
  });

  it('says before a check starts that it is over the plan’s words per run, with no price', async () => {
    const words = tokenizeWords(AI_TEXT).length;
    api.respond = account(words - 3, 100_000);
    await renderPage();
    await userEvent.click(screen.getByLabelText('Text to check'));
    await userEvent.paste(AI_TEXT);
    const refusal = await screen.findByText(
      new RegExp(`^Your plan checks up to ${words - 3} words per run and this text has ${words}. Shorten it or`),
    );
    expect(within(refusal).getByRole('link', { name: 'upgrade your plan' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByText(`${words} words`)).toBeTruthy();
    expect(screen.queryByText(/costs/)).toBeNull();
    const check = screen.getByRole('button', { name: 'Check for AI' });
    expect(check).toHaveProperty('disabled', true);
    expect(check.getAttribute('aria-describedby')).toBe(refusal.id);
    expect(screen.getByLabelText('Text to check').getAttribute('aria-invalid')).toBe('true');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('says before a check starts that it costs more tokens than the account has', async () => {
    const words = tokenizeWords(AI_TEXT).length;
    api.respond = account(null, words - 1);
    await renderPage();
    await userEvent.click(screen.getByLabelText('Text to check'));
    await userEvent.paste(AI_TEXT);
    const refusal = await screen.findByText(new RegExp(`^You have ${words - 1} tokens: not enough for this check.`));
    expect(screen.getByText(`${words} words · costs ${words} tokens`)).toBeTruthy();
    expect(within(refusal).getByRole('link', { name: 'Buy tokens' }).getAttribute('href')).toBe(
      '/account?tab=subscription&buyMoreTokens=true',
    );
    expect(within(refusal).getByRole('link', { name: 'upgrade your plan' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('button', { name: 'Check for AI' })).toHaveProperty('disabled', true);
    // The text itself is fine: only the balance is short.
    expect(screen.getByLabelText('Text to check').getAttribute('aria-invalid')).toBeNull();
  });

  it('starts a check the plan and the balance allow', async () => {
    const words = tokenizeWords(AI_TEXT).length;
    const allowed = account(words, words);
    api.respond = (method, path) => {
      if (method === 'POST' && path === 'v1/tools/ai-detection/jobs') return jsonResponse(202, snapshot());
      if (method === 'GET' && path === 'v1/jobs/job-ai') return jsonResponse(200, snapshot({ status: 'running' }));
      return allowed(method, path);
    };
    await renderPage();
    await userEvent.click(screen.getByLabelText('Text to check'));
    await userEvent.paste(AI_TEXT);
    expect(await screen.findByText(`${words} words · costs ${words} tokens`)).toBeTruthy();
    await waitFor(() => expect(api.requests.some((r) => r.path === 'ai-detector/user-token-balance/')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Check for AI' }));
    expect(await screen.findByRole('heading', { name: 'Checking your text' })).toBeTruthy();
  });

  it('does not offer to check a text too short to judge, and says how short it is', async () => {
    await renderPage();
    await userEvent.click(screen.getByLabelText('Text to check'));
    await userEvent.paste('This is a short text.');
    expect(
      screen.getByText(`The detector needs at least ${AI_DETECTION_MINIMUM_WORDS} words to judge a text; this has 5.`),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check for AI' })).toHaveProperty('disabled', true);
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('lays out right-to-left text from the right, and offers Ctrl+Enter only where there is a keyboard', async () => {
    await renderPage();
    const editor = screen.getByLabelText('Text to check');
    expect(editor.getAttribute('dir')).toBe('auto');
    const hint = screen.getByText(/Press Ctrl\+Enter/);
    expect(hint.className).toContain('pointer-coarse:hidden');
    expect(hint.className).toContain('max-sm:hidden');
  });

  it('refuses text with too little English before anything is sent or charged', async () => {
    await renderPage();
    await userEvent.click(screen.getByLabelText('Text to check'));
    await userEvent.paste(ARABIC);
    expect(screen.getByText(/this text has too few English words to check/)).toBeTruthy();
    // Refused: a price would suggest it could run.
    const words = tokenizeWords(ARABIC).length;
    expect(await screen.findByText(`${words} words`)).toBeTruthy();
    expect(screen.queryByText(/costs/)).toBeNull();
    await userEvent.clear(screen.getByLabelText('Text to check'));
    await userEvent.paste('🙂🙂🙂 🎉🎉');
    expect(screen.getByText(/this text has too few English words to check/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check for AI' })).toHaveProperty('disabled', true);
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('picks up a running check after a reload', async () => {
    sessionStorage.setItem('work:tool-job:ai-detection', 'job-ai');
    api.respond = (method, path) =>
      method === 'GET' && path === 'v1/jobs/job-ai'
        ? jsonResponse(
            200,
            snapshot({ status: 'running', progress: { percent: 80, stage: 'Naming the source model' } }),
          )
        : undefined;
    await renderPage();
    expect(await screen.findByText('Naming the source model…')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Checking your text' })).toBeTruthy();
  });
});
