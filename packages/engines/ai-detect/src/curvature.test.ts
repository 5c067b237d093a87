import { copyFileSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getLlama, LlamaCompletion, LlamaLogLevel } from 'node-llama-cpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLanguageModelScorer,
  featuresOf,
  type LanguageModelScore,
  type LanguageModelScorer,
  positionOf,
  TOP_K,
  UNTRUNCATED,
  windowsFor,
} from './curvature.js';
import {
  calibrationPathFor,
  checkLanguageModelCalibration,
  combineLogOdds,
  documentFingerprint,
  type LanguageModelCalibration,
  openCalibratedLanguageModel,
  writeLanguageModelCalibration,
} from './curvature-calibration.js';
import { CURVATURE_EVIDENCE_FEATURE, detectAi, documentLogOdds } from './detect.js';
import { defaultDetectorModel } from './index.js';
import { calibrateForTests } from './language-model.fixtures.js';
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

describe('a position read from logits', () => {
  const logits = [2, 1, 0, -1, -2, -3];
  const z = Math.log(logits.reduce((total, l) => total + Math.exp(l), 0));
  const logP = logits.map((l) => l - z);
  const mean = logP.reduce((total, lp) => total + Math.exp(lp) * lp, 0);
  const variance = logP.reduce((total, lp) => total + Math.exp(lp) * lp * lp, 0) - mean ** 2;
  const weight = logits.reduce((total, l) => total + Math.exp(l - 2), 0);

  it('is exact when the top logits hold the whole vocabulary', () => {
    const position = positionOf(1, logits, weight, logits.length, 2);
    expect(position.logLikelihood).toBeCloseTo(logP[1] as number, 12);
    expect(position.expected).toBeCloseTo(mean, 12);
    expect(position.variance).toBeCloseTo(variance, 12);
    expect(position.rank).toBe(2);
  });

  it('puts the mass beyond the top logits between the last one’s level and an even spread', () => {
    const position = positionOf(-3, logits.slice(0, 3), weight, logits.length, 4);
    // Exact log-likelihood whatever the top; the expectation close to the whole distribution's.
    expect(position.logLikelihood).toBeCloseTo(logP[5] as number, 12);
    expect(Math.abs(position.expected - mean)).toBeLessThan(0.1);
  });

  it('sums positions into the features, per token, and is 0 rather than NaN with nothing to measure', () => {
    const a = positionOf(2, logits, weight, logits.length, 1);
    const b = positionOf(-1, logits, weight, logits.length, 4);
    const { features, discrepancy } = featuresOf([a, b]);
    expect(discrepancy).toBeCloseTo((a.logLikelihood + b.logLikelihood - 2 * mean) / Math.sqrt(2 * variance), 12);
    expect(features.curvature).toBeCloseTo(discrepancy / Math.sqrt(2), 12);
    expect(features.logRank).toBeCloseTo(Math.log(4) / 2, 12);
    expect(features.entropy).toBeCloseTo(-mean, 12);
    expect(featuresOf([])).toEqual({
      features: { curvature: 0, logLikelihood: 0, logRank: 0, entropy: 0 },
      discrepancy: 0,
    });
  });
});

describe('windowsFor', () => {
  it('scores a text that fits whole, and a longer one on windows spread from its start to its end', () => {
    expect(windowsFor(100, 192, 1)).toEqual([{ from: 1, to: 100 }]);
    const windows = windowsFor(1_000, 192, 1);
    expect(windows).toEqual([
      { from: 1, to: 97 },
      { from: 904, to: 1_000 },
    ]);
    expect(windowsFor(3_000, 384, 1).map((w) => w.to - w.from)).toEqual([96, 96, 96, 96]);
    expect(windowsFor(1, 192, 1)).toEqual([]);
  });
});

