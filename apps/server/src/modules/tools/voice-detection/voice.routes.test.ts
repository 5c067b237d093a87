import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { historyDetailSchema } from '@candor/contracts';
import { jobSnapshotSchema, voiceDetectionResultSchema } from '@candor/contracts/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/app.js';
import { useTestApp } from '../../../test/app.js';
import { describeOnEachDatabase } from '../../../test/databases.js';
import { expectError, expectNothingStored, followToEnd, newUser, totalBalance } from '../../../test/tool-runs.js';

const DETECTOR = '/api/detector';
const UPLOAD = `${DETECTOR}/v1/tools/voice-detection/upload`;
const JOBS = `${DETECTOR}/v1/tools/voice-detection/jobs`;
const COEFFICIENT = 10;
const FIXTURES = path.resolve(import.meta.dirname, '../../../../../../packages/engines/audio/fixtures');
const speechMp3 = new Uint8Array(readFileSync(path.join(FIXTURES, 'speech.mp3')));
const speechM4a = new Uint8Array(readFileSync(path.join(FIXTURES, 'speech.m4a')));

/** A WAV file: 16-bit PCM, or 8-bit µ-law (format 7) when `mulaw`. */
function wav(samples: number, rate: number, fill: (i: number) => number, mulaw = false): Uint8Array {
  const width = mulaw ? 1 : 2;
  const bytes = new Uint8Array(44 + samples * width);
  const view = new DataView(bytes.buffer);
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) bytes[at + i] = s.charCodeAt(i);
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples * width, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, mulaw ? 7 : 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * width, true);
  view.setUint16(32, width, true);
  view.setUint16(34, width * 8, true);
  text(36, 'data');
  view.setUint32(40, samples * width, true);
  if (mulaw) bytes.fill(0xff, 44);
  else for (let i = 0; i < samples; i++) view.setInt16(44 + i * 2, fill(i), true);
  return bytes;
}

/** A voiced, speech-like tone: a 130 Hz harmonic series at syllable-rate loudness. */
const voiced = (seconds: number) =>
  wav(seconds * 16_000, 16_000, (i) => {
    const t = i / 16_000;
    let x = 0;
    for (let h = 1; h <= 12; h++) x += Math.sin(2 * Math.PI * 130 * h * t) / h;
    return Math.round(6_000 * x * (0.4 + 0.6 * Math.sin(2 * Math.PI * 3 * t) ** 2));
  });

