import { describe, expect, it } from 'vitest';
import { textStatistics } from './index.js';
import {
  daleChallVerdict,
  fleschReadingEaseVerdict,
  gradeLabel,
  lexicalDiversityVerdict,
  readabilityScores,
  readScore,
} from './interpret.js';

const verdictOf = (key: string, score: number) => readabilityScores.find((s) => s.key === key)?.verdict(score);

describe('readability verdicts', () => {
  it('reads Flesch Reading Ease on its own table, higher being easier', () => {
    expect(fleschReadingEaseVerdict(95)).toBe('Very easy to read — 5th grade');
    expect(fleschReadingEaseVerdict(65)).toBe('Plain English — 8th to 9th grade');
    expect(fleschReadingEaseVerdict(10)).toBe('Very difficult to read — College graduate');
    expect(fleschReadingEaseVerdict(-20)).toBe('Very difficult to read — College graduate');
  });

  it('reads grade-level scores as a grade and an ease', () => {
    expect(verdictOf('fleschKincaidGrade', 8.2)).toBe('Plain English — 8th grade');
    expect(verdictOf('gunningFog', 6.6)).toBe('Easy to read — 7th grade');
    expect(verdictOf('smog', 14)).toBe('Difficult to read — College');
    expect(verdictOf('automatedReadabilityIndex', 2)).toBe('Very easy to read — 2nd grade');
    expect(verdictOf('colemanLiau', 21)).toBe('Very difficult to read — College graduate');
  });

  it('names grades with the right ordinal', () => {
    expect(gradeLabel(-1)).toBe('Kindergarten');
    expect(gradeLabel(1)).toBe('1st grade');
    expect(gradeLabel(3.4)).toBe('3rd grade');
    expect(gradeLabel(11)).toBe('11th grade');
    expect(gradeLabel(12.4)).toBe('12th grade');
    expect(gradeLabel(12.6)).toBe('College');
  });

  it('reads both halves of a grade verdict from the same whole grade', () => {
    expect(verdictOf('smog', 12.4)).toBe('Fairly difficult to read — 12th grade');
    expect(verdictOf('smog', 12.6)).toBe('Difficult to read — College');
    expect(verdictOf('smog', 16.6)).toBe('Very difficult to read — College graduate');
    expect(verdictOf('fleschKincaidGrade', 5.6)).toBe('Easy to read — 6th grade');
  });

  it('reads Dale–Chall on its own table', () => {
    expect(daleChallVerdict(4.2)).toBe('Very easy to read — 4th grade or below');
    expect(daleChallVerdict(7.5)).toBe('Fairly difficult to read — 9th to 10th grade');
    expect(daleChallVerdict(10.1)).toBe('Very difficult to read — College graduate');
  });

  it('explains every score in one line', () => {
    expect(readabilityScores).toHaveLength(7);
    for (const score of readabilityScores) expect(score.explanation).not.toContain('\n');
  });

  it('says how many words MTLD needs when the text is too short', () => {
    const base = { tokens: 12, types: 10, typeTokenRatio: 0.8, threshold: 0.72, minimumTokens: 1000 };
    expect(lexicalDiversityVerdict({ ...base, mtld: null })).toBe('Too short to score — needs at least 1,000 words');
    expect(lexicalDiversityVerdict({ ...base, mtld: 42 })).toBe('Repetitive vocabulary');
    expect(lexicalDiversityVerdict({ ...base, mtld: 95 })).toBe('Rich vocabulary');
  });
});

describe('reading a score off a report', () => {
  const read = (text: string) => {
    const statistics = textStatistics(text);
    return Object.fromEntries(readabilityScores.map((score) => [score.key, readScore(score, statistics)]));
  };

  it('scores no text too short for the formulas, and says what they need', () => {
    for (const reading of Object.values(read('Hi.'))) {
      expect(reading).toEqual({ value: null, verdict: 'Too short to score — needs at least 30 words and 3 sentences' });
    }
    // Enough words in too few sentences is still too short.
    const oneLongSentence = `${'The cat sat on the mat and '.repeat(6)}slept.`;
    expect(read(oneLongSentence).fleschReadingEase?.value).toBeNull();
  });

  it('keeps a score on its scale when a formula steps outside it', () => {
    const text = 'I see a cat. The cat is big. It sat on my bed. I am glad. We run. You go now. '.repeat(3);
    expect(textStatistics(text).readability.fleschReadingEase).toBeGreaterThan(100);
    expect(textStatistics(text).readability.fleschKincaidGrade).toBeLessThan(0);
    const readings = read(text);
    expect(readings.fleschReadingEase).toEqual({ value: 100, verdict: 'Very easy to read — 5th grade' });
    expect(readings.fleschKincaidGrade).toEqual({ value: 0, verdict: 'Very easy to read — Kindergarten' });
  });

  it('gives the score and its verdict for a text long enough', () => {
    const text =
      'The committee met on Monday to review the budget. Several members questioned the travel costs. ' +
      'The chair promised a detailed breakdown before the next meeting. Everyone agreed to postpone the vote.';
    const statistics = textStatistics(text);
    const flesch = readabilityScores[0];
    if (!flesch) throw new Error('no Flesch Reading Ease');
    expect(readScore(flesch, statistics)).toEqual({
      value: statistics.readability.fleschReadingEase,
      verdict: fleschReadingEaseVerdict(statistics.readability.fleschReadingEase),
    });
  });
});
