import type { HistoryDetail } from '@candor/contracts';
import type { JobSnapshot, PlagiarismSourceOptions } from '@candor/contracts/tools';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, notFoundResponse } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';
import { emptyCopyrightDraft } from '../lib/draft';
import {
  FILE_SOURCE_TEXT,
  fileMatch,
  ORIGINAL_TEXT,
  originalReport,
  PAGE_SOURCE_TEXT,
  PAGE_URL,
  PAYWALLED_URL,
  pageMatch,
  partlyReadInput,
  partlyReadReport,
  REEF_TEXT,
  reefInput,
  reefReport,
  UNREAD_URL,
} from '../lib/test-fixtures';

const HISTORY_ID = '00000000-0000-4000-8000-000000000003';
const NOTES = 'Reef notes from class: corals expel the algae living in their tissues when the water warms.';

const detail = (input: unknown, result: unknown, title = 'Reef essay'): HistoryDetail => ({
  item: {
    history_id: HISTORY_ID,
    model_name: 'PLAGIARISM',
    title,
    cost: 2 * tokenizeWords(REEF_TEXT).length,
    created_at: '2026-11-21T10:00:00Z',
    has_children: false,
    children: [],
  },
  input,
  result,
});

const snapshot = (overrides: Partial<JobSnapshot> = {}): JobSnapshot => ({
  job_id: 'job-copy',
  tool: 'plagiarism',
  status: 'queued',
  progress: { percent: 0, stage: 'Waiting for a free worker' },
  partial: null,
  cost: 2 * tokenizeWords(REEF_TEXT).length,
  history_id: null,
  error: null,
  created_at: '2026-11-21T10:00:00Z',
  finished_at: null,
  ...overrides,
});

const coefficients = {
  items: [
    { model_name: 'AI_DETECTION', coefficient: 1, unit: 'word' },
    { model_name: 'PLAGIARISM', coefficient: 2, unit: 'word' },
  ],
};

const api = vi.hoisted(() => ({
  requests: [] as { method: string; path: string; body: unknown }[],
  options: {
    my_documents: 3,
    organisation_documents: false,
    private_addresses: false,
  } as PlagiarismSourceOptions | null,
  /** What the next uploads read as, in order: jsdom's File loses its name and bytes on the way to a fake Request. */
  extracted: [] as { file_name: string; text: string }[],
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
    api.requests.push({ method: request.method, path, body });
    if (request.method === 'GET' && path === 'ai-detector/model-coefficient-values') {
      return jsonResponse(200, coefficients);
    }
    if (request.method === 'GET' && path === 'v1/tools/plagiarism/sources') {
      return api.options
        ? jsonResponse(200, api.options)
        : jsonResponse(503, { error: { code: 'unavailable', message: 'The server is busy' } });
    }
    if (request.method === 'POST' && path === 'v1/tools/plagiarism/extract') {
      const next = api.extracted.shift();
      if (!next || !(body as FormData).get('file')) return notFoundResponse();
      return jsonResponse(200, { ...next, format: 'txt', pages: null, characters: next.text.length });
    }
    return api.respond?.(request.method, path) ?? notFoundResponse();
  });
});

const toasts = vi.hoisted(() => ({ shown: [] as string[] }));
vi.mock('@/lib/toast', () => {
  const record = (message: string) => toasts.shown.push(message);
  return { toast: { message: record, success: record, error: record, info: record, warning: record } };
});

const { CopyrightDetectionPage } = await import('./copyright-detection-page');

async function renderPage(initialHistoryId?: string) {
  function Harness() {
    const [historyId, setHistoryId] = useState(initialHistoryId);
    return (
      <CopyrightDetectionPage
        historyId={historyId}
        onShowRun={setHistoryId}
        onLeaveRun={() => setHistoryId(undefined)}
      />
    );
  }
  return renderWithRouter(() => <Harness />, { path: '/copyright-detector' });
}

