import type { ToolLimits } from '@candor/contracts/tools';
import { describe, expect, it } from 'vitest';
import { extractText } from './extract-text.js';
import { buildDocx, buildPdf, buildPng, buildZip, documentXml, docxBody } from './fixtures/build-fixtures.js';

const limits: ToolLimits = { maxCharacters: 200_000, maxFileBytes: 10 * 1024 * 1024, maxPages: 100 };

const extract = (fileName: string, bytes: Uint8Array, overrides: Partial<ToolLimits> = {}) =>
  extractText({ fileName, bytes }, { ...limits, ...overrides });

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('plain text and Markdown', () => {
  it('reads UTF-8, with CRLF line ends and runs of blank lines normalised', async () => {
    const outcome = await extract('essay.txt', utf8('Café au lait.\r\n\r\n\r\n\r\n  \r\nSecond paragraph.\r\n'));
    expect(outcome).toEqual({ ok: true, text: 'Café au lait.\n\nSecond paragraph.', format: 'txt', pages: null });
  });

  it('drops a UTF-8 byte-order mark', async () => {
    const outcome = await extract('bom.txt', new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Hello there.')]));
    expect(outcome).toMatchObject({ ok: true, text: 'Hello there.' });
  });

  it('reads UTF-16LE with a byte-order mark', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Grüße, 世界.', 'utf16le')]);
    expect(await extract('wide.TXT', bytes)).toMatchObject({ ok: true, text: 'Grüße, 世界.', format: 'txt' });
  });

  it('refuses binary junk and text with NUL bytes as unreadable', async () => {
    const junk = Uint8Array.from({ length: 512 }, (_, index) => (index * 73 + 11) % 256);
    const expected = { ok: false, status: 422, code: 'unreadable_file', message: expect.stringMatching(/plain text/) };
    expect(await extract('junk.txt', junk)).toEqual(expected);
    expect(await extract('nul.txt', utf8('looks like text\u0000but is not'))).toEqual(expected);
  });

  it('keeps Markdown syntax as written', async () => {
    const outcome = await extract('notes.md', utf8('# Title\n\nSome *emphasis* and a [link](https://example.com).\n'));
    expect(outcome).toEqual({
      ok: true,
      text: '# Title\n\nSome *emphasis* and a [link](https://example.com).',
      format: 'md',
      pages: null,
    });
  });

  it('says a file with only whitespace has no text', async () => {
    expect(await extract('blank.txt', utf8('  \n\n\t\n'))).toEqual({
      ok: false,
      status: 422,
      code: 'unreadable_file',
      message: 'This file has no text.',
    });
  });
});

describe('Word documents', () => {
  const document = documentXml(
    docxBody([
      { heading: 'Quarterly review' },
      { paragraph: 'The first paragraph explains the plan.' },
      { paragraph: 'The second paragraph & its caveats.' },
      {
        table: [
          ['Region', 'Sales'],
          ['North', '42'],
        ],
      },
    ]),
  );

  it('reads headings, paragraphs and table cells as paragraphs', async () => {
    const outcome = await extract('review.docx', buildDocx(document));
    expect(outcome).toEqual({
      ok: true,
      text: [
        'Quarterly review',
        'The first paragraph explains the plan.',
        'The second paragraph & its caveats.',
        'Region',
        'Sales',
        'North',
        '42',
      ].join('\n\n'),
      format: 'docx',
      pages: null,
    });
  });

  it('refuses a truncated document', async () => {
    const bytes = buildDocx(document);
    expect(await extract('cut.docx', bytes.subarray(0, Math.floor(bytes.length * 0.7)))).toEqual({
      ok: false,
      status: 422,
      code: 'unreadable_file',
      message: "This Word document is damaged or incomplete, so it can't be read.",
    });
  });

  it('refuses a zip that is not a Word document, and a file that is not a zip', async () => {
    const zip = buildZip([{ name: 'readme.txt', data: 'hello' }]);
    expect(await extract('archive.docx', zip)).toMatchObject({ status: 422, message: /isn't a Word document/ });
    expect(await extract('text.docx', utf8('just text'))).toMatchObject({
      status: 422,
      message: /isn't a Word document/,
    });
  });

  it('explains that an OLE file is password-protected or an old .doc', async () => {
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Uint8Array(504)]);
    expect(await extract('locked.docx', ole)).toMatchObject({
      status: 422,
      message: /password-protected or in the old \.doc/,
    });
  });

  it('refuses a zip bomb whose declared size is over the expansion limit before inflating it', async () => {
    // 100 kB of upload may unpack to 2 MB; this one declares (honestly) 5 MB of spaces.
    const bomb = buildDocx(documentXml(`<w:p>${' '.repeat(5_000_000)}</w:p>`));
    expect(bomb.length).toBeLessThan(100_000);
    expect(await extract('bomb.docx', bomb, { maxFileBytes: 100_000 })).toEqual({
      ok: false,
      status: 413,
      code: 'payload_too_large',
      message: "This Word document unpacks to more than 1.9 MB, so it can't be read.",
    });
  });

  it('refuses a zip bomb that under-declares its size', async () => {
    const bomb = buildDocx({
      name: 'word/document.xml',
      data: documentXml(`<w:p>${' '.repeat(5_000_000)}</w:p>`),
      declaredSize: 1000,
    });
    expect(await extract('liar.docx', bomb, { maxFileBytes: 100_000 })).toMatchObject({
      ok: false,
      status: 413,
      code: 'payload_too_large',
    });
  });
});

