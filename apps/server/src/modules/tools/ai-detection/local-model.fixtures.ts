import path from 'node:path';

/** Test fixtures for the detectors' language model: the tiny GGUF, texts, and a real (tiny) calibration. */

// The tiny TinyStories GGUF committed for the local-model tests (packages/llm/src/testing/fixtures, MIT).
export const STORIES_MODEL = path.resolve(
  import.meta.dirname,
  '../../../../../../packages/llm/src/testing/fixtures/stories260K.gguf',
);

export {
  calibrateForTests,
  NEWS,
  NOTE,
  STORY,
} from '../../../../../../packages/engines/ai-detect/src/language-model.fixtures.js';
