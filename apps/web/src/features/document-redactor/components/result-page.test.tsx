import type { HistoryDetail } from '@candor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';
import type { SeenRequest } from '../lib/test-api';
import {
  CARD,
  EMAIL,
  letterAnalysis,
  letterResult,
  monospaceLines,
  NAME,
  PAGE_ONE,
  PAGE_TWO,
} from '../lib/test-fixtures';
import { fakeScrolling } from '../lib/test-scrolling';
import { redactorStore } from '../store';

const HISTORY_ID = '00000000-0000-4000-8000-000000000041';
const REDACTED_PDF = '%PDF-1.7 redacted';

const server = vi.hoisted(() => ({ seen: [] as SeenRequest[] }));

const detail: HistoryDetail = {
  item: {
    history_id: HISTORY_ID,
    model_name: 'PII_TEXT_DETECT',
    title: 'letter.pdf',
    cost: 12,
    created_at: '2026-11-21T10:00:00Z',
    has_children: false,
    children: [],
  },
  input: { file_name: 'letter.pdf', style: 'label', policy: 'ALL', redactions: 4 },
  result: letterResult,
};

vi.mock('@/lib/api-client', async (importOriginal) => {
  const { withFakeApi } = await import('@/test/fake-api');
  const { redactorServer } = await import('../lib/test-api');
  return withFakeApi(
    await importOriginal(),
    redactorServer(server.seen, () => ({ method, path }) => {
      if (method === 'GET' && path === `v2/ai-detector/user-history/${HISTORY_ID}`) return jsonResponse(200, detail);
      if (method === 'GET' && path === `v1/tools/document-redaction/${HISTORY_ID}/file`) {
        return new Response(REDACTED_PDF, { status: 200, headers: { 'content-type': 'application/pdf' } });
      }
      if (method === 'POST' && path === 'v1/tools/document-redaction/previews') {
        const lines = monospaceLines(PAGE_TWO, PAGE_ONE.length);
        return jsonResponse(200, { pages: [{ number: 2, preview: 'data:image/webp;base64,PAGE2', lines }] });
      }
      return undefined;
    }),
  );
});

const saved = vi.hoisted(() => ({ files: [] as { kind: string; name: string; content: unknown }[] }));
vi.mock('@/lib/download', () => ({
  saveBlob: (blob: Blob, name: string) => saved.files.push({ kind: 'blob', name, content: blob }),
  saveCsv: (csv: string, name: string) => saved.files.push({ kind: 'csv', name, content: csv }),
  saveJson: (value: unknown, name: string) => saved.files.push({ kind: 'json', name, content: value }),
}));

const toasts = vi.hoisted(() => ({ shown: [] as string[] }));
vi.mock('@/lib/toast', () => {
  const record = (message: string) => toasts.shown.push(message);
  return { toast: { message: record, success: record, error: record, info: record, warning: record } };
});

const { ResultPage } = await import('./result-page');

async function renderResult() {
  const onRedactAnother = vi.fn();
  const onAdjust = vi.fn();
  await renderWithRouter(() => (
    <ResultPage historyId={HISTORY_ID} onRedactAnother={onRedactAnother} onAdjust={onAdjust} />
  ));
  await screen.findByRole('heading', { name: 'letter.pdf' });
  return { onRedactAnother, onAdjust };
}

const secrets = [NAME.text, EMAIL.text, CARD.text];

let scrolling: ReturnType<typeof fakeScrolling>;
beforeEach(() => {
  scrolling = fakeScrolling();
  server.seen.length = 0;
  saved.files.length = 0;
  toasts.shown.length = 0;
  redactorStore.clear();
});

