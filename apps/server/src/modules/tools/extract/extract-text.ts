import path from 'node:path';
import type { ExtractedText, ToolLimits } from '@candor/contracts/tools';
import { docxUnpackLimit, inspectDocx, isZip, tooComplexDocxMessage } from '@candor/engine-redact/docx-zip';
import { checkPdfBounds, tooComplexMessage } from '@candor/engine-redact/pdf-bounds';
import { openPdf } from '@candor/engine-redact/pdf-open';
import mammoth from 'mammoth';
import { hasImages, readPdfText } from './pdf-text.js';

/**
 * The text of an uploaded file (`POST v1/tools/{tool}/extract`). Pure and in memory — no temporary files — and the
 * outcome is a plain object, because it runs in a worker thread and crosses postMessage.
 *
 * The format comes from the extension and must match the content: a .pdf starts with `%PDF-`, a .docx is a zip
 * holding word/document.xml, a .txt or .md is UTF-8 (or UTF-16 with a byte-order mark) without NUL bytes.
 * Markdown is returned as written, syntax included: the editor shows the user their own file, and the engine reads
 * `#` or `*` as punctuation, which moves no score noticeably.
 */

export type ExtractionFormat = ExtractedText['format'];

export type ExtractionOutcome =
  | { ok: true; text: string; format: ExtractionFormat; pages: number | null }
  | { ok: false; status: 413; code: 'payload_too_large'; message: string }
  | { ok: false; status: 415; code: 'unsupported_media_type'; message: string }
  | { ok: false; status: 422; code: 'unreadable_file'; message: string };

export interface UploadedFile {
  bytes: Uint8Array;
  fileName: string;
}

const FORMATS_BY_EXTENSION: Record<string, ExtractionFormat> = {
  '.txt': 'txt',
  '.md': 'md',
  '.docx': 'docx',
  '.pdf': 'pdf',
};

export async function extractText(file: UploadedFile, limits: ToolLimits): Promise<ExtractionOutcome> {
  const extension = path.extname(file.fileName).toLowerCase();
  const format = FORMATS_BY_EXTENSION[extension];
  if (!format) {
    return {
      ok: false,
      status: 415,
      code: 'unsupported_media_type',
      message: `${extension ? `${extension} files` : 'Files without an extension'} can't be read. Upload a .txt, .md, .docx or .pdf file.`,
    };
  }
  if (file.bytes.length > limits.maxFileBytes) {
    return tooLarge(`This file is ${megabytes(file.bytes.length)}; the limit is ${megabytes(limits.maxFileBytes)}.`);
  }

  const extracted = await extractByFormat(file.bytes, format, limits);
  if (!extracted.ok) return extracted;

  const text = normalise(extracted.text);
  if (text === '') return unreadable('This file has no text.');
  if (text.length > limits.maxCharacters) {
    return tooLarge(
      `This file has ${count(text.length)} characters of text; the limit is ${count(limits.maxCharacters)}.`,
    );
  }
  return { ok: true, text, format, pages: extracted.pages };
}

type RawExtraction = { ok: true; text: string; pages: number | null } | Extract<ExtractionOutcome, { ok: false }>;

function extractByFormat(bytes: Uint8Array, format: ExtractionFormat, limits: ToolLimits): Promise<RawExtraction> {
  switch (format) {
    case 'txt':
    case 'md':
      return Promise.resolve(extractPlainText(bytes));
    case 'docx':
      return extractDocx(bytes, limits);
    case 'pdf':
      return extractPdf(bytes, limits);
  }
}

function extractPlainText(bytes: Uint8Array): RawExtraction {
  const text = decodeText(bytes);
  if (text === null) return unreadable("This file isn't plain text. Save it as UTF-8 text and try again.");
  return { ok: true, text, pages: null };
}

/** UTF-16 only with a byte-order mark (nothing else tells it apart); otherwise strict UTF-8, its BOM dropped. */
function decodeText(bytes: Uint8Array): string | null {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // Valid UTF-8 can still be binary; NUL never appears in text someone wrote.
  return text.includes('\u0000') ? null : text;
}

