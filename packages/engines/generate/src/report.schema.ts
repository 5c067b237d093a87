import { aiLabelSchema } from '@candor/engine-ai-detect/report';
import { z } from 'zod';
import { enhancerModes, purposes, readabilityLevels, strengths, writerLanguages } from './options.js';

/**
 * What the generation tools report. Importable without the engine (no lexicon, no language models), so the contracts
 * and the screens can validate and render results.
 */
const share = z.number().min(0).max(1);
const count = z.number().int().nonnegative();

/** docs/models/generate.md explains each part. */
export const meaningScoreSchema = z.object({
  /** 0–1: how much of the original's meaning the output kept. */
  score: share,
  /** Content words kept (stems; a WordNet synonym counts): F1 for rewrites, precision for summaries. */
  content: share,
  /** Protected spans (numbers, names, quotations, citations, terms …) found unchanged. */
  protected: share,
  /** How ordinary the output reads under general English, compared with the original. */
  fluency: share,
  /** Whether the output has as many negations as the original. */
  negation_kept: z.boolean(),
});
export type MeaningScoreReport = z.infer<typeof meaningScoreSchema>;

/** Which engine wrote an output: the built-in one, or a language model (its id). */
export const generatorSchema = z.object({
  kind: z.enum(['built-in', 'model']),
  model: z.string().nullable(),
});
export type Generator = z.infer<typeof generatorSchema>;

export const protectedCountSchema = z.object({
  /** Protected spans in the input. */
  total: count,
  /** Of those, found unchanged in the output (a summary's dropped sentences take theirs with them). */
  kept: count,
});

/** One output of the Content Enhancer (a run has one to three). */
export const enhancerVariantSchema = z.object({
  text: z.string(),
  words: count,
  meaning: meaningScoreSchema,
  /** Share of the input's words changed (rewrite), or kept (summarize, shorten: words out / words in). */
  changed_share: share,
  protected: protectedCountSchema,
  generator: generatorSchema,
  /** Numbers and names in the output that the input does not have (a model may invent them): check them. */
  new_facts: z.array(z.string()).default([]),
  /** Why the output is not what was asked for, when it isn't (the model changed a protected span, …). */
  note: z.string().nullable().default(null),
});
export type EnhancerVariant = z.infer<typeof enhancerVariantSchema>;

export const enhancerResultSchema = z.object({
  mode: z.enum(enhancerModes),
  words_in: count,
  /** Words produced, all variants together: what the run is charged for. */
  words_out: count,
  variants: z.array(enhancerVariantSchema).min(1),
});
export type EnhancerResult = z.infer<typeof enhancerResultSchema>;

export const humanizerResultSchema = z.object({
  text: z.string(),
  words: count,
  meaning: meaningScoreSchema,
  /** Below this meaning score the screen warns that the text may say something else. */
  meaning_floor: share,
  below_floor: z.boolean(),
  changed_share: share,
  protected: protectedCountSchema,
  /** The AI Detector's probability and label, on the input and on the output (English only; null otherwise). */
  ai_probability_before: share.nullable(),
  ai_probability_after: share.nullable(),
  label_before: aiLabelSchema.nullable(),
  label_after: aiLabelSchema.nullable(),
  /** Rewrites tried; the one kept lowered the probability most while keeping meaning above the floor. */
  candidates: count,
  strength: z.enum(strengths),
  readability: z.enum(readabilityLevels),
  purpose: z.enum(purposes),
  generator: generatorSchema,
  note: z.string().nullable().default(null),
});
export type HumanizerResult = z.infer<typeof humanizerResultSchema>;

export const articleSectionSchema = z.object({ heading: z.string(), text: z.string() });
export type ArticleSection = z.infer<typeof articleSectionSchema>;

export const articleResultSchema = z.object({
  title: z.string(),
  /** For search results: at most 60 characters. */
  meta_title: z.string(),
  /** At most 160 characters: the article's most central sentence, cut at a word. */
  meta_description: z.string(),
  sections: z.array(articleSectionSchema),
  /** The whole article as Markdown: the title, each heading and its text. */
  markdown: z.string(),
  words: count,
  language: z.enum(writerLanguages),
  /** The AI Detector on the article (English only; null for other languages). */
  ai_probability: share.nullable(),
  ai_label: aiLabelSchema.nullable(),
  generator: generatorSchema,
  /** Names and numbers the article has that the brief did not give: check them before publishing. */
  new_facts: z.array(z.string()).default([]),
});
export type ArticleResult = z.infer<typeof articleResultSchema>;