describe('PDFs', () => {
  const twoPages = () =>
    buildPdf({ size: 'A4' }, (pdf) => {
      pdf.fontSize(12);
      pdf.text(
        'The opening paragraph runs long enough to wrap onto a second line on the page and then ends with an exam-',
        {
          width: 420,
        },
      );
      pdf.text('ple of a word broken across lines.', { width: 420 });
      pdf.moveDown();
      pdf.text('A second paragraph follows after a gap.', { width: 420 });
      pdf.addPage();
      pdf.text('The second page has its own paragraph.', { width: 420 });
    });

  it('reads every page, joining wrapped lines and undoing hyphenation', async () => {
    const bytes = await twoPages();
    const outcome = await extract('report.pdf', bytes);
    expect(outcome).toEqual({
      ok: true,
      text: [
        'The opening paragraph runs long enough to wrap onto a second line on the page and then ends with an example of a word broken across lines.',
        'A second paragraph follows after a gap.',
        'The second page has its own paragraph.',
      ].join('\n\n'),
      format: 'pdf',
      pages: 2,
    });
    // pdf.js is handed a copy: the caller's buffer must not be detached by its worker transfer.
    expect(bytes.length).toBeGreaterThan(0);
    expect(structuredClone(outcome)).toEqual(outcome);
  });

  it('says a PDF of images without text looks scanned', async () => {
    const bytes = await buildPdf({}, (pdf) => {
      pdf.image(buildPng(40, 40), 50, 50, { width: 400 });
    });
    expect(await extract('scan.pdf', bytes)).toEqual({
      ok: false,
      status: 422,
      code: 'unreadable_file',
      message: 'This PDF has no text layer — it looks like a scanned image. Export it with text (OCR) and try again.',
    });
  });

  it('says a PDF with only drawings has no text', async () => {
    const bytes = await buildPdf({}, (pdf) => {
      pdf.rect(50, 50, 200, 100).fill('#333');
    });
    expect(await extract('drawing.pdf', bytes)).toMatchObject({ status: 422, message: 'This file has no text.' });
  });

  it('refuses a password-protected PDF', async () => {
    const bytes = await buildPdf({ userPassword: 'secret', ownerPassword: 'owner', pdfVersion: '1.7' }, (pdf) => {
      pdf.text('Confidential.');
    });
    expect(await extract('locked.pdf', bytes)).toEqual({
      ok: false,
      status: 422,
      code: 'unreadable_file',
      message: 'This PDF is password-protected. Remove the password and try again.',
    });
  });

  it('refuses a truncated PDF, even when pdf.js could piece part of it together', async () => {
    const bytes = await twoPages();
    // Cut in the middle, and cut only the trailer (pdf.js alone would rebuild that one and read it).
    for (const length of [Math.floor(bytes.length / 2), bytes.length - 40]) {
      expect(await extract('cut.pdf', bytes.subarray(0, length))).toMatchObject({
        status: 422,
        message: "This PDF is damaged or incomplete, so it can't be read.",
      });
    }
  });

  it('refuses a PDF with more pages than the limit', async () => {
    const bytes = await buildPdf({}, (pdf) => {
      pdf.text('Page 1');
      for (let page = 2; page <= 4; page++) pdf.addPage().text(`Page ${page}`);
    });
    expect(await extract('long.pdf', bytes, { maxPages: 3 })).toEqual({
      ok: false,
      status: 413,
      code: 'payload_too_large',
      message: 'This PDF has 4 pages; the limit is 3.',
    });
  });

  it('refuses a .pdf that is really text', async () => {
    expect(await extract('fake.pdf', utf8('Not a PDF at all, just words.'))).toMatchObject({
      status: 422,
      message: "This file isn't a PDF, although its name ends in .pdf.",
    });
  });
});

describe('limits and formats', () => {
  it('refuses a file over the size limit', async () => {
    expect(await extract('big.txt', utf8('x'.repeat(3 * 1024 * 1024)), { maxFileBytes: 2 * 1024 * 1024 })).toEqual({
      ok: false,
      status: 413,
      code: 'payload_too_large',
      message: 'This file is 3 MB; the limit is 2 MB.',
    });
  });

  it('refuses extracted text over the character limit', async () => {
    expect(await extract('long.txt', utf8('word '.repeat(300)), { maxCharacters: 1000 })).toEqual({
      ok: false,
      status: 413,
      code: 'payload_too_large',
      message: 'This file has 1,499 characters of text; the limit is 1,000.',
    });
  });

  it('refuses file types it cannot read', async () => {
    const expected = { ok: false, status: 415, code: 'unsupported_media_type' };
    expect(await extract('setup.exe', new Uint8Array([0x4d, 0x5a]))).toMatchObject({
      ...expected,
      message: ".exe files can't be read. Upload a .txt, .md, .docx or .pdf file.",
    });
    expect(await extract('README', utf8('text'))).toMatchObject(expected);
  });
});
