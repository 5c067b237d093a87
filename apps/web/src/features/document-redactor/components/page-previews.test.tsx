import type { DocumentAnalysis } from '@candor/contracts/tools';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fake-api';
import { previewBatches, usePagePreviews } from '../api/page-previews';
import type { SeenRequest } from '../lib/test-api';
import { fakeScrolling } from '../lib/test-scrolling';
import type { RedactorDocument } from '../store';
import { PagePreviews, type PreviewBox } from './page-previews';

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

const PREVIEWS_PATH = 'v1/tools/document-redaction/previews';
const picture = (from: string, page: number) => `data:image/webp;base64,${from}${page}`;

/** A 37-page PDF: the analysis previews the first 20 pages. */
const minutes: DocumentAnalysis = {
  file_name: 'minutes.pdf',
  kind: 'pdf',
  text: 'x'.repeat(3700),
  words: 37,
  pages: Array.from({ length: 37 }, (_, index) => ({
    number: index + 1,
    width: 612,
    height: 792,
    start: index * 100,
    end: index * 100 + 98,
    preview: index < 20 ? picture('ANALYSED', index + 1) : null,
    lines: [],
  })),
  findings: [],
};
const document: RedactorDocument = { file: new File(['%PDF-1.7 minutes'], 'minutes.pdf'), analysis: minutes };

/** The server's answer for pages `first` to `last`, drawn by the previews call. */
const batchOf = (first: number, last: number) =>
  jsonResponse(200, {
    pages: Array.from({ length: last - first + 1 }, (_, index) => ({
      number: first + index,
      preview: picture('LATER', first + index),
      lines: [],
    })),
  });

const previewCalls = () => server.seen.filter((request) => request.path === PREVIEWS_PATH);

function Pages({ boxes = [] }: { boxes?: PreviewBox[] }) {
  const previews = usePagePreviews(document);
  return (
    <PagePreviews
      previews={previews}
      boxes={boxes}
      fileName="minutes.pdf"
      textElsewhere="Its text is in the Text view."
    />
  );
}

function renderPages(
  boxes?: PreviewBox[],
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return render(
    <QueryClientProvider client={queryClient}>
      <Pages boxes={boxes ?? []} />
    </QueryClientProvider>,
  );
}

const pageItem = (page: number) => {
  const item = screen.getByRole('list', { name: 'Pages of minutes.pdf' }).children[page - 1];
  if (!item) throw new Error(`no page ${page}`);
  return item;
};

let scrolling: ReturnType<typeof fakeScrolling>;
beforeEach(() => {
  server.seen.length = 0;
  server.respond = null;
  scrolling = fakeScrolling();
});