// Each test runs the model a few hundred tokens at a time on one thread: seconds on a busy two-core machine.
describe('the language-model scorer with stories260K', { timeout: 30_000 }, () => {
  let scorer: LanguageModelScorer;
  let stories: string[];
  beforeAll(async () => {
    stories = await generateStories([
      { temperature: 0, seed: 1 },
      { temperature: 0.7, seed: 7 },
    ]);
    scorer = createLanguageModelScorer({ modelPath: FIXTURE, maxTokens: 512 });
  }, 60_000);
  afterAll(() => scorer?.close());

  it('reads the whole distribution: the total weight it is given is the sum over every logit', async () => {
    const llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error });
    const model = await llama.loadModel({ modelPath: FIXTURE });
    const context = await model.createContext({ contextSize: 64, threads: 1 });
    const sequence = context.getSequence();
    const tokens = model.tokenize('Once upon a time there was a little girl who liked to play');
    // After "… there was a" the model is unsure what comes next, so a truncating sampler has a tail to cut.
    const at = 6;
    const next = async (generateNext: object) => {
      await sequence.clearHistory();
      const results = await sequence.controlledEvaluate(
        tokens.slice(0, at + 1).map((token, i) => (i === at ? [token, { generateNext }] : token)) as never,
      );
      return (results[at] as { next: { logits?: Map<number, number>; totalLogitWeight?: number } }).next;
    };
    try {
      const full = (await next({ logits: true })).logits as Map<number, number>;
      const max = Math.max(...full.values());
      const whole = [...full.values()].reduce((total, logit) => total + Math.exp(logit - max), 0);
      const ours = await next({
        logits: { filter: { tokens: [tokens[at + 1]], includeTop: TOP_K } },
        totalLogitWeight: true,
        options: UNTRUNCATED,
      });
      expect(ours.totalLogitWeight).toBeCloseTo(whole, 4);
      // What sampling settings would do to it: top-k, top-p and temperature cut and bend the distribution reported.
      const sampled = await next({
        logits: { filter: { tokens: [tokens[at + 1]], includeTop: TOP_K } },
        totalLogitWeight: true,
        options: { temperature: 1, topK: 40, topP: 0.9 },
      });
      expect(Math.abs((sampled.totalLogitWeight as number) - whole)).toBeGreaterThan(0.05);
    } finally {
      await context.dispose();
      await model.dispose();
      await llama.dispose();
    }
  });

  it("gives text the model wrote itself a higher curvature and likelihood, and a lower rank, than people's", async () => {
    const [greedy, sampled] = await Promise.all(stories.map((story) => scorer.score(story)));
    const news = await scorer.score(NEWS);
    const note = await scorer.score(NOTE);
    console.info(
      `[language model] stories260K curvature: greedy ${greedy?.features.curvature.toFixed(2)}, sampled (T=0.7) ${sampled?.features.curvature.toFixed(2)}, news ${news.features.curvature.toFixed(2)}, note ${note.features.curvature.toFixed(2)}`,
    );
    for (const own of [greedy, sampled] as LanguageModelScore[]) {
      expect(own.features.curvature).toBeGreaterThan(news.features.curvature + 0.5);
      expect(own.features.logLikelihood).toBeGreaterThan(news.features.logLikelihood);
      expect(own.features.logRank).toBeLessThan(news.features.logRank);
    }
    expect(news.discrepancy).toBeLessThan(0);
    expect(note.discrepancy).toBeLessThan(0);
    expect(news).toMatchObject({ model: 'stories260K', sampled: false, windows: 1 });
    // stories260K prepends a BOS token, so every token of the text is predicted.
    expect(news.tokens).toBe(news.textTokens);
    expect(news.jackknife).toHaveLength(4);
  });

  it('serialises concurrent requests on its one sequence: the same scores as one at a time', async () => {
    const alone = await scorer.score(NOTE);
    const together = await Promise.all([scorer.score(NOTE), scorer.score(NEWS), scorer.score(NOTE)]);
    expect(together[0]).toEqual(alone);
    expect(together[2]).toEqual(alone);
  });

  it('scores a long text on windows spread over it, and says so', async () => {
    const short = createLanguageModelScorer({ modelPath: FIXTURE, maxTokens: 192 });
    try {
      const long = await short.score(Array.from({ length: 4 }, () => NEWS).join(' '));
      expect(long).toMatchObject({ tokens: 192, windows: 2, sampled: true });
      expect(long.textTokens).toBeGreaterThan(400);
    } finally {
      await short.close();
    }
  });

  it('stops an aborted request, before it starts or between calls, and goes on with the next', async () => {
    await expect(scorer.score(NEWS, { signal: AbortSignal.abort() })).rejects.toThrow(/abort/i);
    const long = createLanguageModelScorer({ modelPath: FIXTURE, maxTokens: 2_000 });
    try {
      await long.score(NOTE); // loads the model
      const controller = new AbortController();
      const scoring = long.score(Array.from({ length: 12 }, () => NEWS).join(' '), { signal: controller.signal });
      setTimeout(() => controller.abort(), 30);
      await expect(scoring).rejects.toThrow(/abort/i);
      expect(await long.score(NOTE)).toEqual(await scorer.score(NOTE));
    } finally {
      await long.close();
    }
  });
});

