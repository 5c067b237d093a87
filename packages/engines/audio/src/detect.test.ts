import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeAudio } from './decode.js';
import { analyseVoice, windowsOf } from './detect.js';
import { detectVoice, voiceModel } from './index.js';
import { voiceReportSchema } from './report.schema.js';
import { speechLike, wavFile } from './test-audio.js';

describe('windowsOf', () => {
  it('covers a recording with 4 s windows every 2 s, the tail included', () => {
    expect(windowsOf(3)).toEqual([[0, 3]]);
    expect(windowsOf(9)).toEqual([
      [0, 4],
      [2, 6],
      [4, 8],
      [5, 9],
    ]);
  });
});

describe('analyseVoice', () => {
  it('scores every window with its times and a calibrated probability, the same way twice', async () => {
    const audio = await decodeAudio(wavFile(speechLike(9)));
    const first = await analyseVoice(audio, { model: voiceModel });
    const again = await analyseVoice(audio, { model: voiceModel });
    expect(voiceReportSchema.parse(first)).toEqual(again);
    expect(first.windows.map((w) => [w.start, w.end])).toEqual(windowsOf(9));
    expect(first.billed_seconds).toBe(9);
    expect(first.scorers).toEqual({ features: true, aasist: false, model: voiceModel.version });
    for (const w of first.windows) expect(w.synthetic_probability).toBeGreaterThanOrEqual(0);
  });

  it('says "uncertain" for a second and a half of sound rather than guess', async () => {
    const report = await analyseVoice(await decodeAudio(wavFile(speechLike(1.5))), { model: voiceModel });
    expect(report.label).toBe('uncertain');
    expect(report.reasons.map((r) => r.code)).toContain('short');
  });

  it('runs AASIST-L beside the feature model on a recording', async () => {
    const bytes = new Uint8Array(readFileSync(path.join(import.meta.dirname, '../fixtures/speech.mp3')));
    const report = await detectVoice(bytes);
    expect(report.scorers.aasist).toBe(true);
    expect(report.windows[0]?.aasist_score).toEqual(expect.any(Number));
    expect(report.windows[0]?.features.length).toBeGreaterThan(0);
  });
});
