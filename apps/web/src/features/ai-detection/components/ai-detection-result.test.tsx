import type { HistoryDetail } from '@candor/contracts';
import type { AiDetectionResult as AiReport } from '@candor/contracts/tools';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, notFoundResponse } from '@/test/fake-api';
import { storedRunDetail } from '@/test/history-detail';
import { renderWithRouter } from '@/test/render';
import { AI_TEXT, aiReport, leaningAiReport } from '../lib/test-fixtures';

const HISTORY_ID = '00000000-0000-4000-8000-000000000012';

const api = vi.hoisted(() => ({ detail: null as HistoryDetail | null }));

vi.mock('@/lib/api-client', async (importOriginal) => {
  const { withFakeApi } = await import('@/test/fake-api');
  return withFakeApi(await importOriginal(), (request) =>
    new URL(request.url).pathname === `/api/detector/v2/ai-detector/user-history/${HISTORY_ID}` && api.detail
      ? jsonResponse(200, api.detail)
      : notFoundResponse(),
  );
});

// The lazily loaded recharts chart needs a laid-out DOM; its data is checked through the accessible table instead.
vi.mock('./source-model-chart', () => ({ default: () => <div data-testid="source-model-chart" /> }));

const { AiDetectionResult } = await import('./ai-detection-result');

const copy = { textLabel: 'Text to check', submitLabel: 'Check for AI', noun: 'check', verb: 'check', progressing: '' };

async function renderReport(report: AiReport, title = 'Essay') {
  api.detail = storedRunDetail({
    historyId: HISTORY_ID,
    service: 'AI_DETECTION',
    title,
    cost: tokenizeWords(AI_TEXT).length,
    input: { text: AI_TEXT },
    result: report,
  });
  await renderWithRouter(() => (
    <AiDetectionResult historyId={HISTORY_ID} copy={copy} onEdit={() => undefined} onNew={() => undefined} />
  ));
  return screen.findByRole('region', { name: 'Verdict' });
}

beforeEach(() => {
  api.detail = null;
});

