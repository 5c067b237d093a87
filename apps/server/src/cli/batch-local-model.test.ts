import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { calibrationPathFor, writeLanguageModelCalibration } from '@candor/engine-ai-detect';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { calibrateForTests, NEWS, NOTE, STORIES_MODEL } from '../modules/tools/ai-detection/local-model.fixtures.js';
import { runBatchCli } from './batch.js';

async function run(argv: string[], texts: string[]) {
  const output = new PassThrough();
  const chunks: string[] = [];
  output.on('data', (chunk) => chunks.push(String(chunk)));
  const err: string[] = [];
  const lines = texts.map((text, i) => `${JSON.stringify({ id: i + 1, text })}\n`);
  const code = await runBatchCli(
    argv,
    { input: Readable.from(lines), output },
    { out: () => {}, err: (l) => err.push(l) },
  );
  const results = chunks
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  return { code, results, err };
}

describe('npm run -s cli -- ai-detect and humanized-detect with a language model', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'candor-batch-model-'));
  const calibrated = path.join(dir, 'stories260K.gguf');
  const uncalibrated = path.join(dir, 'plain.gguf');
  beforeAll(async () => {
    copyFileSync(STORIES_MODEL, calibrated);
    copyFileSync(STORIES_MODEL, uncalibrated);
    await writeLanguageModelCalibration(calibrationPathFor(calibrated), await calibrateForTests(calibrated));
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('adds the scores of a calibrated --model to every line', async () => {
    const { code, results, err } = await run(['ai-detect', '--model', calibrated], [NOTE, NEWS]);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(results).toHaveLength(2);
    for (const result of results) {
      expect(result.curvature).toEqual({ model: 'stories260K', discrepancy: expect.any(Number) });
      expect(result.curvature.discrepancy).toBeLessThan(0);
      expect(result.ai_probability).toBeGreaterThanOrEqual(0);
    }
  });

  it('refuses a --model without a calibration, with the reason and how to fix it', async () => {
    const { code, results, err } = await run(['ai-detect', '--model', uncalibrated], [NOTE]);
    expect(code).toBe(2);
    expect(results).toEqual([]);
    expect(err[0]).toMatch(/is not used: there is no calibration file .*plain\.gguf\.candor-lm\.json/);
    expect(err[0]).toContain('npm run train:curvature');
  });

  it('takes the model from DETECTOR_MODEL_PATH, and without a calibration runs the built-in detector alone', async () => {
    vi.stubEnv('DETECTOR_MODEL_PATH', calibrated);
    expect((await run(['ai-detect'], [NOTE])).results[0].curvature.model).toBe('stories260K');

    vi.stubEnv('DETECTOR_MODEL_PATH', '');
    vi.stubEnv('LLM_MODEL_PATH', uncalibrated);
    const { code, results, err } = await run(['ai-detect'], [NOTE]);
    expect(code).toBe(0);
    expect(results[0]).not.toHaveProperty('curvature');
    expect(err).toEqual([expect.stringMatching(/^Warning: .*plain\.gguf is not used: .* \(LLM_MODEL_PATH\)$/)]);
  });

  it('scores the humanized verdict with the model too, and keeps --model to the detectors', async () => {
    const { code, results } = await run(['humanized-detect', '--model', calibrated, '--sensitivity', 'strict'], [NOTE]);
    expect(code).toBe(0);
    expect(results[0]).toMatchObject({ language_model: 'stories260K', sensitivity: 'strict' });
    const refused = await run(['pii-detect', '--model', calibrated], [NOTE]);
    expect(refused.code).toBe(2);
    expect(refused.err[0]).toBe('Error: --model is for ai-detect and humanized-detect only');
  });
});

describe('npm run -s cli -- ai-detect --sensitivity', () => {
  it('reads each verdict at the level asked for, a stricter level drawing a higher line', async () => {
    const lines = await Promise.all(
      (['strict', 'balanced', 'sensitive'] as const).map(async (level) => {
        const { code, results, err } = await run(['ai-detect', '--sensitivity', level], [NEWS]);
        expect(err).toEqual([]);
        expect(code).toBe(0);
        expect(results[0]).toMatchObject({ sensitivity: level, uncertainty: expect.any(Array) });
        return results[0].threshold as number;
      }),
    );
    const [strict, balanced, sensitive] = lines as [number, number, number];
    expect(strict).toBeGreaterThan(balanced);
    expect(balanced).toBeGreaterThan(sensitive);
    expect((await run(['ai-detect'], [NEWS])).results[0].sensitivity).toBe('balanced');
  });

  it('refuses an unknown level, naming the valid ones', async () => {
    const { code, results, err } = await run(['ai-detect', '--sensitivity', 'paranoid'], [NEWS]);
    expect(code).toBe(2);
    expect(results).toEqual([]);
    expect(err[0]).toBe('Error: Unknown sensitivity "paranoid"; valid levels: strict, balanced, sensitive');
  });
});
