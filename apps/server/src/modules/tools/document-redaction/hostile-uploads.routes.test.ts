import { jobSnapshotSchema } from '@candor/contracts/tools';
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
import {
  deeplyNestedDocx,
  deeplyNestedPdf,
  encryptedNestedPdf,
  garbageXrefPdf,
  imageBombPdf,
  operatorFloodPdf,
  xmlBombDocx,
} from '../extract/fixtures/hostile-files.js';

// Issue 25: files built to hold an engine thread for minutes or to take gigabytes outside its heap cap. Each of the
// three routes that read an upload answers them at once with 422 and the reason, charges nothing, and the engine
// threads go on serving the next file.

const DETECTOR = '/api/detector';
const EXTRACT = `${DETECTOR}/v1/tools/writing-analysis/extract`;
const ANALYSE = `${DETECTOR}/v1/tools/document-redaction/analyse`;
const JOBS = `${DETECTOR}/v1/tools/document-redaction/jobs`;

/** Each hostile file, its name, and what the refusal says. */
const HOSTILE = [
  { what: 'a PDF nesting q 50,000 deep', name: 'nested.pdf', build: deeplyNestedPdf, reason: /page 1 is too complex/ },
  {
    what: 'a PDF of two million operators',
    name: 'flood.pdf',
    build: operatorFloodPdf,
    reason: /page 1 is too complex/,
  },
  { what: 'a PDF with a 20,000 × 20,000 image', name: 'bomb.pdf', build: imageBombPdf, reason: /megapixels/ },
  { what: 'a Word document nested 100,000 deep', name: 'nested.docx', build: deeplyNestedDocx, reason: /nested/ },
  { what: 'a Word document of 190 MB of XML', name: 'bomb.docx', build: xmlBombDocx, reason: /too complex/ },
] as const;

/** The largest resident set the process reaches while `work` runs (engine threads included: they share it). */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const result = await work();
    return { result, growthMb: Math.round((peak - before) / (1024 * 1024)) };
  } finally {
    clearInterval(sampler);
  }
}

const timed = async <T>(work: () => Promise<T>) => {
  const started = Date.now();
  const result = await work();
  return { result, seconds: (Date.now() - started) / 1000 };
};

const readsNormally = async (client: TestClient) => {
  const response = await uploadFile(client, EXTRACT, 'note.txt', new TextEncoder().encode('A normal note.'));
  expect(response.statusCode, response.body).toBe(200);
};

// Each call is timed: before the bounds, a nested page held its thread 60 s and more. The first call of a test also
// starts an engine thread, which takes seconds on a loaded machine.
describeOnEachDatabase('hostile uploads', (database) => {
  const t = useTestApp(database);

  describe.each(HOSTILE)('$what', ({ name, build, reason }) => {
    const bytes = new Uint8Array(build());

    it('is refused by extract at once with 422 and the reason, and the engine threads read the next file', async () => {
      const { client } = await newUser(t());
      const { result, seconds } = await timed(() => uploadFile(client, EXTRACT, name, bytes));
      expectError(result, 422, 'unreadable_file');
      expect(result.json().error.message).toMatch(reason);
      expect(seconds).toBeLessThan(25);
      await readsNormally(client);
    });

    it('is refused by the redactor’s analysis at once with 422 and the reason', async () => {
      const { client } = await newUser(t());
      const { result, seconds } = await timed(() => uploadFile(client, ANALYSE, name, bytes));
      expectError(result, 422, 'unreadable_file');
      expect(result.json().error.message).toMatch(reason);
      expect(seconds).toBeLessThan(25);
      await readsNormally(client);
    });

    it('fails a redaction job sent without an analysis with the reason, charging nothing', async () => {
      const { client, userId } = await newUser(t());
      const before = await totalBalance(client);
      const started = await client.post(JOBS, {
        file_name: name,
        file: Buffer.from(bytes).toString('base64'),
        text: 'Please call Grace Hopper tomorrow.',
        style: 'label',
        policy: 'GDPR',
        redactions: [{ start: 12, end: 24, type: 'MANUAL' }],
      });
      expect(started.statusCode, started.body).toBe(202);
      const last = (await followToEnd(client, jobSnapshotSchema.parse(started.json()).job_id)).at(-1);
      expect(last).toMatchObject({ status: 'failed', history_id: null, error: { code: 'unreadable_file' } });
      expect(last?.error?.message).toMatch(reason);
      expect(await totalBalance(client)).toBe(before);
      await expectNothingStored(t(), userId);
    });
  });

  it('reads a 20,000 × 20,000 image bomb on no route with more than a few hundred MB of resident memory', async () => {
    const { client } = await newUser(t());
    const bomb = new Uint8Array(imageBombPdf());
    const { result, growthMb } = await peakRss(() =>
      Promise.all([uploadFile(client, EXTRACT, 'bomb.pdf', bomb), uploadFile(client, ANALYSE, 'bomb.pdf', bomb)]),
    );
    for (const response of result) expectError(response, 422, 'unreadable_file');
    expect(growthMb).toBeLessThan(400);
  });

  it('checks a PDF encrypted with no user password too: encrypting a hostile page is no way round', async () => {
    const { client } = await newUser(t());
    const pdf = new Uint8Array(await encryptedNestedPdf());
    for (const url of [EXTRACT, ANALYSE]) {
      const { result, seconds } = await timed(() => uploadFile(client, url, 'locked.pdf', pdf));
      expectError(result, 422, 'unreadable_file');
      expect(result.json().error.message).toMatch(/page 1 is too complex/);
      expect(seconds).toBeLessThan(25);
    }
  });

  it('reads a PDF whose xref table is garbage, or says why not, without losing an engine thread', async () => {
    const { client } = await newUser(t());
    const pdf = new Uint8Array(garbageXrefPdf());
    for (const url of [EXTRACT, ANALYSE]) {
      const response = await uploadFile(client, url, 'garbage.pdf', pdf);
      // pdf.js rebuilds a broken xref table from the objects it finds; a file past rebuilding is a 422.
      if (response.statusCode !== 200) expectError(response, 422, 'unreadable_file');
      else expect(response.body).toContain('Grace Hopper');
    }
    await readsNormally(client);
  });

  it('limits extractions to 20 a minute per user, like analyses', async () => {
    const { client } = await newUser(t());
    const note = new TextEncoder().encode('A normal note.');
    for (let i = 0; i < 20; i++) {
      const response = await uploadFile(client, EXTRACT, 'note.txt', note);
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await uploadFile(client, EXTRACT, 'note.txt', note);
    expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not held up by the first one's uploads.
    await readsNormally((await newUser(t())).client);
  });
});