describe('calibration, and the detectors with a language model', () => {
  const detector = defaultDetectorModel();
  let directory: string;
  let modelPath: string;
  let calibration: LanguageModelCalibration;
  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'candor-lm-'));
    modelPath = path.join(directory, 'stories260K.gguf');
    copyFileSync(FIXTURE, modelPath);
    calibration = await calibrateForTests(modelPath);
  }, 60_000); // loads the detector and scores the calibration texts: tens of seconds on a busy machine
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('is used beside the model, or committed for its sha256, and only for that file and that detector', async () => {
    expect(await checkLanguageModelCalibration(modelPath, detector, [])).toMatchObject({
      calibration: null,
      problem: expect.stringMatching(/there is no calibration file .*nor a committed one for its sha256/),
    });
    expect(await checkLanguageModelCalibration(modelPath, detector, [calibration])).toEqual({ calibration });
    await writeLanguageModelCalibration(calibrationPathFor(modelPath), calibration);
    expect(await checkLanguageModelCalibration(modelPath, detector, [])).toEqual({ calibration });
    // Another file under the same name: its sha256 differs.
    await appendFile(modelPath, Buffer.from([0]));
    expect(await checkLanguageModelCalibration(modelPath, detector, [])).toMatchObject({
      problem: expect.stringMatching(/made for a different model file \(sha256 differs\)/),
    });
    copyFileSync(FIXTURE, modelPath);
    writeFileSync(calibrationPathFor(modelPath), '{"format":"old"}');
    expect(await checkLanguageModelCalibration(modelPath, detector, [])).toMatchObject({
      problem: expect.stringMatching(/not in the candor-language-model\/2 format/),
    });
    unlinkSync(calibrationPathFor(modelPath));
    const retrained = { ...calibration, builtIn: { ...calibration.builtIn, documentFingerprint: '0123456789abcdef' } };
    expect(await checkLanguageModelCalibration(modelPath, detector, [retrained])).toMatchObject({
      problem: expect.stringMatching(/fitted against another version of the built-in detector/),
    });
    const warnings: string[] = [];
    expect(
      await openCalibratedLanguageModel({
        modelPath: path.join(directory, 'none.gguf'),
        detector,
        warn: (m) => warnings.push(m),
      }),
    ).toBeNull();
    expect(warnings).toEqual([expect.stringMatching(/the model file cannot be read/)]);
  });

  it('combines the scores into the probability and the interval, and shows the model’s push as evidence', async () => {
    const scorer = createLanguageModelScorer({ modelPath, maxTokens: calibration.scoring.maxTokens });
    try {
      const score = await scorer.score(NOTE);
      const alone = documentLogOdds(detector, detector.score(NOTE));
      const combined = combineLogOdds(calibration.aiDetection, alone, score);
      const report = aiDetectionReportSchema.parse(
        detectAi(NOTE, detector, { languageModel: { score, calibration }, sensitivity: 'strict' }),
      );
      expect(report.ai_probability).toBeCloseTo(sigmoid(combined.logOdds), 3);
      expect(combined.standardError).toBeGreaterThanOrEqual(Math.abs(combined.builtInSlope) * alone.standardError);
      expect(report.curvature).toMatchObject({
        model: 'stories260K',
        tokens: score.tokens,
        // The report says whether the scorer read a sample of windows (stories260K spends a token on about a letter).
        truncated: score.sampled,
        windows: score.windows,
        text_tokens: score.textTokens,
        built_in_probability: Number(detector.probabilityOf(alone.logOdds).toFixed(3)),
      });
      expect(report.evidence.map((e) => e.feature)).toContain(
        (
          [
            'probability_curvature',
            'language_model_likelihood',
            'language_model_rank',
            'language_model_entropy',
          ] as const
        ).find((feature) => report.evidence.some((e) => e.feature === feature)),
      );
      expect(report.sensitivity?.level).toBe('strict');
      // Its own levels, not the built-in detector's.
      expect(report.threshold).not.toBe(detectAi(NOTE, detector, { sensitivity: 'strict' }).threshold);
      expect(CURVATURE_EVIDENCE_FEATURE).toBe('probability_curvature');
    } finally {
      await scorer.close();
    }
  });

  it('refuses a calibration fitted against another built-in detector', () => {
    const other = { ...calibration, builtIn: { ...calibration.builtIn, documentFingerprint: 'ffffffffffffffff' } };
    const score = { features: { curvature: 0, logLikelihood: -3, logRank: 1, entropy: 3 } } as LanguageModelScore;
    expect(() => detectAi(NOTE, detector, { languageModel: { score, calibration: other } })).toThrow(
      /fitted against another built-in detector/,
    );
    expect(documentFingerprint(detector)).toBe(calibration.builtIn.documentFingerprint);
  });
});
