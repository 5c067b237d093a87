import { describe, expect, it } from 'vitest';
import {
  daleChallVerdict,
  fleschReadingEaseVerdict,
  gradeLabel,
  lexicalDiversityVerdict,
  readabilityScores,
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
    expect(lexicalDiversityVerdict({ ...base, mtld: null })).toBe('Needs at least 1,000 words');
    expect(lexicalDiversityVerdict({ ...base, mtld: 42 })).toBe('Repetitive vocabulary');
    expect(lexicalDiversityVerdict({ ...base, mtld: 95 })).toBe('Rich vocabulary');
  });
});
