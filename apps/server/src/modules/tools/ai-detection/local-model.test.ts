import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { historyDetailSchema } from '@candor/contracts';
import { aiDetectionResultSchema, humanizedDetectionResultSchema, jobSnapshotSchema } from '@candor/contracts/tools';
import {
  CURVATURE_EVIDENCE_FEATURE,
  calibrationPathFor,
  defaultDetectorModel,
  documentLogOdds,
  writeLanguageModelCalibration,
} from '@candor/engine-ai-detect';
import { committedCalibrations } from '@candor/engine-ai-detect/language-models';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readTestSettings } from '../../../config/env.js';
import { useTestApp } from '../../../test/app.js';
import { describeOnEachDatabase } from '../../../test/databases.js';
import { expectNothingStored, followToEnd, newUser, totalBalance } from '../../../test/tool-runs.js';
import { calibrateForTests, NEWS, NOTE, STORIES_MODEL } from './local-model.fixtures.js';
import { closeLocalLanguageModels } from './local-model.js';

const DETECTOR = '/api/detector';
const jobs = (tool: string) => `${DETECTOR}/v1/tools/${tool}/jobs`;

const directory = mkdtempSync(path.join(tmpdir(), 'candor-detector-model-'));
const calibrated = path.join(directory, 'stories260K.gguf');
const uncalibrated = path.join(directory, 'uncalibrated.gguf');
// Calibrated to score up to 2,000 tokens (seconds here), long enough to cancel a run mid-way.
const slow = path.join(directory, 'stories260K-slow.gguf');
for (const copy of [calibrated, uncalibrated, slow]) copyFileSync(STORIES_MODEL, copy);

// The detectors' own model, SmolLM2-135M, when fetched (.ci/run fetches it; `npm run models:fetch -- smollm2-135m`).
const settings = readTestSettings();
const smollm2 = settings.detectorModel;
const smollm2Dir = path.join(directory, 'models');
if (smollm2 && existsSync(smollm2)) {
  mkdirSync(smollm2Dir);
  symlinkSync(smollm2, path.join(smollm2Dir, path.basename(smollm2)));
}

async function run(t: ReturnType<ReturnType<typeof useTestApp>>, tool: string, text: string, sensitivity?: string) {
  const { client } = await newUser(t);
  const started = await client.post(jobs(tool), { text, ...(sensitivity ? { sensitivity } : {}) });
  expect(started.statusCode, started.body).toBe(202);
  const job = jobSnapshotSchema.parse(started.json());
  const snapshots = await followToEnd(client, job.job_id);
  const last = snapshots.at(-1);
  expect(last?.status, JSON.stringify(last?.error)).toBe('succeeded');
  const detail = historyDetailSchema.parse(
    (await client.get(`${DETECTOR}/v2/ai-detector/user-history/${last?.history_id}`)).json(),
  );
  return { result: detail.result, stages: snapshots.map((s) => s.progress.stage) };
}

