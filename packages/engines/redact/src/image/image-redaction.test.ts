import { describe, expect, it } from 'vitest';
import { DocumentError } from '../document-error.js';
import { SECRETS, sampleImage, scannedPdf, secretRanges } from '../fixtures/sample-documents.js';
import { locateRanges, readDocument, redactDocument, renderPagePreviews, verifyRedaction } from '../index.js';
import { metadataBlocks } from './image-format.js';

const LIMITS = { maxBytes: 10 * 1024 * 1024, maxPages: 5, maxCharacters: 100_000 };
/** What OCR reads reliably in the fixture; the IBAN's "DE89" is sometimes read as "DEB9", so it is left out. */
const READ = [SECRETS.name, SECRETS.otherName, SECRETS.email, SECRETS.card];

describe('images (OCR)', () => {
  it.each(['png', 'jpeg'] as const)('reads, redacts and re-encodes a %s with no trace left', async (format) => {
    const image = await sampleImage(format);
    expect(metadataBlocks(image)).toHaveLength(1);
    const { text, pages } = await readDocument(image, 'image', LIMITS);
    for (const secret of READ) expect(text).toContain(secret);
    expect(pages).toEqual([{ number: 1, width: 1100, height: 330, start: 0, end: text.length }]);

    const ranges = secretRanges(text, (kind) => `[${kind.toUpperCase()}]`);
    const rects = await locateRanges(image, 'image', ranges);
    expect(rects.every((boxes) => boxes.length === 1)).toBe(true);

    const result = await redactDocument(image, 'image', ranges, { style: 'label' });
    expect(result).toMatchObject(
      format === 'png' ? { mediaType: 'image/png', extension: 'png' } : { mediaType: 'image/jpeg', extension: 'jpg' },
    );
    expect(result.verification.checks.map((check) => [check.name, check.passed])).toEqual([
      ['Text extraction (OCR)', true],
      ['Raw bytes', true],
      ['Metadata', true],
    ]);
    expect(metadataBlocks(result.bytes)).toEqual([]);
    const [preview] = await renderPagePreviews(result.bytes, 'image', { maxWidth: 550, maxPages: 1 });
    expect(preview).toMatchObject({ page: 1, width: 550, height: 165 });
    const after = await readDocument(result.bytes, 'image', LIMITS);
    expect(after.text).toContain('Quarterly account review');
    for (const secret of READ) expect(after.text).not.toContain(secret);
  });

  it('fails verification for the original image', async () => {
    const verification = await verifyRedaction(await sampleImage('png'), 'image', [SECRETS.email]);
    expect(verification.passed).toBe(false);
    expect(verification.checks.find((check) => check.name === 'Metadata')?.detail).toBe(
      'The image still has tEXt chunk.',
    );
  });

  it('refuses an image that declares more pixels than the limit before decoding it', async () => {
    const image = await sampleImage('png');
    const huge = new Uint8Array(image);
    new DataView(huge.buffer).setUint32(16, 200_000);
    await expect(readDocument(huge, 'image', LIMITS)).rejects.toMatchObject({
      status: 413,
      message: 'This image is 200,000 × 330 pixels; the limit is 40 megapixels.',
    });
  });

  it('refuses a truncated image', async () => {
    const image = await sampleImage('jpeg');
    const error = await readDocument(image.subarray(0, 300), 'image', LIMITS).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(DocumentError);
    expect(error).toMatchObject({ status: 422 });
  });
});

describe('scanned PDFs', () => {
  it('reads a page with no text layer by OCR and gives the redacted PDF a text layer', async () => {
    const pdf = await scannedPdf();
    const { text } = await readDocument(pdf, 'pdf', LIMITS);
    for (const secret of READ) expect(text).toContain(secret);
    const result = await redactDocument(
      pdf,
      'pdf',
      secretRanges(text, (kind) => `[${kind}]`),
      { style: 'pseudonym' },
    );
    expect(result.verification.passed).toBe(true);
    const after = await readDocument(result.bytes, 'pdf', LIMITS);
    expect(after.text).toContain('Quarterly account review');
    expect(after.text).toContain('Prepared for [name] by [otherName].');
  });
});
