import { inflateSync } from 'node:zlib';
import { historyDetailSchema } from '@candor/contracts';
import {
  type DocumentAnalysis,
  documentAnalysisSchema,
  documentPreviewsSchema,
  documentRedactionResultSchema,
  type JobSnapshot,
  jobSnapshotSchema,
  type PageLine,
} from '@candor/contracts/tools';
import { mupdfText, pdfReader, popplerText } from '@candor/engine-redact/testing/pdf-readers';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/app.js';
import { useTestApp } from '../../../test/app.js';
import { describeOnEachDatabase } from '../../../test/databases.js';
import {
  expectError,
  expectNothingStored,
  followToEnd,
  newUser,
  totalBalance,
  uploadFile,
} from '../../../test/tool-runs.js';
import { readBack } from '../pdf/read-back.js';

const DETECTOR = '/api/detector';
const ANALYSE = `${DETECTOR}/v1/tools/document-redaction/analyse`;
const JOBS = `${DETECTOR}/v1/tools/document-redaction/jobs`;
const PREVIEWS = `${DETECTOR}/v1/tools/document-redaction/previews`;

const SECRETS = {
  name: 'Grace Hopper',
  email: 'grace.hopper@navy.example',
  card: '4111 1111 1111 1111',
  iban: 'GB82 WEST 1234 5698 7654 32',
};
const LETTER = [
  `Dear ${SECRETS.name},`,
  `Thank you for your order. We will write to ${SECRETS.email} when it ships.`,
  // Long enough to wrap inside the IBAN: a value split over two lines must still be found and removed.
  `The card ${SECRETS.card} was charged, and the refund goes to IBAN ${SECRETS.iban}.`,
  'Kind regards, the support team',
];