describe('PagePreviews', () => {
  it('shows the analysed pages and a skeleton for each later page, loading nothing before the user scrolls', () => {
    renderPages();
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('src'))).toEqual(
      minutes.pages.slice(0, 20).map((page) => page.preview),
    );
    expect(screen.getAllByRole('status').map((status) => status.getAttribute('aria-label'))).toEqual(
      minutes.pages.slice(20).map((page) => `Loading page ${page.number}`),
    );
    expect(pageItem(21).getAttribute('aria-busy')).toBe('true');
    // Every page gets its picture now: nothing says the previews stop.
    expect(screen.queryByText(/^Previews show/)).toBeNull();
    expect(scrolling.watching(pageItem(20))).toBe(false);
    expect(scrolling.watching(pageItem(21))).toBe(true);
    expect(previewCalls()).toEqual([]);
  });

  it('loads the batch of a page the user scrolls near, once, with the file sent again', async () => {
    server.respond = ({ path, query }) =>
      path === PREVIEWS_PATH ? batchOf(Number(query.first), Math.min(37, Number(query.last))) : undefined;
    renderPages();
    scrolling.scrollNear(pageItem(23));
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(30));
    expect(
      within(pageItem(23) as HTMLElement)
        .getByRole('img')
        .getAttribute('src'),
    ).toBe(picture('LATER', 23));
    const [call] = previewCalls();
    if (!call) throw new Error('no previews call');
    expect(call.query).toEqual({ first: '21', last: '30' });
    // The server keeps no upload: the file goes again (as the upload step checks it: jsdom's File loses its bytes
    // on the way into the fake fetch).
    expect((call.body as FormData).get('file')).toBeTruthy();
    expect(pageItem(31).getAttribute('aria-busy')).toBe('true');

    // Pages already here are not asked for again; the next batch stops at the last page.
    scrolling.scrollNear(pageItem(30));
    scrolling.scrollNear(pageItem(31));
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(37));
    expect(previewCalls().map((request) => request.query)).toEqual([
      { first: '21', last: '30' },
      { first: '31', last: '37' },
    ]);
    expect(screen.queryAllByRole('status')).toEqual([]);
  });

  it('keeps what it loaded for the next screen showing the same file', async () => {
    server.respond = ({ path }) => (path === PREVIEWS_PATH ? batchOf(21, 30) : undefined);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = renderPages([], queryClient);
    scrolling.scrollNear(pageItem(21));
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(30));
    options.unmount();
    // The result screen: the pages are there at once, and nothing is asked for again.
    renderPages([], queryClient);
    expect(screen.getAllByRole('img')).toHaveLength(30);
    expect(previewCalls()).toHaveLength(1);
  });

  it('says why a batch failed and where the text is, once for a screen reader, and retries it', async () => {
    let refuse = true;
    server.respond = ({ path }) => {
      if (path !== PREVIEWS_PATH) return undefined;
      return refuse
        ? jsonResponse(429, {
            error: { code: 'rate_limited', message: 'Too many attempts. Please wait a moment and try again.' },
          })
        : batchOf(21, 30);
    };
    renderPages();
    scrolling.scrollNear(pageItem(25));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('Page 21'));
    const failed = within(pageItem(25) as HTMLElement);
    expect(failed.getByText('Page 25 could not be loaded')).toBeTruthy();
    expect(failed.getByText('Too many attempts. Please wait a moment and try again.')).toBeTruthy();
    expect(failed.getByText('Its text is in the Text view.')).toBeTruthy();
    expect(pageItem(25).getAttribute('aria-busy')).toBe('false');
    // Ten pages failed together: one announcement, a Retry beside each.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(10);

    refuse = false;
    const retry = failed.getByRole('button', { name: 'Retry' });
    expect(retry.getAttribute('aria-describedby')).toBe(failed.getByText(/^Too many attempts/).id);
    await userEvent.click(retry);
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(30));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(previewCalls()).toHaveLength(2);
  });

  it('draws the boxes of a later page once its picture is here', async () => {
    server.respond = ({ path }) => (path === PREVIEWS_PATH ? batchOf(21, 30) : undefined);
    const box: PreviewBox = {
      key: 'finding-22',
      page: 22,
      x: 0.1,
      y: 0.2,
      width: 0.3,
      height: 0.02,
      className: 'border-red-600',
      label: 'Email address “ann@example.com”: redacted',
    };
    renderPages([box]);
    expect(pageItem(22).textContent).toContain('Page 22 · 1 redacted');
    expect(screen.queryByTitle(box.label)).toBeNull();
    scrolling.scrollNear(pageItem(22));
    const drawn = await screen.findByTitle(box.label);
    expect(pageItem(22).contains(drawn)).toBe(true);
    expect([drawn.style.left, drawn.style.top, drawn.style.width]).toEqual(['10%', '20%', '30%']);
  });
});

describe('previewBatches', () => {
  it('groups the pages a PDF’s analysis left out in runs of at most ten', () => {
    expect(previewBatches(minutes)).toEqual([
      { first: 21, last: 30 },
      { first: 31, last: 37 },
    ]);
    expect(previewBatches({ ...minutes, pages: minutes.pages.slice(0, 20) })).toEqual([]);
    // A text document has no pictures to fetch.
    expect(previewBatches({ kind: 'docx', pages: minutes.pages.map((page) => ({ ...page, preview: null })) })).toEqual(
      [],
    );
  });
});
