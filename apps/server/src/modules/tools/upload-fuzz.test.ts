import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jobSnapshotSchema } from '@candor/contracts/tools';
import { createCanvas } from '@napi-rs/canvas';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestAppOptions, type TestClient, useTestApp } from '../../test/app.js';
import { createPgliteDatabase, createPostgresDatabase, type TestDatabase } from '../../test/databases.js';
import { voiceDecoderOnlyEngine } from '../../test/engines/voice-decoder-only.js';
import { mutateFile } from '../../test/fuzz/mutator.js';
import { followToEnd, newUser, uploadFile } from '../../test/tool-runs.js';
import { credit } from '../detector/ledger.js';
import { buildDocx, documentXml, docxBody } from './extract/fixtures/build-fixtures.js';
import { deeplyNestedDocx, rawPdf, recursivePdfs, xmlBombDocx } from './extract/fixtures/hostile-files.js';

/**
 * Upload fuzzing: every format a screen accepts (the text tools' txt, md, docx and pdf; the redactor's PNG and JPEG;
 * the voice detector's WAV, MP3, Ogg Vorbis, Opus, FLAC, M4A, AAC and WebM), CASES mutated or truncated files each
 * from a small seed, plus zip bombs, deeply nested XML and PDFs whose objects loop. Each must get a 4xx or a result within the time limit, never a 5xx; no
 * temporary file may stay behind; and a probe keeps asking the server for a signed-in page meanwhile.
 *
 * A failure names its format and case number: `mutateFile(seedOf(format), SEED, n)` rebuilds the same bytes.
 * FUZZ_CASES raises or lowers the count (1,000 in CI); FUZZ_SEED picks another campaign. The recordings' seeds are
 * 1.6 s cuts of the audio engine's fixture sentence (test/fuzz/seeds/README.md), so a run that decodes is short.
 */
// 1,000 a format in CI; a developer's run takes a fifth unless FUZZ_CASES says otherwise.
const CASES = Number(process.env.FUZZ_CASES ?? (process.env.CI === 'true' ? 1_000 : 200));
const SEED = Number(process.env.FUZZ_SEED ?? 31);
const PARALLEL = Number(process.env.FUZZ_PARALLEL ?? 4);
// A recording's run waits on the job queue and the database more than on a core: eight at a time halve the campaign.
const VOICE_PARALLEL = Number(process.env.FUZZ_VOICE_PARALLEL ?? 8);
// The first cases of each recording campaign also go through the real voice engine (its scorers take 0.5 s a run).
const REAL_ENGINE_CASES = Math.min(CASES, Number(process.env.FUZZ_REAL_VOICE_CASES ?? 8));
const LIMIT_MS = 60_000;
const SERVER_FAULTS = new Set(['internal_error', 'service_unavailable', 'timed_out', 'interrupted']);

const DETECTOR = '/api/detector';
const EXTRACT = `${DETECTOR}/v1/tools/writing-analysis/extract`;
const ANALYSE = `${DETECTOR}/v1/tools/document-redaction/analyse`;
const VOICE = `${DETECTOR}/v1/tools/voice-detection/upload`;

/** A small picture of a line of text, as a phone photo of a note would be. */
function picture(kind: 'png' | 'jpeg'): Uint8Array {
  const canvas = createCanvas(120, 24);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, 120, 24);
  context.fillStyle = '#000';
  context.font = '14px sans-serif';
  context.fillText('Call Grace', 4, 17);
  return kind === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg', 80);
}

type Route = 'extract' | 'analyse' | 'voice';
interface Format {
  name: string;
  file: string;
  route: Route;
  seed: () => Uint8Array;
  type?: string;
}

const TEXT = 'The committee wrote the report about Grace Hopper, and the plan is clear.';
const formats: Format[] = [
  { name: 'txt', file: 'notes.txt', route: 'extract', seed: () => Buffer.from(`${TEXT}\n\nA second paragraph.\n`) },
  { name: 'md', file: 'notes.md', route: 'extract', seed: () => Buffer.from(`# Notes\n\n${TEXT} *Done* [link](x).\n`) },
  {
    name: 'docx',
    file: 'notes.docx',
    route: 'extract',
    seed: () => buildDocx(documentXml(docxBody([{ paragraph: TEXT }, { paragraph: 'A second paragraph.' }]))),
  },
  {
    name: 'pdf',
    file: 'notes.pdf',
    route: 'extract',
    seed: () =>
      rawPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
        '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
        `<< /Length ${`BT /F1 12 Tf 72 700 Td (${TEXT}) Tj ET`.length} >>\nstream\nBT /F1 12 Tf 72 700 Td (${TEXT}) Tj ET\nendstream`,
      ]),
  },
  { name: 'png', file: 'note.png', route: 'analyse', seed: () => picture('png') },
  { name: 'jpg', file: 'note.jpg', route: 'analyse', seed: () => picture('jpeg') },
  ...(
    [
      ['wav', 'audio/wav'],
      ['mp3', 'audio/mpeg'],
      ['ogg', 'audio/ogg'],
      ['opus', 'audio/ogg'],
      ['flac', 'audio/flac'],
      ['m4a', 'audio/mp4'],
      ['aac', 'audio/aac'],
      ['webm', 'audio/webm'],
    ] as const
  ).map(
    ([name, type]): Format => ({
      name,
      file: `voice.${name}`,
      route: 'voice',
      type,
      seed: () =>
        new Uint8Array(readFileSync(path.join(import.meta.dirname, '../../test/fuzz/seeds', `voice.${name}`))),
    }),
  ),
];

