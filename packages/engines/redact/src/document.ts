import { assertWithinSize, count, tooLarge, unreadable } from './document-error.js';
import { locateDocx, readDocx, redactDocx } from './docx/docx-document.js';
import { verifyDocx } from './docx/docx-verify.js';
import { locateImage, previewImage, readImage, redactImage, verifyImage } from './image/image-document.js';
import { documentText, rectsFor } from './layout.js';
import { DEFAULT_DPI, previewPdf, readPdf, redactPdf } from './pdf/pdf-document.js';
import { verifyPdf } from './pdf/pdf-verify.js';
import { normaliseRanges, redactedStrings, withEveryOccurrence } from './ranges.js';
import { decodePlainText, redactPlainText, verifyPlainText } from './text/plain-text.js';
import type {
  DocumentKind,
  DocumentLimits,
  DocumentText,
  PagePreview,
  PreviewOptions,
  Rect,
  RedactedDocument,
  RedactionOptions,
  RedactionRange,
  RedactionStyle,
  TextRange,
  Verification,
} from './types.js';

/**
 * The engine's entry points, one switch on the kind each. Reading and redacting derive the text the same way from
 * the same bytes, so the offsets the caller found its findings at are the offsets redacted.
 */

/** Reads the text the findings are looked for in; throws DocumentError for files that are too large or unreadable. */
export async function readDocument(
  bytes: Uint8Array,
  kind: DocumentKind,
  limits: DocumentLimits,
): Promise<DocumentText> {
  assertWithinSize(bytes, limits.maxBytes);
  const text = await readByKind(bytes, kind, limits);
  if (text.text.length > limits.maxCharacters) {
    throw tooLarge(
      `This file has ${count(text.text.length)} characters of text; the limit is ${count(limits.maxCharacters)}.`,
    );
  }
  if (text.text.trim() === '') {
    throw unreadable(
      kind === 'image'
        ? 'No text was found in this image, so there is nothing to redact.'
        : 'This file has no text to redact.',
    );
  }
  return text;
}

async function readByKind(bytes: Uint8Array, kind: DocumentKind, limits: DocumentLimits): Promise<DocumentText> {
  switch (kind) {
    case 'pdf':
      return documentText('pdf', await readPdf(bytes, limits.maxPages));
    case 'docx':
      return readDocx(bytes, limits.maxBytes);
    case 'text': {
      const text = decodePlainText(bytes);
      return { kind, text, pages: [{ number: 1, width: 612, height: 792, start: 0, end: text.length }] };
    }
    case 'image':
      return documentText('image', await readImage(bytes));
  }
}

/**
 * The boxes of each range, as fractions of the page, for highlighting findings on the previews: one box per line a
 * range touches, the same boxes the redaction paints. Empty for .docx and text files, which have no pages to draw.
 */
export async function locateRanges(bytes: Uint8Array, kind: DocumentKind, ranges: TextRange[]): Promise<Rect[][]> {
  switch (kind) {
    case 'pdf':
      return rectsFor(await readPdf(bytes, Number.POSITIVE_INFINITY), ranges);
    case 'image':
      return locateImage(bytes, ranges);
    case 'docx':
      return locateDocx(ranges);
    case 'text':
      return ranges.map(() => []);
  }
}

/** The pages as images (`PREVIEW_MEDIA_TYPE`) no wider than `maxWidth` (PDF and image; [] otherwise), unredacted, to highlight findings on. */
export async function renderPagePreviews(
  bytes: Uint8Array,
  kind: DocumentKind,
  options: PreviewOptions,
): Promise<PagePreview[]> {
  switch (kind) {
    case 'pdf':
      return previewPdf(bytes, options);
    case 'image':
      // An image is one page.
      return (options.firstPage ?? 1) <= 1 && options.maxPages >= 1
        ? [await previewImage(bytes, options.maxWidth)]
        : [];
    default:
      return [];
  }
}

/**
 * The ranges `redactDocument` actually redacts in `text`: sorted, overlaps merged, every other whole-word occurrence
 * of each string added with that string's replacement, replacements emptied for the 'box' style. For showing the
 * user exactly what the redacted file leaves out.
 */
export function finalRanges(text: string, ranges: RedactionRange[], style: RedactionStyle): RedactionRange[] {
  const styled = ranges.map((range) => ({ ...range, replacement: style === 'box' ? '' : range.replacement }));
  return withEveryOccurrence(text, normaliseRanges(styled, text.length));
}

export interface RedactDocumentOptions extends RedactionOptions {
  /** Resolution PDF pages are flattened at (default 150). */
  dpi?: number;
}

/**
 * Writes the redacted file in its own format and verifies it. Besides the given ranges, every other occurrence of
 * the strings they cover is redacted too (whole words, any case), so a name caught once cannot survive elsewhere.
 * For the 'box' style the replacements are ignored: PDFs and images get black boxes, .docx and text get █ bars.
 */
export async function redactDocument(
  bytes: Uint8Array,
  kind: DocumentKind,
  ranges: RedactionRange[],
  options: RedactDocumentOptions,
): Promise<RedactedDocument> {
  let strings: string[] = [];
  // Called by the kind's writer with the text it derived, so ranges and strings come from the same text.
  const prepare = (text: string) => {
    const final = finalRanges(text, ranges, options.style);
    strings = redactedStrings(text, final);
    return final;
  };
  let output: { bytes: Uint8Array; mediaType: string; extension: string };
  switch (kind) {
    case 'pdf':
      output = {
        bytes: await redactPdf(bytes, prepare, options.style, options.dpi ?? DEFAULT_DPI),
        mediaType: 'application/pdf',
        extension: 'pdf',
      };
      break;
    case 'docx':
      output = {
        bytes: await redactDocx(bytes, prepare),
        mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        extension: 'docx',
      };
      break;
    case 'text':
      output = { bytes: redactPlainText(bytes, prepare), mediaType: 'text/plain; charset=utf-8', extension: 'txt' };
      break;
    case 'image':
      output = await redactImage(bytes, prepare, options.style);
      break;
  }
  return { ...output, verification: await verifyRedaction(output.bytes, kind, strings) };
}

/** Checks a written file for the redacted strings in every place the format can hold them; see each kind's checks. */
export async function verifyRedaction(
  output: Uint8Array,
  kind: DocumentKind,
  redactedStrings: string[],
): Promise<Verification> {
  switch (kind) {
    case 'pdf':
      return verifyPdf(output, redactedStrings);
    case 'docx':
      return verifyDocx(output, redactedStrings);
    case 'text':
      return verifyPlainText(output, redactedStrings);
    case 'image':
      return verifyImage(output, redactedStrings);
  }
}
