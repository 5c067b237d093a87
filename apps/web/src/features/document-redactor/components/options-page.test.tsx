import type { JobSnapshot } from '@candor/contracts/tools';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';
import type { SeenRequest } from '../lib/test-api';
import {
  CARD,
  EMAIL,
  IBAN,
  LETTER_TEXT,
  letterAnalysis,
  monospaceLines,
  NAME,
  PAGE_ONE,
  PAGE_TWO,
} from '../lib/test-fixtures';
import { fakeScrolling } from '../lib/test-scrolling';
import { redactorStore } from '../store';

const HISTORY_ID = '00000000-0000-4000-8000-000000000021';
const FILE_BYTES = '%PDF-1.7 letter';

const server = vi.hoisted(() => ({
  seen: [] as SeenRequest[],
  respond: null as null | ((request: SeenRequest) => Response | undefined),
}));

vi.mock('@/lib/api-client', async (importOriginal) => {
  const { withFakeApi } = await import('@/test/fake-api');
  const { redactorServer } = await import('../lib/test-api');
  return withFakeApi(
    await importOriginal(),
    redactorServer(server.seen, () => server.respond),
  );
});

const toasts = vi.hoisted(() => ({ shown: [] as string[] }));
vi.mock('@/lib/toast', () => {
  const record = (message: string) => toasts.shown.push(message);
  return { toast: { message: record, success: record, error: record, info: record, warning: record } };
});

const { OptionsPage } = await import('./options-page');

