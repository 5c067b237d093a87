// What the scores mean, in plain words: shared by the Writing Analysis screen and its PDF report so both read
// a score the same way.
import type { LexicalDiversity, Readability, TextStatistics } from './report.schema.js';

export interface ScoreDescription {
  key: keyof Readability;
  name: string;
  /** What the score measures, in one line. */
  explanation: string;
  /** The scale the verdict reads; a formula can step outside it on odd texts, so a score is shown at its nearest end. */
  range: { min: number; max: number };
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
  // The same whole grade as gradeLabel, so 12.6 reads "Difficult to read — College", both halves agreeing.
  const rounded = Math.round(grade);
  if (rounded < 6) return 'Very easy to read';
  if (rounded < 8) return 'Easy to read';
  if (rounded < 10) return 'Plain English';
  if (rounded <= 12) return 'Fairly difficult to read';
  if (rounded <= 16) return 'Difficult to read';
  return 'Very difficult to read';
}

const gradeVerdict = (grade: number) => `${gradeEase(grade)} — ${gradeLabel(grade)}`;

/** Grades start at kindergarten (0) and Dale–Chall at no unfamiliar words; neither has a top. */
const FROM_ZERO = { min: 0, max: Number.POSITIVE_INFINITY };

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
    range: { min: 0, max: 100 },
    verdict: fleschReadingEaseVerdict,
  },
  {
    key: 'fleschKincaidGrade',
    name: 'Flesch–Kincaid grade',
    explanation: 'The school grade that can follow the text, from words per sentence and syllables per word.',
    range: FROM_ZERO,
    verdict: gradeVerdict,
  },
  {
    key: 'gunningFog',
    name: 'Gunning Fog',
    explanation: 'Years of schooling needed to understand it on a first reading; long words raise it.',
    range: FROM_ZERO,
    verdict: gradeVerdict,
  },
  {
    key: 'smog',
    name: 'SMOG',
    explanation: 'The grade needed to fully understand the text, from how many words have three or more syllables.',
    range: FROM_ZERO,
    verdict: gradeVerdict,
  },
  {
    key: 'colemanLiau',
    name: 'Coleman–Liau',
    explanation: 'A grade level from letters per word and sentences per 100 words.',
    range: FROM_ZERO,
    verdict: gradeVerdict,
  },
  {
    key: 'automatedReadabilityIndex',
    name: 'Automated Readability Index',
    explanation: 'A grade level from characters per word and words per sentence.',
    range: FROM_ZERO,
    verdict: gradeVerdict,
  },
  {
    key: 'daleChall',
    name: 'Dale–Chall',
    explanation: 'Counts words outside a list of 3,000 that most 4th graders know; more unfamiliar words score higher.',
    range: FROM_ZERO,
    verdict: daleChallVerdict,
  },
];

/**
 * Below this the formulas average over one or two sentences, and one word moves a percentage by several points: the
 * score says nothing about the text ("Hi." scores 121 on a 0–100 scale), so it is not shown.
 */
export const READABILITY_MINIMUM = { words: 30, sentences: 3 } as const;

/** The verdict of a score the text is too short for, with what it needs: "Too short to score — needs at least 50 words". */
export function tooShortToScore(minimum: { words: number; sentences?: number }): string {
  const words = `${minimum.words.toLocaleString('en-US')} words`;
  const sentences =
    minimum.sentences === undefined ? '' : ` and ${minimum.sentences.toLocaleString('en-US')} sentences`;
  return `Too short to score — needs at least ${words}${sentences}`;
}

/** A score as the report shows it: within its scale, or no value and why when the text is too short for it. */
export interface ScoreReading {
  value: number | null;
  verdict: string;
}

/** Why no readability score is shown for this text, once for all of them; null when the text is long enough. */
export function readabilityTooShort({ counts }: Pick<TextStatistics, 'counts'>): string | null {
  return counts.words < READABILITY_MINIMUM.words || counts.sentences < READABILITY_MINIMUM.sentences
    ? tooShortToScore(READABILITY_MINIMUM)
    : null;
}

export function readScore(
  score: ScoreDescription,
  { counts, readability }: Pick<TextStatistics, 'counts' | 'readability'>,
): ScoreReading {
  const tooShort = readabilityTooShort({ counts });
  if (tooShort) return { value: null, verdict: tooShort };
  const value = Math.min(score.range.max, Math.max(score.range.min, readability[score.key]));
  return { value, verdict: score.verdict(value) };
}

/** MTLD in words: typical prose scores 70–100. */
export function lexicalDiversityVerdict(diversity: LexicalDiversity): string {
  if (diversity.mtld === null) return tooShortToScore({ words: diversity.minimumTokens });
  if (diversity.mtld < 50) return 'Repetitive vocabulary';
  if (diversity.mtld < 80) return 'Varied vocabulary';
  return 'Rich vocabulary';
}
