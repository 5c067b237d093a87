import {
  type DocumentAnalysis,
  type DocumentPreviews,
  documentPreviewsSchema,
  PREVIEW_BATCH_PAGES,
  type PreviewedPage,
} from '@candor/contracts/tools';
import { type QueryObserverResult, queryOptions, useQueries } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { api, getErrorMessage, parseJson } from '@/lib/api-client';
import type { RedactorDocument } from '../store';
import { DOCUMENT_REDACTION } from './document-analysis';

/** A run of pages, first to last, both included. */
export interface PageRange {
  first: number;
  last: number;
}

/** A File has nothing a query key can hold, so each File object gets a number of its own while it lives. */
const fileNumbers = new WeakMap<File, number>();
let filesNumbered = 0;
function fileNumber(file: File): number {
  let number = fileNumbers.get(file);
  if (number === undefined) {
    filesNumbered += 1;
    number = filesNumbered;
    fileNumbers.set(file, number);
  }
  return number;
}

export const pagePreviewKeys = {
  all: ['document-redactor', 'page-previews'] as const,
  batch: (file: File, range: PageRange) => [...pagePreviewKeys.all, fileNumber(file), range.first, range.last] as const,
};

/** Pictures and word layout of pages the analysis left out; the server keeps no upload, so the file goes again. */
export function fetchPagePreviews(file: File, range: PageRange, signal?: AbortSignal): Promise<DocumentPreviews> {
  const body = new FormData();
  body.append('file', file, file.name);
  return parseJson(
    api.detector.post(`v1/tools/${DOCUMENT_REDACTION}/previews`, {
      body,
      searchParams: { first: range.first, last: range.last },
      ...(signal ? { signal } : {}),
    }),
    documentPreviewsSchema,
  );
}

export const pagePreviewsQueryOptions = (file: File, range: PageRange) =>
  queryOptions({
    queryKey: pagePreviewKeys.batch(file, range),
    queryFn: ({ signal }) => fetchPagePreviews(file, range, signal),
    // A page's picture never changes; the result screen reuses what the options screen loaded.
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The pages a PDF's analysis sent no picture of, in runs of at most `PREVIEW_BATCH_PAGES`. Text documents have no
 * pictures to fetch; an image is one page, always previewed.
 */
export function previewBatches(analysis: Pick<DocumentAnalysis, 'kind' | 'pages'>): PageRange[] {
  if (analysis.kind !== 'pdf') return [];
  const batches: PageRange[] = [];
  for (const page of analysis.pages) {
    if (page.preview) continue;
    const current = batches.at(-1);
    if (current && current.last === page.number - 1 && page.number - current.first < PREVIEW_BATCH_PAGES) {
      current.last = page.number;
    } else {
      batches.push({ first: page.number, last: page.number });
    }
  }
  return batches;
}

/** Where a batch of lazily loaded pages stands; a batch not asked for yet counts as loading (it shows a skeleton). */
export interface PreviewBatch extends PageRange {
  status: 'loading' | 'loaded' | 'failed';
  /** Why it failed, in words for the user. */
  error: string | null;
  retry: () => void;
}

export interface LazyPagePreviews {
  /** The analysis' pages, each with its picture and lines once they are here. */
  pages: DocumentAnalysis['pages'];
  /** The batch a page is loaded in; undefined for a page the analysis previewed. */
  batchOf: (page: number) => PreviewBatch | undefined;
  /** Asks for the batch of `page`, when it has not been asked for yet. */
  load: (page: number) => void;
}

/**
 * Every page of the document with a picture: the analysis' own, and the others fetched a batch at a time once the
 * screen asks for them (as the user scrolls near them), so a long PDF costs calls only for the pages looked at.
 */
export function usePagePreviews({ file, analysis }: RedactorDocument): LazyPagePreviews {
  const batches = useMemo(() => previewBatches(analysis), [analysis]);
  const [wanted, setWanted] = useState<ReadonlySet<number>>(() => new Set());
  const combine = useCallback(
    (results: QueryObserverResult<DocumentPreviews>[]) => {
      const loaded = new Map<number, PreviewedPage>();
      for (const result of results) for (const page of result.data?.pages ?? []) loaded.set(page.number, page);
      const states = batches.map((range, index): PreviewBatch => {
        const result = results[index];
        return {
          ...range,
          status: result?.data ? 'loaded' : result?.isError ? 'failed' : 'loading',
          error: result?.isError ? getErrorMessage(result.error) : null,
          retry: () => void result?.refetch(),
        };
      });
      const pages = analysis.pages.map((page) => {
        const later = loaded.get(page.number);
        return later ? { ...page, preview: later.preview, lines: later.lines } : page;
      });
      return { pages, states };
    },
    [analysis, batches],
  );
  const { pages, states } = useQueries({
    queries: batches.map((range) => ({
      ...pagePreviewsQueryOptions(file, range),
      enabled: wanted.has(range.first),
    })),
    combine,
  });

  const batchIndexOf = useCallback(
    (page: number) => batches.findIndex((range) => page >= range.first && page <= range.last),
    [batches],
  );
  const batchOf = useCallback((page: number) => states[batchIndexOf(page)], [states, batchIndexOf]);
  const load = useCallback(
    (page: number) => {
      const first = batches[batchIndexOf(page)]?.first;
      if (first === undefined) return;
      setWanted((current) => (current.has(first) ? current : new Set(current).add(first)));
    },
    [batches, batchIndexOf],
  );
  return { pages, batchOf, load };
}