describe('AiDetectionResult', () => {
  it('says a score past the AI threshold whose interval reaches below it leans AI, without a contradicting “Can’t tell”', async () => {
    const verdict = await renderReport(leaningAiReport);
    expect(within(verdict).getByText('Leans AI, not certain')).toBeTruthy();
    expect(
      within(verdict).getByText(
        /^The score is at or above the AI threshold \(98\.7%\), but its 90% confidence interval/,
      ),
    ).toBeTruthy();
    expect(within(verdict).queryByText('Can’t tell')).toBeNull();
    expect(within(verdict).queryByText(leaningAiReport.verdict)).toBeNull();
  });

  it('draws the confidence interval outside the value arc, where a narrow one stays visible', async () => {
    const verdict = await renderReport(leaningAiReport);
    const arcs = [...verdict.querySelectorAll('svg path')].map((path) => path.getAttribute('d') ?? '');
    // The track and the value arc run at radius 80; the interval's own arc runs at 93, from 97% to 99%.
    expect(arcs.filter((d) => d.includes('A 93 93'))).toHaveLength(1);
    expect(within(verdict).getByText(/^The thin outer arc is the interval\./)).toBeTruthy();
  });

  it('names the source model only as a condition for a text the detector cannot call', async () => {
    await renderReport(leaningAiReport);
    const source = screen.getByRole('region', { name: 'Source model, if AI-written' });
    expect(
      within(source).getByText(
        'The detector can’t tell whether this text is AI-written. If it is, it reads most like Llama and OPT (Meta).',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Likely source model' })).toBeNull();
    // Shares that round one by one to 101% are shown adding up to 100%.
    const percents = within(source)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(percents).toEqual(['34%', '34%', '32%', '<1%', '<1%']);
  });

  it('names the source model outright for a text judged partly AI', async () => {
    await renderReport(aiReport);
    const source = screen.getByRole('region', { name: 'Likely source model' });
    expect(within(source).getByText('Most likely GPT (OpenAI).')).toBeTruthy();
  });

  it('hides the source table in a box that clips it, since a table ignores overflow and would widen the page', async () => {
    await renderReport(aiReport);
    const table = within(screen.getByRole('region', { name: 'Likely source model' })).getByRole('table');
    expect(table.className).not.toContain('sr-only');
    expect(table.parentElement?.className).toBe('sr-only');
  });

  it('marks each sentence with its score for print and keeps the highlight colours on paper', async () => {
    await renderReport(aiReport);
    const text = screen.getByRole('document', { name: 'Checked text' });
    expect(text.getAttribute('dir')).toBe('auto');
    expect(text.hasAttribute('data-print-colors')).toBe(true);
    expect(text.textContent).toBe(AI_TEXT);
    const scores = within(text)
      .getAllByRole('button')
      .map((button) => button.getAttribute('data-print-score'));
    expect(scores).toEqual(['8% AI', '94% AI', '89% AI', '5% AI', '83% AI']);
    const legend = screen.getByText('Chance each sentence was written by AI').parentElement;
    expect(legend?.hasAttribute('data-print-colors')).toBe(true);
  });

  it('keeps the tapped sentence’s card open when a touch’s emulated mouse lands on another sentence', async () => {
    await renderReport(aiReport);
    const [first, , , , last] = within(screen.getByRole('document', { name: 'Checked text' })).getAllByRole('button');
    if (!first || !last) throw new Error('no sentences');
    const hoverDelay = () => new Promise((resolve) => setTimeout(resolve, 400));
    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    // After a tap the browser sends a touch's pointer events and compatibility mouse events: not a hover.
    fireEvent.pointerOver(last, { pointerType: 'touch' });
    fireEvent.mouseOver(last);
    await hoverDelay();
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(last.getAttribute('aria-expanded')).toBe('false');
    // A mouse resting on a sentence does open its card.
    fireEvent.pointerOver(last, { pointerType: 'mouse' });
    await waitFor(() => expect(last.getAttribute('aria-expanded')).toBe('true'));
  });

  it('keeps a hovered sentence’s card open while the pointer moves onto it, and closes it once the pointer is gone', async () => {
    await renderReport(aiReport);
    const [first] = within(screen.getByRole('document', { name: 'Checked text' })).getAllByRole('button');
    if (!first) throw new Error('no sentences');
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    fireEvent.pointerEnter(first, { pointerType: 'mouse' });
    const card = await screen.findByRole('dialog');
    // Off the sentence and onto its card, a few pixels away (WCAG 1.4.13: content on hover is hoverable).
    fireEvent.pointerLeave(first, { pointerType: 'mouse' });
    fireEvent.pointerEnter(card, { pointerType: 'mouse' });
    await wait(500);
    expect(screen.getByRole('dialog')).toBe(card);
    fireEvent.pointerLeave(card, { pointerType: 'mouse' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes a hovered sentence’s card when the pointer leaves, though another sentence has focus', async () => {
    await renderReport(aiReport);
    const [first, , , , last] = within(screen.getByRole('document', { name: 'Checked text' })).getAllByRole('button');
    if (!first || !last) throw new Error('no sentences');
    first.focus();
    await waitFor(() => expect(first.getAttribute('aria-expanded')).toBe('true'));
    fireEvent.pointerEnter(last, { pointerType: 'mouse' });
    await waitFor(() => expect(last.getAttribute('aria-expanded')).toBe('true'));
    fireEvent.pointerLeave(last, { pointerType: 'mouse' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lays the text beside the verdict panels so the text’s height does not open gaps between them', async () => {
    const verdict = await renderReport(aiReport);
    expect(verdict.parentElement?.className).toContain('lg:grid-rows-[auto_auto_1fr]');
  });

  it('sets a right-to-left title in its own direction', async () => {
    await renderReport(aiReport, 'مقال عن الطقس');
    expect(screen.getByRole('heading', { name: 'مقال عن الطقس' }).getAttribute('dir')).toBe('auto');
  });
});
