import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { DocumentError } from '../document-error.js';
import {
  declareSize,
  docxWithHiddenPlaces,
  inflatingDocx,
  SECRETS,
  sampleDocx,
  secretRanges,
} from '../fixtures/sample-documents.js';
import { locateRanges, readDocument, redactDocument, renderPagePreviews, verifyRedaction } from '../index.js';

const LIMITS = { maxBytes: 5 * 1024 * 1024, maxPages: 20, maxCharacters: 200_000 };
const STRINGS = Object.values(SECRETS);

async function parts(bytes: Uint8Array): Promise<Map<string, string>> {
  const zip = await JSZip.loadAsync(bytes);
  const result = new Map<string, string>();
  for (const file of Object.values(zip.files)) if (!file.dir) result.set(file.name, await file.async('string'));
  return result;
}

/** The XML of every part with character references decoded and runs joined: what a determined reader sees. */
function searchable(xml: string): string {
  const decoded = xml
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number.parseInt(decimal, 10)))
    .replace(/&amp;/g, '&');
  return `${decoded}\n${decoded.replace(/<[^>]+>/g, '')}`.toLowerCase();
}

describe('.docx reading', () => {
  it('reads the visible text: inserted text in, deleted and hidden text out, runs joined, the header first as on the page', async () => {
    const { text, pages, kind } = await readDocument(await sampleDocx(), 'docx', LIMITS);
    expect(kind).toBe('docx');
    expect(text).toContain(`Payment instructions: transfer to IBAN ${SECRETS.iban} by Friday.\n`);
    expect(text).toContain(`${SECRETS.name} approved the transfer on 3 March.\n`);
    expect(text).not.toContain('after calling');
    expect(text).not.toContain('watch list');
    expect(text).not.toContain('Double-check');
    expect(text.indexOf('Confidential:')).toBeLessThan(text.indexOf('Payment instructions'));
    // A4 from the section's page size, in points.
    expect(pages).toEqual([{ number: 1, width: 595.3, height: 841.9, start: 0, end: text.length }]);
  });

  it('has no page images or boxes to show', async () => {
    const docx = await sampleDocx();
    expect(await renderPagePreviews(docx, 'docx', { maxWidth: 400, maxPages: 3 })).toEqual([]);
    expect(await locateRanges(docx, 'docx', [{ start: 0, end: 5 }])).toEqual([[]]);
  });
});

