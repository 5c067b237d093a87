import { z } from 'zod';

// The report's shape, shared by the server (validation) and the client (inference). Offsets are UTF-16 code
// units, as JavaScript strings count them: `text.slice(start, end)` is the flagged passage.

const finite = z.number().finite();
const count = z.number().int().nonnegative();

export const readabilitySchema = z.object({
  fleschReadingEase: finite,
  fleschKincaidGrade: finite,
  gunningFog: finite,
  smog: finite,
  colemanLiau: finite,
  automatedReadabilityIndex: finite,
  daleChall: finite,
});

export const countsSchema = z.object({
  words: count,
  sentences: count,
  paragraphs: count,
  /** Unicode code points, so an emoji counts once. */
  characters: count,
  charactersNoSpaces: count,
  letters: count,
  syllables: count,
  polysyllables: count,
  difficultWords: count,
  /** Whole seconds at READING_WPM and SPEAKING_WPM. */
  readingTimeSeconds: count,
  speakingTimeSeconds: count,
});

export const sentenceLengthBucketSchema = z.object({
  /** Inclusive word-count range; `max` is null for the open last bucket. */
  min: count,
  max: count.nullable(),
  sentences: count,
});

export const sentenceLengthsSchema = z.object({
  buckets: z.array(sentenceLengthBucketSchema),
  mean: finite,
  /** Population standard deviation. */
  standardDeviation: finite,
  /** standardDeviation / mean; 0 when there are no sentences. */
  coefficientOfVariation: finite,
  longest: count,
  shortest: count,
});

export const textStatisticsSchema = z.object({
  counts: countsSchema,
  readability: readabilitySchema,
  sentenceLengths: sentenceLengthsSchema,
});

export const issueKindSchema = z.enum([
  'spelling',
  'passive-voice',
  'adverb',
  'weak-word',
  'repeated-word',
  'nearby-repetition',
  'simpler-alternative',
  'inclusive-language',
  'long-sentence',
]);

export const writingIssueSchema = z.object({
  /** Stable within one report: kind, offsets and text, so a screen can remember a dismissal. */
  id: z.string(),
  kind: issueKindSchema,
  start: count,
  end: count,
  /** The flagged passage, `text.slice(start, end)`. */
  text: z.string(),
  message: z.string(),
  /** Replacements for the flagged passage, best first; empty when the fix is a rewrite. */
  suggestions: z.array(z.string()),
  /** The rule or library that raised it, e.g. `retext-passive`, `nspell`. */
  source: z.string(),
  ruleId: z.string().nullable(),
});

export const lexicalDiversitySchema = z.object({
  /** MTLD (McCarthy & Jarvis 2010), mean of the forward and backward passes; null below `minimumTokens`. */
  mtld: finite.nullable(),
  tokens: count,
  types: count,
  typeTokenRatio: finite,
  threshold: finite,
  minimumTokens: count,
});

export const writingReportSchema = textStatisticsSchema.extend({
  lexicalDiversity: lexicalDiversitySchema,
  issues: z.array(writingIssueSchema),
  issueCounts: z.record(issueKindSchema, count),
});

export const writingOptionsSchema = z.object({
  /** Issue kinds to leave out of the report. */
  disable: z.array(issueKindSchema).optional(),
  /** Words the speller accepts (names, product terms). */
  personalDictionary: z.array(z.string()).optional(),
  /** Most spelling suggestions computed per report; suggestions are the slow part of spelling. */
  maxSpellingSuggestions: count.optional(),
  /** A sentence longer than this many words is flagged. */
  longSentenceWords: count.optional(),
  /** Window, in words, inside which a repeated content word is flagged. */
  repetitionWindow: count.optional(),
});

export type Readability = z.infer<typeof readabilitySchema>;
export type Counts = z.infer<typeof countsSchema>;
export type SentenceLengthBucket = z.infer<typeof sentenceLengthBucketSchema>;
export type SentenceLengths = z.infer<typeof sentenceLengthsSchema>;
export type TextStatistics = z.infer<typeof textStatisticsSchema>;
export type IssueKind = z.infer<typeof issueKindSchema>;
export type WritingIssue = z.infer<typeof writingIssueSchema>;
export type LexicalDiversity = z.infer<typeof lexicalDiversitySchema>;
export type WritingReport = z.infer<typeof writingReportSchema>;
export type WritingOptions = z.infer<typeof writingOptionsSchema>;
