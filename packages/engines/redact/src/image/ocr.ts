import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, type Page } from 'tesseract.js';
import type { LayoutBuilder } from '../layout.js';

/**
 * Offline OCR with tesseract.js: the English LSTM model from @tesseract.js-data/eng (read from node_modules, never
 * fetched) and the wasm core from tesseract.js-core. `cacheMethod: 'none'` keeps tesseract.js from writing the
 * model to a disk cache; it lives only in the worker's in-memory file system. One worker thread per call,
 * terminated at the end, so nothing outlives the request.
 */

const langPath = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

/** Tesseract reads small type badly; images narrower than this are enlarged before recognition. */
const MIN_OCR_WIDTH = 1600;
const MAX_UPSCALE = 3;

export interface OcrImage {
  /** PNG bytes of the upright image. */
  png: Uint8Array;
  width: number;
}

/** How much an image of this width is enlarged for OCR. */
export function ocrScale(width: number): number {
  return Math.min(MAX_UPSCALE, Math.max(1, Math.ceil(MIN_OCR_WIDTH / Math.max(1, width))));
}

/** Recognises each image in turn with one worker; the results are in the images' own pixels. */
export async function recognise(images: Uint8Array[]): Promise<Page[]> {
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath,
    cacheMethod: 'none',
    gzip: true,
    logger: () => {},
    errorHandler: () => {},
  });
  try {
    const pages: Page[] = [];
    for (const image of images) {
      const { data } = await worker.recognize(Buffer.from(image), {}, { text: true, blocks: true });
      pages.push(data);
    }
    return pages;
  } finally {
    await worker.terminate();
  }
}

/**
 * Adds an OCR result to a layout: words separated by spaces, lines by '\n', paragraphs by a blank line; each
 * character gets its symbol's box (or its share of the word's box), as tall as its line. `scale` converts OCR pixels
 * to page units.
 */
export function addOcrPage(builder: LayoutBuilder, page: Page, scale: number): void {
  builder.recognised = true;
  let firstParagraph = true;
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      const lines = paragraph.lines.filter((line) => line.words.some((word) => word.text.trim() !== ''));
      if (lines.length === 0) continue;
      if (!firstParagraph) builder.append('\n\n');
      firstParagraph = false;
      lines.forEach((line, lineIndex) => {
        if (lineIndex > 0) builder.append('\n');
        builder.newLine();
        const top = line.bbox.y0 / scale;
        const bottom = line.bbox.y1 / scale;
        const size = Math.max(1, bottom - top);
        const words = line.words.filter((word) => word.text.trim() !== '');
        words.forEach((word, wordIndex) => {
          if (wordIndex > 0) builder.append(' ');
          const characters = Array.from(word.text.trim());
          const symbols = word.symbols.length === characters.length ? word.symbols : null;
          const x0 = word.bbox.x0 / scale;
          const share = (word.bbox.x1 - word.bbox.x0) / scale / Math.max(1, characters.length);
          characters.forEach((character, index) => {
            const symbol = symbols?.[index];
            const left = symbol ? symbol.bbox.x0 / scale : x0 + share * index;
            const right = symbol ? symbol.bbox.x1 / scale : x0 + share * (index + 1);
            builder.addGlyph(character, {
              x0: left,
              y0: top,
              x1: right,
              y1: bottom,
              ox: left,
              oy: bottom - size * 0.2,
              dx: 1,
              dy: 0,
              size,
              advance: right - left,
            });
          });
        });
      });
    }
  }
}
