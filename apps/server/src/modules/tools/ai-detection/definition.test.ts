import { AI_DETECTION_MINIMUM_WORDS } from '@candor/contracts/tools';
import { committedDetectorModelFile } from '@candor/engine-ai-detect';
import { describe, expect, it } from 'vitest';

describe('the AI detector’s minimum length', () => {
  it('is the one the committed model judges by, so the screen refuses exactly the texts it can’t judge', () => {
    expect(committedDetectorModelFile().minimumWords).toBe(AI_DETECTION_MINIMUM_WORDS);
  });
});
