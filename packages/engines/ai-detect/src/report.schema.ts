import { obfuscationSchema } from '@candor/engine-writing/obfuscation';
import { z } from 'zod';
import { operatingPointSchema, uncertaintyReasonSchema } from './sensitivity.js';

/**
 * What the AI detector reports. Importable without the engine (no model file, no word lists), so the screens and
 * the contracts can validate and render results.
 */

/** Model families the detector can attribute AI text to (docs/models/ai-detect.md lists the generators in each). */
export const sourceFamilies = ['gpt', 'claude', 'llama', 'gemini', 'open-source'] as const;
export const sourceFamilySchema = z.enum(sourceFamilies);
export type SourceFamily = z.infer<typeof sourceFamilySchema>;

export const sourceFamilyLabels: Record<SourceFamily, string> = {
  gpt: 'GPT (OpenAI)',
  claude: 'Claude (Anthropic)',
  llama: 'Llama and OPT (Meta)',
  gemini: 'Gemini and Flan (Google)',
  'open-source': 'Open models (GPT-J, GPT-Neo, Dolly, StableLM, …)',
};

export const aiLabels = ['human', 'ai', 'mixed', 'uncertain'] as const;
export const aiLabelSchema = z.enum(aiLabels);
export type AiLabel = z.infer<typeof aiLabelSchema>;

/**
 * One piece of evidence: a named feature and how far it pushed the score. `contribution` is in log-odds (in the AI
 * detector's reports positive pushes towards AI; the humanized detector's weigh its label against the runner-up);
 * `label` says what it measures in words a user understands.
 */
export const evidenceSchema = z.object({
  feature: z.string(),
  label: z.string(),
  contribution: z.number(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

/** A sentence's score. Offsets are UTF-16 code units into the submitted text, as JavaScript strings count. */
export const sentenceScoreSchema = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  ai_probability: z.number().min(0).max(1),
  /** The strongest reasons behind this sentence's score, strongest first (at most three). */
  evidence: z.array(evidenceSchema),
});
export type SentenceScore = z.infer<typeof sentenceScoreSchema>;

/** The language model's part in a report (see `curvature` below). */
export const curvatureSchema = z.object({
  /** The language model's name (its GGUF file name without `.gguf`). */
  model: z.string(),
  /** Fast-DetectGPT's sampling discrepancy under that model: higher reads as more machine-like. */
  discrepancy: z.number(),
  /** Tokens of the text the language model scored. */
  tokens: z.number().int().nonnegative(),
  /**
   * True when the text was longer than the model scores: windows spread over it were scored (reports stored before
   * issue 26: only its start).
   */
  truncated: z.boolean(),
  /** What the built-in detector alone gave. */
  built_in_probability: z.number().min(0).max(1),
  /** Mean log-rank of the scored tokens under the model (absent from reports stored before issue 26). */
  log_rank: z.number().optional(),
  /** The text's tokens, and how many windows of them were scored (absent before issue 26). */
  text_tokens: z.number().int().nonnegative().optional(),
  windows: z.number().int().nonnegative().optional(),
});
export type CurvatureReport = z.infer<typeof curvatureSchema>;

export const aiDetectionReportSchema = z.object({
  /** Calibrated probability that the text was written by an AI. */
  /**
   * Probability that the text is AI-written, calibrated on held-out texts with human and AI counted alike (Platt
   * scaling of the document log-odds; a language model's combination is calibrated by its own fit). Reports stored
   * before 2026-12-03 hold the trees' uncalibrated probability, with thresholds on that scale.
   */
  ai_probability: z.number().min(0).max(1),
  /** 90% interval around ai_probability: wide for short texts. */
  confidence_interval: z.object({ low: z.number().min(0).max(1), high: z.number().min(0).max(1) }),
  label: aiLabelSchema,
  /** Why the label is what it is, in one sentence. */
  verdict: z.string(),
  /**
   * Probability at or above which a text is called AI: the sensitivity level's threshold for a text of this length.
   * Reports stored before levels existed hold the single threshold of the time (≤ 1% false positives on human text).
   */
  threshold: z.number().min(0).max(1),
  /** Probability below which a text is called human (at most 5% of held-out AI texts score lower). */
  human_threshold: z.number().min(0).max(1),
  words: z.number().int().nonnegative(),
  sentences: z.array(sentenceScoreSchema),
  /** The strongest reasons behind the document's score, strongest first. */
  evidence: z.array(evidenceSchema),
  /** Which family of models most likely wrote it; null when the text reads as human or is too short to judge. */
  source_model: z
    .object({
      family: sourceFamilySchema,
      probabilities: z.array(z.object({ family: sourceFamilySchema, probability: z.number().min(0).max(1) })),
    })
    .nullable(),
  /** Which model file produced this (so a stored result can be traced to the model card). */
  model: z.object({ name: z.string(), version: z.string() }),
  /**
   * The sensitivity level the verdict was read at, and what it means in numbers for the scorer used. Absent from
   * reports stored before levels existed: those were read at strict (`LEGACY_AI_SENSITIVITY`).
   */
  sensitivity: operatingPointSchema.optional(),
  /** Why the verdict is uncertain, when it is; empty or absent when nothing makes it so. */
  uncertainty: z.array(uncertaintyReasonSchema).optional(),
  /**
   * The training domain the text reads most like (news, stories, wikipedia, biomedical, essays, mixset), whose
   * threshold at the level was used (per-domain calibration); absent when one line serves every text.
   */
  calibrated_for: z.string().optional(),
  /**
   * Present when a local language model was also used: its probability curvature (Fast-DetectGPT) was combined with
   * the built-in score into `ai_probability`, `confidence_interval` and the thresholds, by a calibration fitted for
   * that model file. Sentence scores stay the built-in model's. Absent from reports of the built-in detector alone.
   */
  curvature: curvatureSchema.optional(),
  obfuscation: obfuscationSchema.optional(),
});
export type AiDetectionReport = z.infer<typeof aiDetectionReportSchema>;