describe('ResultPage', () => {
  it('leads with the verification and its checks', async () => {
    await renderResult();
    const proof = screen.getByRole('region', { name: 'Verified: no redacted text can be recovered' });
    // Counted as the checks count: distinct values, which a repeated value makes fewer than the redactions.
    expect(
      within(proof).getByText(/searched for every distinct value its 4 redactions removed\. None was found\./),
    ).toBeTruthy();
    expect(within(within(proof).getByRole('list', { name: 'Checks' })).getAllByRole('listitem')).toHaveLength(3);
    expect(within(proof).getByText('No redacted text in 14 decompressed streams.')).toBeTruthy();
    expect(
      await screen.findByText(
        'Redacted Nov 21, 2026 · 4 redactions · Type label · Policy: All personal data · 2 pages · 24 words · 12 tokens',
      ),
    ).toBeTruthy();
  });

  it('shows the original beside the redacted text while this tab still has it', async () => {
    redactorStore.setDocument({ file: new File(['%PDF'], 'letter.pdf'), analysis: letterAnalysis });
    redactorStore.setResult(HISTORY_ID);
    const { onAdjust } = await renderResult();
    const original = screen.getByRole('document', { name: 'Original text with the redactions marked' });
    expect([...original.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      NAME.text,
      EMAIL.text,
      CARD.text,
      'WEST',
    ]);
    const redacted = screen.getByRole('document', { name: 'Redacted text' });
    expect(redacted.textContent).toContain('Dear [PERSON_NAME],');
    for (const secret of secrets) expect(redacted.textContent).not.toContain(secret);
    expect([...redacted.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      '[PERSON_NAME]',
      '[EMAIL_ADDRESS]',
      '[CREDIT_CARD_NUMBER]',
      '[REDACTED]',
    ]);
    // Page 1 has a preview: a box over each redaction on it.
    const onPages = screen.getByRole('region', { name: 'Where the redactions are on the pages' });
    // The previews draw plain boxes; the caption says the file also writes the labels in them.
    expect(
      within(onPages).getByText(
        'The original pages with a box over each redaction. The downloaded file is the exact result: its boxes also show each type label, such as “[EMAIL_ADDRESS]”.',
      ),
    ).toBeTruthy();
    const [pageOne, pageTwo] = within(onPages).getByRole('list', { name: 'Pages of letter.pdf' }).children;
    if (!(pageOne instanceof HTMLElement && pageTwo instanceof HTMLElement)) throw new Error('two pages expected');
    expect(pageOne.querySelectorAll('[title$=": redacted"]')).toHaveLength(2);
    // Page 2 is loaded as the user scrolls near it, as on the options screen, and boxed the same way.
    expect(within(pageTwo).getByRole('status', { name: 'Loading page 2' })).toBeTruthy();
    scrolling.scrollNear(pageTwo);
    expect(await within(pageTwo).findByRole('img', { name: 'Page 2 of letter.pdf' })).toBeTruthy();
    expect([...pageTwo.querySelectorAll('[title$=": redacted"]')].map((box) => box.getAttribute('title'))).toEqual([
      'Credit card number: redacted',
      'Your selection: redacted',
    ]);
    expect(screen.queryByText('The original document isn’t kept')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Adjust redactions' }));
    expect(onAdjust).toHaveBeenCalled();
  });

  it('reopened from history, says the original is not kept and shows the redacted text', async () => {
    const { onRedactAnother } = await renderResult();
    expect(screen.getByText('The original document isn’t kept')).toBeTruthy();
    expect(screen.queryByRole('document', { name: /^Original/ })).toBeNull();
    expect(screen.getByRole('document', { name: 'Redacted text' }).textContent).toBe(letterResult.redacted_text);
    expect(screen.queryByRole('button', { name: 'Adjust redactions' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Redact another document' }));
    expect(onRedactAnother).toHaveBeenCalled();
  });

  it('downloads the redacted file and the reports, none holding a redacted value', async () => {
    await renderResult();
    await userEvent.click(screen.getByRole('button', { name: 'Download redacted PDF' }));
    await waitFor(() => expect(saved.files).toHaveLength(1));
    const [file] = saved.files;
    if (!file) throw new Error('nothing saved');
    expect(file.name).toBe('letter-redacted.pdf');
    expect(await (file.content as Blob).text()).toBe(REDACTED_PDF);

    await userEvent.click(screen.getByRole('button', { name: 'Report CSV' }));
    await userEvent.click(screen.getByRole('button', { name: 'Report JSON' }));
    const [, csv, json] = saved.files;
    if (!csv || !json) throw new Error('reports not saved');
    expect(csv).toMatchObject({ kind: 'csv', name: 'letter-redactions.csv' });
    expect((csv.content as string).split('\r\n')[0]).toBe('Page,Type,Start,End,Replacement');
    expect(json).toMatchObject({ kind: 'json', name: 'letter-redactions.json' });
    const everything = `${csv.content as string}${JSON.stringify(json.content)}`;
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });
});
