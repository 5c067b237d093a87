import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { historyDetailSchema } from '@candor/contracts';
import { aiDetectionResultSchema, jobSnapshotSchema } from '@candor/contracts/tools';
import {
  CURVATURE_EVIDENCE_FEATURE,
  defaultDetectorModel,
  documentLogOdds,
  writeCurvatureCalibration,
} from '@candor/engine-ai-detect';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/app.js';
import { describeOnEachDatabase } from '../../../test/databases.js';
import { expectNothingStored, followToEnd, newUser, totalBalance } from '../../../test/tool-runs.js';
import { calibrateForTests, NEWS, NOTE, STORIES_MODEL } from './local-model.fixtures.js';
import { closeLocalCurvatureScorers } from './local-model.js';

const JOBS = '/api/detector/v1/tools/ai-detection/jobs';

const directory = mkdtempSync(path.join(tmpdir(), 'candor-detector-model-'));
const calibrated = path.join(directory, 'stories260K.gguf');
const uncalibrated = path.join(directory, 'uncalibrated.gguf');
// Calibrated to score up to 2,000 tokens (about two seconds here), long enough to cancel a run mid-way.
const slow = path.join(directory, 'stories260K-slow.gguf');
for (const copy of [calibrated, uncalibrated, slow]) copyFileSync(STORIES_MODEL, copy);

async function detect(t: ReturnType<ReturnType<typeof useTestApp>>, text: string) {
  const { client } = await newUser(t);
  const started = await client.post(JOBS, { text });
  expect(started.statusCode, started.body).toBe(202);
  const job = jobSnapshotSchema.parse(started.json());
  const snapshots = await followToEnd(client, job.job_id);
  const last = snapshots.at(-1);
  expect(last?.status, JSON.stringify(last?.error)).toBe('succeeded');
  const detail = historyDetailSchema.parse(
    (await client.get(`/api/detector/v2/ai-detector/user-history/${last?.history_id}`)).json(),
  );
  return { report: aiDetectionResultSchema.parse(detail.result), stages: snapshots.map((s) => s.progress.stage) };
}

const warnings: string[] = [];
beforeAll(async () => {
  const calibration = await calibrateForTests(calibrated);
  await writeCurvatureCalibration(calibrated, calibration);
  await writeCurvatureCalibration(slow, { ...calibration, maxTokens: 2_000 });
  vi.spyOn(console, 'warn').mockImplementation((message: unknown) => {
    warnings.push(String(message));
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await closeLocalCurvatureScorers();
  rmSync(directory, { recursive: true, force: true });
});

describeOnEachDatabase('AI detection with a local model (DETECTOR_MODEL_PATH)', (database) => {
  describe('calibrated', () => {
    const t = useTestApp(database, { env: { DETECTOR_MODEL_PATH: calibrated, ENGINE_THREADS: '1' } });

    it('combines the curvature of the local model into the stored report, with its evidence', async () => {
      const { report, stages } = await detect(t(), NOTE);
      expect(stages).toContain('Scoring with the local model stories260K');
      expect(report.curvature).toMatchObject({ model: 'stories260K', truncated: false });
      expect(report.curvature?.discrepancy).toBeLessThan(0);
      expect(report.curvature?.tokens).toBeGreaterThan(20);
      expect(report.evidence).toContainEqual({
        feature: CURVATURE_EVIDENCE_FEATURE,
        label: 'Probability curvature under stories260K',
        contribution: expect.any(Number),
      });
      // The built-in score is kept beside the combined one; sentence scores stay built-in.
      const alone = defaultDetectorModel();
      expect(report.curvature?.built_in_probability).toBeCloseTo(
        1 / (1 + Math.exp(-documentLogOdds(alone, alone.score(NOTE)).logOdds)),
        3,
      );
      expect(report.sentences.length).toBeGreaterThan(1);
    });
  });

  describe('cancelled while the local model scores', () => {
    const t = useTestApp(database, { env: { DETECTOR_MODEL_PATH: slow, ENGINE_THREADS: '1' } });

    it('stops between chunks, charges nothing, and the next run scores normally', async () => {
      const { client, userId } = await newUser(t());
      const before = await totalBalance(client);
      const long = Array.from({ length: 12 }, () => NEWS).join('\n\n');
      const job = jobSnapshotSchema.parse((await client.post(JOBS, { text: long })).json());
      await expect
        .poll(
          async () =>
            jobSnapshotSchema.parse((await client.get(`/api/detector/v1/jobs/${job.job_id}`)).json()).progress,
          { interval: 20 },
        )
        .toMatchObject({ stage: 'Scoring with the local model stories260K-slow' });
      const cancelled = await client.post(`/api/detector/v1/jobs/${job.job_id}/cancel`);
      expect(jobSnapshotSchema.parse(cancelled.json())).toMatchObject({ status: 'cancelled', history_id: null });
      expect(await totalBalance(client)).toBe(before);
      await expectNothingStored(t(), userId);

      const { report } = await detect(t(), NOTE);
      expect(report.curvature).toMatchObject({ model: 'stories260K-slow' });
    });
  });

  describe('without a calibration file', () => {
    const t = useTestApp(database, { env: { DETECTOR_MODEL_PATH: uncalibrated, ENGINE_THREADS: '1' } });

    it('uses the built-in detector alone and says why once', async () => {
      // Once per server: closing the app (the previous database's run) disposes the scorers and forgets the notice.
      const earlier = warnings.length;
      const first = await detect(t(), NOTE);
      const second = await detect(t(), NEWS);
      for (const { report, stages } of [first, second]) {
        expect(report.curvature).toBeUndefined();
        expect(report.evidence.map((e) => e.feature)).not.toContain(CURVATURE_EVIDENCE_FEATURE);
        expect(stages.some((stage) => stage.includes('local model'))).toBe(false);
      }
      const notices = warnings.slice(earlier).filter((w) => w.includes(uncalibrated));
      expect(notices).toEqual([
        `[ai-detection] The AI detector's local model ${uncalibrated} is not used: there is no calibration file ${uncalibrated}.candor-curvature.json. Run \`npm run train:curvature -- --model ${uncalibrated}\` to calibrate it.`,
      ]);
    });
  });
});
