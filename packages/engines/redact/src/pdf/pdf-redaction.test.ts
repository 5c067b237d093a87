import { inflateSync } from 'node:zlib';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DocumentError } from '../document-error.js';
import { encryptedPdf, KEPT, SECRETS, samplePdf, secretRanges } from '../fixtures/sample-documents.js';
import { locateRanges, readDocument, redactDocument, renderPagePreviews, verifyRedaction } from '../index.js';
import { openPdf } from './pdf-open.js';

const LIMITS = { maxBytes: 20 * 1024 * 1024, maxPages: 20, maxCharacters: 200_000 };
const STRINGS = Object.values(SECRETS);

/** What copy and paste gives: pdf.js's own text extraction, independent of the engine's glyph reader. */
async function extract(bytes: Uint8Array): Promise<string> {
  const opening = await openPdf(bytes);
  if (!opening.ok) throw new Error(opening.reason);
  try {
    let text = '';
    for (let number = 1; number <= opening.document.numPages; number++) {
      const content = await (await opening.document.getPage(number)).getTextContent();
      text += content.items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ' '}` : '')).join('');
    }
    return text.replace(/\s+/g, ' ');
  } finally {
    await opening.close();
  }
}

/** Every stream of the file inflated with zlib, plus the file itself, as Latin-1 and as UTF-16BE. */
function rawViews(bytes: Uint8Array): string {
  const file = Buffer.from(bytes);
  const views = [file.toString('latin1')];
  const latin1 = file.toString('latin1');
  for (const match of latin1.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = latin1.indexOf('endstream', start);
    try {
      const inflated = inflateSync(file.subarray(start, end));
      views.push(inflated.toString('latin1'), swapUtf16(inflated));
      for (const hex of inflated.toString('latin1').matchAll(/<([0-9A-F]+)>/g)) {
        views.push(swapUtf16(Buffer.from(hex[1] ?? '', 'hex')));
      }
    } catch {
      // Not deflated (a JPEG page image): searched as it is in the file view.
    }
  }
  return views.join('\n').toLowerCase();
}

function swapUtf16(bytes: Buffer): string {
  const copy = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
  return copy.swap16().toString('utf16le');
}

describe('PDF reading', () => {
  it('reads the text with page ranges and finds each string on its page', async () => {
    const pdf = await samplePdf({ pages: 2 });
    const document = await readDocument(pdf, 'pdf', LIMITS);
    expect(document.kind).toBe('pdf');
    expect(document.pages).toHaveLength(2);
    expect(document.pages[0]).toMatchObject({ number: 1, width: 612, height: 792, start: 0 });
    for (const line of [`Prepared for ${SECRETS.name} by ${SECRETS.otherName}.`, `IBAN ${SECRETS.iban} by Friday.`]) {
      expect(document.text).toContain(line);
    }
    const page2 = document.pages[1];
    expect(document.text.slice(page2?.start, page2?.end)).toContain(`Signed: ${SECRETS.name}`);
  });

  it('locates a range as boxes over its glyphs, in fractions of the page', async () => {
    const pdf = await samplePdf();
    const { text } = await readDocument(pdf, 'pdf', LIMITS);
    const start = text.indexOf(SECRETS.email);
    const [boxes] = await locateRanges(pdf, 'pdf', [{ start, end: start + SECRETS.email.length }]);
    expect(boxes).toHaveLength(1);
    const box = boxes?.[0];
    // The e-mail sits on the third line, 72 pt from the left edge, at 11 pt: its box starts past "Contact: ".
    expect(box?.page).toBe(1);
    expect(box?.x).toBeGreaterThan(72 / 612);
    expect(box?.x).toBeLessThan(130 / 612);
    expect(box?.width).toBeGreaterThan(90 / 612);
    expect(box?.width).toBeLessThan(140 / 612);
    const baselineFromTop = (792 - (720 - 2 * 24)) / 792;
    expect(box?.y).toBeLessThan(baselineFromTop);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(baselineFromTop);
  });

  it('renders previews no wider than asked', async () => {
    const pdf = await samplePdf({ pages: 3 });
    const previews = await renderPagePreviews(pdf, 'pdf', { maxWidth: 400, maxPages: 2 });
    expect(previews.map((preview) => preview.page)).toEqual([1, 2]);
    expect(previews[0]?.width).toBe(400);
    expect(previews[0]?.height).toBe(Math.ceil((400 * 792) / 612));
    // A WebP file: a RIFF container of type WEBP.
    expect(Buffer.from(previews[0]?.image ?? []).toString('latin1', 8, 12)).toBe('WEBP');
  });

  it('renders the previews of a later run of pages, and none past the last page', async () => {
    const pdf = await samplePdf({ pages: 3 });
    const later = await renderPagePreviews(pdf, 'pdf', { maxWidth: 400, firstPage: 2, maxPages: 5 });
    expect(later.map((preview) => preview.page)).toEqual([2, 3]);
    // The same picture of page 2 as rendering from the first page on gives.
    const fromTheStart = await renderPagePreviews(pdf, 'pdf', { maxWidth: 400, maxPages: 2 });
    expect(later[0]?.image).toEqual(fromTheStart[1]?.image);
    expect(await renderPagePreviews(pdf, 'pdf', { maxWidth: 400, firstPage: 4, maxPages: 2 })).toEqual([]);
  });
});

describe('PDF redaction', () => {
  it.each([
    ['box', () => ''],
    ['label', (kind: string) => `[${kind.toUpperCase()}]`],
    ['pseudonym', (kind: string) => (kind === 'email' ? 'person1@example.org' : `[PERSON_${kind.length}]`)],
  ] as const)('leaves no redacted string to find (%s style)', async (style, replacement) => {
    const pdf = await samplePdf({ pages: 2 });
    const { text } = await readDocument(pdf, 'pdf', LIMITS);
    const result = await redactDocument(pdf, 'pdf', secretRanges(text, replacement), { style });

    expect(result).toMatchObject({ mediaType: 'application/pdf', extension: 'pdf' });
    expect(result.verification.passed).toBe(true);
    expect(result.verification.checks.map((check) => check.name)).toEqual([
      'Text extraction',
      'Raw bytes (decompressed)',
      'Metadata',
      'Hidden content',
    ]);

    const extracted = (await extract(result.bytes)).toLowerCase();
    const raw = rawViews(result.bytes);
    for (const secret of STRINGS) {
      expect(extracted).not.toContain(secret.toLowerCase());
      expect(raw).not.toContain(secret.toLowerCase());
    }
    // What stays is still text: searchable and copyable, with the replacements where the strings were.
    for (const kept of KEPT) expect(extracted).toContain(kept.toLowerCase());
    if (style !== 'box') expect(extracted).toContain(replacement('email').toLowerCase());

    const written = await PDFDocument.load(result.bytes, { updateMetadata: false });
    expect([written.getTitle(), written.getAuthor(), written.getSubject(), written.getKeywords()]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(raw).not.toContain('/metadata');
    expect(raw).not.toContain('/annots');
    expect(written.getPages()).toHaveLength(2);
    expect(written.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
  });

  it('redacts every occurrence of a string, even where no range was given', async () => {
    const pdf = await samplePdf({ pages: 2 });
    const { text } = await readDocument(pdf, 'pdf', LIMITS);
    const first = text.indexOf(SECRETS.name);
    const result = await redactDocument(
      pdf,
      'pdf',
      [{ start: first, end: first + SECRETS.name.length, replacement: '' }],
      {
        style: 'box',
      },
    );
    expect(result.verification.passed).toBe(true);
    expect((await extract(result.bytes)).toLowerCase()).not.toContain('jane doe');
  });

  it('paints the boxes over the pixels where the text was', async () => {
    const pdf = await samplePdf();
    const { text } = await readDocument(pdf, 'pdf', LIMITS);
    const start = text.indexOf(SECRETS.card);
    const ranges = [{ start, end: start + SECRETS.card.length, replacement: '' }];
    const result = await redactDocument(pdf, 'pdf', ranges, { style: 'box' });
    const [box] = (await locateRanges(pdf, 'pdf', ranges))[0] ?? [];
    const [before] = await renderPagePreviews(pdf, 'pdf', { maxWidth: 612, maxPages: 1 });
    const [after] = await renderPagePreviews(result.bytes, 'pdf', { maxWidth: 612, maxPages: 1 });
    if (!box || !before || !after) throw new Error('missing preview');
    const { createCanvas, loadImage } = await import('@napi-rs/canvas');
    // The share of dark pixels along the middle of the box: glyph strokes before, solid black after.
    const darkShare = async (preview: Uint8Array) => {
      const image = await loadImage(Buffer.from(preview));
      const canvas = createCanvas(image.width, image.height);
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      const left = Math.round(box.x * image.width) + 2;
      const width = Math.round(box.width * image.width) - 4;
      const row = context.getImageData(left, Math.round((box.y + box.height / 2) * image.height), width, 1).data;
      let dark = 0;
      for (let index = 0; index < row.length; index += 4) if ((row[index] ?? 255) < 40) dark++;
      return dark / width;
    };
    expect(await darkShare(before.image)).toBeLessThan(0.5);
    expect(await darkShare(after.image)).toBe(1);
  });

  it('fails verification for a box drawn over live text, which is not redaction', async () => {
    const pdf = await PDFDocument.load(await samplePdf());
    const page = pdf.getPage(0);
    page.drawRectangle({ x: 70, y: 670, width: 300, height: 20, color: rgb(0, 0, 0) });
    pdf.setTitle('Covered');
    const covered = await pdf.save();
    const verification = await verifyRedaction(covered, 'pdf', [SECRETS.email, SECRETS.otherName]);
    expect(verification.passed).toBe(false);
    const failed = verification.checks.filter((check) => !check.passed).map((check) => check.name);
    expect(failed).toEqual(
      expect.arrayContaining(['Text extraction', 'Raw bytes (decompressed)', 'Metadata', 'Hidden content']),
    );
    expect(verification.checks[0]?.detail).toContain('"jane.doe@example.com"');
  });
});

async function documentError(promise: Promise<unknown>): Promise<DocumentError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DocumentError);
  return error as DocumentError;
}

describe('PDF refusals', () => {
  it('refuses a password-protected PDF with a 422 that says what to do', async () => {
    const error = await documentError(readDocument(await encryptedPdf(), 'pdf', LIMITS));
    expect(error).toMatchObject({
      status: 422,
      code: 'unreadable_file',
      message: 'This PDF is password-protected. Remove the password and upload it again.',
    });
  });

  it('refuses a truncated PDF', async () => {
    const pdf = await samplePdf();
    const error = await documentError(readDocument(pdf.subarray(0, Math.floor(pdf.length * 0.6)), 'pdf', LIMITS));
    expect(error).toMatchObject({ status: 422, message: "This PDF is damaged or incomplete, so it can't be read." });
  });

  it('refuses a corrupt PDF', async () => {
    const garbage = new TextEncoder().encode(`%PDF-1.7\n${'\u0001garbage'.repeat(200)}\n%%EOF\n`);
    const error = await documentError(readDocument(garbage, 'pdf', LIMITS));
    expect(error.status).toBe(422);
  });

  it('refuses more pages than the limit with a 413', async () => {
    const error = await documentError(readDocument(await samplePdf({ pages: 4 }), 'pdf', { ...LIMITS, maxPages: 3 }));
    expect(error).toMatchObject({
      status: 413,
      code: 'payload_too_large',
      message: 'This PDF has 4 pages; the limit is 3.',
    });
  });

  it('refuses a file over the size limit before parsing it', async () => {
    const error = await documentError(readDocument(await samplePdf(), 'pdf', { ...LIMITS, maxBytes: 1024 }));
    expect(error.status).toBe(413);
    expect(error.message).toMatch(/^This file is .* MB; the limit is 0\.0 MB\.$/);
  });

  it('refuses more characters than the limit', async () => {
    const error = await documentError(
      readDocument(await samplePdf({ pages: 2 }), 'pdf', { ...LIMITS, maxCharacters: 100 }),
    );
    expect(error.status).toBe(413);
  });

  it('says so when a PDF has no text at all', async () => {
    const empty = await PDFDocument.create();
    empty.addPage().drawRectangle({ x: 10, y: 10, width: 50, height: 50 });
    await empty.embedFont(StandardFonts.Helvetica);
    const error = await documentError(readDocument(await empty.save(), 'pdf', LIMITS));
    expect(error.status).toBe(422);
    expect(error.message).toContain('No text was found in this PDF');
  });
});