const answerDetail = (body: HistoryDetail) => (method: string, path: string) =>
  method === 'GET' && path === `v2/ai-detector/user-history/${HISTORY_ID}` ? jsonResponse(200, body) : undefined;

const requested = (method: string, path: string) => api.requests.filter((r) => r.method === method && r.path === path);
const submitButton = () => screen.getByRole('button', { name: 'Check for copying' });
/** A .txt upload, and what the fake server reads from it. */
function textFile(name: string, text: string) {
  api.extracted.push({ file_name: name, text });
  return new File([text], name, { type: 'text/plain' });
}

async function pasteText(text: string) {
  await userEvent.click(screen.getByLabelText('Text to check'));
  await userEvent.paste(text);
}

beforeEach(() => {
  api.requests.length = 0;
  api.respond = null;
  api.options = { my_documents: 3, organisation_documents: false, private_addresses: false };
  api.extracted = [];
  toasts.shown.length = 0;
  sessionStorage.clear();
});

describe('CopyrightDetectionPage — sources', () => {
  it('adds and removes files and web addresses, saying why the check cannot start until it can', async () => {
    await renderPage();
    const sources = screen.getByRole('region', { name: 'Sources' });
    expect(submitButton()).toHaveProperty('disabled', true);
    expect(screen.getByText('Enter or upload some text to check')).toBeTruthy();
    expect(submitButton().getAttribute('aria-describedby')).toBeTruthy();

    await pasteText(REEF_TEXT);
    const words = tokenizeWords(REEF_TEXT).length;
    expect(await screen.findByText(`${words} words · costs ${2 * words} tokens`)).toBeTruthy();
    expect(submitButton()).toHaveProperty('disabled', true);
    expect(screen.getByText('Add at least one source: a file, a web address or your earlier documents')).toBeTruthy();

    await userEvent.upload(within(sources).getByLabelText('Add files'), [
      textFile('notes.txt', NOTES),
      textFile('empty.txt', '   …   '),
    ]);
    const files = await within(sources).findByRole('list', { name: 'Source files' });
    expect(within(files).getByText('notes.txt').getAttribute('dir')).toBe('auto');
    expect(within(files).getByText(`${tokenizeWords(NOTES).length} words`)).toBeTruthy();
    expect(within(sources).getByText('empty.txt: This source has no words to compare.')).toBeTruthy();
    expect(submitButton()).toHaveProperty('disabled', false);
    expect(screen.queryByText(/Add at least one source/)).toBeNull();

    await userEvent.click(within(sources).getByRole('button', { name: 'Remove notes.txt' }));
    expect(within(sources).queryByRole('list', { name: 'Source files' })).toBeNull();
    expect(submitButton()).toHaveProperty('disabled', true);

    const address = within(sources).getByLabelText('Web addresses');
    const add = within(sources).getByRole('button', { name: 'Add' });
    await userEvent.type(address, 'oceanfacts.example/reefs');
    expect(within(sources).getByText('Enter a web address that starts with http:// or https://')).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(add).toHaveProperty('disabled', true);
    await userEvent.clear(address);
    await userEvent.type(address, `  ${PAGE_URL}{Enter}`);
    const urls = within(sources).getByRole('list', { name: 'Source web addresses' });
    expect(within(urls).getByText(PAGE_URL)).toBeTruthy();
    expect((address as HTMLInputElement).value).toBe('');
    expect(submitButton()).toHaveProperty('disabled', false);

    await userEvent.type(address, PAGE_URL);
    expect(within(sources).getByText('This web address is already a source')).toBeTruthy();
    await userEvent.clear(address);
    await userEvent.click(within(sources).getByRole('button', { name: `Remove ${PAGE_URL}` }));
    expect(within(sources).queryByRole('list', { name: 'Source web addresses' })).toBeNull();
    expect(submitButton()).toHaveProperty('disabled', true);
  });

  it('offers the earlier documents the server counts, and everyone’s only where it is turned on', async () => {
    api.options = { my_documents: 3, organisation_documents: true, private_addresses: false };
    const view = await renderPage();
    const mine = await screen.findByRole('checkbox', { name: 'My earlier documents (3)' });
    expect(mine).toHaveProperty('disabled', false);
    const everyone = screen.getByRole('checkbox', { name: 'Everyone’s documents in your organisation' });
    await pasteText(REEF_TEXT);
    await userEvent.click(everyone);
    expect(submitButton()).toHaveProperty('disabled', false);
    view.unmount();

    api.options = { my_documents: 0, organisation_documents: false, private_addresses: false };
    await renderPage();
    const none = await screen.findByRole('checkbox', { name: 'My earlier documents (0)' });
    expect(none).toHaveProperty('disabled', true);
    expect(none.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/None yet: the texts you check or analyse/)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Everyone/ })).toBeNull();
  });

  it('sends the text with every source and option, and shows the report when the run is done', async () => {
    let polls = 0;
    api.respond = (method, path) => {
      if (method === 'POST' && path === 'v1/tools/plagiarism/jobs') return jsonResponse(202, snapshot());
      if (method === 'GET' && path === 'v1/jobs/job-copy') {
        polls += 1;
        return jsonResponse(
          200,
          polls === 1
            ? snapshot({ status: 'running', progress: { percent: 40, stage: 'Reading the web pages' } })
            : snapshot({ status: 'succeeded', progress: { percent: 100, stage: 'Done' }, history_id: HISTORY_ID }),
        );
      }
      return answerDetail(detail(reefInput, reefReport))(method, path);
    };
    await renderPage();
    const sources = screen.getByRole('region', { name: 'Sources' });
    await pasteText(REEF_TEXT);
    await userEvent.upload(within(sources).getByLabelText('Add files'), textFile('notes.txt', NOTES));
    await within(sources).findByText('notes.txt');
    await userEvent.type(within(sources).getByLabelText('Web addresses'), `${PAGE_URL}{Enter}`);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'My earlier documents (3)' }));
    const references = screen.getByRole('switch', { name: 'Exclude the reference list' });
    expect(screen.getByRole('switch', { name: 'Exclude quotations' }).getAttribute('aria-checked')).toBe('true');
    await userEvent.click(references);
    expect(references.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(submitButton());

    expect(await screen.findByText('Reading the web pages…')).toBeTruthy();
    expect(requested('POST', 'v1/tools/plagiarism/jobs')[0]?.body).toEqual({
      text: REEF_TEXT,
      sources: {
        documents: [{ name: 'notes.txt', text: NOTES }],
        urls: [PAGE_URL],
        my_documents: true,
        organisation_documents: false,
      },
      exclude_quotations: true,
      exclude_references: false,
    });
    // The sources are kept with the text while the run goes, so a reload keeps them.
    expect(JSON.parse(sessionStorage.getItem('work:plagiarism:draft') ?? '{}')).toMatchObject({
      text: REEF_TEXT,
      documents: [{ name: 'notes.txt' }],
      urls: [PAGE_URL],
      myDocuments: true,
      excludeReferences: false,
    });

    const similarity = await screen.findByRole('region', { name: 'Similarity' }, { timeout: 3000 });
    expect(within(similarity).getByText('58%')).toBeTruthy();
    expect(within(similarity).getByText('58% of the text matches 2 sources')).toBeTruthy();
    expect(sessionStorage.getItem('work:plagiarism:draft')).toBeNull();

    // The run is one more earlier document: back in the editor the count is fresh and the choice kept.
    api.options = { my_documents: 4, organisation_documents: false, private_addresses: false };
    await userEvent.click(screen.getByRole('button', { name: 'Edit and re-check' }));
    const mine = await screen.findByRole('checkbox', { name: 'My earlier documents (4)' });
    expect(mine).toHaveProperty('checked', true);
  });

  it('gives the text and sources back, with the pages’ errors in view and their addresses marked, when no page can be read', async () => {
    // The server fails a check only when none of its pages could be read and it had nothing else to compare with.
    const message =
      'None of the 2 web pages could be read. Could not reach oceanfacts.example: no site has that name. ' +
      'example.org answered 404 (page not found).';
    api.respond = (method, path) => {
      if (method === 'POST' && path === 'v1/tools/plagiarism/jobs') return jsonResponse(202, snapshot());
      if (method === 'GET' && path === 'v1/jobs/job-copy') {
        return jsonResponse(200, snapshot({ status: 'failed', error: { code: 'source_none_read', message } }));
      }
      return undefined;
    };
    await renderPage();
    await pasteText(REEF_TEXT);
    await userEvent.type(screen.getByLabelText('Web addresses'), `${PAGE_URL}{Enter}`);
    await userEvent.type(screen.getByLabelText('Web addresses'), 'https://example.org/other{Enter}');
    await userEvent.type(screen.getByLabelText('Web addresses'), 'https://www.example.org/kept{Enter}');
    await userEvent.click(submitButton());

    expect(await screen.findByText(`${message} No tokens were charged.`)).toBeTruthy();
    const failure = screen.getByRole('alert');
    expect(within(failure).getByText('The check failed')).toBeTruthy();
    // The editor was rebuilt after the progress screen: the failure takes focus, which brings it into view.
    expect(document.activeElement).toBe(failure);
    expect((screen.getByLabelText('Text to check') as HTMLTextAreaElement).value).toBe(REEF_TEXT);
    const urls = within(screen.getByRole('list', { name: 'Source web addresses' })).getAllByRole('listitem');
    expect(urls.map((url) => url.textContent)).toEqual([
      `${PAGE_URL}Not read`,
      'https://example.org/otherNot read',
      'https://www.example.org/kept',
    ]);
  });

  it('refuses a private or local web address when the server reads public pages only', async () => {
    await renderPage();
    const sources = screen.getByRole('region', { name: 'Sources' });
    const address = within(sources).getByLabelText('Web addresses');
    await userEvent.type(address, 'http://127.1:9/private');
    expect(
      await within(sources).findByText('Candor does not read private or local addresses (127.0.0.1).'),
    ).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect((within(sources).getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(address, '{Enter}');
    expect(within(sources).queryByRole('list', { name: 'Source web addresses' })).toBeNull();
  });

  it('takes a private address without a word when the server reads its own network', async () => {
    api.options = { my_documents: 3, organisation_documents: false, private_addresses: true };
    await renderPage();
    const sources = screen.getByRole('region', { name: 'Sources' });
    await within(sources).findByText(/My earlier documents/);
    const address = within(sources).getByLabelText('Web addresses');
    await userEvent.type(address, 'http://127.1:9/private');
    expect(within(sources).getByText('Public pages only. Each page is read when the check runs.')).toBeTruthy();
    await userEvent.type(address, '{Enter}');
    const urls = within(sources).getAllByRole('listitem');
    expect(urls.map((url) => url.textContent)).toEqual(['http://127.1:9/private']);
  });

  it('only warns about a private address while the server has not said what it reads, and marks it in the list', async () => {
    api.options = null;
    await renderPage();
    const sources = screen.getByRole('region', { name: 'Sources' });
    await within(sources).findByText(/could not be counted/);
    const address = within(sources).getByLabelText('Web addresses');
    await userEvent.type(address, 'http://127.1:9/private');
    expect(
      within(sources).getByText(
        '127.0.0.1 is a private or local address: the check will fail unless this server is set up to read your own network.',
      ),
    ).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBeNull();
    await userEvent.type(address, '{Enter}');
    await userEvent.type(address, `${PAGE_URL}{Enter}`);
    const urls = within(sources).getAllByRole('listitem');
    expect(urls.map((url) => url.textContent)).toEqual(['http://127.1:9/privatePrivate address', PAGE_URL]);
  });

  it('brings the sources back with the text after a reload, when the run is cancelled', async () => {
    sessionStorage.setItem('work:tool-job:plagiarism', 'job-copy');
    sessionStorage.setItem(
      'work:plagiarism:draft',
      JSON.stringify({
        ...emptyCopyrightDraft,
        text: REEF_TEXT,
        documents: [{ name: 'notes.txt', text: NOTES }],
        urls: [PAGE_URL],
        excludeQuotations: false,
      }),
    );
    api.respond = (method, path) => {
      if (method === 'GET' && path === 'v1/jobs/job-copy') return jsonResponse(200, snapshot({ status: 'running' }));
      if (method === 'POST' && path === 'v1/jobs/job-copy/cancel') {
        return jsonResponse(200, snapshot({ status: 'cancelled' }));
      }
      return undefined;
    };
    await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(((await screen.findByLabelText('Text to check')) as HTMLTextAreaElement).value).toBe(REEF_TEXT);
    expect(within(screen.getByRole('list', { name: 'Source files' })).getByText('notes.txt')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Source web addresses' })).getByText(PAGE_URL)).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Exclude quotations' }).getAttribute('aria-checked')).toBe('false');
    expect(toasts.shown).toEqual(['Check cancelled — no tokens were charged']);
  });
});