/** A real PDF with a text layer, as `draw` writes it. */
function writePdf(options: PDFKit.PDFDocumentOptions, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

/** The letter, with an author in its metadata. */
const letterPdf = () =>
  writePdf({ size: 'A4', info: { Title: `Letter to ${SECRETS.name}`, Author: SECRETS.name } }, (doc) => {
    doc.fontSize(12);
    for (const line of LETTER) doc.text(line).moveDown();
  });

/** Minutes with a line on each of `pages` pages: longer than the previews go. */
const minutesPdf = (pages: number) =>
  writePdf({ size: 'A4' }, (doc) => {
    for (let page = 1; page <= pages; page++) {
      if (page > 1) doc.addPage();
      doc.text(`Minutes, page ${page}: the committee agreed the budget.`);
    }
  });

// Readers independent of pdf.js; where one is missing its engine tests say so, and with CI=true this throws.
const COMMAND_LINE_READERS = [
  [pdfReader('pdftotext'), popplerText],
  [pdfReader('mutool'), mupdfText],
] as const;

/** Every stream of a PDF, inflated where it is compressed: where a leaked string would hide. */
function rawPdfContent(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const inflated = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((match) => {
    try {
      return inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      return '';
    }
  });
  return [raw, ...inflated].join('\n');
}

async function analyse(client: TestClient, fileName: string, bytes: Uint8Array): Promise<DocumentAnalysis> {
  const response = await uploadFile(client, ANALYSE, fileName, bytes);
  expect(response.statusCode, response.body).toBe(200);
  return documentAnalysisSchema.parse(response.json());
}

const previewsOf = (client: TestClient, fileName: string, bytes: Uint8Array, first: number, last: number) =>
  uploadFile(client, `${PREVIEWS}?first=${first}&last=${last}`, fileName, bytes);

/** Each laid-out word of a page, as the text it boxes. */
const wordsLaidOut = (text: string, lines: readonly PageLine[]) =>
  lines.flatMap(({ words }) => words.map(([start, end]) => text.slice(start, end)));

async function redact(client: TestClient, body: unknown): Promise<JobSnapshot> {
  const started = await client.post(JOBS, body);
  expect(started.statusCode, started.body).toBe(202);
  const last = (await followToEnd(client, jobSnapshotSchema.parse(started.json()).job_id)).at(-1);
  if (!last) throw new Error('the job sent no snapshot');
  return last;
}

const jobBody = (fileName: string, bytes: Uint8Array, analysis: DocumentAnalysis, style = 'label') => ({
  file_name: fileName,
  file: Buffer.from(bytes).toString('base64'),
  text: analysis.text,
  style,
  policy: 'GDPR',
  redactions: analysis.findings.map(({ start, end, type }) => ({ start, end, type })),
});

describeOnEachDatabase('the Document Redactor', (database) => {
  const t = useTestApp(database);

  it('analyses a PDF, redacts it for real, verifies it and charges the words', async () => {
    const { client } = await newUser(t());
    const pdf = await letterPdf();
    const analysis = await analyse(client, 'letter.pdf', pdf);
    expect(analysis.kind).toBe('pdf');
    expect(analysis.pages).toHaveLength(1);
    expect(analysis.pages[0]?.preview).toMatch(/^data:image\/webp;base64,/);
    const found = new Map(analysis.findings.map((f) => [f.type, f]));
    for (const type of ['PERSON_NAME', 'EMAIL_ADDRESS', 'CREDIT_CARD_NUMBER', 'IBAN_CODE']) {
      expect(found.get(type as never)?.rects.length, type).toBeGreaterThan(0);
    }
    // Every word of the previewed page has a box, so the screen can box any selection: the box a finding gets.
    const [page] = analysis.pages;
    const laidOut = (page?.lines ?? []).flatMap(({ y, height, words }) =>
      words.map(([start, end, x, width]) => ({ start, end, x, y, width, height })),
    );
    expect(laidOut.map(({ start, end }) => analysis.text.slice(start, end))).toEqual(
      analysis.text.slice(page?.start, page?.end).match(/\S+/g),
    );
    const email = found.get('EMAIL_ADDRESS');
    const emailWord = laidOut.find((word) => word.start === email?.start && word.end === email?.end);
    const [emailBox] = email?.rects ?? [];
    for (const side of ['x', 'y', 'width', 'height'] as const) {
      expect(emailWord?.[side], side).toBeCloseTo(emailBox?.[side] ?? Number.NaN, 3);
    }

    const before = await totalBalance(client);
    const done = await redact(client, jobBody('letter.pdf', pdf, analysis));
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    expect(await totalBalance(client)).toBe(before - Math.ceil(tokenizeWords(analysis.text).length * 0.5));

    const detail = historyDetailSchema.parse(
      (await client.get(`${DETECTOR}/v2/ai-detector/user-history/${done.history_id}`)).json(),
    );
    expect(detail.item.model_name).toBe('PII_TEXT_DETECT');
    expect(JSON.stringify(detail)).not.toContain(SECRETS.email);
    const result = documentRedactionResultSchema.parse(detail.result);
    expect(result.verification.passed).toBe(true);
    expect(result.redacted_text).toContain('[EMAIL_ADDRESS]');

    const file = await client.get(`${DETECTOR}/v1/tools/document-redaction/${done.history_id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename=letter-redacted.pdf');
    const redacted = file.rawPayload;
    const { text, info } = await readBack(redacted);
    const raw = rawPdfContent(redacted);
    for (const secret of [...Object.values(SECRETS), 'Hopper', '1111 1111']) {
      expect(text, secret).not.toContain(secret);
      expect(raw, secret).not.toContain(secret);
      expect(JSON.stringify(info), secret).not.toContain(secret);
    }
    expect(text).toContain('Thank you for your order');
    // The searchable layer the screen promises, as poppler and mupdf read it, without an error on their stderr.
    for (const [reader, read] of COMMAND_LINE_READERS) {
      if (reader.skip) continue;
      const output = await read(redacted);
      expect(output.messages, reader.name).toEqual([]);
      const layer = output.text.replace(/\s+/g, ' ');
      expect(layer, reader.name).toContain('Thank you for your order');
      expect(layer, reader.name).toContain('[EMAIL_ADDRESS]');
      for (const secret of [...Object.values(SECRETS), 'Hopper']) expect(layer, reader.name).not.toContain(secret);
    }

    const stranger = await newUser(t());
    expectError(
      await stranger.client.get(`${DETECTOR}/v1/tools/document-redaction/${done.history_id}/file`),
      404,
      'not_found',
    );
  });

  it('previews and lays out the first 20 pages of a longer PDF only', async () => {
    const { client } = await newUser(t());
    const analysis = await analyse(client, 'minutes.pdf', await minutesPdf(22));
    expect(analysis.pages).toHaveLength(22);
    const firstTwenty = [...Array(20).fill(true), false, false];
    expect(analysis.pages.map((page) => page.preview !== null)).toEqual(firstTwenty);
    expect(analysis.pages.map((page) => page.lines.length > 0)).toEqual(firstTwenty);
  });

  it('redacts a text file with pseudonyms that stay the same for the same person', async () => {
    const { client } = await newUser(t());
    const text = `${LETTER.join('\n')}\nP.S. ${SECRETS.name} asked us to keep this note.`;
    const bytes = new TextEncoder().encode(text);
    const analysis = await analyse(client, 'note.txt', bytes);
    expect(analysis.kind).toBe('text');
    // No picture of a text file's page, so nothing to box on one.
    expect(analysis.pages.map((page) => [page.preview, page.lines])).toEqual([[null, []]]);
    const done = await redact(client, jobBody('note.txt', bytes, analysis, 'pseudonym'));
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    const file = await client.get(`${DETECTOR}/v1/tools/document-redaction/${done.history_id}/file`);
    const redacted = file.body;
    for (const secret of Object.values(SECRETS)) expect(redacted).not.toContain(secret);
    expect(redacted.match(/\[PERSON_NAME_1\]/g)).toHaveLength(2);
  });

  it('refuses bad files and mismatched runs with a clear message and no charge', async () => {
    const { client, userId } = await newUser(t());
    const pdf = await letterPdf();
    expectError(await uploadFile(client, ANALYSE, 'letter.pdf', pdf.subarray(0, 400)), 422, 'unreadable_file');
    expectError(
      await uploadFile(client, ANALYSE, 'letter.pdf', new TextEncoder().encode('hello')),
      415,
      'unsupported_media_type',
    );
    expectError(
      await uploadFile(client, ANALYSE, 'tool.exe', new Uint8Array([77, 90, 0, 0])),
      415,
      'unsupported_media_type',
    );

    const analysis = await analyse(client, 'letter.pdf', pdf);
    const mismatched = await redact(client, { ...jobBody('letter.pdf', pdf, analysis), text: `${analysis.text} ` });
    expect(mismatched.status).toBe('failed');
    expect(mismatched.error?.code).toBe('document_changed');
    expectError(
      await client.post(JOBS, {
        ...jobBody('letter.pdf', pdf, analysis),
        redactions: [{ start: 0, end: 10_000, type: 'MANUAL' }],
      }),
      400,
      'validation_failed',
    );
    await expectNothingStored(t(), userId);
  });

  it('analyses at most 20 documents a minute per user, then says to wait', async () => {
    const { client } = await newUser(t());
    const note = new TextEncoder().encode(`Please call ${SECRETS.name} tomorrow.`);
    for (let i = 0; i < 20; i++) await analyse(client, 'note.txt', note);
    const refused = await uploadFile(client, ANALYSE, 'note.txt', note);
    expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not held up by the first one's analyses.
    await analyse((await newUser(t())).client, 'note.txt', note);
  });

  describe('page previews past the analysis', () => {
    // An app of their own, so their calls and the analyses above don't share a rate-limit budget.
    const t = useTestApp(database);

    it('previews and lays out the later pages of a long PDF exactly as the analysis does its first', async () => {
      const { client } = await newUser(t());
      const pdf = await minutesPdf(25);
      const analysis = await analyse(client, 'minutes.pdf', pdf);
      expect(analysis.pages.slice(20).map((page) => page.preview)).toEqual(Array(5).fill(null));

      // A range that runs past the last page stops there.
      const later = await previewsOf(client, 'minutes.pdf', pdf, 21, 30);
      expect(later.statusCode, later.body).toBe(200);
      const { pages } = documentPreviewsSchema.parse(later.json());
      expect(pages.map((page) => page.number)).toEqual([21, 22, 23, 24, 25]);
      for (const page of pages) {
        expect(page.preview, `page ${page.number}`).toMatch(/^data:image\/webp;base64,/);
        const analysed = analysis.pages[page.number - 1];
        expect(wordsLaidOut(analysis.text, page.lines)).toEqual(
          analysis.text.slice(analysed?.start, analysed?.end).match(/\S+/g),
        );
      }
      expect(pages[0]?.preview).not.toBe(pages[1]?.preview);

      // The pages the analysis previewed come back the same, so boxes on either kind of page agree.
      const again = documentPreviewsSchema.parse((await previewsOf(client, 'minutes.pdf', pdf, 11, 20)).json());
      expect(again.pages).toEqual(
        analysis.pages.slice(10, 20).map(({ number, preview, lines }) => ({ number, preview, lines })),
      );
    });

    it('refuses a range past the end, too many pages, a bad file and a visitor, in the one error shape', async () => {
      const { client } = await newUser(t());
      const pdf = await minutesPdf(25);
      const pastTheEnd = await previewsOf(client, 'minutes.pdf', pdf, 26, 30);
      expectError(pastTheEnd, 400, 'page_out_of_range');
      expect(pastTheEnd.json().error.message).toBe('This document has 25 pages; there is no page 26.');
      const tooMany = await previewsOf(client, 'minutes.pdf', pdf, 11, 21);
      expectError(tooMany, 400, 'validation_failed');
      expect(tooMany.json().error.details).toEqual([
        { path: 'last', message: 'At most 10 pages can be previewed at a time' },
      ]);
      expectError(await previewsOf(client, 'minutes.pdf', pdf, 5, 4), 400, 'validation_failed');
      expectError(await uploadFile(client, PREVIEWS, 'minutes.pdf', pdf), 400, 'validation_failed');

      expectError(await previewsOf(client, 'minutes.pdf', pdf.subarray(0, 400), 1, 1), 422, 'unreadable_file');
      expectError(
        await previewsOf(client, 'tool.exe', new Uint8Array([77, 90, 0, 0]), 1, 1),
        415,
        'unsupported_media_type',
      );
      expectError(await client.post(`${PREVIEWS}?first=1&last=1`, { file: 'x' }), 415, 'unsupported_media_type');

      const visitor = await t().client().prime();
      expectError(await previewsOf(visitor, 'minutes.pdf', pdf, 21, 25), 401, 'unauthenticated');
    });

    it('counts against the analyses’ budget of 20 a minute per user', async () => {
      const { client } = await newUser(t());
      const note = new TextEncoder().encode(`Please call ${SECRETS.name} tomorrow.`);
      for (let i = 0; i < 19; i++) await analyse(client, 'note.txt', note);
      // A text file has no picture: its one page comes back without one.
      const allowed = await previewsOf(client, 'note.txt', note, 1, 1);
      expect(documentPreviewsSchema.parse(allowed.json()).pages).toEqual([{ number: 1, preview: null, lines: [] }]);
      const refused = await previewsOf(client, 'note.txt', note, 1, 1);
      expectError(refused, 429, 'rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
});
