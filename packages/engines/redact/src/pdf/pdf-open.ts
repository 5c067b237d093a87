import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { count, tooLarge, unreadable } from '../document-error.js';
import { pdfHeaderOffset } from '../document-kind.js';
import { checkPdfBounds, PDF_PAGE_BOUNDS, tooComplexMessage } from './pdf-bounds.js';

/**
 * Opening a PDF with pdf.js. In Node the legacy build runs its worker code in-process (its "fake worker"), which
 * suits the server's worker thread; it reads the standard fonts, CMaps, ICC profiles and image-decoder wasm that ship
 * in the pdfjs-dist package, nothing else.
 */

const packageDirectory = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const assetUrl = (folder: string) => `${path.join(packageDirectory, folder)}/`;

const ERRORS_ONLY = 0;

export type PdfOpening =
  | { ok: true; document: PDFDocumentProxy; close: () => Promise<void> }
  | { ok: false; reason: 'password' | 'corrupt' };

export async function openPdf(bytes: Uint8Array): Promise<PdfOpening> {
  const task = getDocument({
    // A copy: pdf.js transfers the buffer to its worker, which would detach the caller's bytes.
    data: new Uint8Array(bytes),
    standardFontDataUrl: assetUrl('standard_fonts'),
    cMapUrl: assetUrl('cmaps'),
    cMapPacked: true,
    iccUrl: assetUrl('iccs'),
    wasmUrl: assetUrl('wasm'),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    stopAtErrors: false,
    verbosity: ERRORS_ONLY,
    // Images past the page bounds are left out rather than decoded, for files pdf-bounds could not check.
    maxImageSize: PDF_PAGE_BOUNDS.maxImagePixelsPerPage,
  });
  try {
    const document = await task.promise;
    return { ok: true, document, close: () => task.destroy() };
  } catch (error) {
    await task.destroy();
    return { ok: false, reason: (error as Error).name === 'PasswordException' ? 'password' : 'corrupt' };
  }
}

/** A complete PDF ends with `%%EOF`; writers may append a little after it. */
const TRAILER_WINDOW = 1024;

export function damagedPdf(cause?: unknown) {
  return unreadable("This PDF is damaged or incomplete, so it can't be read.", cause);
}

/**
 * Opens an uploaded PDF or throws the DocumentError the user sees. pdf.js rebuilds a cut-off file from what it finds
 * and would redact part of it without a word, so a missing `%%EOF` is refused first.
 */
export async function loadPdf(bytes: Uint8Array, maxPages = Number.POSITIVE_INFINITY) {
  if (pdfHeaderOffset(bytes) < 0) throw unreadable("This file isn't a PDF, although its name ends in .pdf.");
  const tail = Buffer.from(bytes.subarray(-TRAILER_WINDOW)).toString('latin1');
  if (!tail.includes('%%EOF')) throw damagedPdf();
  const bounds = await checkPdfBounds(bytes);
  if (!bounds.ok) throw unreadable(tooComplexMessage(bounds));
  const opening = await openPdf(bytes);
  if (!opening.ok) {
    throw opening.reason === 'password'
      ? unreadable('This PDF is password-protected. Remove the password and upload it again.')
      : damagedPdf();
  }
  if (opening.document.numPages > maxPages) {
    const pages = opening.document.numPages;
    await opening.close();
    throw tooLarge(`This PDF has ${count(pages)} pages; the limit is ${count(maxPages)}.`);
  }
  return opening;
}

/** Runs `work` on an opened PDF and always closes it; pdf.js errors past opening mean a damaged file. */
export async function withPdf<T>(
  bytes: Uint8Array,
  maxPages: number,
  work: (document: PDFDocumentProxy) => Promise<T>,
): Promise<T> {
  const { document, close } = await loadPdf(bytes, maxPages);
  try {
    return await work(document);
  } catch (error) {
    if (error instanceof Error && error.name === 'DocumentError') throw error;
    throw damagedPdf(error);
  } finally {
    await close();
  }
}
