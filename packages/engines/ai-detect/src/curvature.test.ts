import { copyFileSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getLlama, LlamaCompletion, LlamaLogLevel } from 'node-llama-cpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPosition,
  type CurvatureScore,
  type CurvatureScorer,
  createCurvatureScorer,
  discrepancyOf,
  emptyCurvatureSums,
} from './curvature.js';
import {
  type CurvatureCalibration,
  calibrationOf,
  calibrationPathFor,
  checkCurvatureCalibration,
  combineLogOdds,
  openCalibratedCurvatureScorer,
  sha256File,
  writeCurvatureCalibration,
} from './curvature-calibration.js';
import { type CalibrationRow, fitCurvatureCombination } from './curvature-fit.js';
import { CURVATURE_EVIDENCE_FEATURE, detectAi, documentLogOdds } from './detect.js';
import { defaultDetectorModel } from './index.js';
import { sigmoid } from './linear-model.js';
import { aiDetectionReportSchema } from './report.schema.js';

// The tiny TinyStories model committed for the local-model tests (1.2 MB, MIT; see its README).
const FIXTURE = path.resolve(import.meta.dirname, '../../../llm/src/testing/fixtures/stories260K.gguf');

// Human prose far from the children's stories the model knows, and a person's note.
const NEWS = `The government announced on Tuesday that it would increase funding for regional hospitals by 12 per cent
next year, after months of pressure from unions and local councils. Ministers said the extra money would pay for more
nurses and shorter waiting lists, but opposition leaders called the plan inadequate and accused the cabinet of
ignoring rural areas. The health secretary is expected to set out details in parliament later this week, alongside a
review of how hospital trusts spend their capital budgets.`;
const NOTE = `So i finally got round to fixing the fence last weekend. Took way longer than I thought, mostly because the
old posts were rotten right through and the hardware shop had run out of the brackets I wanted. My neighbour Dave came
over with his post-hole digger which saved my back, honestly. We ended up having a few beers and talking about his
daughter's wedding till it got dark.`;
const ESSAY = `Artificial intelligence has transformed numerous industries in recent years. It is important to note that
these technologies offer significant benefits, including increased efficiency and improved decision-making. However,
it is crucial to consider the potential challenges and ethical implications. Furthermore, organizations must ensure
that they implement robust frameworks to address these concerns. In conclusion, a balanced approach that leverages the
strengths of AI while mitigating its risks is essential for sustainable growth.`;

/** Text the model writes itself from a story opening: greedy, or sampled with a fixed seed. */
async function generateStories(settings: { temperature: number; seed: number }[]): Promise<string[]> {
  const llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error });
  const model = await llama.loadModel({ modelPath: FIXTURE });
  const context = await model.createContext({ contextSize: 512, threads: 1 });
  const sequence = context.getSequence();
  const completion = new LlamaCompletion({ contextSequence: sequence });
  try {
    const stories: string[] = [];
    for (const { temperature, seed } of settings) {
      await sequence.clearHistory();
      const prompt = 'Once upon a time';
      stories.push(prompt + (await completion.generateCompletion(prompt, { maxTokens: 160, temperature, seed })));
    }
    return stories;
  } finally {
    completion.dispose();
    await context.dispose();
    await model.dispose();
    await llama.dispose();
  }
}

describe('the sampling discrepancy (arithmetic)', () => {
  it('matches the definition on a hand-made distribution', () => {
    const logits = [2, 1, 0, -1];
    const z = Math.log(logits.reduce((total, l) => total + Math.exp(l), 0));
    const logP = logits.map((l) => l - z);
    const mean = logP.reduce((total, lp) => total + Math.exp(lp) * lp, 0);
    const variance = logP.reduce((total, lp) => total + Math.exp(lp) * lp * lp, 0) - mean ** 2;
    const observed = (logP[0] as number) + (logP[3] as number);
    const sums = emptyCurvatureSums();
    addPosition(sums, logits, 2);
    addPosition(sums, logits, -1);
    expect(sums.tokens).toBe(2);
    expect(sums.logLikelihood).toBeCloseTo(observed, 12);
    expect(sums.expectedLogLikelihood).toBeCloseTo(2 * mean, 12);
    expect(sums.variance).toBeCloseTo(2 * variance, 12);
    expect(discrepancyOf(sums)).toBeCloseTo((observed - 2 * mean) / Math.sqrt(2 * variance), 12);
  });

  it('is 0 rather than NaN when there is nothing to measure', () => {
    expect(discrepancyOf(emptyCurvatureSums())).toBe(0);
    const flat = emptyCurvatureSums();
    addPosition(flat, [0, 0, 0], 0);
    expect(discrepancyOf(flat)).toBe(0);
  });
});

