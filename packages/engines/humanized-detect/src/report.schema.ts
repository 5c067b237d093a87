import { evidenceSchema } from '@candor/engine-ai-detect/report';
import { obfuscationSchema } from '@candor/engine-writing/obfuscation';
import { z } from 'zod';

/** What the humanized-text detector reports. Importable without the engine. */

export const humanizedLabels = ['human', 'ai', 'ai_humanized'] as const;
export const humanizedLabelSchema = z.enum(humanizedLabels);
export type HumanizedLabel = z.infer<typeof humanizedLabelSchema>;

export const humanizedLabelNames: Record<HumanizedLabel, string> = {
  human: 'Human',
  ai: 'AI',
  ai_humanized: 'AI, disguised',
};

export const classProbabilitiesSchema = z.object({
  human: z.number().min(0).max(1),
  ai: z.number().min(0).max(1),
  ai_humanized: z.number().min(0).max(1),
});
export type ClassProbabilities = z.infer<typeof classProbabilitiesSchema>;

/** Word-level signs of a paraphraser: offsets are UTF-16 code units into the submitted text. */
export const signalKinds = ['collocation_break', 'surprisal_spike', 'odd_word'] as const;
export const signalSchema = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  kind: z.enum(signalKinds),
});
export type Signal = z.infer<typeof signalSchema>;

export const humanizedSentenceSchema = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  label: humanizedLabelSchema,
  probabilities: classProbabilitiesSchema,
  /** Weighs `label` against the runner-up (`runnerUpOf`): positive pushes are towards `label`, negative ones away. */
  evidence: z.array(evidenceSchema),
});
export type HumanizedSentence = z.infer<typeof humanizedSentenceSchema>;

export const humanizedDetectionReportSchema = z.object({
  label: humanizedLabelSchema,
  probabilities: classProbabilitiesSchema,
  /**
   * True when the text is too short, or its winning class does not lead the runner-up clearly enough
   * (humanizedVerdictIsSure): the label is the best guess, not a verdict.
   */
  uncertain: z.boolean(),
  verdict: z.string(),
  words: z.number().int().nonnegative(),
  sentences: z.array(humanizedSentenceSchema),
  signals: z.array(signalSchema),
  /** As a sentence's: `label` against the runner-up (`evidenceTowards` says which class each piece favours). */
  evidence: z.array(evidenceSchema),
  model: z.object({ name: z.string(), version: z.string() }),
  /** Hidden characters and look-alike letters undone before scoring (see the AI detector's report). */
  obfuscation: obfuscationSchema.optional(),
});
export type HumanizedDetectionReport = z.infer<typeof humanizedDetectionReportSchema>;