/** An MP4 box. */
function box(type: string, ...body: Uint8Array[]): Uint8Array {
  const size = 8 + body.reduce((a, b) => a + b.length, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  out.set(new TextEncoder().encode(type), 4);
  let at = 8;
  for (const part of body) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
const u32s = (...values: number[]) => {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  for (const [i, v] of values.entries()) view.setUint32(i * 4, v);
  return out;
};

/** The real file's boxes, with its sample table replaced by one announcing 4 billion samples. */
const m4aBomb = () =>
  new Uint8Array([
    ...box('ftyp', new TextEncoder().encode('M4A '), u32s(0)),
    ...box('moov', box('trak', box('mdia', box('minf', box('stbl', box('stsz', u32s(0, 1, 0xfffffff0))))))),
    ...box('mdat', new Uint8Array(1024)),
  ]);

const upload = (client: TestClient, bytes: Uint8Array, query = 'file_name=call.mp3', type = 'audio/mpeg') =>
  client.request('POST', `${UPLOAD}?${query}`, Buffer.from(bytes), { headers: { 'content-type': type } });

describeOnEachDatabase('voice detection', (database) => {
  const t = useTestApp(database);
  // Anything the server wrote to a temporary folder would land here (tsx and PGlite leave their own files once).
  let scratch = '';
  let savedTmp: string | undefined;
  beforeAll(() => {
    savedTmp = process.env.TMPDIR;
    scratch = mkdtempSync(path.join(tmpdir(), 'candor-voice-'));
    process.env.TMPDIR = scratch;
  });
  afterAll(() => {
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    rmSync(scratch, { recursive: true, force: true });
  });

  it('scores an uploaded MP3, stores it in History as VEXON and charges 10 tokens a started second', async () => {
    const { client } = await newUser(t());
    const before = await totalBalance(client);
    const started = await upload(client, speechMp3);
    expect(started.statusCode, started.body).toBe(202);
    const job = jobSnapshotSchema.parse(started.json());
    const last = (await followToEnd(client, job.job_id)).at(-1);
    expect(last?.status, JSON.stringify(last?.error)).toBe('succeeded');
    const detail = historyDetailSchema.parse(
      (await client.get(`${DETECTOR}/v2/ai-detector/user-history/${last?.history_id}`)).json(),
    );
    const report = voiceDetectionResultSchema.parse(detail.result);
    expect(report.billed_seconds).toBe(Math.ceil(report.duration_seconds));
    expect(job.cost).toBe(report.billed_seconds * COEFFICIENT);
    expect(detail.item).toMatchObject({ model_name: 'VEXON', cost: job.cost });
    expect(report.windows.length).toBeGreaterThan(0);
    expect(report.windows.at(-1)?.end).toBeCloseTo(report.duration_seconds, 1);
    expect(report.scorers.aasist).toBe(true);
    expect(await totalBalance(client)).toBe(before - job.cost);
    // Not kept unless asked: the scores are, the recording is not.
    expectError(await client.get(`${DETECTOR}/v1/tools/voice-detection/${last?.history_id}/audio`), 404, 'not_found');
    const pdf = await client.get(`${DETECTOR}/v1/tools/voice-detection/reports/${last?.history_id}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps the recording when asked, for its owner only', async () => {
    const { client } = await newUser(t());
    const started = await upload(client, speechM4a, 'file_name=call.m4a&keep_audio=true', 'audio/mp4');
    expect(started.statusCode, started.body).toBe(202);
    const last = (await followToEnd(client, jobSnapshotSchema.parse(started.json()).job_id)).at(-1);
    expect(last?.status, JSON.stringify(last?.error)).toBe('succeeded');
    const audio = await client.get(`${DETECTOR}/v1/tools/voice-detection/${last?.history_id}/audio`);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mp4');
    expect(Buffer.compare(audio.rawPayload, Buffer.from(speechM4a))).toBe(0);
    const { client: stranger } = await newUser(t());
    expectError(await stranger.get(`${DETECTOR}/v1/tools/voice-detection/${last?.history_id}/audio`), 404, 'not_found');
  });

  it('takes a WAV as base64 JSON on the job route, as the public API sends it', async () => {
    const { client } = await newUser(t());
    const started = await client.post(JOBS, {
      audio: Buffer.from(voiced(5)).toString('base64'),
      file_name: 'tone.wav',
    });
    expect(started.statusCode, started.body).toBe(202);
    expect(jobSnapshotSchema.parse(started.json()).cost).toBe(5 * COEFFICIENT);
    const last = (await followToEnd(client, jobSnapshotSchema.parse(started.json()).job_id)).at(-1);
    expect(last?.status, JSON.stringify(last?.error)).toBe('succeeded');
  });

  describe('refuses bad input with a clear 4xx, charging and storing nothing', () => {
    const hourOfSilence = () => wav(3_600 * 8_000, 8_000, () => 0, true);
    const cases = [
      {
        what: 'a text file renamed .mp3',
        bytes: () => new TextEncoder().encode('Meeting notes: call the bank on Monday.\n'.repeat(50)),
        status: 415,
        code: 'not_audio',
      },
      { what: 'a truncated file', bytes: () => voiced(4).subarray(0, 40_000), status: 422, code: 'unreadable_audio' },
      { what: '0.2 s of audio', bytes: () => voiced(0.2), status: 422, code: 'too_short' },
      { what: 'an hour of silence', bytes: hourOfSilence, status: 413, code: 'too_long' },
      { what: 'a zip bomb in an M4A container', bytes: m4aBomb, status: 422, code: 'unreadable_audio' },
    ];

    it.each(cases)('$what', async ({ bytes, status, code }) => {
      const { client, userId } = await newUser(t());
      const before = await totalBalance(client);
      const files = readdirSync(scratch);
      const response = await upload(client, bytes());
      expectError(response, status, code);
      expect(response.json().error.message.length).toBeGreaterThan(20);
      expect(await totalBalance(client)).toBe(before);
      await expectNothingStored(t(), userId);
      expect(readdirSync(scratch)).toEqual(files);
      // The engine threads go on serving.
      const next = await upload(client, voiced(2));
      expect(next.statusCode, next.body).toBe(202);
      await followToEnd(client, jobSnapshotSchema.parse(next.json()).job_id);
    });

    it('a 500 MB upload, refused from its Content-Length before the body is read', async () => {
      const { client, userId } = await newUser(t());
      let sent = 0;
      const body = new Readable({
        read() {
          if (sent >= 500 * 1024 * 1024) return this.push(null);
          sent += 1024 * 1024;
          this.push(Buffer.alloc(1024 * 1024));
        },
      });
      const response = await client.request('POST', `${UPLOAD}?file_name=huge.wav`, body, {
        headers: { 'content-type': 'audio/wav', 'content-length': String(500 * 1024 * 1024) },
      });
      expectError(response, 413, 'payload_too_large');
      expect(response.json().error.message).toContain('50 MB');
      expect(sent).toBeLessThan(64 * 1024 * 1024);
      await expectNothingStored(t(), userId);
      expect((await t().app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    });

    it('a body streamed without a length, cut off at the limit', async () => {
      const { client, userId } = await newUser(t());
      let sent = 0;
      const body = new Readable({
        read() {
          if (sent >= 51 * 1024 * 1024) return this.push(null);
          sent += 1024 * 1024;
          this.push(Buffer.alloc(1024 * 1024, 1));
        },
      });
      const response = await client.request('POST', `${UPLOAD}?file_name=stream.wav`, body, {
        headers: { 'content-type': 'audio/wav', 'transfer-encoding': 'chunked' },
      });
      expectError(response, 413, 'payload_too_large');
      expect(response.json().error.message).toContain('50 MB');
      await expectNothingStored(t(), userId);
    });

    it('an upload without a session, refused before it is read', async () => {
      const client = await t().client().prime();
      expectError(await upload(client, voiced(2)), 401, 'unauthenticated');
    });
  });
});
