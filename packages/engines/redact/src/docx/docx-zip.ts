import { inflateRawSync } from 'node:zlib';

/**
 * Zip-bomb defence for .docx uploads, run before JSZip (directly, or through mammoth) inflates anything. The central
 * directory's declared sizes give a cheap early refusal; because a hostile archive can under-declare them, every
 * entry is then inflated once with an output cap, so nothing JSZip later inflates can exceed what was checked here.
 */

export type ZipInspection =
  | { ok: true; entries: string[] }
  | { ok: false; reason: 'not_zip' | 'corrupt' }
  | { ok: false; reason: 'too_large'; uncompressedBytes: number }
  | { ok: false; reason: 'too_complex'; detail: string };

export type DocxInspection =
  | { ok: true }
  | { ok: false; reason: 'not_zip' | 'corrupt' | 'not_docx' }
  | { ok: false; reason: 'too_large'; uncompressedBytes: number }
  | { ok: false; reason: 'too_complex'; detail: string };

/**
 * What the XML parts may hold, all parts together: parsed into a DOM (the redactor) or by mammoth (extract), a
 * 190 MB document.xml ran a 1 GB engine thread out of heap, a million elements took 30 s, and XML nested 100,000 deep
 * overflowed the stack (issue 25). A 600,000-character document with a run for every word has about 300,000.
 */
export const DOCX_XML_BOUNDS = { maxElements: 400_000, maxDepth: 256 } as const;

/** The message a user reads for a document over the XML bounds. */
export function tooComplexDocxMessage(detail: string): string {
  return `This Word document is too complex to read (${detail}). Save it again from Word, or split it, and try once more.`;
}

/** A .docx may unpack to this many times the upload limit (text XML compresses about 10×), and never past the cap. */
const DOCX_EXPANSION_FACTOR = 20;
const DOCX_MAX_UNCOMPRESSED_BYTES = 200 * 1024 * 1024;

/** How far a .docx may unpack when uploads are limited to `maxFileBytes`. */
export function docxUnpackLimit(maxFileBytes: number): number {
  return Math.min(maxFileBytes * DOCX_EXPANSION_FACTOR, DOCX_MAX_UNCOMPRESSED_BYTES);
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const END_RECORD_SEARCH = 22 + 0xffff;

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** Checks that `bytes` is a readable .docx whose contents inflate to at most `maxUncompressedBytes`. */
export function inspectDocx(bytes: Uint8Array, maxUncompressedBytes: number): DocxInspection {
  const inspection = inspectZip(bytes, maxUncompressedBytes);
  if (!inspection.ok) return inspection;
  if (!inspection.entries.includes('word/document.xml')) return { ok: false, reason: 'not_docx' };
  return { ok: true };
}

/** Checks that `bytes` is a readable zip whose contents inflate to at most `maxUncompressedBytes`; lists its entries. */
export function inspectZip(bytes: Uint8Array, maxUncompressedBytes: number): ZipInspection {
  if (!isZip(bytes)) return { ok: false, reason: 'not_zip' };
  const entries = readCentralDirectory(bytes);
  if (!entries) return { ok: false, reason: 'corrupt' };

  const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declared > maxUncompressedBytes) return { ok: false, reason: 'too_large', uncompressedBytes: declared };

  let inflated = 0;
  const xml = { elements: 0 };
  for (const entry of entries) {
    const data = inflatedData(bytes, entry, maxUncompressedBytes - inflated);
    if (data === 'corrupt') return { ok: false, reason: 'corrupt' };
    // An entry that inflates past its declared size lied about it: treat it as the bomb it is.
    if (data === 'too_large' || data.length !== entry.uncompressedSize) {
      return { ok: false, reason: 'too_large', uncompressedBytes: declared };
    }
    inflated += data.length;
    if (/\.(xml|rels)$/i.test(entry.name)) {
      const detail = xmlOverBounds(data, xml);
      if (detail) return { ok: false, reason: 'too_complex', detail };
    }
  }
  return { ok: true, entries: entries.map((entry) => entry.name) };
}

/**
 * Counts the elements of an XML part (adding to `seen`, shared by all parts) and how deep they nest, without parsing:
 * what the bounds are over, or null. Comments, CDATA, processing instructions and declarations hold no elements.
 */
export function xmlOverBounds(data: Uint8Array, seen: { elements: number }, bounds = DOCX_XML_BOUNDS): string | null {
  let depth = 0;
  for (let index = 0; index < data.length; index++) {
    if (data[index] !== 0x3c /* < */) continue;
    const next = data[index + 1];
    if (next === 0x2f /* / */) {
      depth = Math.max(0, depth - 1);
    } else if (next === 0x21 /* ! */ || next === 0x3f /* ? */) {
      const close = next === 0x3f ? '?>' : data[index + 2] === 0x2d ? '-->' : data[index + 2] === 0x5b ? ']]>' : '>';
      const end = Buffer.from(data.buffer, data.byteOffset, data.length).indexOf(close, index + 2, 'latin1');
      if (end < 0) return null;
      index = end + close.length - 1;
    } else {
      if (++seen.elements > bounds.maxElements) {
        return `more than ${bounds.maxElements.toLocaleString('en-US')} XML elements`;
      }
      const end = Buffer.from(data.buffer, data.byteOffset, data.length).indexOf('>', index + 1);
      if (end < 0) return null;
      // A '>' inside an attribute value ends the tag early here, which can only undercount the depth by one.
      if (data[end - 1] !== 0x2f /* / */ && ++depth > bounds.maxDepth) {
        return `XML nested more than ${bounds.maxDepth} deep`;
      }
      index = end;
    }
  }
  return null;
}

function readCentralDirectory(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let offset = bytes.length - 22; offset >= Math.max(0, bytes.length - END_RECORD_SEARCH); offset--) {
    if (view.getUint32(offset, true) === END_OF_CENTRAL_DIRECTORY) {
      end = offset;
      break;
    }
  }
  if (end < 0) return null;

  const entryCount = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  // ZIP64 markers: a document small enough to upload never needs them, so their presence means damage or mischief.
  if (entryCount === 0xffff || directoryOffset === 0xffffffff) return null;
  if (directoryOffset + directorySize > end) return null;

  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  for (let index = 0; index < entryCount; index++) {
    if (offset + 46 > end || view.getUint32(offset, true) !== CENTRAL_FILE_HEADER) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > end) return null;
    entries.push({
      name: decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      uncompressedSize: view.getUint32(offset + 24, true),
      localHeaderOffset: view.getUint32(offset + 42, true),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function inflatedData(bytes: Uint8Array, entry: ZipEntry, budget: number): Uint8Array | 'corrupt' | 'too_large' {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = entry.localHeaderOffset;
  if (header + 30 > bytes.length || view.getUint32(header, true) !== LOCAL_FILE_HEADER) return 'corrupt';
  const dataStart = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
  const dataEnd = dataStart + entry.compressedSize;
  if (dataEnd > bytes.length) return 'corrupt';
  if (entry.method === STORED) return bytes.subarray(dataStart, dataEnd);
  if (entry.method !== DEFLATED) return 'corrupt';
  if (entry.uncompressedSize > budget) return 'too_large';
  try {
    // One byte over the declared size is enough to prove the declaration false.
    return inflateRawSync(bytes.subarray(dataStart, dataEnd), { maxOutputLength: entry.uncompressedSize + 1 });
  } catch (error) {
    return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too_large' : 'corrupt';
  }
}
