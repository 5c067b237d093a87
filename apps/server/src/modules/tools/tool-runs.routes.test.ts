import { randomBytes, randomUUID } from 'node:crypto';
import { historyDetailSchema } from '@candor/contracts';
import {
  extractedTextSchema,
  jobListSchema,
  jobSnapshotSchema,
  NO_WORDS_MESSAGE,
  writingAnalysisResultSchema,
} from '@candor/contracts/tools';
import { ledgerEntries, tokenHolds } from '@candor/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readTestSettings } from '../../config/env.js';
import { type TestClient, useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';
import { misbehavingEngine } from '../../test/engines/misbehaving-engine.js';
import {
  expectError,
  expectNothingStored,
  followToEnd,
  newUser,
  totalBalance,
  uploadFile,
} from '../../test/tool-runs.js';
import { setPlanAllowance } from '../detector/ledger.js';
import { buildDocx, buildPdf, buildPng, documentXml, docxBody } from './extract/fixtures/build-fixtures.js';

const DETECTOR = '/api/detector';
const JOBS = `${DETECTOR}/v1/tools/writing-analysis/jobs`;
const EXTRACT = `${DETECTOR}/v1/tools/writing-analysis/extract`;

const SAMPLE =
  'The report was written by the committee. It is very clear and it explains the plan well.\n\n' +
  'Readers will recieve a copy next week, and the the summary follows.';

const upload = (client: TestClient, fileName: string, bytes: Uint8Array) =>
  uploadFile(client, EXTRACT, fileName, bytes);

const { redisUrl } = readTestSettings();

const wordsIn = (text: string) => text.match(/[\p{L}\p{N}]+(?:['’\-.][\p{L}\p{N}]+)*/gu)?.length ?? 0;

describeOnEachDatabase('tool runs', (database) => {
  describe('Writing Analysis', () => {
    const t = useTestApp(database);

    it('runs as a job: progress over SSE, one history item, and a charge of exactly words × coefficient', async () => {
      const { client, userId } = await newUser(t());
      const before = await totalBalance(client);

      const started = await client.post(JOBS, { text: SAMPLE });
      expect(started.statusCode, started.body).toBe(202);
      const job = jobSnapshotSchema.parse(started.json());
      const words = wordsIn(SAMPLE);
      expect(job).toMatchObject({ tool: 'writing-analysis', cost: Math.ceil(words * 0.5), history_id: null });

      const snapshots = await followToEnd(client, job.job_id);
      const last = snapshots.at(-1);
      expect(last?.status).toBe('succeeded');
      expect(snapshots.map((s) => s.progress.stage)).toContain('Checking style and spelling');
      const partial = snapshots.find((s) => s.partial !== null)?.partial as {
        statistics: { counts: { words: number } };
      };
      expect(partial.statistics.counts.words).toBe(words);

      const detail = historyDetailSchema.parse(
        (await client.get(`${DETECTOR}/v2/ai-detector/user-history/${last?.history_id}`)).json(),
      );
      expect(detail.item).toMatchObject({ model_name: 'WRITING_ANALYSIS', cost: job.cost });
      expect(detail.item.title).toBe('The report was written by the committee. It is very clear and it explains the…');
      expect(detail.input).toEqual({ text: SAMPLE });
      const report = writingAnalysisResultSchema.parse(detail.result);
      expect(report.counts.words).toBe(words);
      expect(report.issues.map((issue) => issue.kind)).toEqual(
        expect.arrayContaining(['passive-voice', 'spelling', 'repeated-word']),
      );

      expect(await totalBalance(client)).toBe(before - job.cost);
      const { db } = t().database.handle;
      const [entry] = await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.referenceId, detail.item.history_id));
      expect(entry).toMatchObject({ reason: 'charge', modelName: 'WRITING_ANALYSIS', tokensCharged: job.cost });
      expect(await db.select().from(tokenHolds).where(eq(tokenHolds.userId, userId))).toEqual([]);

      // The finished job is still there for a reloaded screen, and its stream replays the end at once.
      const listed = jobListSchema.parse((await client.get(`${DETECTOR}/v1/jobs/?tool=writing-analysis`)).json());
      expect(listed.items.map((item) => item.job_id)).toContain(job.job_id);
      expect((await followToEnd(client, job.job_id)).map((s) => s.status)).toEqual(['succeeded']);
    });

    it('exports a stored run as a PDF for its owner only', async () => {
      const { client } = await newUser(t());
      const job = jobSnapshotSchema.parse((await client.post(JOBS, { text: SAMPLE })).json());
      const historyId = (await followToEnd(client, job.job_id)).at(-1)?.history_id;
      const pdf = await client.get(`${DETECTOR}/v1/tools/writing-analysis/reports/${historyId}.pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      // Named after the run (the text's first words), then the tool.
      expect(pdf.headers['content-disposition']).toBe(
        'attachment; filename=the-report-was-written-by-the-committee-it-is-very-clear-and-writing-analysis.pdf',
      );
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

      const { client: stranger } = await newUser(t());
      expectError(
        await stranger.get(`${DETECTOR}/v1/tools/writing-analysis/reports/${historyId}.pdf`),
        404,
        'not_found',
      );
      expectError(
        await client.get(`${DETECTOR}/v1/tools/writing-analysis/reports/${randomUUID()}.pdf`),
        404,
        'not_found',
      );
    });

    it('refuses bad input before anything is reserved: 400, 413 for the length and the plan, 404 for no tool', async () => {
      const { client, userId } = await newUser(t());
      expectError(await client.post(JOBS, { text: '   ' }), 400, 'validation_failed');
      expectError(await client.post(JOBS, {}), 400, 'validation_failed');
      const tooLong = await client.post(JOBS, { text: 'a '.repeat(100_001) });
      expectError(tooLong, 413, 'payload_too_large');
      expect(tooLong.json().error.message).toBe(
        'The text has 200,002 characters; one run takes up to 200,000. Split it into parts.',
      );
      // The free plan checks up to 2,000 words per run.
      const overPlan = await client.post(JOBS, { text: 'word '.repeat(2_001) });
      expectError(overPlan, 413, 'payload_too_large');
      expect(overPlan.json().error.message).toBe(
        'Your plan checks up to 2,000 words per run and this text has 2,001. Shorten it or upgrade your plan.',
      );
      expectError(await client.post(`${DETECTOR}/v1/tools/no-such-tool/jobs`, { text: 'hi' }), 404, 'not_found');
      await expectNothingStored(t(), userId);
    });

    it('refuses a text without a word (emoji and punctuation only) before anything is reserved, in every tool', async () => {
      const { client, userId } = await newUser(t());
      const before = await totalBalance(client);
      const text = '🙂🙂 🎉 — !!! 👍🏽';
      const refused = await client.post(JOBS, { text });
      expectError(refused, 400, 'validation_failed');
      expect(refused.json().error.details).toEqual([{ path: 'text', message: NO_WORDS_MESSAGE }]);
      // Each tool keeps its stricter rule and message; the pipeline's rule is the floor under them all.
      const detector = await client.post(`${DETECTOR}/v1/tools/ai-detection/jobs`, { text });
      expectError(detector, 400, 'validation_failed');
      expect(detector.json().error.details).toEqual([
        { path: 'text', message: 'The detectors read English text; this text has too few English words to check' },
      ]);
      await expectNothingStored(t(), userId);
      expect(await totalBalance(client)).toBe(before);
    });

    it('reserves the cost at the start, so runs the balance cannot cover all together are refused at once', async () => {
      const { client, userId } = await newUser(t());
      await t().database.handle.db.transaction((tx) =>
        setPlanAllowance(tx, { userId, tokens: 600, reason: 'plan_purchase', now: new Date() }),
      );
      // 1,000 words cost 500 tokens: the first run holds 500 of the 600, so the second can't start.
      const text = 'word '.repeat(1_000);
      const first = await client.post(JOBS, { text });
      expect(first.statusCode).toBe(202);
      const second = await client.post(JOBS, { text });
      expectError(second, 402, 'insufficient_tokens');
      expect(second.json().error.details).toEqual({ cost: 500, available: 100 });
      const firstJob = jobSnapshotSchema.parse(first.json());
      expect((await followToEnd(client, firstJob.job_id)).at(-1)?.status).toBe('succeeded');
      expect(await totalBalance(client)).toBe(100);
    });

    it("keeps every job to its owner: another user's ids are unknown everywhere", async () => {
      const { client } = await newUser(t());
      const job = jobSnapshotSchema.parse((await client.post(JOBS, { text: SAMPLE })).json());
      await followToEnd(client, job.job_id);
      const { client: stranger } = await newUser(t());
      for (const url of [
        `${DETECTOR}/v1/jobs/${job.job_id}`,
        `${DETECTOR}/v1/jobs/${job.job_id}/events`,
        `${DETECTOR}/v1/jobs/nope`,
      ]) {
        expectError(await stranger.get(url), 404, 'not_found');
      }
      expectError(await stranger.post(`${DETECTOR}/v1/jobs/${job.job_id}/cancel`), 404, 'not_found');
      expect(jobListSchema.parse((await stranger.get(`${DETECTOR}/v1/jobs/`)).json()).items).toEqual([]);
      const anonymous = await t().client().prime();
      expectError(await anonymous.post(JOBS, { text: SAMPLE }), 401, 'unauthenticated');
    });
  });

  describe('uploads', () => {
    const t = useTestApp(database);

    it('reads the text of .txt, .md, .docx and .pdf files in a worker', async () => {
      const { client } = await newUser(t());
      const txt = await upload(client, 'notes.txt', new TextEncoder().encode('First line.\r\n\r\nSecond.'));
      expect(txt.statusCode, txt.body).toBe(200);
      expect(extractedTextSchema.parse(txt.json())).toEqual({
        text: 'First line.\n\nSecond.',
        file_name: 'notes.txt',
        format: 'txt',
        pages: null,
        characters: 20,
      });
      const md = extractedTextSchema.parse(
        (await upload(client, 'README.md', new TextEncoder().encode('# Title\n\nBody'))).json(),
      );
      expect(md).toMatchObject({ text: '# Title\n\nBody', format: 'md' });

      const docx = buildDocx(
        documentXml(docxBody([{ heading: 'Quarterly report' }, { paragraph: 'Sales grew quickly.' }])),
      );
      const fromDocx = extractedTextSchema.parse((await upload(client, 'report.docx', docx)).json());
      expect(fromDocx).toMatchObject({ format: 'docx', pages: null });
      expect(fromDocx.text).toContain('Quarterly report');
      expect(fromDocx.text).toContain('Sales grew quickly.');

      const pdf = await buildPdf({}, (document) => {
        document.text('The first page says hello.');
        document.addPage().text('The second page says goodbye.');
      });
      const fromPdf = extractedTextSchema.parse((await upload(client, 'letter.pdf', pdf)).json());
      expect(fromPdf).toMatchObject({ format: 'pdf', pages: 2 });
      expect(fromPdf.text).toContain('The first page says hello.');
      expect(fromPdf.text).toContain('The second page says goodbye.');
    });

    it('answers bad files with 413, 415 and 422 and a message that says why', async () => {
      const { client } = await newUser(t());
      expectError(await upload(client, 'tool.exe', new Uint8Array([0x4d, 0x5a, 0, 0])), 415, 'unsupported_media_type');
      const oversize = await upload(client, 'big.txt', new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61));
      expectError(oversize, 413, 'payload_too_large');
      expect(oversize.json().error.message).toMatch(/^The file is larger than 10 MB/);
      const scan = await buildPdf({}, (document) => {
        document.image(buildPng(40, 40), 50, 50, { width: 400 });
      });
      const scanned = await upload(client, 'scan.pdf', scan);
      expectError(scanned, 422, 'unreadable_file');
      expect(scanned.json().error.message).toMatch(/no text layer/);
      expectError(
        await upload(client, 'fake.pdf', new TextEncoder().encode('not a pdf at all')),
        422,
        'unreadable_file',
      );
      const notMultipart = await client.post(EXTRACT, { file: 'x' });
      expectError(notMultipart, 415, 'unsupported_media_type');
    });
  });

  describe('a broken engine', () => {
    const t = useTestApp(database, { engineOverrides: { 'writing-analysis': misbehavingEngine } });

    for (const [command, outcome] of [
      ['throw', 'an error thrown by the engine'],
      ['exit', 'the worker thread dying'],
      ['garbage', 'a result that is not a report'],
    ] as const) {
      it(`charges nothing and stores nothing after ${outcome}`, async () => {
        const { client, userId } = await newUser(t());
        const before = await totalBalance(client);
        const job = jobSnapshotSchema.parse((await client.post(JOBS, { text: `${command} please` })).json());
        const last = (await followToEnd(client, job.job_id)).at(-1);
        expect(last).toMatchObject({
          status: 'failed',
          history_id: null,
          error: {
            code: 'internal_error',
            message: 'The run failed on our side. No tokens were charged; try again in a moment.',
          },
        });
        expect(await totalBalance(client)).toBe(before);
        await expectNothingStored(t(), userId);
      });
    }

    it('stops a running job when it is cancelled: no charge, no item, and the stream ends with "cancelled"', async () => {
      const { client, userId } = await newUser(t());
      const before = await totalBalance(client);
      const job = jobSnapshotSchema.parse((await client.post(JOBS, { text: 'hang on' })).json());
      await expect
        .poll(
          async () =>
            jobSnapshotSchema.parse((await client.get(`${DETECTOR}/v1/jobs/${job.job_id}`)).json()).progress.stage,
        )
        .toBe('Hanging');
      const cancelled = await client.post(`${DETECTOR}/v1/jobs/${job.job_id}/cancel`);
      expect(jobSnapshotSchema.parse(cancelled.json())).toMatchObject({
        status: 'cancelled',
        history_id: null,
        error: null,
      });
      expect((await followToEnd(client, job.job_id)).map((s) => s.status)).toEqual(['cancelled']);
      expect(await totalBalance(client)).toBe(before);
      await expectNothingStored(t(), userId);
    });
  });

  // DESIGN.md principle 4: with REDIS_URL, runs wait in Redis and whichever instance is free runs them.
  describe.skipIf(!redisUrl)(
    `behind a load balancer, on two instances sharing Redis${redisUrl ? '' : ' (skipped: no REDIS_URL)'}`,
    () => {
      const deployment = {
        env: { REDIS_URL: redisUrl ?? '', ENGINE_THREADS: '1' },
        keyPrefix: `candor-test:${randomUUID()}`,
        secrets: { jwtSecret: randomBytes(32).toString('hex'), vaultKey: randomBytes(32).toString('hex') },
        engineOverrides: { 'humanized-detection': misbehavingEngine },
      };
      const a = useTestApp(database, deployment);
      const b = useTestApp(database, deployment);
      const HANGING = `${DETECTOR}/v1/tools/humanized-detection/jobs`;

      it('runs a job sent to one instance, streams it from the other and charges it once', async () => {
        const { client, userId } = await newUser(a());
        const before = await totalBalance(client);
        const job = jobSnapshotSchema.parse((await client.post(JOBS, { text: SAMPLE })).json());
        const last = (await followToEnd(client.clone(b().app), job.job_id)).at(-1);
        expect(last).toMatchObject({ status: 'succeeded', cost: job.cost });
        expect(await totalBalance(client)).toBe(before - job.cost);
        const { db } = a().database.handle;
        const charges = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
        expect(charges.filter((entry) => entry.reason === 'charge').map((entry) => entry.referenceId)).toEqual([
          last?.history_id,
        ]);
      });

      it('cancels from either instance the runs of both, and charges nothing', async () => {
        const { client, userId } = await newUser(a());
        const before = await totalBalance(client);
        // One engine thread each: of two hanging runs, each instance takes one.
        const jobs = await Promise.all(
          ['hang on, the first of two checks', 'hang on, the second of two checks'].map(async (text) =>
            jobSnapshotSchema.parse((await client.post(HANGING, { text })).json()),
          ),
        );
        const onB = client.clone(b().app);
        for (const job of jobs) {
          await expect
            .poll(
              async () =>
                jobSnapshotSchema.parse((await onB.get(`${DETECTOR}/v1/jobs/${job.job_id}`)).json()).progress.stage,
            )
            .toBe('Hanging');
        }
        for (const job of jobs) {
          const cancelled = await onB.post(`${DETECTOR}/v1/jobs/${job.job_id}/cancel`);
          expect(jobSnapshotSchema.parse(cancelled.json())).toMatchObject({ status: 'cancelled', history_id: null });
        }
        expect(await totalBalance(client)).toBe(before);
        await expectNothingStored(a(), userId);
      });
    },
  );

  describe('a run over its time limit', () => {
    const t = useTestApp(database, {
      engineOverrides: { 'writing-analysis': misbehavingEngine },
      env: { JOB_TIMEOUT_SECONDS: '1' },
    });

    it('is stopped and charges nothing', async () => {
      const { client, userId } = await newUser(t());
      const job = jobSnapshotSchema.parse((await client.post(JOBS, { text: 'hang on' })).json());
      const last = (await followToEnd(client, job.job_id)).at(-1);
      expect(last).toMatchObject({ status: 'failed', error: { code: 'timed_out' } });
      await expectNothingStored(t(), userId);
    });
  });
});
