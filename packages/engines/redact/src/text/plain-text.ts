import { unreadable } from '../document-error.js';
import { hasUtf16ByteOrderMark } from '../document-kind.js';
import { boxFill } from '../ranges.js';
import { NeedleSet } from '../text-search.js';
import type { RedactionRange, Verification } from '../types.js';
import { foundInBytes, rawNeedles, searchCheck, verification } from '../verification.js';

/**
 * .txt and .md files. The text is the file as written (Markdown syntax included), so offsets map one to one; the
 * redacted file is written as UTF-8 — a UTF-16 upload comes back as UTF-8 with the same text.
 */

const UTF8_BOM = [0xef, 0xbb, 0xbf];

export function decodePlainText(bytes: Uint8Array): string {
  const encoding = hasUtf16ByteOrderMark(bytes) ? (bytes[0] === 0xff ? 'utf-16le' : 'utf-16be') : 'utf-8';
  let text: string;
  try {
    // TextDecoder drops the byte-order mark of the encoding it decodes.
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw unreadable("This file isn't plain text. Save it as UTF-8 text and upload it again.");
  }
  // Valid UTF-8 can still be binary; NUL never appears in text someone wrote.
  if (text.includes('\u0000'))
    throw unreadable("This file isn't plain text. Save it as UTF-8 text and upload it again.");
  return text;
}

export function redactPlainText(bytes: Uint8Array, prepare: (text: string) => RedactionRange[]): Uint8Array {
  const text = decodePlainText(bytes);
  const ranges = prepare(text);
  let result = '';
  let cursor = 0;
  for (const range of ranges) {
    const original = text.slice(range.start, range.end);
    result += text.slice(cursor, range.start) + (range.replacement === '' ? boxFill(original) : range.replacement);
    cursor = range.end;
  }
  result += text.slice(cursor);
  const encoded = new TextEncoder().encode(result);
  // A UTF-8 byte-order mark in the upload is kept: some editors rely on it.
  if (UTF8_BOM.every((byte, index) => bytes[index] === byte)) return new Uint8Array([...UTF8_BOM, ...encoded]);
  return encoded;
}

export function verifyPlainText(bytes: Uint8Array, strings: string[]): Verification {
  let text = '';
  try {
    text = decodePlainText(bytes);
  } catch {
    text = new TextDecoder().decode(bytes);
  }
  const characters = text.length.toLocaleString('en-US');
  return verification([
    searchCheck(
      'Text extraction',
      new NeedleSet(strings).foundIn(text),
      `the text (${characters} characters)`,
      strings.length,
    ),
    searchCheck(
      'Raw bytes',
      foundInBytes(rawNeedles(strings), bytes, true),
      `the file's ${bytes.length.toLocaleString('en-US')} bytes`,
      rawNeedles(strings).needles.length,
    ),
  ]);
}
