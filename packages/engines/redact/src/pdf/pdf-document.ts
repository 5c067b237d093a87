import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { unreadable } from '../document-error.js';
import { boxesFor, keptTextRuns, type TextLayout } from '../layout.js';
import { cachedLayout } from '../layout-cache.js';
import { type PaintedBox, paintBoxes } from '../paint.js';
import { pagePreview } from '../preview.js';
import type { PagePreview, PreviewOptions, RedactionRange, RedactionStyle } from '../types.js';
import { pageImage } from './page-image.js';
import { readPdfLayout } from './pdf-layout.js';
import { withPdf } from './pdf-open.js';
import { capScale, renderPage, scaleForDpi } from './pdf-render.js';
import { type FlatPage, writeFlatPdf } from './pdf-write.js';

/** The resolution pages are flattened at: sharp enough to read and print, a few hundred kilobytes a page. */
export const DEFAULT_DPI = 150;

/** The layout of a PDF; cached by content, since a scanned PDF takes OCR to read. */
function layoutOf(bytes: Uint8Array, document: PDFDocumentProxy): Promise<TextLayout> {
  return cachedLayout(bytes, () => readPdfLayout(document));
}

export function readPdf(bytes: Uint8Array, maxPages: number): Promise<TextLayout> {
  return withPdf(bytes, maxPages, async (document) => {
    const layout = await layoutOf(bytes, document);
    if (layout.text.trim() === '') {
      throw unreadable(
        'No text was found in this PDF, not even by reading its scanned pages, so there is nothing to redact.',
      );
    }
    return layout;
  });
}

/** Each page as an image no wider than `maxWidth`, for showing the findings on. */
export function previewPdf(bytes: Uint8Array, options: PreviewOptions): Promise<PagePreview[]> {
  return withPdf(bytes, Number.POSITIVE_INFINITY, async (document) => {
    const previews: PagePreview[] = [];
    const first = Math.max(1, Math.floor(options.firstPage ?? 1));
    const last = Math.min(document.numPages, first + Math.max(0, Math.floor(options.maxPages)) - 1);
    for (let number = first; number <= last; number++) {
      const page = await document.getPage(number);
      const width = page.getViewport({ scale: 1 }).width;
      const canvas = await renderPage(page, capScale(page, options.maxWidth / width));
      previews.push(pagePreview(number, canvas));
      page.cleanup();
    }
    return previews;
  });
}

/**
 * Flattens every page: renders it, paints the boxes over the pixels, and writes a new PDF of those images with the
 * text that stays as an invisible layer.
 */
export function redactPdf(
  bytes: Uint8Array,
  prepare: (text: string) => RedactionRange[],
  style: RedactionStyle,
  dpi = DEFAULT_DPI,
): Promise<Uint8Array> {
  return withPdf(bytes, Number.POSITIVE_INFINITY, async (document) => {
    const layout = await layoutOf(bytes, document);
    const ranges = prepare(layout.text);
    const boxes: PaintedBox[] = ranges.flatMap((range) =>
      boxesFor(layout, range).map((box, index) => ({ ...box, label: index === 0 ? range.replacement : '' })),
    );
    const runs = keptTextRuns(layout, ranges);
    const pages: FlatPage[] = [];
    for (const pageLayout of layout.pages) {
      const page = await document.getPage(pageLayout.number);
      const scale = scaleForDpi(page, dpi);
      const canvas = await renderPage(page, scale);
      paintBoxes(
        canvas,
        boxes.filter((box) => box.page === pageLayout.number),
        style,
        scale,
      );
      pages.push({
        width: pageLayout.width,
        height: pageLayout.height,
        image: await pageImage(canvas),
        text: runs.filter((run) => run.page === pageLayout.number),
      });
      page.cleanup();
    }
    return writeFlatPdf(pages);
  });
}
