// The plagiarism report: importable on its own (no engine code), so contracts and the web can parse it.
import { obfuscationSchema } from '@candor/engine-writing/obfuscation';
import { z } from 'zod';

const offset = z.number().int().nonnegative();

export const plagiarismSourceSchema = z.object({
  source_id: z.string(),
  /** Share of the query's countable characters covered by this source's matches. */
  similarity: z.number().min(0).max(1),
  matched_characters: offset,
});

/** A copied passage: query range [start, end) and source range [source_start, source_end), UTF-16 code units. */
export const plagiarismMatchSchema = z.object({
  source_id: z.string(),
  start: offset,
  end: offset,
  source_start: offset,
  source_end: offset,
});

export const exclusionReasonSchema = z.enum(['quotation', 'references']);

export const excludedRangeSchema = z.object({
  start: offset,
  end: offset,
  reason: exclusionReasonSchema,
});

export const plagiarismReportSchema = z.object({
  /** Share of the query's countable characters (not whitespace or invisible, outside excluded ranges) covered by any match. */
  similarity: z.number().min(0).max(1),
  words: offset,
  sources: z.array(plagiarismSourceSchema),
  matches: z.array(plagiarismMatchSchema),
  excluded: z.array(excludedRangeSchema),
  /** Hidden characters and look-alike letters read past before matching (absent when there were none). */
  obfuscation: obfuscationSchema.optional(),
});

export type PlagiarismSource = z.infer<typeof plagiarismSourceSchema>;
export type PlagiarismMatch = z.infer<typeof plagiarismMatchSchema>;
export type ExclusionReason = z.infer<typeof exclusionReasonSchema>;
export type ExcludedRange = z.infer<typeof excludedRangeSchema>;
export type PlagiarismReport = z.infer<typeof plagiarismReportSchema>;
