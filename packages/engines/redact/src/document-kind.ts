import { unsupported } from './document-error.js';
import { isZip } from './docx/docx-zip.js';
import type { DocumentKind } from './types.js';

interface Format {
  kind: DocumentKind;
  /** How the user knows the format: "a PDF", "a Word document (.docx)". */
  label: string;
  matches: (bytes: Uint8Array) => boolean;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d];
/** Readers accept a little junk before `%PDF-`, so the header is looked for in the first kilobyte. */
const PDF_HEADER_WINDOW = 1024;
/** Word 97–2003 files and password-protected .docx files are both OLE compound documents, not zips. */
export const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const TEXT_SNIFF_BYTES = 8192;

export function pdfHeaderOffset(bytes: Uint8Array): number {
  const window = Math.min(bytes.length - PDF_HEADER.length, PDF_HEADER_WINDOW);
  for (let offset = 0; offset <= window; offset++) if (startsWith(bytes, PDF_HEADER, offset)) return offset;
  return -1;
}

export function hasUtf16ByteOrderMark(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]);
}

const pdf: Format = { kind: 'pdf', label: 'a PDF', matches: (bytes) => pdfHeaderOffset(bytes) >= 0 };
const docx: Format = {
  kind: 'docx',
  label: 'a Word document (.docx)',
  // An OLE file is let through so the reader can say "password-protected or .doc" instead of "wrong type".
  matches: (bytes) => isZip(bytes) || startsWith(bytes, OLE_SIGNATURE),
};
const text: Format = {
  kind: 'text',
  label: 'a text file',
  // NUL never appears in UTF-8 text someone wrote; UTF-16 is told apart only by its byte-order mark.
  matches: (bytes) => hasUtf16ByteOrderMark(bytes) || !bytes.subarray(0, TEXT_SNIFF_BYTES).includes(0),
};
const png: Format = { kind: 'image', label: 'a PNG image', matches: (bytes) => startsWith(bytes, PNG_SIGNATURE) };
const jpeg: Format = { kind: 'image', label: 'a JPEG image', matches: (bytes) => startsWith(bytes, JPEG_SIGNATURE) };

const FORMATS_BY_EXTENSION: Record<string, Format> = {
  '.pdf': pdf,
  '.docx': docx,
  '.txt': text,
  '.md': text,
  '.markdown': text,
  '.png': png,
  '.jpg': jpeg,
  '.jpeg': jpeg,
};

export const SUPPORTED_EXTENSIONS = Object.keys(FORMATS_BY_EXTENSION);

export function isPng(bytes: Uint8Array): boolean {
  return png.matches(bytes);
}

export function isJpeg(bytes: Uint8Array): boolean {
  return jpeg.matches(bytes);
}

/** The kind of an upload, by its extension, checked against its first bytes. */
export function documentKindFor(fileName: string, bytes: Uint8Array): DocumentKind {
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 || (dot === 0 && fileName.length > 1) ? fileName.slice(dot).toLowerCase() : '';
  const format = FORMATS_BY_EXTENSION[extension];
  if (!format) {
    throw unsupported(
      `${extension ? `${extension} files` : 'Files without an extension'} can't be redacted. Upload a PDF, Word (.docx), text (.txt, .md) or image (PNG, JPEG) file.`,
    );
  }
  if (!format.matches(bytes)) {
    throw unsupported(`This file isn't ${format.label}, although its name ends in ${extension}.`);
  }
  return format.kind;
}