let database: TestDatabase | undefined;
let scratch = '';
let savedTmp: string | undefined;
beforeAll(async () => {
  // PostgreSQL when there is one (CI): each run's reservation and history are written faster than in PGlite.
  database = process.env.DATABASE_URL
    ? await createPostgresDatabase(process.env.DATABASE_URL)
    : await createPgliteDatabase();
  // Whatever the server writes to a temporary folder lands here, to be found afterwards.
  savedTmp = process.env.TMPDIR;
  scratch = mkdtempSync(path.join(tmpdir(), 'candor-fuzz-'));
  process.env.TMPDIR = scratch;
});
afterAll(async () => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  rmSync(scratch, { recursive: true, force: true });
  await database?.drop();
});

const appOptions = (engineOverrides?: TestAppOptions['engineOverrides']): TestAppOptions => ({
  env: { JOB_TIMEOUT_SECONDS: '60', JOBS_PER_USER: '50' },
  uploadRateLimits: {
    perIp: { points: 1_000_000, durationSeconds: 60 },
    perAccount: { points: 1_000_000, durationSeconds: 60 },
  },
  ...(engineOverrides ? { engineOverrides } : {}),
});
const theDatabase = () => {
  if (!database) throw new Error('the database is not ready');
  return database;
};

/** What a campaign needs of its app: sending a file as its screen does, a fuzzer with tokens, a probe. */
function campaignOn(t: () => TestApp) {
  /** Sends one file the way its screen does; resolves with the answer's status and, for a job, its end. */
  async function send(
    client: TestClient,
    format: Format,
    bytes: Uint8Array,
  ): Promise<{ status: number; what: string }> {
    if (format.route !== 'voice') {
      const response = await uploadFile(client, format.route === 'extract' ? EXTRACT : ANALYSE, format.file, bytes);
      return { status: response.statusCode, what: response.body.slice(0, 160) };
    }
    const started: LightMyRequestResponse = await client.request(
      'POST',
      `${VOICE}?file_name=${format.file}`,
      Buffer.from(bytes),
      { headers: { 'content-type': format.type ?? 'application/octet-stream' } },
    );
    if (started.statusCode !== 202) return { status: started.statusCode, what: started.body.slice(0, 160) };
    const last = (await followToEnd(client, jobSnapshotSchema.parse(started.json()).job_id)).at(-1);
    if (last?.status === 'succeeded') return { status: 200, what: 'succeeded' };
    // A run that failed on the file says so with a 4xx code; these codes are the server's own failure or time-out.
    const serverFault = !last?.error || SERVER_FAULTS.has(last.error.code);
    return { status: serverFault ? 500 : 422, what: JSON.stringify(last?.error ?? last).slice(0, 160) };
  }

  /** A signed-in user with tokens for thousands of short recordings. */
  async function fuzzer() {
    const user = await newUser(t());
    await t().database.handle.db.transaction((tx) =>
      credit(tx, { userId: user.userId, bucket: 'token', amount: 10_000_000, reason: 'token_packet', now: new Date() }),
    );
    return user.client;
  }

  /** Asks for a signed-in page every 100 ms while `work` runs: every answer must be 200, and none slow. */
  async function whileProbing<T>(
    work: () => Promise<T>,
  ): Promise<{ result: T; slowestMs: number; failures: number[] }> {
    const { client } = await newUser(t());
    let running = true;
    let slowestMs = 0;
    const failures: number[] = [];
    const probe = (async () => {
      while (running) {
        const started = performance.now();
        const answer = await client.get('/api/auth/users/info');
        slowestMs = Math.max(slowestMs, performance.now() - started);
        if (answer.statusCode !== 200) failures.push(answer.statusCode);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    try {
      return { result: await work(), slowestMs, failures };
    } finally {
      running = false;
      await probe;
    }
  }

  /** CASES mutated or truncated copies of the format's seed, PARALLEL at a time, with a probe running alongside. */
  async function campaign(format: Format, cases: number, parallel = PARALLEL) {
    const client = await fuzzer();
    const seed = format.seed();
    const seedAnswer = await send(client, format, seed);
    expect(seedAnswer.status, `the ${format.name} seed itself: ${seedAnswer.what}`).toBe(200);
    const tmpBefore = readdirSync(scratch).sort();
    const faults: string[] = [];
    const counts = { ok: 0, refused: 0 };
    let next = 1;
    const { slowestMs, failures } = await whileProbing(() =>
      Promise.all(
        Array.from({ length: parallel }, async () => {
          for (let n = next++; n <= cases; n = next++) {
            const { bytes, applied } = mutateFile(seed, SEED, n);
            const started = performance.now();
            const answer = await send(client, format, bytes);
            const ms = performance.now() - started;
            if (answer.status >= 500 || answer.status < 200 || ms > LIMIT_MS) {
              faults.push(
                `case ${n} (${applied.join('+')}, ${bytes.length} B): ${answer.status} in ${Math.round(ms)} ms ${answer.what}`,
              );
            }
            counts[answer.status < 300 ? 'ok' : 'refused'] += 1;
          }
        }),
      ),
    );
    expect(faults, `seed ${SEED}: rebuild a case with mutateFile(seed, ${SEED}, n)`).toEqual([]);
    expect(counts.ok + counts.refused).toBe(cases);
    expect(failures, 'the probe got these answers meanwhile').toEqual([]);
    expect(slowestMs, 'the slowest probe answer (ms)').toBeLessThan(5_000);
    expect(readdirSync(scratch).sort(), 'files left in the temporary folder').toEqual(tmpBefore);
    return counts;
  }

  return { send, fuzzer, whileProbing, campaign };
}

const documents = formats.filter((format) => format.route !== 'voice');
const recordings = formats.filter((format) => format.route === 'voice');

describe('upload fuzzing', () => {
  const t = useTestApp(theDatabase, appOptions({ 'voice-detection': voiceDecoderOnlyEngine }));
  const { send, fuzzer, whileProbing, campaign } = campaignOn(t);

  it.each(documents.map((format) => [format.name, format] as const))(
    '%s: every mutated or truncated file gets a 4xx or a result in time, and the server keeps serving others',
    async (_name, format) => {
      await campaign(format, CASES);
    },
    1_200_000,
  );

  // The recordings' campaign runs the real decoder with the scorers left out (test/engines/voice-decoder-only.ts).
  it.each(recordings.map((format) => [format.name, format] as const))(
    '%s: every mutated or truncated recording gets a 4xx or a result in time, and the server keeps serving others',
    async (_name, format) => {
      const counts = await campaign(format, CASES, VOICE_PARALLEL);
      // Some mutations still decode, so the run after the decoder is reached too.
      expect(counts.ok, 'recordings that decoded').toBeGreaterThan(0);
    },
    1_200_000,
  );
  it('zip bombs, deeply nested XML and PDFs whose objects loop get a 4xx, quickly, leaving nothing behind', async () => {
    const client = await fuzzer();
    const docx = formats.find((format) => format.name === 'docx') as Format;
    const pdf = formats.find((format) => format.name === 'pdf') as Format;
    const hostile: [string, Format, Uint8Array][] = [
      ['an XML bomb (190 MB of XML zipped small)', docx, xmlBombDocx()],
      ['XML nested 100,000 deep', docx, deeplyNestedDocx()],
      ...Object.entries(recursivePdfs()).map(([name, bytes]): [string, Format, Uint8Array] => [
        `a PDF with ${name}`,
        pdf,
        bytes,
      ]),
    ];
    const tmpBefore = readdirSync(scratch).sort();
    const { result, failures } = await whileProbing(async () => {
      const answers: string[] = [];
      for (const [name, format, bytes] of hostile) {
        for (const route of ['extract', 'analyse'] as const) {
          const started = performance.now();
          const answer = await send(client, { ...format, route }, bytes);
          const ms = performance.now() - started;
          if (answer.status >= 500 || ms > LIMIT_MS)
            answers.push(`${name} (${route}): ${answer.status} in ${Math.round(ms)} ms ${answer.what}`);
        }
      }
      return answers;
    });
    expect(result).toEqual([]);
    expect(failures).toEqual([]);
    expect(readdirSync(scratch).sort()).toEqual(tmpBefore);
  }, 600_000);
});

describe('upload fuzzing through the real voice engine', () => {
  const t = useTestApp(theDatabase, appOptions());
  const { campaign } = campaignOn(t);

  // The start of each recording campaign through the feature model and AASIST-L too (half a second a run).
  it.each(recordings.map((format) => [format.name, format] as const))(
    '%s: the first mutated recordings get a 4xx or a scored result in time',
    async (_name, format) => {
      await campaign(format, REAL_ENGINE_CASES);
    },
    600_000,
  );
});
