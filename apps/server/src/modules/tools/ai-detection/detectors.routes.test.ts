import { historyDetailSchema } from '@candor/contracts';
import { aiDetectionResultSchema, humanizedDetectionResultSchema, jobSnapshotSchema } from '@candor/contracts/tools';
import { historyItems } from '@candor/db';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.js';
import { describeOnEachDatabase } from '../../../test/databases.js';
import { expectError, expectNothingStored, followToEnd, newUser, totalBalance } from '../../../test/tool-runs.js';

const DETECTOR = '/api/detector';

// A person's note (contractions, a lower-case start, a typo) and a generic, even explanation.
const SAMPLE = `So i finally got round to fixing the fence last weekend. Took way longer than I thought, mostly because the
old posts were rotten right through and the hardware shop had run out of the brackets I wanted. My neighbour Dave came
over with his post-hole digger which saved my back, honestly. We ended up having a few beers and talking about his
daughter's wedding till it got dark. The fence isn't perfect - one panel leans a bit - but it keeps the dog in.`;

describeOnEachDatabase('detectors', (database) => {
  const t = useTestApp(database);

  for (const [tool, modelName, schema] of [
    ['ai-detection', 'AI_DETECTION', aiDetectionResultSchema],
    ['humanized-detection', 'QUILLBOT_ANALYSIS', humanizedDetectionResultSchema],
  ] as const) {
    describe(tool, () => {
      const JOBS = `${DETECTOR}/v1/tools/${tool}/jobs`;

      it('runs, stores the report with sentence offsets into the text, and charges words × 1', async () => {
        const { client } = await newUser(t());
        const before = await totalBalance(client);
        const started = await client.post(JOBS, { text: SAMPLE });
        expect(started.statusCode, started.body).toBe(202);
        const job = jobSnapshotSchema.parse(started.json());
        const words = tokenizeWords(SAMPLE).length;
        expect(job.cost).toBe(words);

        const last = (await followToEnd(client, job.job_id)).at(-1);
        expect(last?.status, JSON.stringify(last?.error)).toBe('succeeded');
        const detail = historyDetailSchema.parse(
          (await client.get(`${DETECTOR}/v2/ai-detector/user-history/${last?.history_id}`)).json(),
        );
        expect(detail.item).toMatchObject({ model_name: modelName, cost: words });
        const report = schema.parse(detail.result);
        expect(report.words).toBe(words);
        expect(report.sentences.length).toBe(5);
        for (const sentence of report.sentences) {
          expect(SAMPLE.slice(sentence.start, sentence.end).trim().length).toBeGreaterThan(10);
        }
        expect(report.evidence.length).toBeGreaterThan(0);
        expect(await totalBalance(client)).toBe(before - words);
      });

      it('reads a disguised text as the plain one, reports the disguise and keeps offsets into the submitted text', async () => {
        const { client } = await newUser(t());
        // Cyrillic о for every "o"; a zero-width space after "fence".
        const disguised = SAMPLE.replace(/o/g, '\u043E').replace('fence', 'fence\u200B');
        const plain = schema.parse(await reportOf(client, SAMPLE));
        const report = schema.parse(await reportOf(client, disguised));
        expect(report.obfuscation).toEqual({ hidden_characters: 1, look_alike_letters: SAMPLE.match(/o/g)?.length });
        // The hidden character splits no word: the run is charged the plain text's words.
        expect(report.words).toBe(plain.words);
        expect(tokenizeWords(disguised).length).toBe(plain.words);
        expect(plain.obfuscation).toBeUndefined();
        expect(
          report.sentences.map((s) =>
            disguised
              .slice(s.start, s.end)
              .replace(/\u043E/g, 'o')
              .replace('\u200B', ''),
          ),
        ).toEqual(plain.sentences.map((s) => SAMPLE.slice(s.start, s.end)));
      });

      async function reportOf(
        client: Awaited<ReturnType<typeof newUser>>['client'],
        text: string,
        sensitivity?: string,
      ) {
        const started = jobSnapshotSchema.parse(
          (await client.post(JOBS, { text, ...(sensitivity ? { sensitivity } : {}) })).json(),
        );
        const last = (await followToEnd(client, started.job_id)).at(-1);
        expect(last?.status, JSON.stringify(last?.error)).toBe('succeeded');
        return historyDetailSchema.parse(
          (await client.get(`${DETECTOR}/v2/ai-detector/user-history/${last?.history_id}`)).json(),
        ).result;
      }

      it('reads the verdict at the level asked for, balanced by default, and stores it with the run', async () => {
        const { client } = await newUser(t());
        const balanced = schema.parse(await reportOf(client, SAMPLE));
        expect(balanced.sensitivity?.level).toBe('balanced');
        const strict = schema.parse(await reportOf(client, SAMPLE, 'strict'));
        expect(strict.sensitivity).toEqual({
          level: 'strict',
          false_positive_rate: expect.any(Number),
          detection_rate: expect.any(Number),
        });
        expect(strict.sensitivity?.false_positive_rate).toBeLessThan(
          balanced.sensitivity?.false_positive_rate as number,
        );
        expectError(await client.post(JOBS, { text: SAMPLE, sensitivity: 'paranoid' }), 400, 'validation_failed');
      });

      it('reopens a run stored before sensitivity levels, and exports it as it was read', async () => {
        const { client, userId } = await newUser(t());
        const report = (await reportOf(client, SAMPLE)) as Record<string, unknown>;
        // What a run stored before issue 26 holds: no level in the input, none in the report.
        const { sensitivity: _, uncertainty: __, ...legacy } = report;
        const { db } = t().database.handle;
        await db
          .update(historyItems)
          .set({ result: legacy, input: { text: SAMPLE } })
          .where(eq(historyItems.userId, userId));
        const [row] = await db.select().from(historyItems).where(eq(historyItems.userId, userId));
        const detail = historyDetailSchema.parse(
          (await client.get(`${DETECTOR}/v2/ai-detector/user-history/${row?.id}`)).json(),
        );
        expect(schema.parse(detail.result)).not.toHaveProperty('sensitivity');
        const pdf = await client.get(`${DETECTOR}/v1/tools/${tool}/reports/${row?.id}.pdf`);
        expect(pdf.statusCode, pdf.body).toBe(200);
        expect(pdf.headers['content-type']).toBe('application/pdf');
      });

      it('refuses empty, right-to-left, emoji-only and oversized text with a clear message and no charge', async () => {
        const { client, userId } = await newUser(t());
        const before = await totalBalance(client);
        for (const text of ['   ', 'هذا نص عربي قصير لا يحتوي على كلمات إنجليزية كافية', '😀😃😄 🎉🎉 🚀']) {
          const response = await client.post(JOBS, { text });
          expectError(response, 400, 'validation_failed');
          expect(response.body).toMatch(/Enter or upload some text to check|too few English words/);
        }
        expectError(await client.post(JOBS, { text: 'a'.repeat(10 * 1024 * 1024) }), 413, 'payload_too_large');
        expect(await totalBalance(client)).toBe(before);
        await expectNothingStored(t(), userId);
      });
    });
  }

  it('AI detection reports a verdict the text supports: a calibrated interval and an "uncertain" short text', async () => {
    const { client } = await newUser(t());
    const started = jobSnapshotSchema.parse(
      (
        await client.post(`${DETECTOR}/v1/tools/ai-detection/jobs`, { text: 'The fence is fixed now, finally.' })
      ).json(),
    );
    const last = (await followToEnd(client, started.job_id)).at(-1);
    const detail = historyDetailSchema.parse(
      (await client.get(`${DETECTOR}/v2/ai-detector/user-history/${last?.history_id}`)).json(),
    );
    const report = aiDetectionResultSchema.parse(detail.result);
    expect(report.label).toBe('uncertain');
    expect(report.verdict).toMatch(/Too short to tell/);
    expect(report.confidence_interval.low).toBeLessThanOrEqual(report.ai_probability);
    expect(report.confidence_interval.high).toBeGreaterThanOrEqual(report.ai_probability);
  });
});
