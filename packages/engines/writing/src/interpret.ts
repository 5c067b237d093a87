// What the scores mean, in plain words: shared by the Writing Analysis screen and its PDF report so both read
// a score the same way.
import type { LexicalDiversity, Readability } from './report.schema.js';

export interface ScoreDescription {
  key: keyof Readability;
  name: string;
  /** What the score measures, in one line. */
  explanation: string;
  /** The score read aloud: "Easy to read — 8th grade". */
  verdict: (score: number) => string;
}

const ordinal = (n: number) => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
};

/** A US school grade in words: "Kindergarten", "8th grade", "College", "College graduate". */
export function gradeLabel(grade: number): string {
  const rounded = Math.round(grade);
  if (rounded < 1) return 'Kindergarten';
  if (rounded <= 12) return `${ordinal(rounded)} grade`;
  if (rounded <= 16) return 'College';
  return 'College graduate';
}

/** How hard a text of this grade level is for a general adult reader. */
export function gradeEase(grade: number): string {
  if (grade < 6) return 'Very easy to read';
  if (grade < 8) return 'Easy to read';
  if (grade < 10) return 'Plain English';
  if (grade < 13) return 'Fairly difficult to read';
  if (grade < 17) return 'Difficult to read';
  return 'Very difficult to read';
}

const gradeVerdict = (grade: number) => `${gradeEase(grade)} — ${gradeLabel(grade)}`;

/** Flesch's own table (1948): score bands and the school level that reads them comfortably. */
export function fleschReadingEaseVerdict(score: number): string {
  if (score >= 90) return 'Very easy to read — 5th grade';
  if (score >= 80) return 'Easy to read — 6th grade';
  if (score >= 70) return 'Fairly easy to read — 7th grade';
  if (score >= 60) return 'Plain English — 8th to 9th grade';
  if (score >= 50) return 'Fairly difficult to read — 10th to 12th grade';
  if (score >= 30) return 'Difficult to read — College';
  return 'Very difficult to read — College graduate';
}

/** The Dale–Chall table (1995 edition): raw score bands and the grade they correspond to. */
export function daleChallVerdict(score: number): string {
  if (score < 5) return 'Very easy to read — 4th grade or below';
  if (score < 6) return 'Easy to read — 5th to 6th grade';
  if (score < 7) return 'Plain English — 7th to 8th grade';
  if (score < 8) return 'Fairly difficult to read — 9th to 10th grade';
  if (score < 9) return 'Fairly difficult to read — 11th to 12th grade';
  if (score < 10) return 'Difficult to read — College';
  return 'Very difficult to read — College graduate';
}

export const readabilityScores: ScoreDescription[] = [
  {
    key: 'fleschReadingEase',
    name: 'Flesch Reading Ease',
    explanation: 'From 0 to 100: shorter sentences and shorter words score higher, and higher is easier.',
    verdict: fleschReadingEaseVerdict,
  },
  {
    key: 'fleschKincaidGrade',
    name: 'Flesch–Kincaid grade',
    explanation: 'The school grade that can follow the text, from words per sentence and syllables per word.',
    verdict: gradeVerdict,
  },
  {
    key: 'gunningFog',
    name: 'Gunning Fog',
    explanation: 'Years of schooling needed to understand it on a first reading; long words raise it.',
    verdict: gradeVerdict,
  },
  {
    key: 'smog',
    name: 'SMOG',
    explanation: 'The grade needed to fully understand the text, from how many words have three or more syllables.',
    verdict: gradeVerdict,
  },
  {
    key: 'colemanLiau',
    name: 'Coleman–Liau',
    explanation: 'A grade level from letters per word and sentences per 100 words.',
    verdict: gradeVerdict,
  },
  {
    key: 'automatedReadabilityIndex',
    name: 'Automated Readability Index',
    explanation: 'A grade level from characters per word and words per sentence.',
    verdict: gradeVerdict,
  },
  {
    key: 'daleChall',
    name: 'Dale–Chall',
    explanation: 'Counts words outside a list of 3,000 that most 4th graders know; more unfamiliar words score higher.',
    verdict: daleChallVerdict,
  },
];

/** MTLD in words: typical prose scores 70–100. */
export function lexicalDiversityVerdict(diversity: LexicalDiversity): string {
  if (diversity.mtld === null) {
    return `Needs at least ${diversity.minimumTokens.toLocaleString('en-US')} words`;
  }
  if (diversity.mtld < 50) return 'Repetitive vocabulary';
  if (diversity.mtld < 80) return 'Varied vocabulary';
  return 'Rich vocabulary';
}
