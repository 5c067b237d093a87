import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encryptedPdf, samplePdf } from '../fixtures/sample-documents.js';
import { checkPdfBounds, PDF_PAGE_BOUNDS, tooComplexMessage } from './pdf-bounds.js';
import { loadPdf } from './pdf-open.js';

/** A PDF written by pdfkit, which can encrypt (pdf-lib cannot). */
async function pdfkitPdf(options: PDFKit.PDFDocumentOptions, draw: (doc: PDFKit.PDFDocument) => void) {
  const { default: PDFKit } = await import('pdfkit');
  const doc = new PDFKit(options);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  draw(doc);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

/** A PDF of raw objects with a correct xref table: page 1 draws `content`, with `xobjects` as /X1, /X2… */
function pdfOf(pages: string[], xobjects: string[] = []): Uint8Array {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', ''];
  const names = xobjects.map((_, i) => `/X${i + 1} ${3 + pages.length * 2 + i} 0 R`).join(' ');
  const kids: string[] = [];
  pages.forEach((content, i) => {
    const page = 3 + i * 2;
    kids.push(`${page} 0 R`);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << ${names} >> >> /Contents ${page + 1} 0 R >>`,
      streamOf('', content),
    );
  });
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages.length} >>`;
  objects.push(...xobjects);
  let pdf = '%PDF-1.7\n';
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, 'latin1'));
}

function streamOf(dict: string, content: string, compress = false): string {
  const data = compress ? deflateSync(Buffer.from(content, 'latin1')).toString('latin1') : content;
  return `<< ${dict}${compress ? ' /Filter /FlateDecode' : ''} /Length ${data.length} >>\nstream\n${data}\nendstream`;
}

const TEXT = 'BT /F1 12 Tf 72 700 Td (Hello.) Tj ET\n';
const form = (content: string) => streamOf('/Type /XObject /Subtype /Form /BBox [0 0 10 10]', content, true);
const image = (width: number, height: number) =>
  streamOf(
    `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 1`,
    '\0'.repeat(16),
  );

describe('the bounds of a PDF page', () => {
  it('lets ordinary pages through: text, strings with brackets, inline images, forms and images within the bounds', async () => {
    const content = `q ${TEXT} (a (nested) string with Q and q) Tj [(x) -20 (y)] TJ << /MCID 0 >> BDC EMC
      BI /W 10 /H 10 /BPC 8 /CS /G ID \xff\x00q q q Q EI Q /X1 Do /X2 Do`;
    expect(await checkPdfBounds(pdfOf([content], [form(`q ${TEXT} Q`), image(5_000, 5_000)]))).toEqual({ ok: true });
    expect(await checkPdfBounds(await samplePdf())).toEqual({ ok: true });
  });

  it('refuses a page that nests q, BT or arrays past 100 deep, naming the page', async () => {
    const deep = (open: string, close: string) => `${open.repeat(101)}${TEXT}${close.repeat(101)}`;
    const verdict = await checkPdfBounds(pdfOf([TEXT, deep('q ', 'Q ')]));
    expect(verdict).toEqual({
      ok: false,
      page: 2,
      reason: 'nesting',
      detail: 'its saved graphics states are nested more than 100 deep',
    });
    if (!verdict.ok) expect(tooComplexMessage(verdict)).toMatch(/^This PDF's page 2 is too complex to read \(/);
    expect(await checkPdfBounds(pdfOf([deep('BT ', 'ET ')]))).toMatchObject({ reason: 'nesting' });
    expect(await checkPdfBounds(pdfOf([`${'['.repeat(101)}${']'.repeat(101)}`]))).toMatchObject({ reason: 'nesting' });
    // q and Q that balance may come any number of times.
    expect(await checkPdfBounds(pdfOf(['q Q '.repeat(10_000)]))).toEqual({ ok: true });
  });

  it('counts the operators of forms each time they are painted, and forms nested in forms', async () => {
    const busy = `${'0 0 m '.repeat(PDF_PAGE_BOUNDS.maxOperatorsPerPage / 10)}`;
    expect(await checkPdfBounds(pdfOf(['/X1 Do '.repeat(9)], [form(busy)]))).toEqual({ ok: true });
    expect(await checkPdfBounds(pdfOf(['/X1 Do '.repeat(11)], [form(busy)]))).toMatchObject({
      ok: false,
      page: 1,
      reason: 'operators',
    });
    const selfPainting = streamOf(
      '/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /X1 5 0 R >> >>',
      '/X1 Do',
    );
    expect(await checkPdfBounds(pdfOf(['/X1 Do'], [selfPainting]))).toMatchObject({ reason: 'nesting' });
  });

  it('refuses a page whose images pass 50 megapixels, before anything decodes them', async () => {
    expect(await checkPdfBounds(pdfOf(['/X1 Do'], [image(20_000, 20_000)]))).toEqual({
      ok: false,
      page: 1,
      reason: 'image',
      detail: 'its images have 400 megapixels, one of 20,000 × 20,000; the most Candor reads is 50 megapixels a page',
    });
    expect(await checkPdfBounds(pdfOf(['BI /W 20000 /H 20000 /BPC 1 /IM true ID \0\0 EI']))).toMatchObject({
      reason: 'image',
    });
  });

  it('refuses a content stream that inflates past 64 MB', async () => {
    const big = streamOf('', ' '.repeat(65 * 1024 * 1024), true);
    const verdict = await checkPdfBounds(pdfOf(['/X1 Do'], [big.replace('<< ', '<< /Type /XObject /Subtype /Form ')]));
    expect(verdict).toMatchObject({ ok: false, reason: 'content' });
  });

  it('is where opening an upload refuses it, with the message the user reads', async () => {
    await expect(loadPdf(pdfOf([`${'q '.repeat(50_000)}${TEXT}`]))).rejects.toMatchObject({
      name: 'DocumentError',
      status: 422,
      message: expect.stringMatching(/^This PDF's page 1 is too complex to read/),
    });
    // A file that needs a password is pdf.js's to refuse, with its own message.
    expect(await checkPdfBounds(await encryptedPdf())).toEqual({ ok: true });
  });

  it.each([
    ['1.3', 'RC4 40-bit'],
    ['1.4', 'RC4 128-bit'],
    ['1.7', 'AES-128'],
    ['1.7ext3', 'AES-256'],
  ] as const)(
    'reads the pages of a PDF %s encrypted with %s and no user password, as pdf.js opens it',
    async (version, _method) => {
      const encrypted = (saves: number) =>
        pdfkitPdf({ ownerPassword: 'owner', pdfVersion: version }, (doc) => {
          for (let i = 0; i < saves; i++) doc.save();
          doc.text('Encrypted, not locked.');
          for (let i = 0; i < saves; i++) doc.restore();
        });
      expect(await checkPdfBounds(await encrypted(5))).toEqual({ ok: true });
      expect(await checkPdfBounds(await encrypted(150))).toMatchObject({ ok: false, page: 1, reason: 'nesting' });
    },
  );
});
