import { describe, expect, it } from 'vitest';
import { DocumentError } from '../document-error.js';
import { finalRanges, readDocument, redactDocument, verifyRedaction } from '../index.js';

const LIMITS = { maxBytes: 1024 * 1024, maxPages: 10, maxCharacters: 10_000 };
const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

const NOTE = '# Visit\r\nCall Jane Doe at jane.doe@example.com.\r\nJane Doe will confirm; ask for JANE  DOE.\r\n';

describe('text files', () => {
  it('reads the text as written, offsets one to one', async () => {
    const { text, pages } = await readDocument(encode(NOTE), 'text', LIMITS);
    expect(text).toBe(NOTE);
    expect(pages).toEqual([{ number: 1, width: 612, height: 792, start: 0, end: NOTE.length }]);
  });

  it('replaces the ranges and every other occurrence, whatever its case or spacing', async () => {
    const start = NOTE.indexOf('Jane Doe');
    const email = NOTE.indexOf('jane.doe@');
    const result = await redactDocument(
      encode(NOTE),
      'text',
      [
        { start, end: start + 8, replacement: '[PERSON_NAME_1]' },
        { start: email, end: email + 20, replacement: '[EMAIL_ADDRESS]' },
      ],
      { style: 'pseudonym' },
    );
    expect(decode(result.bytes)).toBe(
      '# Visit\r\nCall [PERSON_NAME_1] at [EMAIL_ADDRESS].\r\n[PERSON_NAME_1] will confirm; ask for [PERSON_NAME_1].\r\n',
    );
    expect(result).toMatchObject({ mediaType: 'text/plain; charset=utf-8', extension: 'txt' });
    // What the caller can show as redacted is what was: the two given ranges and the two other names.
    const final = finalRanges(NOTE, [{ start, end: start + 8, replacement: '[PERSON_NAME_1]' }], 'pseudonym');
    expect(final.map((range) => NOTE.slice(range.start, range.end))).toEqual(['Jane Doe', 'Jane Doe', 'JANE  DOE']);
    expect(result.verification.passed).toBe(true);
    // Four redactions of three distinct values: the check counts what it searched for, and says so.
    expect(result.verification.checks[0]?.detail).toBe(
      `The text (${decode(result.bytes).length} characters): no trace of any of the 3 distinct redacted values.`,
    );
  });

  it('fills a black box with a bar as long as the text', async () => {
    const start = NOTE.indexOf('jane.doe@');
    const result = await redactDocument(encode(NOTE), 'text', [{ start, end: start + 20, replacement: 'ignored' }], {
      style: 'box',
    });
    expect(decode(result.bytes)).toContain(`Call Jane Doe at ${'\u2588'.repeat(20)}.`);
  });

  it('reads UTF-16 with a byte-order mark and writes UTF-8', async () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from('Ask Zoë Ngata', 'utf16le')]);
    const { text } = await readDocument(utf16, 'text', LIMITS);
    expect(text).toBe('Ask Zoë Ngata');
    const result = await redactDocument(utf16, 'text', [{ start: 4, end: 13, replacement: '[NAME]' }], {
      style: 'label',
    });
    expect(decode(result.bytes)).toBe('Ask [NAME]');
  });

  it('finds what is left in a file that was not redacted', async () => {
    const verification = await verifyRedaction(encode(NOTE), 'text', ['jane doe']);
    expect(verification.passed).toBe(false);
    expect(verification.checks[0]?.detail).toBe(`Found "jane doe" in the text (${NOTE.length} characters).`);
  });

  it('refuses binary content, empty files and text over the limit', async () => {
    const invalid = readDocument(new Uint8Array([0x41, 0xc3, 0x28, 0x41]), 'text', LIMITS);
    await expect(invalid).rejects.toBeInstanceOf(DocumentError);
    await expect(invalid).rejects.toMatchObject({ status: 422 });
    await expect(readDocument(encode('  \n '), 'text', LIMITS)).rejects.toMatchObject({
      status: 422,
      message: 'This file has no text to redact.',
    });
    await expect(readDocument(encode('x'.repeat(10_001)), 'text', LIMITS)).rejects.toMatchObject({
      status: 413,
      message: 'This file has 10,001 characters of text; the limit is 10,000.',
    });
  });
});
