import type { HistoryDetail } from '@candor/contracts';
import type { HumanizedDetectionResult as HumanizedReport } from '@candor/contracts/tools';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, notFoundResponse } from '@/test/fake-api';
import { storedRunDetail } from '@/test/history-detail';
import { renderWithRouter } from '@/test/render';
import { aiReport, HUMANIZED_TEXT, humanizedReport } from '../lib/test-fixtures';

const HISTORY_ID = '00000000-0000-4000-8000-000000000013';

const api = vi.hoisted(() => ({ detail: null as HistoryDetail | null }));

vi.mock('@/lib/api-client', async (importOriginal) => {
  const { withFakeApi } = await import('@/test/fake-api');
  return withFakeApi(await importOriginal(), (request) =>
    new URL(request.url).pathname === `/api/detector/v2/ai-detector/user-history/${HISTORY_ID}` && api.detail
      ? jsonResponse(200, api.detail)
      : notFoundResponse(),
  );
});

const { HumanizedDetectionResult } = await import('./humanized-detection-result');

const copy = { textLabel: 'Text to check', submitLabel: 'Check text', noun: 'check', verb: 'check', progressing: '' };

async function renderReport(report: HumanizedReport) {
  api.detail = storedRunDetail({
    historyId: HISTORY_ID,
    service: 'QUILLBOT_ANALYSIS',
    title: 'Budget note',
    cost: tokenizeWords(HUMANIZED_TEXT).length,
    input: { text: HUMANIZED_TEXT },
    result: report,
  });
  await renderWithRouter(() => (
    <HumanizedDetectionResult historyId={HISTORY_ID} copy={copy} onEdit={() => undefined} onNew={() => undefined} />
  ));
  return screen.findByRole('region', { name: 'Verdict' });
}

beforeEach(() => {
  api.detail = null;
});

describe('HumanizedDetectionResult', () => {
  it('does not call the underlined words signs of a paraphraser when the verdict finds none', async () => {
    await renderReport(aiReport);
    expect(screen.getByText(aiReport.verdict)).toBeTruthy();
    expect(screen.getByText('Unusual word choices, underlined')).toBeTruthy();
    expect(
      screen.getByText(/^2 unusual word choices underlined: worth a look, not proof of a paraphraser\./),
    ).toBeTruthy();
    // The engine's verdict says "not passed through a paraphraser"; nothing on the screen may say there are signs of one.
    expect(screen.queryByText(/signs of a paraphraser/i)).toBeNull();
    // The words are still underlined, each kind in its own style.
    const text = screen.getByRole('document', { name: 'Checked text' });
    expect(within(text).getByText('craft a decision').className).toContain('decoration-wavy');
  });

  it('calls them signs of a paraphraser when the verdict is that one was used', async () => {
    await renderReport(humanizedReport);
    expect(screen.getByText('Signs of a paraphraser, underlined')).toBeTruthy();
    expect(screen.getByText(/^3 word-level signs of a paraphraser underlined\./)).toBeTruthy();
  });

  it('shows a three-way split that adds up to 100%', async () => {
    const verdict = await renderReport(aiReport);
    // Rounded one by one, 48.6%, 49.6% and 1.8% would show as 49%, 50% and 2%.
    expect(
      within(verdict)
        .getAllByRole('definition')
        .map((cell) => cell.textContent),
    ).toEqual(['48%', '50%', '2%']);
  });

  it('marks each sentence with its label and score for print, and keeps the colours on paper', async () => {
    const verdict = await renderReport(humanizedReport);
    const text = screen.getByRole('document', { name: 'Checked text' });
    expect(text.getAttribute('dir')).toBe('auto');
    expect(text.textContent).toBe(HUMANIZED_TEXT);
    expect(
      within(text)
        .getAllByRole('button')
        .map((button) => button.getAttribute('data-print-score')),
    ).toEqual(['AI, disguised 85%', 'AI, disguised 65%', 'Human 81%']);
    expect(text.hasAttribute('data-print-colors')).toBe(true);
    expect(within(verdict).getAllByRole('definition')[0]?.closest('[data-print-colors]')).toBeTruthy();
  });

  it('says which class each piece of evidence pushed towards: the verdict’s, or the runner-up’s', async () => {
    await renderReport(humanizedReport);
    // The verdict is AI, disguised, weighed against plain AI (13%, ahead of human's 9%).
    const panel = screen.getByRole('region', { name: 'What the verdict rests on' });
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Rare synonyms where common words fittowards disguised AI',
      'Broken word pairingstowards disguised AI',
      'Sentence structure a language model expectstowards disguised AI',
      'Personal, conversational voicetowards AI',
    ]);
    // A sentence's card reads its evidence against that sentence's own verdict: the third reads as Human.
    within(screen.getByRole('document', { name: 'Checked text' }))
      .getAllByRole('button')[2]
      ?.focus();
    const card = await screen.findByRole('dialog', { name: 'Why sentence 3 reads as Human' });
    expect(within(card).getByRole('listitem').textContent).toBe('Personal, conversational voicetowards human');
  });

  it('keeps the verdict’s row as high as the verdict, so no gap opens above the evidence beside a long text', async () => {
    const verdict = await renderReport(humanizedReport);
    expect(verdict.parentElement?.className).toContain('lg:grid-rows-[auto_1fr]');
  });
  it('says the level a verdict was read at, the language model that scored it, and why it is uncertain', async () => {
    const verdict = await renderReport({
      ...humanizedReport,
      uncertain: true,
      uncertainty: ['near_threshold'],
      sensitivity: { level: 'strict', false_positive_rate: 0.0098, detection_rate: 0.21 },
      language_model: {
        model: 'SmolLM2-135M-Instruct.Q4_1',
        tokens: 192,
        text_tokens: 1_350,
        windows: 2,
        sampled: true,
        built_in_probabilities: { human: 0.2, ai: 0.3, ai_humanized: 0.5 },
      },
    });
    expect(within(verdict).getByText('Read at Strict sensitivity.')).toBeTruthy();
    expect(verdict.textContent).toContain(
      'At this setting about 1 in 100 human texts is flagged as AI-written or disguised, and about 1 in 5 AI texts are caught.',
    );
    expect(verdict.textContent).toContain(
      'Verdict from the built-in detector together with the language model SmolLM2-135M-Instruct.Q4_1',
    );
    expect(verdict.textContent).toContain('2 windows of it, 192 of its 1,350 tokens, were scored');
    const why = within(verdict).getByRole('note', { name: 'Why it is uncertain' });
    expect(why.textContent).toMatch(/Too close to the threshold/);
  });
});
