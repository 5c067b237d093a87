import { describe, expect, it } from 'vitest';
import { DocumentError } from './document-error.js';
import { documentKindFor } from './document-kind.js';

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(16).fill(0x20)]);
const PDF = new TextEncoder().encode('%PDF-1.7\n');
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0);

describe('documentKindFor', () => {
  it('takes the kind from the extension when the content agrees', () => {
    expect(documentKindFor('Report.PDF', PDF)).toBe('pdf');
    expect(documentKindFor('letter.docx', ZIP)).toBe('docx');
    expect(documentKindFor('notes.md', new TextEncoder().encode('# Notes'))).toBe('text');
    expect(documentKindFor('notes.txt', new Uint8Array([0xff, 0xfe, 0x41, 0x00]))).toBe('text');
    expect(documentKindFor('scan.png', PNG)).toBe('image');
    expect(documentKindFor('photo.jpeg', JPEG)).toBe('image');
  });

  it('refuses an extension it cannot redact with a 415 that lists what it can', () => {
    expect(() => documentKindFor('sheet.xlsx', ZIP)).toThrowError(
      expect.objectContaining({
        status: 415,
        code: 'unsupported_media_type',
        message:
          ".xlsx files can't be redacted. Upload a PDF, Word (.docx), text (.txt, .md) or image (PNG, JPEG) file.",
      }),
    );
    expect(() => documentKindFor('README', PDF)).toThrowError(/^Files without an extension/);
  });

  it('refuses content that does not match its extension', () => {
    expect(() => documentKindFor('invoice.pdf', PNG)).toThrowError(
      "This file isn't a PDF, although its name ends in .pdf.",
    );
    expect(() => documentKindFor('photo.png', JPEG)).toThrowError(DocumentError);
    const zipHeader = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]);
    expect(() => documentKindFor('notes.txt', zipHeader)).toThrowError(
      "This file isn't a text file, although its name ends in .txt.",
    );
  });
});
