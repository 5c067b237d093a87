import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  createLanguageModelScorer,
  type LanguageModelFeatures,
  languageModelFeatureNames,
  modelNameOf,
} from './curvature.js';
import {
  CALIBRATION_FORMAT,
  COMBINED_FEATURES,
  type Combination,
  combinerOf,
  documentFingerprint,
  type LanguageModelCalibration,
  sha256File,
} from './curvature-calibration.js';
import { documentLogOdds } from './detect.js';
import { defaultDetectorModel } from './index.js';
import { trainLinearModel } from './linear-model.js';
import type { Levels } from './sensitivity.js';

/** Test fixtures for the detectors' language model: texts, and a real (tiny) calibration of any GGUF file. */

// A children's story of the kind stories260K writes, and people's prose it has never seen the like of.
export const STORY = `Once upon a time, there was a little girl named Lily. She loved to play outside in the park with her friends.
One day, she saw a big red ball under a tree. She wanted to play with it, so she asked her mom. Her mom said yes, and
Lily was very happy. They played with the ball all day and had a lot of fun.`;
export const NEWS = `The government announced on Tuesday that it would increase funding for regional hospitals by 12 per cent
next year, after months of pressure from unions and local councils. Ministers said the extra money would pay for more
nurses and shorter waiting lists, but opposition leaders called the plan inadequate and accused the cabinet of
ignoring rural areas.`;
export const NOTE = `So i finally got round to fixing the fence last weekend. Took way longer than I thought, mostly because the
old posts were rotten right through and the hardware shop had run out of the brackets I wanted. My neighbour Dave came
over with his post-hole digger which saved my back, honestly. We ended up having a few beers.`;

/** One line at every level, at log-odds `at`. */
const flat = (at: number): Levels => {
  const level = { atHundredWords: at, lengthSlope: 0, falsePositiveRate: 0.01, detectionRate: 0.5 };
  return {
    strict: { ...level, atHundredWords: at + 1 },
    balanced: level,
    sensitive: { ...level, atHundredWords: at - 1 },
  };
};

/**
 * A real fit on a handful of texts scored by the model and the built-in detector: enough to exercise the path, far
 * too few to mean anything (`npm run train:curvature` scores about 1,750).
 */
export async function calibrateForTests(modelPath: string, maxTokens = 192): Promise<LanguageModelCalibration> {
  const detector = defaultDetectorModel();
  const scorer = createLanguageModelScorer({ modelPath, maxTokens });
  const rows: number[][] = [];
  const labels: number[] = [];
  try {
    const texts: [0 | 1, string][] = [
      [1, STORY],
      [1, `${STORY} ${STORY}`],
      [1, STORY.replace('Lily', 'Tim').replace('girl', 'boy')],
      [0, NEWS],
      [0, NOTE],
      [0, `${NOTE} ${NEWS}`],
    ];
    for (const [label, text] of texts) {
      const features: LanguageModelFeatures = (await scorer.score(text)).features;
      rows.push([
        documentLogOdds(detector, detector.score(text)).logOdds,
        ...languageModelFeatureNames.map((n) => features[n]),
      ]);
      labels.push(label);
    }
  } finally {
    await scorer.close();
  }
  const fit = trainLinearModel(rows, labels, ['human', 'ai'], [...COMBINED_FEATURES], { l2: 1e-2, iterations: 200 });
  const combination: Combination = {
    combiner: combinerOf(fit.parameters),
    levels: flat(0.5),
    humanThreshold: 0.2,
  };
  return {
    format: CALIBRATION_FORMAT,
    model: {
      name: modelNameOf(modelPath),
      file: path.basename(modelPath),
      sha256: await sha256File(modelPath),
      bytes: (await stat(modelPath)).size,
    },
    builtIn: {
      name: detector.file.name,
      version: detector.file.version,
      documentFingerprint: documentFingerprint(detector),
    },
    scoring: { maxTokens, topK: 32 },
    aiDetection: combination,
    humanized: combination,
    metrics: { texts: rows.length },
    createdAt: new Date(0).toISOString(),
  };
}