describe('.docx redaction', () => {
  it.each([
    ['box', () => '', '\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588'],
    ['label', (kind: string) => `[${kind.toUpperCase()}]`, '[NAME]'],
    ['pseudonym', (kind: string) => (kind === 'name' ? '[PERSON_NAME_1]' : `[${kind}]`), '[PERSON_NAME_1]'],
  ] as const)(
    'rewrites the XML so no redacted string is left anywhere (%s style)',
    async (style, replacement, nameShown) => {
      const docx = await sampleDocx();
      const { text } = await readDocument(docx, 'docx', LIMITS);
      const result = await redactDocument(docx, 'docx', secretRanges(text, replacement), { style });

      expect(result.extension).toBe('docx');
      expect(result.mediaType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      expect(result.verification).toMatchObject({ passed: true });
      expect(result.verification.checks.map((check) => check.name)).toEqual([
        'Text extraction',
        'Raw bytes (decompressed)',
        'Metadata',
        'Hidden text',
      ]);

      const written = await parts(result.bytes);
      const everything = [...written.values()].map(searchable).join('\n');
      for (const secret of STRINGS) expect(everything).not.toContain(secret.toLowerCase());

      // The redacted document reads as the original with the replacements, and Word can still open it.
      const after = await readDocument(result.bytes, 'docx', LIMITS);
      expect(after.text).toContain(`Prepared for ${nameShown} by `);
      expect(after.text).toContain('approved the transfer on 3 March.');
      expect(after.text).toContain('Payment instructions: transfer to IBAN ');

      expect([...written.keys()].sort()).toEqual([
        '[Content_Types].xml',
        '_rels/.rels',
        'docProps/app.xml',
        'docProps/core.xml',
        'word/_rels/document.xml.rels',
        'word/document.xml',
        'word/header1.xml',
      ]);
      const document = written.get('word/document.xml') ?? '';
      expect(document).not.toMatch(/<w:(ins|del|delText|vanish|commentReference|commentRangeStart)\b/);
      expect(written.get('[Content_Types].xml')).not.toContain('comments');
      expect(written.get('docProps/core.xml')).toMatch(/<dc:creator\/>/);
      expect(written.get('docProps/app.xml')).toMatch(/<Company\/>/);
      expect(written.get('word/_rels/document.xml.rels')).toContain('Target="mailto:');
    },
  );

  it('reaches the strings the text reader never sees', async () => {
    const docx = await docxWithHiddenPlaces();
    const { text } = await readDocument(docx, 'docx', LIMITS);
    // The fallback copy, the style-hidden run and the deleted row are not text; the first line is.
    expect(text).toBe(`Client: ${SECRETS.name}\nBox for ${SECRETS.name}\n\nKept row\n`);
    const start = text.indexOf(SECRETS.name);
    const ranges = [{ start, end: start + SECRETS.name.length, replacement: '[PERSON_NAME_1]' }];
    const result = await redactDocument(docx, 'docx', ranges, { style: 'pseudonym' });
    expect(result.verification.passed).toBe(true);

    const written = await parts(result.bytes);
    const document = written.get('word/document.xml') ?? '';
    expect(document).toContain('Box for [PERSON_NAME_1]');
    expect(document).not.toContain('Old row');
    expect(document).not.toContain('Secret twin');
    const workbook = await parts(
      new Uint8Array(
        (await (
          await JSZip.loadAsync(result.bytes)
        )
          .file('word/embeddings/Microsoft_Excel_Worksheet.xlsx')
          ?.async('uint8array')) ?? new Uint8Array(),
      ),
    );
    expect(workbook.get('xl/sharedStrings.xml')).toContain('[PERSON_NAME_1]');
    expect(searchable(workbook.get('xl/sharedStrings.xml') ?? '')).not.toContain('jane doe');
    expect([...written.keys()].filter((name) => /customXml|thumbnail/.test(name))).toEqual([]);
    expect(written.get('word/settings.xml')).not.toMatch(/docVar|attachedTemplate/);
    expect(written.get('word/_rels/settings.xml.rels')).not.toContain('jane.doe');
    expect(written.get('word/_rels/document.xml.rels')).not.toContain('customXml');
  });

  it('fails verification on the original, which still has it all', async () => {
    const verification = await verifyRedaction(await sampleDocx(), 'docx', [SECRETS.email, SECRETS.name]);
    expect(verification.passed).toBe(false);
    expect(verification.checks.filter((check) => !check.passed).map((check) => check.name)).toEqual([
      'Text extraction',
      'Raw bytes (decompressed)',
      'Metadata',
      'Hidden text',
    ]);
    expect(verification.checks[3]?.detail).toBe(
      'The document still has hidden text, tracked changes, comments and comment anchors.',
    );
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

describe('.docx refusals', () => {
  it('refuses a zip bomb that declares its size', async () => {
    const bomb = await inflatingDocx(30 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const error = await documentError(readDocument(bomb, 'docx', { ...LIMITS, maxBytes: 1024 * 1024 }));
    expect(error).toMatchObject({
      status: 413,
      message: "This Word document unpacks to more than 20 MB, so it can't be read.",
    });
  });

  it('refuses a zip bomb that lies about its size', async () => {
    const bomb = declareSize(await inflatingDocx(30 * 1024 * 1024), 'word/document.xml', 1000);
    const error = await documentError(readDocument(bomb, 'docx', { ...LIMITS, maxBytes: 1024 * 1024 }));
    expect(error.status).toBe(413);
    await expect(redactDocument(bomb, 'docx', [], { style: 'box' })).rejects.toMatchObject({ status: 413 });
  });

  it('refuses a corrupt .docx', async () => {
    const docx = await sampleDocx();
    const corrupt = new Uint8Array(docx);
    corrupt.fill(0x55, 200, 400);
    const error = await documentError(readDocument(corrupt, 'docx', LIMITS));
    expect(error).toMatchObject({
      status: 422,
      message: "This Word document is damaged or incomplete, so it can't be read.",
    });
  });

  it('refuses a truncated .docx', async () => {
    const docx = await sampleDocx();
    const error = await documentError(readDocument(docx.subarray(0, docx.length - 100), 'docx', LIMITS));
    expect(error.status).toBe(422);
  });

  it('refuses a password-protected or old-format Word file', async () => {
    const ole = new Uint8Array(4096);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const error = await documentError(readDocument(ole, 'docx', LIMITS));
    expect(error.message).toBe(
      'This Word file is password-protected or in the old .doc format. Remove the password or save it as .docx, then upload it again.',
    );
  });

  it('refuses a zip that is not a Word document', async () => {
    const zip = new JSZip();
    zip.file('hello.txt', 'hello');
    const error = await documentError(readDocument(await zip.generateAsync({ type: 'uint8array' }), 'docx', LIMITS));
    expect(error).toMatchObject({
      status: 422,
      message: "This file isn't a Word document (.docx), although its name ends in .docx.",
    });
  });
});
