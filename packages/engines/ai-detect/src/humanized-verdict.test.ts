import { describe, expect, it } from 'vitest';
import { humanizedLabelAt } from './humanized-verdict.js';

describe('humanizedLabelAt', () => {
  const threshold = 0.9;
  const humanThreshold = 0.3;

  it('reads a text under 40 words at the line too, not by its likeliest class', () => {
    // AI is the likeliest class, but AI and disguised together stay under the line: a best guess of human.
    expect(humanizedLabelAt([0.4, 0.45, 0.15], 25, threshold, humanThreshold)).toEqual({
      index: 0,
      reasons: ['too_short', 'near_threshold'],
    });
    expect(humanizedLabelAt([0.05, 0.3, 0.65], 25, threshold, humanThreshold)).toEqual({
      index: 2,
      reasons: ['too_short'],
    });
  });

  it('gives a long text over the line the likelier of AI and disguised, without doubt', () => {
    expect(humanizedLabelAt([0.02, 0.7, 0.28], 400, threshold, humanThreshold)).toEqual({ index: 1, reasons: [] });
  });

  it('calls a long text under the human threshold human, and one between the thresholds too close to call', () => {
    expect(humanizedLabelAt([0.9, 0.05, 0.05], 400, threshold, humanThreshold)).toEqual({ index: 0, reasons: [] });
    expect(humanizedLabelAt([0.5, 0.3, 0.2], 400, threshold, humanThreshold)).toEqual({
      index: 0,
      reasons: ['near_threshold'],
    });
  });
});
