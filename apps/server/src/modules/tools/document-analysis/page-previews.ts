import type { PreviewedPage } from '@candor/contracts/tools';
import {
  type DocumentText,
  locateRanges,
  PREVIEW_MEDIA_TYPE,
  type Rect,
  renderPagePreviews,
  type TextRange,
} from '@candor/engine-redact';
import { pageLines, wordsOnPages } from '../document-redaction/page-layout.js';

/** Previews are for looking at, not reading: wide enough for the options screen. */
const PREVIEW_WIDTH = 900;

/** A run of pages, first to last, both included. */
export interface PageRange {
  first: number;
  last: number;
}

/**
 * The pictures and word layout of the document's pages in `range` (those it has), and the boxes of `alsoLocate`:
 * the analysis boxes its findings in the same pass, since each `locateRanges` call reads the document again.
 */
export async function previewPages(
  bytes: Uint8Array,
  document: DocumentText,
  range: PageRange,
  alsoLocate: readonly TextRange[] = [],
): Promise<{ pages: PreviewedPage[]; located: Rect[][] }> {
  const { kind } = document;
  const previews = await renderPagePreviews(bytes, kind, {
    maxWidth: PREVIEW_WIDTH,
    firstPage: range.first,
    maxPages: range.last - range.first + 1,
  });
  const previewOf = new Map(
    previews.map((p) => [p.page, `data:${PREVIEW_MEDIA_TYPE};base64,${Buffer.from(p.image).toString('base64')}`]),
  );
  const words = wordsOnPages(document, new Set(previewOf.keys()));
  const rects = await locateRanges(bytes, kind, [...alsoLocate, ...words]);
  const lines = pageLines(words, rects.slice(alsoLocate.length));
  const pages = document.pages
    .filter((page) => page.number >= range.first && page.number <= range.last)
    .map((page) => ({
      number: page.number,
      preview: previewOf.get(page.number) ?? null,
      lines: lines.get(page.number) ?? [],
    }));
  return { pages, located: rects.slice(0, alsoLocate.length) };
}
