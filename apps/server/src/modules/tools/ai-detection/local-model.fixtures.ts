import path from 'node:path';
import {
  type CalibrationRow,
  type CurvatureCalibration,
  calibrationOf,
  createCurvatureScorer,
  defaultDetectorModel,
  documentLogOdds,
  fitCurvatureCombination,
} from '@candor/engine-ai-detect';

/** Test fixtures for the AI Detector's local model: the tiny GGUF, texts, and a real (tiny) calibration. */

// The tiny TinyStories GGUF committed for the local-model tests (packages/llm/src/testing/fixtures, MIT).
export const STORIES_MODEL = path.resolve(
  import.meta.dirname,
  '../../../../../../packages/llm/src/testing/fixtures/stories260K.gguf',
);

// A children's story of the kind the model writes, and people's prose it has never seen the like of.
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

/**
 * A real fit on a handful of texts scored by the model and the built-in detector: enough to exercise the path, far
 * too few to mean anything (`npm run train:curvature` samples hundreds).
 */
export async function calibrateForTests(modelPath: string, maxTokens = 256): Promise<CurvatureCalibration> {
  const detector = defaultDetectorModel();
  const scorer = createCurvatureScorer({ modelPath, maxTokens });
  const rows: CalibrationRow[] = [];
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
      rows.push({
        label,
        builtInLogOdds: documentLogOdds(detector, detector.score(text)).logOdds,
        discrepancy: (await scorer.score(text)).discrepancy,
        fold: rows.length % 3,
      });
    }
  } finally {
    await scorer.close();
  }
  return calibrationOf({
    modelPath,
    detector,
    maxTokens,
    fit: fitCurvatureCombination(rows),
    sample: { texts: rows.length, human: 3, ai: 3, seed: 0, files: ['test'] },
    tokensPerSecond: 1,
  });
}
