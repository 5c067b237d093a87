import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { writeCurvatureCalibration } from '@candor/engine-ai-detect';
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

describe('npm run -s cli -- ai-detect with a local model', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'candor-batch-model-'));
  const calibrated = path.join(dir, 'stories260K.gguf');
  const uncalibrated = path.join(dir, 'plain.gguf');
  beforeAll(async () => {
    copyFileSync(STORIES_MODEL, calibrated);
    copyFileSync(STORIES_MODEL, uncalibrated);
    await writeCurvatureCalibration(calibrated, await calibrateForTests(calibrated));
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('adds the curvature of a calibrated --model to every line', async () => {
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
    expect(err[0]).toMatch(/is not used: there is no calibration file .*plain\.gguf\.candor-curvature\.json/);
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

  it('keeps --model to ai-detect', async () => {
    const { code, err } = await run(['humanized-detect', '--model', calibrated], [NOTE]);
    expect(code).toBe(2);
    expect(err[0]).toBe('Error: --model is for ai-detect only');
  });
});