describe('CopyrightDetectionPage — report', () => {
  it('shows the similarity, the sources, the marked text and the passages side by side', async () => {
    api.respond = answerDetail(detail(reefInput, reefReport));
    await renderPage(HISTORY_ID);
    expect(await screen.findByRole('heading', { name: 'Reef essay' })).toBeTruthy();
    const words = tokenizeWords(REEF_TEXT).length;
    expect(screen.getByText(`Checked Nov 21, 2026 · ${words} words · ${2 * words} tokens`)).toBeTruthy();

    const similarity = screen.getByRole('region', { name: 'Similarity' });
    expect(within(similarity).getByText('58%')).toBeTruthy();
    expect(within(similarity).getByText('58% of the text matches 2 sources')).toBeTruthy();
    expect(
      within(similarity).getByText('Compared with 1 file, 2 web pages and 3 earlier documents of yours.'),
    ).toBeTruthy();
    expect(within(similarity).getByText('Not counted: 1 quotation and the reference list.')).toBeTruthy();

    // Most similar first; a source without passages is listed but cannot filter.
    const list = within(screen.getByRole('region', { name: 'Sources' })).getByRole('list', {
      name: 'Sources compared',
    });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Reef basics — Ocean Facts 32%'),
      expect.stringContaining('reef-notes.docx 26%'),
      expect.stringContaining('Deep sea vents 0%'),
    ]);
    expect(within(rows[2] as HTMLElement).queryByRole('button')).toBeNull();
    const link = within(list).getByRole('link', { name: 'Open Reef basics — Ocean Facts in a new tab' });
    expect(link.getAttribute('href')).toBe(PAGE_URL);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    const text = screen.getByRole('document', { name: 'Checked text' });
    const marks = text.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual([
      REEF_TEXT.slice(pageMatch.start, pageMatch.end),
      REEF_TEXT.slice(fileMatch.start, fileMatch.end),
    ]);
    expect(marks[0]?.className).toContain('decoration-solid');
    expect(marks[1]?.className).toContain('decoration-dashed');
    expect(within(text).getByText('Quotation — not counted')).toBeTruthy();
    expect(within(text).getByText('Reference list — not counted')).toBeTruthy();
    const markers = within(text).getAllByRole('button', { name: /^Passage \d, from source \d/ });
    expect(markers.map((marker) => marker.getAttribute('aria-label'))).toEqual([
      'Passage 1, from source 1: Reef basics — Ocean Facts. Show it beside the source',
      'Passage 2, from source 2: reef-notes.docx. Show it beside the source',
    ]);

    const passages = within(screen.getByRole('region', { name: 'Matched passages' })).getByRole('list', {
      name: 'Matched passages',
    });
    const [first, second] = within(passages).getAllByRole('listitem');
    if (!first || !second) throw new Error('passages missing');
    expect(within(first).getByText('In your text').nextElementSibling?.textContent).toBe(
      REEF_TEXT.slice(pageMatch.start, pageMatch.end),
    );
    expect(within(first).getByText('In Reef basics — Ocean Facts').nextElementSibling?.textContent).toBe(
      PAGE_SOURCE_TEXT,
    );
    expect(within(second).getByText('In reef-notes.docx').nextElementSibling?.textContent).toBe(FILE_SOURCE_TEXT);

    // A source filters the passages (and the marks) to its own; pressing it again shows all.
    const notes = within(list).getByRole('button', { name: /^Source 2 reef-notes\.docx 26% of the text/ });
    await userEvent.click(notes);
    expect(notes.getAttribute('aria-pressed')).toBe('true');
    expect(within(passages).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('1 passage of 2 from reef-notes.docx')).toBeTruthy();
    expect(text.querySelectorAll('mark')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Show all sources' }));
    expect(notes.getAttribute('aria-pressed')).toBe('false');
    expect(within(passages).getAllByRole('listitem')).toHaveLength(2);

    // From the keyboard, a marker in the text takes focus to its passage.
    markers[1]?.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(within(passages).getAllByRole('listitem')[1]));
  });

  it('lists the web pages that could not be read above the report, each with why, and compares the rest', async () => {
    api.respond = answerDetail(detail(partlyReadInput, partlyReadReport));
    await renderPage(HISTORY_ID);
    const notice = await screen.findByRole('status', { name: '2 web pages could not be read' });
    expect(within(notice).getByText(/^The text was compared with the other sources only/)).toBeTruthy();
    const pages = within(within(notice).getByRole('list', { name: 'Web pages not read' })).getAllByRole('listitem');
    expect(pages.map((page) => page.textContent)).toEqual([
      `${UNREAD_URL} Could not reach example.org: the connection was refused`,
      `${PAYWALLED_URL} paywalled.example answered 403 (access refused)`,
    ]);
    // Above the result, which counts only what was read; the charge is the check's, as for any run.
    const similarity = screen.getByRole('region', { name: 'Similarity' });
    expect(notice.compareDocumentPosition(similarity) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      within(similarity).getByText('Compared with 1 file, 1 web page and 3 earlier documents of yours.'),
    ).toBeTruthy();
    const words = tokenizeWords(REEF_TEXT).length;
    expect(screen.getByText(`Checked Nov 21, 2026 · ${words} words · ${2 * words} tokens`)).toBeTruthy();
    const compared = within(screen.getByRole('list', { name: 'Sources compared' })).getAllByRole('listitem');
    expect(compared.map((row) => row.textContent)).not.toContainEqual(expect.stringContaining('example.org'));
  });

  it('opens a report stored before unread pages were recorded, with nothing said about them', async () => {
    const { unread_sources: _, ...stored } = reefReport;
    expect(stored).not.toHaveProperty('unread_sources');
    api.respond = answerDetail(detail(reefInput, stored));
    await renderPage(HISTORY_ID);
    expect(await screen.findByRole('region', { name: 'Similarity' })).toBeTruthy();
    expect(screen.queryByText(/could not be read/)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Web pages not read' })).toBeNull();
  });

  it('says so clearly when no passage was found', async () => {
    api.respond = answerDetail(
      detail(
        { text: ORIGINAL_TEXT, sources: { documents: [{ name: 'gardening.txt', text: 'Soil.' }], my_documents: true } },
        originalReport,
        'Tomatoes',
      ),
    );
    await renderPage(HISTORY_ID);
    const similarity = await screen.findByRole('region', { name: 'Similarity' });
    expect(within(similarity).getByText('0%')).toBeTruthy();
    expect(within(similarity).getByText('No copied passages found in 5 sources')).toBeTruthy();
    const passages = screen.getByRole('region', { name: 'Matched passages' });
    expect(within(passages).queryByRole('list')).toBeNull();
    expect(within(passages).getByText(/No passage of the text was found/)).toBeTruthy();
    expect(screen.getByRole('document', { name: 'Checked text' }).querySelectorAll('mark')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
    // The PDF report says the same, so it is offered with no passages too.
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
  });

  it('warns when the text hid characters or letters from the checker', async () => {
    api.respond = answerDetail(
      detail(
        { text: ORIGINAL_TEXT, sources: { documents: [{ name: 'gardening.txt', text: 'Soil.' }], my_documents: true } },
        { ...originalReport, obfuscation: { hidden_characters: 0, look_alike_letters: 12 } },
        'Tomatoes',
      ),
    );
    await renderPage(HISTORY_ID);
    const similarity = await screen.findByRole('region', { name: 'Similarity' });
    expect(within(similarity).getByText('Disguised text')).toBeTruthy();
    expect(
      within(similarity).getByText(/^This text holds 12 letters from other alphabets that look like Latin ones\./),
    ).toBeTruthy();
  });

  it('copies a summary, downloads the PDF report and the matches as CSV, and goes back to edit', async () => {
    const answer = answerDetail(detail(reefInput, reefReport));
    api.respond = (method, path) =>
      method === 'GET' && path === `v1/tools/plagiarism/reports/${HISTORY_ID}.pdf`
        ? new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } })
        : answer(method, path);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const blobs: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      value: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:matches';
      },
      configurable: true,
    });
    Object.defineProperty(URL, 'revokeObjectURL', { value: () => undefined, configurable: true });
    const downloads: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.href, download: this.download });
    });
    await renderPage(HISTORY_ID);

    await userEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    const copied = String(writeText.mock.calls[0]?.[0]);
    expect(copied.startsWith('Copyright Detector — Reef essay\n58% of the text matches 2 sources.\n')).toBe(true);
    expect(copied).toContain(`1. Reef basics — Ocean Facts (Web page, ${PAGE_URL}) — 32%`);
    expect(copied.endsWith(`\n\n${REEF_TEXT}`)).toBe(true);
    expect(toasts.shown).toEqual(['Summary and text copied']);

    // Fetched through the API client (which renews a lapsed session), named as the server names it.
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(downloads).toEqual([{ href: 'blob:matches', download: 'reef-essay-plagiarism.pdf' }]));
    expect(await blobs[0]?.text()).toBe('%PDF-1.7');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(downloads[1]).toEqual({ href: 'blob:matches', download: 'reef-essay-matches.csv' });
    expect(blobs[1]?.type).toBe('text/csv;charset=utf-8');
    const csv = await blobs[1]?.text();
    const lines = csv?.split('\r\n');
    expect(lines?.[0]).toBe(
      'Source,Kind,URL,Start,End,Passage in the text,Passage in the source,Earlier run,Exclusions switched off',
    );
    expect(lines?.[1]?.startsWith(`Reef basics — Ocean Facts,Web page,${PAGE_URL},${pageMatch.start},`)).toBe(true);
    expect(lines).toHaveLength(4);

    await userEvent.click(screen.getByRole('button', { name: 'Edit and re-check' }));
    expect((screen.getByLabelText('Text to check') as HTMLTextAreaElement).value).toBe(REEF_TEXT);
    expect(within(screen.getByRole('list', { name: 'Source files' })).getByText('reef-notes.docx')).toBeTruthy();
    const urls = within(screen.getByRole('list', { name: 'Source web addresses' })).getAllByRole('listitem');
    expect(urls.map((url) => url.textContent)).toEqual([PAGE_URL, 'https://example.org/vents']);
    expect(await screen.findByRole('checkbox', { name: 'My earlier documents (3)' })).toHaveProperty('checked', true);
    expect(submitButton()).toHaveProperty('disabled', false);
  });
});