const snapshot = (overrides: Partial<JobSnapshot> = {}): JobSnapshot => ({
  job_id: 'job-redact',
  tool: 'document-redaction',
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

async function renderOptions() {
  const file = new File([FILE_BYTES], 'letter.pdf', { type: 'application/pdf' });
  const document = { file, analysis: letterAnalysis };
  redactorStore.setDocument(document);
  const onDone = vi.fn();
  const view = await renderWithRouter(() => (
    <OptionsPage document={document} onDone={onDone} onChooseAnother={vi.fn()} />
  ));
  await screen.findByLabelText('Start from a policy');
  return { ...view, onDone };
}

/** The count in the action bar ("3 redactions"), without the price after it. */
const redactionsShown = () => screen.getByText(/^\d+ redactions?$/).firstChild?.textContent;
const findingBox = (name: RegExp) =>
  within(screen.getByRole('list', { name: 'Findings' })).getByRole('checkbox', { name });
const redactButton = () => screen.getByRole('button', { name: 'Redact document' });

/** Selects `value` in the text view as a mouse would, and lets the screen hear of it. */
function selectInText(value: string) {
  const view = screen.getByRole('document', { name: 'Text of letter.pdf' });
  const walker = document.createTreeWalker(view, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent?.indexOf(value) ?? -1;
    if (at === -1) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + value.length);
    const selection = document.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    act(() => {
      document.dispatchEvent(new Event('selectionchange'));
    });
    return;
  }
  throw new Error(`${value} is not in one text node`);
}

/** The server's previews of the letter's second page, which its analysis left out. */
const pageTwoPreview = () =>
  jsonResponse(200, {
    pages: [{ number: 2, preview: 'data:image/webp;base64,PAGE2', lines: monospaceLines(PAGE_TWO, PAGE_ONE.length) }],
  });
const isPreviewsCall = (request: SeenRequest) =>
  request.method === 'POST' && request.path === 'v1/tools/document-redaction/previews';
const pageItem = (page: number) => {
  const item = screen.getByRole('list', { name: 'Pages of letter.pdf' }).children[page - 1];
  if (!(item instanceof HTMLElement)) throw new Error(`no page ${page}`);
  return item;
};

let scrolling: ReturnType<typeof fakeScrolling>;
beforeEach(() => {
  scrolling = fakeScrolling();
  server.seen.length = 0;
  server.respond = null;
  toasts.shown.length = 0;
  sessionStorage.clear();
  redactorStore.clear();
});

describe('OptionsPage', () => {
  it('starts from the All policy, lists what was found by group, and prices the run', async () => {
    await renderOptions();
    expect((screen.getByLabelText('Start from a policy') as HTMLSelectElement).value).toBe('ALL');
    // The IBAN scores 0.4, under the All policy's 0.5: found, but kept until chosen.
    await waitFor(() =>
      expect(screen.getByText(/^\d+ redactions?$/).textContent).toBe('3 redactions · costs 12 tokens'),
    );
    const found = screen.getByRole('region', { name: 'Personal data found' });
    expect(
      within(found)
        .getAllByRole('group')
        .map((group) => group.querySelector('legend')?.textContent),
    ).toEqual(['Personal1/1', 'Contact1/1', 'Financial1/2']);
    expect(within(found).getByRole('checkbox', { name: 'Redact all financial data' })).toHaveProperty(
      'indeterminate',
      true,
    );
    const findings = within(screen.getByRole('list', { name: 'Findings' })).getAllByRole('listitem');
    expect(findings.map((row) => row.textContent)).toEqual([
      expect.stringContaining(`Person name${NAME.text}62%p. 1`),
      expect.stringContaining(`Email address${EMAIL.text}99%p. 1`),
      expect.stringContaining(`Credit card number${CARD.text}97%p. 2`),
      expect.stringContaining(`IBAN${IBAN.text}40%p. 2`),
    ]);
    // Page 1 has a preview with a box per finding on it; page 2's is loaded once the user scrolls near it.
    const boxes = screen.getAllByRole('button', { pressed: true });
    expect(boxes.map((box) => box.getAttribute('aria-label'))).toEqual([
      `Person name “${NAME.text}”: redacted`,
      `Email address “${EMAIL.text}”: redacted`,
    ]);
    expect(within(pageItem(2)).getByRole('status', { name: 'Loading page 2' })).toBeTruthy();
    expect(server.seen.filter(isPreviewsCall)).toEqual([]);
    // Nothing of the user's own yet, and the hint does not point at a list that is not there.
    const mine = screen.getByRole('region', { name: 'Your redactions' });
    expect(within(mine).queryByRole('list')).toBeNull();
    expect(
      within(mine).getByText('Nothing added yet. Text you select in the document, or find above, is listed here.'),
    ).toBeTruthy();
  });

  it('applies a policy’s thresholds, toggles findings and kinds, and undoes each change', async () => {
    await renderOptions();
    await userEvent.selectOptions(screen.getByLabelText('Start from a policy'), 'GDPR');
    // GDPR: the e-mail and the IBAN (≥ 0.3); the name (0.62) is under its 0.7; cards are not in it.
    expect(redactionsShown()).toBe('2 redactions');
    expect(findingBox(/^Person name/)).toHaveProperty('checked', false);
    expect(findingBox(/^IBAN/)).toHaveProperty('checked', true);
    // The page counts only what will go: the name's box stays drawn, as kept.
    const pageOneHeading = () => pageItem(1).firstElementChild?.textContent;
    expect(pageOneHeading()).toBe('Page 1 · 1 redacted · 1 kept');

    await userEvent.click(findingBox(/^Person name/));
    expect(redactionsShown()).toBe('3 redactions');
    expect(pageOneHeading()).toBe('Page 1 · 2 redacted');
    expect(screen.getByText('Adjusted by hand from GDPR.')).toBeTruthy();

    const found = screen.getByRole('region', { name: 'Personal data found' });
    await userEvent.click(within(found).getByRole('checkbox', { name: /^Credit card number/ }));
    expect(redactionsShown()).toBe('4 redactions');

    const undo = screen.getByRole('button', { name: /^Undo: Redacted 1 finding of Credit card number/ });
    await userEvent.click(undo);
    expect(redactionsShown()).toBe('3 redactions');
    await userEvent.click(screen.getByRole('button', { name: 'Undo: Redacted one person name' }));
    expect(redactionsShown()).toBe('2 redactions');
    await userEvent.click(screen.getByRole('button', { name: 'Undo: Chose GDPR' }));
    expect(redactionsShown()).toBe('3 redactions');
    expect((screen.getByLabelText('Start from a policy') as HTMLSelectElement).value).toBe('ALL');
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveProperty('disabled', true);
  });

  it('names each redaction style by its label, with its example shown but not read out', async () => {
    await renderOptions();
    const box = screen.getByRole('radio', {
      name: 'Black box',
      description: 'The text is removed and covered; nothing says what it was.',
    });
    expect(box).toHaveProperty('checked', true);
    const example = box.closest('label')?.querySelector('[aria-hidden="true"]');
    expect(example?.textContent).toContain('█');
    expect(screen.getByRole('radio', { name: 'Type label' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Pseudonym' })).toBeTruthy();
  });

  it('says before the run what else the redacted file leaves out', async () => {
    await renderOptions();
    expect(screen.getByRole('region', { name: 'Also left out' }).textContent).toMatch(
      /PDF is flattened.*metadata, annotations, form fields, attachments and scripts are left out/,
    );
  });

  it('will not redact nothing, and says why', async () => {
    await renderOptions();
    await userEvent.selectOptions(screen.getByLabelText('Start from a policy'), 'PCI_DSS');
    await userEvent.click(findingBox(/^Credit card number/));
    expect(redactionsShown()).toBe('0 redactions');
    expect(redactButton()).toHaveProperty('disabled', true);
    const reason = screen.getByText('Choose at least one finding, or select text, to redact.');
    expect(redactButton().getAttribute('aria-describedby')).toBe(reason.id);
  });

  it('redacts text the user selects, and text found by name, at the right offsets', async () => {
    await renderOptions();
    await userEvent.click(screen.getByRole('tab', { name: 'Text' }));
    const redactSelected = screen.getByRole('button', { name: 'Redact selected text' });
    expect(redactSelected).toHaveProperty('disabled', true);

    selectInText('your order');
    expect(screen.getByText('“your order”')).toBeTruthy();
    await userEvent.click(redactSelected);
    const mine = screen.getByRole('list', { name: 'Your redactions' });
    expect(within(mine).getByText('“your order”')).toBeTruthy();
    expect(redactionsShown()).toBe('4 redactions');

    await userEvent.type(screen.getByLabelText('Find and redact'), 'CHARGED{Enter}');
    expect(screen.getByText('Redacting 1 match of “CHARGED”.')).toBeTruthy();
    expect(
      within(mine)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['“your order”', '“charged”']);

    // The selection as the server will get it: its offsets into the analysed text.
    const marks = [...screen.getByRole('document', { name: 'Text of letter.pdf' }).querySelectorAll('mark')];
    expect(marks.filter((mark) => mark.title.startsWith('Your selection')).map((mark) => mark.textContent)).toEqual([
      'your order',
      'charged',
    ]);

    await userEvent.click(within(mine).getByRole('button', { name: 'Stop redacting “charged”' }));
    expect(within(mine).getAllByRole('listitem')).toHaveLength(1);
  });

  it('boxes the user’s own selections on the page previews as they are added and removed', async () => {
    await renderOptions();
    const selectionBox = () => screen.queryByTitle('Your selection “your order”: redacted');
    const pageOne = () => screen.getByRole('list', { name: 'Pages of letter.pdf' }).firstElementChild;
    expect(pageOne()?.textContent).toBe('Page 1 · 2 redacted');

    await userEvent.click(screen.getByRole('tab', { name: 'Text' }));
    selectInText('your order');
    await userEvent.click(screen.getByRole('button', { name: 'Redact selected text' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Pages' }));
    // Where the fixture's layout has "your order" (the second line, a character 1% of the page wide from 10%).
    const box = selectionBox();
    if (!(box instanceof HTMLElement)) throw new Error('the selection has no box on the page');
    const column = 'Please write to maria.garcia@example.com about '.length;
    expect(Number.parseFloat(box.style.left)).toBeCloseTo(10 + column);
    expect(Number.parseFloat(box.style.top)).toBeCloseTo(14);
    expect(Number.parseFloat(box.style.width)).toBeCloseTo('your order'.length);
    expect(box.className).toContain('bg-zinc-700/60');
    expect(pageOne()?.textContent).toContain('Page 1 · 3 redacted');

    const mine = screen.getByRole('list', { name: 'Your redactions' });
    await userEvent.click(within(mine).getByRole('button', { name: 'Stop redacting “your order”' }));
    expect(selectionBox()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Undo: Removed a selection' }));
    expect(selectionBox()).toBeTruthy();
  });

  it('loads a later page as the user scrolls near it, and boxes its findings and selections as on the first', async () => {
    server.respond = (request) => (isPreviewsCall(request) ? pageTwoPreview() : undefined);
    await renderOptions();
    scrolling.scrollNear(pageItem(2));
    const picture = await within(pageItem(2)).findByRole('img', { name: 'Page 2 of letter.pdf' });
    expect(picture.getAttribute('src')).toBe('data:image/webp;base64,PAGE2');
    expect(server.seen.filter(isPreviewsCall).map((request) => request.query)).toEqual([{ first: '2', last: '2' }]);
    // The card's box came with the analysis; it shows with the picture and toggles the finding like any other.
    const card = within(pageItem(2)).getByRole('button', { name: `Credit card number “${CARD.text}”: redacted` });
    await userEvent.click(card);
    expect(findingBox(/^Credit card number/)).toHaveProperty('checked', false);

    // A selection on the page is boxed from the lines that came with its picture.
    await userEvent.click(screen.getByRole('tab', { name: 'Text' }));
    selectInText('charged');
    await userEvent.click(screen.getByRole('button', { name: 'Redact selected text' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Pages' }));
    const box = screen.getByTitle('Your selection “charged”: redacted');
    expect(pageItem(2).contains(box)).toBe(true);
    expect(Number.parseFloat(box.style.left)).toBeCloseTo(10 + 'Card 4111 1111 1111 1111 was '.length);
    expect(Number.parseFloat(box.style.top)).toBeCloseTo(10);
    expect(Number.parseFloat(box.style.width)).toBeCloseTo('charged'.length);
  });

  it('shows a finding on a page not loaded yet by loading the page first, then moving focus to its box', async () => {
    server.respond = (request) => (isPreviewsCall(request) ? pageTwoPreview() : undefined);
    await renderOptions();
    await userEvent.click(screen.getByRole('button', { name: `Show “${CARD.text}” in the document` }));
    const card = await within(pageItem(2)).findByRole('button', {
      name: `Credit card number “${CARD.text}”: redacted`,
    });
    await waitFor(() => expect(document.activeElement).toBe(card));
    expect(screen.getByRole('tab', { name: 'Pages' }).getAttribute('aria-selected')).toBe('true');
    expect(server.seen.filter(isPreviewsCall)).toHaveLength(1);
  });

  it('shows a finding in the text instead when its page cannot be loaded', async () => {
    server.respond = (request) =>
      isPreviewsCall(request)
        ? jsonResponse(422, { error: { code: 'unreadable_file', message: 'This file could not be read.' } })
        : undefined;
    await renderOptions();
    scrolling.scrollNear(pageItem(2));
    expect(await within(pageItem(2)).findByText('Page 2 could not be loaded')).toBeTruthy();
    expect(within(pageItem(2)).getByText('This file could not be read.')).toBeTruthy();
    expect(within(pageItem(2)).getByText('Its text and findings are in the Text view.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: `Show “${CARD.text}” in the document` }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe(CARD.text));
    expect(screen.getByRole('tab', { name: 'Text' }).getAttribute('aria-selected')).toBe('true');
  });

  it('sends the file, the text and the chosen redactions, then shows the stored result', async () => {
    let polls = 0;
    server.respond = ({ method, path }) => {
      if (method === 'POST' && path === 'v1/tools/document-redaction/jobs') return jsonResponse(202, snapshot());
      if (method === 'GET' && path === 'v1/jobs/job-redact') {
        polls += 1;
        return jsonResponse(
          200,
          polls === 1
            ? snapshot({ status: 'running', progress: { percent: 60, stage: 'Verifying the redacted file' } })
            : snapshot({ status: 'succeeded', progress: { percent: 100, stage: 'Done' }, history_id: HISTORY_ID }),
        );
      }
      return undefined;
    };
    const { onDone } = await renderOptions();
    await userEvent.click(screen.getByRole('radio', { name: /^Type label/ }));
    await userEvent.click(screen.getByRole('tab', { name: 'Text' }));
    selectInText('your order');
    await userEvent.click(screen.getByRole('button', { name: 'Redact selected text' }));
    await userEvent.click(redactButton());

    expect(await screen.findByText('Verifying the redacted file…')).toBeTruthy();
    const start = server.seen.find((r) => r.method === 'POST' && r.path === 'v1/tools/document-redaction/jobs');
    const order = LETTER_TEXT.indexOf('your order');
    expect(start?.body).toEqual({
      file_name: 'letter.pdf',
      file: btoa(FILE_BYTES),
      text: LETTER_TEXT,
      style: 'label',
      policy: 'ALL',
      redactions: [
        { start: NAME.start, end: NAME.end, type: 'PERSON_NAME' },
        { start: EMAIL.start, end: EMAIL.end, type: 'EMAIL_ADDRESS' },
        { start: order, end: order + 'your order'.length, type: 'MANUAL' },
        { start: CARD.start, end: CARD.end, type: 'CREDIT_CARD_NUMBER' },
      ],
    });

    await waitFor(() => expect(onDone).toHaveBeenCalledWith(HISTORY_ID), { timeout: 3000 });
    expect(redactorStore.result()?.historyId).toBe(HISTORY_ID);
    expect(redactorStore.originalOf(HISTORY_ID)?.analysis).toBe(letterAnalysis);
  });

  it('keeps the choices when the run fails, and says so in an alert that takes focus', async () => {
    server.respond = ({ method, path }) => {
      if (method === 'POST' && path === 'v1/tools/document-redaction/jobs') return jsonResponse(202, snapshot());
      if (method === 'GET' && path === 'v1/jobs/job-redact') {
        return jsonResponse(
          200,
          snapshot({
            status: 'failed',
            error: { code: 'verification_failed', message: 'A redacted value could still be read from the file.' },
          }),
        );
      }
      return undefined;
    };
    await renderOptions();
    await userEvent.click(findingBox(/^IBAN/));
    await userEvent.click(redactButton());
    expect(
      await screen.findByText(
        'A redacted value could still be read from the file. No tokens were charged.',
        undefined,
        {
          timeout: 3000,
        },
      ),
    ).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('The redaction failed')).toBeTruthy();
    expect(document.activeElement).toBe(alert);
    expect(redactionsShown()).toBe('4 redactions');
  });
});