describe('createCurvatureScorer with stories260K', () => {
  let scorer: CurvatureScorer;
  let stories: string[];
  beforeAll(async () => {
    stories = await generateStories([
      { temperature: 0, seed: 1 },
      { temperature: 0.7, seed: 7 },
    ]);
    scorer = createCurvatureScorer({ modelPath: FIXTURE });
  });
  afterAll(() => scorer?.close());

  it("gives text the model wrote itself a clearly higher discrepancy than people's writing", async () => {
    const [greedy, sampled] = await Promise.all(stories.map((story) => scorer.score(story)));
    const news = await scorer.score(NEWS);
    const note = await scorer.score(NOTE);
    console.info(
      `[curvature] stories260K discrepancy: greedy ${greedy?.discrepancy.toFixed(2)}, sampled (T=0.7) ${sampled?.discrepancy.toFixed(2)}, news ${news.discrepancy.toFixed(2)}, note ${note.discrepancy.toFixed(2)}`,
    );
    // Under the hypothesis "sampled from this model" the discrepancy is ~N(0, 1): its own decoding sits well above,
    // human prose far below.
    for (const own of [greedy, sampled] as CurvatureScore[]) {
      expect(own.discrepancy).toBeGreaterThan(2);
      expect(own.discrepancy - news.discrepancy).toBeGreaterThan(10);
      expect(own.logLikelihoodMean).toBeGreaterThan(news.logLikelihoodMean);
    }
    expect(news.discrepancy).toBeLessThan(0);
    expect(note.discrepancy).toBeLessThan(0);
    expect(news).toMatchObject({ model: 'stories260K', truncated: false });
    expect(news.tokens).toBeGreaterThan(100);
  });

  it('serialises concurrent requests on its one sequence: the same scores as one at a time', async () => {
    const alone = await scorer.score(NOTE);
    const together = await Promise.all([scorer.score(NOTE), scorer.score(NEWS), scorer.score(NOTE)]);
    expect(together[0]).toEqual(alone);
    expect(together[2]).toEqual(alone);
  });

  it('scores only the first maxTokens tokens of a long text, and says so', async () => {
    const short = createCurvatureScorer({ modelPath: FIXTURE, maxTokens: 64 });
    try {
      const long = await short.score(`${NEWS} ${NEWS}`);
      expect(long).toMatchObject({ tokens: 64, truncated: true });
      const start = await short.score(NEWS);
      expect(start.tokens).toBe(64);
    } finally {
      await short.close();
    }
  });

  it('stops an aborted request, before it starts or between chunks, and goes on with the next', async () => {
    await expect(scorer.score(NEWS, { signal: AbortSignal.abort() })).rejects.toThrow(/abort/i);
    const long = createCurvatureScorer({ modelPath: FIXTURE, maxTokens: 2_000 });
    try {
      await long.score(NOTE); // loads the model
      const controller = new AbortController();
      const started = performance.now();
      const scoring = long.score(Array.from({ length: 12 }, () => NEWS).join(' '), { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      await expect(scoring).rejects.toThrow(/abort/i);
      // 2,000 tokens take about two seconds here; the abort lands within a chunk of at most 256 positions.
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(await long.score(NOTE)).toEqual(await scorer.score(NOTE));
    } finally {
      await long.close();
    }
  });
});

describe('calibration, and detectAi with a curvature score', () => {
  const detector = defaultDetectorModel();
  let dir: string;
  let modelPath: string;
  let scorer: CurvatureScorer;
  let calibration: CurvatureCalibration;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'candor-curvature-'));
    modelPath = path.join(dir, 'stories260K.gguf');
    copyFileSync(FIXTURE, modelPath);
    // A tiny real fit: the model's own stories as "AI", people's prose as "human".
    const stories = await generateStories([1, 2, 3, 4].map((seed) => ({ temperature: 0.8, seed })));
    scorer = createCurvatureScorer({ modelPath, maxTokens: 256 });
    const rows: CalibrationRow[] = [];
    for (const [label, texts] of [
      [1, stories],
      [0, [NEWS, NOTE, `${NOTE} ${NEWS}`, `${NEWS} ${NOTE}`]],
    ] as const) {
      for (const text of texts) {
        const score = await scorer.score(text);
        rows.push({
          label,
          builtInLogOdds: documentLogOdds(detector, detector.score(text)).logOdds,
          discrepancy: score.discrepancy,
          fold: rows.length % 5,
        });
      }
    }
    calibration = await calibrationOf({
      modelPath,
      detector,
      maxTokens: 256,
      fit: fitCurvatureCombination(rows),
      sample: { texts: rows.length, human: 4, ai: 4, seed: 0, files: ['test'] },
      tokensPerSecond: 1,
    });
  });
  afterAll(async () => {
    await scorer?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the calibration beside the model and reads it back only for that model file', async () => {
    expect(await checkCurvatureCalibration(modelPath, detector)).toEqual({
      calibration: null,
      problem: expect.any(String),
    });
    const file = await writeCurvatureCalibration(modelPath, calibration);
    expect(file).toBe(`${modelPath}.candor-curvature.json`);
    expect(await checkCurvatureCalibration(modelPath, detector)).toEqual({ calibration });

    // Another file under the same name (one byte more): the calibration no longer applies.
    const other = path.join(dir, 'changed.gguf');
    copyFileSync(modelPath, other);
    await appendFile(other, Buffer.from([0]));
    copyFileSync(file, calibrationPathFor(other));
    const changed = await checkCurvatureCalibration(other, detector);
    expect(changed.calibration).toBeNull();
    expect('problem' in changed && changed.problem).toMatch(/different model file \(sha256 differs\)/);

    // A calibration fitted against another built-in detector doesn't apply either.
    writeFileSync(
      calibrationPathFor(other),
      JSON.stringify({
        ...calibration,
        model: { ...calibration.model, sha256: await sha256File(other) },
        builtIn: { ...calibration.builtIn, documentFingerprint: '0000000000000000' },
      }),
    );
    const stale = await checkCurvatureCalibration(other, detector);
    expect('problem' in stale && stale.problem).toMatch(/another version of the built-in detector/);

    writeFileSync(calibrationPathFor(other), '{"format":"something else"}');
    const wrong = await checkCurvatureCalibration(other, detector);
    expect('problem' in wrong && wrong.problem).toMatch(/not in the candor-curvature\/1 format/);
  });

  it('opens no scorer without a matching calibration, and says why once', async () => {
    const bare = path.join(dir, 'bare.gguf');
    copyFileSync(FIXTURE, bare);
    const warnings: string[] = [];
    const opened = await openCalibratedCurvatureScorer({ modelPath: bare, detector, warn: (m) => warnings.push(m) });
    expect(opened).toBeNull();
    expect(warnings).toEqual([
      `The AI detector's local model ${bare} is not used: there is no calibration file ${bare}.candor-curvature.json. Run \`npm run train:curvature -- --model ${bare}\` to calibrate it.`,
    ]);

    copyFileSync(calibrationPathFor(modelPath), calibrationPathFor(bare));
    const calibrated = await openCalibratedCurvatureScorer({
      modelPath: bare,
      detector,
      warn: (m) => warnings.push(m),
    });
    try {
      expect(warnings).toHaveLength(1);
      expect(calibrated?.calibration).toEqual(calibration);
      expect(calibrated?.scorer.model).toBe('bare');
      // It scores with the calibration's token cap.
      expect((await calibrated?.scorer.score(`${NEWS} ${NEWS}`))?.tokens).toBe(256);
    } finally {
      await calibrated?.scorer.close();
      unlinkSync(calibrationPathFor(bare));
    }
  });

  it('combines the curvature into the document probability and shows it as evidence; sentences stay built-in', async () => {
    const score = await scorer.score(ESSAY);
    const alone = detectAi(ESSAY, detector);
    const report = aiDetectionReportSchema.parse(detectAi(ESSAY, detector, { curvature: { score, calibration } }));

    const builtIn = documentLogOdds(detector, detector.score(ESSAY));
    const combined = combineLogOdds(calibration, builtIn, score.discrepancy);
    expect(report.ai_probability).toBeCloseTo(sigmoid(combined.logOdds), 3);
    expect(report.ai_probability).not.toBe(alone.ai_probability);
    expect(report.confidence_interval.low).toBeLessThanOrEqual(report.ai_probability);
    expect(report.confidence_interval.high).toBeGreaterThanOrEqual(report.ai_probability);
    expect(report).toMatchObject({ threshold: calibration.threshold, human_threshold: calibration.humanThreshold });
    expect(report.curvature).toEqual({
      model: 'stories260K',
      discrepancy: Math.round(score.discrepancy * 1000) / 1000,
      tokens: 256,
      truncated: true,
      built_in_probability: alone.ai_probability,
    });
    const item = report.evidence.find((entry) => entry.feature === CURVATURE_EVIDENCE_FEATURE);
    expect(item).toEqual({
      feature: CURVATURE_EVIDENCE_FEATURE,
      label: 'Probability curvature under stories260K',
      contribution: Math.round(combined.curvaturePush * 1000) / 1000,
    });
    expect(report.evidence.length).toBeLessThanOrEqual(6);
    expect(report.sentences).toEqual(alone.sentences);
    expect(report.model).toEqual(alone.model);
    // The default path is unchanged: no curvature, the built-in thresholds.
    expect(alone).not.toHaveProperty('curvature');
    expect(alone.threshold).toBe(detector.file.threshold);
  });

  it('refuses a calibration fitted against another built-in detector', async () => {
    const score = await scorer.score(NOTE);
    const stale = { ...calibration, builtIn: { ...calibration.builtIn, documentFingerprint: '0000000000000000' } };
    expect(() => detectAi(NOTE, detector, { curvature: { score, calibration: stale } })).toThrow(
      /fitted against another built-in detector/,
    );
  });
});
