import { describe, expect, it } from 'vitest';
import {
  type Levels,
  lengthTerm,
  levelMeaning,
  oneIn,
  operatingPointOf,
  shareInWords,
  thresholdAt,
  thresholdLogOddsAt,
} from './sensitivity.js';

const level = (atHundredWords: number, lengthSlope: number) => ({
  atHundredWords,
  lengthSlope,
  falsePositiveRate: 0.0291,
  detectionRate: 0.3149,
});
const levels: Levels = { strict: level(4, 1), balanced: level(2.5, 1.5), sensitive: level(1, 0) };

describe('sensitivity levels', () => {
  it('draws a threshold that falls with length, flat outside 40 to 1,000 words', () => {
    expect(lengthTerm(100)).toBe(0);
    expect(lengthTerm(25)).toBe(lengthTerm(40));
    expect(lengthTerm(5_000)).toBe(lengthTerm(1_000));
    expect(thresholdLogOddsAt(levels, 'balanced', 100)).toBe(2.5);
    expect(thresholdLogOddsAt(levels, 'balanced', 400)).toBeCloseTo(2.5 - 0.75);
    expect(thresholdAt(levels, 'balanced', 40)).toBeGreaterThan(thresholdAt(levels, 'balanced', 400));
    expect(thresholdAt(levels, 'sensitive', 40)).toBe(thresholdAt(levels, 'sensitive', 1_000));
    expect(thresholdAt(levels, 'strict', 100)).toBeGreaterThan(thresholdAt(levels, 'balanced', 100));
  });

  it('says what a level means in numbers people say', () => {
    expect(oneIn(0.01)).toBe('about 1 in 100');
    expect(oneIn(0.0291)).toBe('about 1 in 35');
    expect(oneIn(0.1)).toBe('about 1 in 10');
    expect(oneIn(0.004)).toBe('about 1 in 300');
    expect(shareInWords(0.4149)).toBe('about 4 in 10');
    // Strict and balanced caught 5.3 % and 9.0 %: out of ten both would read "about 1 in 10".
    expect(shareInWords(0.053)).toBe('about 1 in 20');
    expect(shareInWords(0.09)).toBe('about 1 in 10');
    // Then 15.9 % and 23.0 %: out of ten both would read "about 2 in 10".
    expect(shareInWords(0.1588)).toBe('about 1 in 6');
    expect(shareInWords(0.2304)).toBe('about 1 in 4');
    // And the humanized levels' 25.1 % and 34.8 %: both "about 3 in 10".
    expect(shareInWords(0.251)).toBe('about 1 in 4');
    expect(shareInWords(0.348)).toBe('about 1 in 3');
    // Past a third, whichever is nearer: 35.2 % rounds to "4 in 10", an overstatement "1 in 3" avoids.
    expect(shareInWords(0.3518)).toBe('about 1 in 3');
    expect(shareInWords(0.38)).toBe('about 4 in 10');
    expect(shareInWords(0.5)).toBe('about 5 in 10');
    expect(shareInWords(0.6)).toBe('about 6 in 10');
    expect(shareInWords(0.0004)).toBe('almost no');
    expect(levelMeaning(operatingPointOf(levels, 'balanced'))).toBe(
      'At this setting about 1 in 35 human texts is flagged as AI, and about 1 in 3 AI texts are caught.',
    );
    expect(levelMeaning({ false_positive_rate: 0, detection_rate: 0.04 })).toBe(
      'At this setting almost no human texts are flagged as AI, and about 1 in 25 AI texts are caught.',
    );
  });
});
