import { evidenceSchema } from '@candor/engine-ai-detect/report';
import { operatingPointSchema, uncertaintyReasonSchema } from '@candor/engine-ai-detect/sensitivity';
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
  /**
   * The built-in trees' probability that the text is AI-written, disguised or not, on the model's calibrated scale
   * (`humanizedProbabilityScale`) and split between AI and AI-humanized as the trees split it; with a language model,
   * the combination's. Reports stored before 2026-12-04 hold the trees' own, overconfident, probabilities.
   */
  probabilities: classProbabilitiesSchema,
  /**
   * True when the label is a best guess, not a verdict: the text is too short, or its score is too close to the level's
   * threshold, or it is a kind of writing the detector rarely saw (`uncertainty` says which). Reports stored before
   * sensitivity levels: the winning class didn't lead the runner-up clearly enough.
   */
  uncertain: z.boolean(),
  /** Why the verdict is uncertain; absent from reports stored before sensitivity levels. */
  uncertainty: z.array(uncertaintyReasonSchema).optional(),
  /**
   * The level the verdict was read at: a text is AI-written (disguised or not) when the probability of either reaches
   * the level's threshold. Absent from reports stored before levels, whose verdict was the likeliest class.
   */
  sensitivity: operatingPointSchema.optional(),
  /** The kind of writing whose threshold the level used, when it draws one per kind (a training domain). */
  calibrated_for: z.string().optional(),
  /**
   * Present when a language model also scored the text: its scores and the built-in probability of AI (disguised or
   * not) were combined into `probabilities` by a calibration fitted for that model file.
   */
  language_model: z
    .object({
      model: z.string(),
      tokens: z.number().int().nonnegative(),
      text_tokens: z.number().int().nonnegative(),
      windows: z.number().int().nonnegative(),
      sampled: z.boolean(),
      built_in_probabilities: classProbabilitiesSchema,
    })
    .optional(),
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
