import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AudioRefusal, decodeAudio } from './decode.js';
import { resample } from './resample.js';
import { box, speechLike, u32s, wavFile } from './test-audio.js';

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(import.meta.dirname, '../fixtures', name)));

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AudioRefusal);
  return error as AudioRefusal;
};

describe('decodeAudio', () => {
  it.each([
    ['speech.mp3', 'mp3'],
    ['speech.m4a', 'm4a'],
    ['speech.opus.ogg', 'opus'],
    ['speech.vorbis.ogg', 'ogg'],
    ['speech.flac', 'flac'],
    ['speech.webm', 'webm'],
  ])('reads %s as 16 kHz mono of the recording’s length', async (name, format) => {
    const audio = await decodeAudio(fixture(name));
    expect(audio.format).toBe(format);
    expect(audio.sampleRate).toBe(16_000);
    expect(audio.duration).toBeGreaterThan(3.5);
    expect(audio.duration).toBeLessThan(3.9);
    expect(audio.samples.length).toBeCloseTo(audio.duration * 16_000, -2);
  });

  it('reads a 44.1 kHz WAV', async () => {
    const mono = speechLike(2, 44_100);
    const audio = await decodeAudio(wavFile(mono, 44_100));
    expect(audio).toMatchObject({ format: 'wav', sourceSampleRate: 44_100, channels: 1 });
    expect(audio.duration).toBeCloseTo(2, 3);
  });

  it('refuses a text file renamed .mp3 as not audio', async () => {
    const error = await refusal(
      decodeAudio(new TextEncoder().encode('This is not audio at all, only words.\n'.repeat(40))),
    );
    expect(error).toMatchObject({ status: 415, code: 'not_audio' });
  });

  it('refuses a WAV cut short of the data its header announces', async () => {
    const whole = wavFile(speechLike(3));
    const error = await refusal(decodeAudio(whole.subarray(0, whole.length / 2)));
    expect(error).toMatchObject({ status: 422, code: 'unreadable_audio' });
  });

  it('refuses an MP3 cut to its first kilobyte as too short', async () => {
    const error = await refusal(decodeAudio(fixture('speech.mp3').subarray(0, 1024)));
    expect(error.status).toBe(422);
  });

  it('refuses 0.2 s of audio as too short', async () => {
    const error = await refusal(decodeAudio(wavFile(speechLike(0.2))));
    expect(error).toMatchObject({ status: 422, code: 'too_short' });
    expect(error.message).toContain('0.2 s');
  });

  it('refuses silence', async () => {
    const error = await refusal(decodeAudio(wavFile(new Float32Array(16_000 * 5))));
    expect(error).toMatchObject({ status: 422, code: 'silent' });
  });

  it('stops decoding as soon as a recording is too long', async () => {
    const error = await refusal(decodeAudio(wavFile(speechLike(8)), { maxSeconds: 5, minSeconds: 1 }));
    expect(error).toMatchObject({ status: 413, code: 'too_long' });
  });

  it('refuses an M4A whose sample table announces billions of samples (a zip bomb) before decoding', async () => {
    const started = performance.now();
    const bomb = new Uint8Array([
      ...box('ftyp', new TextEncoder().encode('M4A '), u32s(0)),
      ...box(
        'moov',
        box(
          'trak',
          box('mdia', box('minf', box('stbl', box('stsz', u32s(0, 1, 0xfffffff0)), box('stco', u32s(0, 1, 8))))),
        ),
      ),
      ...box('mdat', new Uint8Array(64)),
    ]);
    const error = await refusal(decodeAudio(bomb));
    expect(error).toMatchObject({ status: 422, code: 'unreadable_audio' });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses an M4A whose track says it lasts hours', async () => {
    const mdhd = u32s(0, 0, 0, 44_100, 44_100 * 3_600, 0);
    const file = new Uint8Array([
      ...box('ftyp', new TextEncoder().encode('M4A '), u32s(0)),
      ...box('moov', box('trak', box('mdia', box('mdhd', mdhd)))),
    ]);
    const error = await refusal(decodeAudio(file));
    expect(error).toMatchObject({ status: 413, code: 'too_long' });
  });
});

describe('resample', () => {
  const tone = (hz: number, rate: number, seconds = 0.5) =>
    Float32Array.from({ length: rate * seconds }, (_, i) => Math.sin((2 * Math.PI * hz * i) / rate));
  const rms = (x: Float32Array) => Math.sqrt(x.slice(200, -200).reduce((a, v) => a + v * v, 0) / (x.length - 400));

  it('keeps a 1 kHz tone through 44.1 → 16 kHz', () => {
    const out = resample(tone(1000, 44_100), 44_100, 16_000);
    expect(out.length).toBe(8_000);
    expect(rms(out)).toBeCloseTo(Math.SQRT1_2, 1);
  });

  it('removes a 10 kHz tone instead of folding it to 6 kHz', () => {
    expect(rms(resample(tone(10_000, 48_000), 48_000, 16_000))).toBeLessThan(0.05);
  });
});