const warnings: string[] = [];
beforeAll(async () => {
  const calibration = await calibrateForTests(calibrated);
  await writeLanguageModelCalibration(calibrationPathFor(calibrated), calibration);
  await writeLanguageModelCalibration(calibrationPathFor(slow), {
    ...(await calibrateForTests(slow)),
    scoring: { maxTokens: 2_000, topK: 32 },
  });
  vi.spyOn(console, 'warn').mockImplementation((message: unknown) => {
    warnings.push(String(message));
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await closeLocalLanguageModels();
  rmSync(directory, { recursive: true, force: true });
});

describeOnEachDatabase('the detectors with a language model (DETECTOR_MODEL_PATH)', (database) => {
  describe('calibrated', () => {
    const t = useTestApp(database, { env: { DETECTOR_MODEL_PATH: calibrated, ENGINE_THREADS: '1' } });

    it('the AI Detector combines the model’s scores into the stored report, with its evidence and its levels', async () => {
      const { result, stages } = await run(t(), 'ai-detection', NOTE, 'strict');
      const report = aiDetectionResultSchema.parse(result);
      expect(stages).toContain('Scoring with the language model stories260K');
      expect(report.curvature).toMatchObject({ model: 'stories260K', truncated: false, windows: 1 });
      expect(report.curvature?.tokens).toBeGreaterThan(20);
      expect(report.evidence.some((e) => e.label.includes('stories260K'))).toBe(true);
      // The built-in score is kept beside the combined one; sentence scores stay built-in.
      const alone = defaultDetectorModel();
      expect(report.curvature?.built_in_probability).toBeCloseTo(
        alone.probabilityOf(documentLogOdds(alone, alone.score(NOTE)).logOdds),
        3,
      );
      expect(report.sensitivity?.level).toBe('strict');
      expect(report.sentences.length).toBeGreaterThan(1);
    });

    it('the Humanized Text Detector scores with the same model, and says so', async () => {
      const { result, stages } = await run(t(), 'humanized-detection', NOTE);
      const report = humanizedDetectionResultSchema.parse(result);
      expect(stages).toContain('Scoring with the language model stories260K');
      expect(report.language_model).toMatchObject({ model: 'stories260K', sampled: false });
      expect(report.sensitivity?.level).toBe('balanced');
      const sum = report.probabilities.human + report.probabilities.ai + report.probabilities.ai_humanized;
      expect(sum).toBeCloseTo(1, 2);
    });
  });

  describe('cancelled while the language model scores', () => {
    const t = useTestApp(database, { env: { DETECTOR_MODEL_PATH: slow, ENGINE_THREADS: '1' } });

    it('stops between calls, charges nothing, and the next run scores normally', async () => {
      const { client, userId } = await newUser(t());
      const before = await totalBalance(client);
      const long = Array.from({ length: 12 }, () => NEWS).join('\n\n');
      const job = jobSnapshotSchema.parse((await client.post(jobs('ai-detection'), { text: long })).json());
      await expect
        .poll(
          async () => jobSnapshotSchema.parse((await client.get(`${DETECTOR}/v1/jobs/${job.job_id}`)).json()).progress,
          { interval: 20 },
        )
        .toMatchObject({ stage: 'Scoring with the language model stories260K-slow' });
      const cancelled = await client.post(`${DETECTOR}/v1/jobs/${job.job_id}/cancel`);
      expect(jobSnapshotSchema.parse(cancelled.json())).toMatchObject({ status: 'cancelled', history_id: null });
      expect(await totalBalance(client)).toBe(before);
      await expectNothingStored(t(), userId);

      const { result } = await run(t(), 'ai-detection', NOTE);
      expect(aiDetectionResultSchema.parse(result).curvature).toMatchObject({ model: 'stories260K-slow' });
    });
  });

  describe('without a calibration', () => {
    const t = useTestApp(database, { env: { DETECTOR_MODEL_PATH: uncalibrated, ENGINE_THREADS: '1' } });

    it('uses the built-in detectors alone and says why once', async () => {
      // Once per server: closing the app (the previous database's run) disposes the scorers and forgets the notice.
      const earlier = warnings.length;
      const first = aiDetectionResultSchema.parse((await run(t(), 'ai-detection', NOTE)).result);
      const second = humanizedDetectionResultSchema.parse((await run(t(), 'humanized-detection', NEWS)).result);
      expect(first.curvature).toBeUndefined();
      expect(first.evidence.map((e) => e.feature)).not.toContain(CURVATURE_EVIDENCE_FEATURE);
      expect(second.language_model).toBeUndefined();
      const notices = warnings.slice(earlier).filter((w) => w.includes(uncalibrated));
      expect(notices).toEqual([
        `[detectors] The detectors' language model ${uncalibrated} is not used: there is no calibration file ${uncalibrated}.candor-lm.json, nor a committed one for its sha256. Run \`npm run train:curvature -- --model ${uncalibrated}\` to calibrate it.`,
      ]);
    });
  });
});

// CI fetches the model and must run these; elsewhere they run when CANDOR_TEST_DETECTOR_MODEL names it.
const withSmolLM2 = settings.ci || Boolean(smollm2);
describe.runIf(withSmolLM2)('the detectors with SmolLM2-135M fetched into MODELS_DIR', () => {
  it('is fetched, and its committed calibration matches it', () => {
    expect(smollm2, 'CANDOR_TEST_DETECTOR_MODEL (set by .ci/run after npm run models:fetch)').toBeDefined();
    expect(existsSync(smollm2 as string)).toBe(true);
    expect(committedCalibrations().map((c) => c.model.file)).toContain(path.basename(smollm2 as string));
  });

  describeOnEachDatabase('found in the models folder without DETECTOR_MODEL_PATH', (database) => {
    const t = useTestApp(database, { env: { MODELS_DIR: smollm2Dir, ENGINE_THREADS: '1' } });

    it('both detectors add its scores, and the reports say which scorer gave the verdict', async () => {
      const essay = Array.from({ length: 3 }, () => NEWS).join('\n\n');
      const ai = aiDetectionResultSchema.parse((await run(t(), 'ai-detection', essay)).result);
      expect(ai.curvature).toMatchObject({ model: 'SmolLM2-135M-Instruct.Q4_1' });
      expect(ai.curvature?.tokens).toBeGreaterThan(100);
      const humanized = humanizedDetectionResultSchema.parse((await run(t(), 'humanized-detection', NOTE)).result);
      expect(humanized.language_model).toMatchObject({ model: 'SmolLM2-135M-Instruct.Q4_1' });
    });
  });
});