/** Word 97–2003 files and encrypted .docx files are both OLE compound documents, not zips. */
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

async function extractDocx(bytes: Uint8Array, limits: ToolLimits): Promise<RawExtraction> {
  if (!isZip(bytes)) {
    if (OLE_SIGNATURE.every((byte, index) => bytes[index] === byte)) {
      return unreadable(
        'This Word file is password-protected or in the old .doc format. Remove the password or save it as .docx, then try again.',
      );
    }
    return unreadable("This file isn't a Word document (.docx), although its name ends in .docx.");
  }
  const maxUncompressedBytes = docxUnpackLimit(limits.maxFileBytes);
  const inspection = inspectDocx(bytes, maxUncompressedBytes);
  if (!inspection.ok) {
    switch (inspection.reason) {
      case 'too_large':
        return tooLarge(
          `This Word document unpacks to more than ${megabytes(maxUncompressedBytes)}, so it can't be read.`,
        );
      case 'not_docx':
        return unreadable("This file isn't a Word document (.docx), although its name ends in .docx.");
      case 'too_complex':
        return unreadable(tooComplexDocxMessage(inspection.detail));
      default:
        return unreadable("This Word document is damaged or incomplete, so it can't be read.");
    }
  }
  try {
    const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length) });
    return { ok: true, text: result.value, pages: null };
  } catch {
    return unreadable("This Word document is damaged or incomplete, so it can't be read.");
  }
}

const PDF_HEADER = '%PDF-';
/** A complete PDF ends with `%%EOF`; writers may append a little after it. */
const PDF_TRAILER_WINDOW = 1024;

async function extractPdf(bytes: Uint8Array, limits: ToolLimits): Promise<RawExtraction> {
  if (Buffer.from(bytes.subarray(0, PDF_HEADER.length)).toString('latin1') !== PDF_HEADER) {
    return unreadable("This file isn't a PDF, although its name ends in .pdf.");
  }
  // pdf.js rebuilds a cut-off file from what it finds and would hand back part of the text without a word.
  const tail = Buffer.from(bytes.subarray(-PDF_TRAILER_WINDOW)).toString('latin1');
  if (!tail.includes('%%EOF')) return damagedPdf();
  // pdf.js has no limits of its own: a page built to be slow or huge to read is refused before it starts.
  const bounds = await checkPdfBounds(bytes);
  if (!bounds.ok) return unreadable(tooComplexMessage(bounds));

  const opening = await openPdf(bytes);
  if (!opening.ok) {
    return opening.reason === 'password'
      ? unreadable('This PDF is password-protected. Remove the password and try again.')
      : damagedPdf();
  }
  const { document, close } = opening;
  try {
    const pages = document.numPages;
    if (pages > limits.maxPages) {
      return tooLarge(`This PDF has ${count(pages)} pages; the limit is ${count(limits.maxPages)}.`);
    }
    const text = await readPdfText(document);
    if (text.trim() === '') {
      if (await hasImages(document)) {
        return unreadable(
          'This PDF has no text layer — it looks like a scanned image. Export it with text (OCR) and try again.',
        );
      }
      return unreadable('This file has no text.');
    }
    return { ok: true, text, pages };
  } catch {
    return damagedPdf();
  } finally {
    await close();
  }
}

/** Line ends as LF, whitespace-only lines emptied, and at most one blank line between paragraphs. */
function normalise(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/^[ \t\f\v]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function damagedPdf(): RawExtraction {
  return unreadable("This PDF is damaged or incomplete, so it can't be read.");
}

function unreadable(message: string): Extract<ExtractionOutcome, { status: 422 }> {
  return { ok: false, status: 422, code: 'unreadable_file', message };
}

function tooLarge(message: string): Extract<ExtractionOutcome, { status: 413 }> {
  return { ok: false, status: 413, code: 'payload_too_large', message };
}

function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return `${Number.isInteger(value) ? value : value.toFixed(1)} MB`;
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}
