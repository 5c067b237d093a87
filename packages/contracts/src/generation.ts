import {
  articleLengths,
  DEFAULT_MEANING_FLOOR,
  enhancerModes,
  MAX_HEADING_CHARACTERS,
  MAX_OUTLINE_HEADINGS,
  MAX_VARIANTS,
  purposes,
  readabilityLevels,
  strengths,
  tones,
  writerLanguages,
} from '@candor/engine-generate/options';
import { articleResultSchema, enhancerResultSchema, humanizerResultSchema } from '@candor/engine-generate/report';
import { z } from 'zod';

/**
 * The generation tools (issue 28): the Stealth AI Writer, the Content Enhancer's five modes and the AI Humanizer.
 * Their tool ids, limits and schemas live here; tools.ts registers them with the other tools.
 */
export const generationToolIds = [
  'ai-writer',
  'humanizer',
  'rewrite',
  'summarize',
  'expand',
  'shorten',
  'add-content',
] as const;
export type GenerationToolId = (typeof generationToolIds)[number];
/** The Content Enhancer's modes are its tools: one service name each. */
export const enhancerToolIds = ['rewrite', 'summarize', 'expand', 'shorten', 'add-content'] as const;
export type EnhancerToolId = (typeof enhancerToolIds)[number];

export const generationServiceNames = {
  'ai-writer': 'AI_WRITER',
  humanizer: 'HUMANIZER',
  rewrite: 'REWRITE',
  summarize: 'SUMMARIZE',
  expand: 'EXPAND',
  shorten: 'SHORTEN',
  'add-content': 'ADD_CONTENT',
} as const satisfies Record<GenerationToolId, string>;

/**
 * Characters one run takes in. Smaller than the detectors' 200,000: a rewrite is read back and compared, and a model
 * writes at tens of words a second. The writer's input is a brief and an outline, not a text.
 */
export const GENERATION_TEXT_LIMIT = 30_000;
export const WRITER_BRIEF_LIMIT = 8_000;
const noFiles = { maxFileBytes: 10 * 1024 * 1024, maxPages: 100 };
export const GENERATION_LIMITS = {
  'ai-writer': { maxCharacters: WRITER_BRIEF_LIMIT, maxFileBytes: 0, maxPages: 0 },
  humanizer: { maxCharacters: GENERATION_TEXT_LIMIT, ...noFiles },
  rewrite: { maxCharacters: GENERATION_TEXT_LIMIT, ...noFiles },
  summarize: { maxCharacters: GENERATION_TEXT_LIMIT, ...noFiles },
  expand: { maxCharacters: GENERATION_TEXT_LIMIT, ...noFiles },
  shorten: { maxCharacters: GENERATION_TEXT_LIMIT, ...noFiles },
  'add-content': { maxCharacters: GENERATION_TEXT_LIMIT, ...noFiles },
} as const satisfies Record<GenerationToolId, { maxCharacters: number; maxFileBytes: number; maxPages: number }>;

const textFor = (verb: string) =>
  z.string().refine((text) => text.trim().length > 0, `Enter or upload some text to ${verb}`);

/** Terms the user wants kept exactly as written (names, product words), besides those found by themselves. */
export const glossarySchema = z
  .array(
    z.string().trim().min(1, 'A protected term cannot be empty').max(100, 'A protected term is at most 100 characters'),
  )
  .max(100, 'Add up to 100 protected terms')
  .default([]);

/**
 * The language model to write with, by id (`GET v1/tools/generation/models`). Null: the built-in engine where the
 * tool has one (rewrite, summarize, shorten, humanize), else the server's default model.
 */
export const generationModelSchema = z.string().trim().min(1).max(200).nullable().default(null);

export const humanizerInputSchema = z.object({
  text: textFor('humanize'),
  file_name: z.string().trim().min(1).max(255).optional(),
  strength: z.enum(strengths).default('balanced'),
  readability: z.enum(readabilityLevels).default('university'),
  purpose: z.enum(purposes).default('general'),
  glossary: glossarySchema,
  model: generationModelSchema,
});
export type HumanizerInput = z.infer<typeof humanizerInputSchema>;
export type HumanizerInputDraft = z.input<typeof humanizerInputSchema>;
export type { HumanizerResult } from '@candor/engine-generate/report';
export { humanizerResultSchema };
export const HUMANIZER_MEANING_FLOOR = DEFAULT_MEANING_FLOOR;

/** How long the output should be: a share of the text's words, or a number of words. */
export const lengthSchema = z.union([
  z.object({ ratio: z.number().min(0.05, 'At least 5% of the text').max(4, 'At most four times the text') }),
  z.object({ words: z.number().int().min(10, 'At least 10 words').max(5_000, 'At most 5,000 words') }),
]);
export type LengthChoice = z.infer<typeof lengthSchema>;

export const enhancerInputSchema = z.object({
  text: textFor('improve'),
  file_name: z.string().trim().min(1).max(255).optional(),
  tone: z.enum(tones).default('neutral'),
  /** Rewrite: how much to change. */
  strength: z.enum(strengths).default('balanced'),
  /** Summarize, shorten, expand: the result's length; add content: the length of the addition. */
  length: lengthSchema.optional(),
  variants: z.number().int().min(1).max(MAX_VARIANTS, `Ask for up to ${MAX_VARIANTS} variants`).default(1),
  glossary: glossarySchema,
  /** Add content: what the new part should be about. */
  instruction: z.string().trim().max(500, 'Describe the addition in up to 500 characters').nullable().default(null),
  model: generationModelSchema,
});
export type EnhancerInput = z.infer<typeof enhancerInputSchema>;
export type EnhancerInputDraft = z.input<typeof enhancerInputSchema>;
export type { EnhancerResult, EnhancerVariant } from '@candor/engine-generate/report';
export { enhancerModes, enhancerResultSchema };

/** Each mode's length when the request names none. */
export const DEFAULT_LENGTHS: Record<EnhancerToolId, LengthChoice> = {
  rewrite: { ratio: 1 },
  summarize: { ratio: 0.3 },
  shorten: { ratio: 0.7 },
  expand: { ratio: 1.6 },
  'add-content': { words: 150 },
};

export const articleBriefSchema = z.object({
  topic: z
    .string()
    .trim()
    .min(3, 'Describe the topic in a few words')
    .max(300, 'Describe the topic in up to 300 characters'),
  keywords: z
    .array(z.string().trim().min(1).max(60, 'A keyword is at most 60 characters'))
    .max(20, 'Add up to 20 keywords')
    .default([]),
  audience: z.string().trim().max(200, 'Describe the audience in up to 200 characters').default(''),
  tone: z.enum(tones).default('neutral'),
  /** Words the article should have. */
  length: z
    .number()
    .int()
    .min(articleLengths[0], `An article has at least ${articleLengths[0]} words`)
    .max(
      articleLengths.at(-1) ?? 2000,
      `An article has at most ${(articleLengths.at(-1) ?? 2000).toLocaleString('en-US')} words`,
    )
    .default(600),
  language: z.enum(writerLanguages).default('English'),
  model: generationModelSchema,
});
export type ArticleBrief = z.infer<typeof articleBriefSchema>;
export type ArticleBriefDraft = z.input<typeof articleBriefSchema>;

export const outlineSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Give the article a title')
    .max(MAX_HEADING_CHARACTERS, 'A title is at most 200 characters'),
  headings: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'A heading cannot be empty')
        .max(MAX_HEADING_CHARACTERS, `A heading is at most ${MAX_HEADING_CHARACTERS} characters`),
    )
    .min(1, 'Add at least one heading')
    .max(MAX_OUTLINE_HEADINGS, `An outline has at most ${MAX_OUTLINE_HEADINGS} headings`),
});
export type Outline = z.infer<typeof outlineSchema>;

/** `POST v1/tools/ai-writer/outline`: an outline to edit, written by the model (not charged; rate-limited). */
export const outlineResponseSchema = outlineSchema.extend({ model: z.string() });
export type OutlineResponse = z.infer<typeof outlineResponseSchema>;

export const aiWriterInputSchema = articleBriefSchema.extend({ outline: outlineSchema });
export type AiWriterInput = z.infer<typeof aiWriterInputSchema>;
export type AiWriterInputDraft = z.input<typeof aiWriterInputSchema>;
export type { ArticleResult, ArticleSection } from '@candor/engine-generate/report';
export { articleResultSchema };

/** What a writer run reports while it writes: the sections so far, the one being written growing as it streams. */
export const articlePartialSchema = z.object({
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), text: z.string() })),
  /** Index of the section being written. */
  current: z.number().int().nonnegative(),
});
export type ArticlePartial = z.infer<typeof articlePartialSchema>;

/** `GET v1/tools/generation/models`: the language models this server can write with, and how to add one. */
export const generationModelsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      provider: z.enum(['openai-compatible', 'local']),
    }),
  ),
  /** The model used when a request names none; null when there is none. */
  default: z.string().nullable(),
});
export type GenerationModels = z.infer<typeof generationModelsSchema>;

export type { Purpose, ReadabilityLevel, Strength, Tone, WriterLanguage } from '@candor/engine-generate/options';
export {
  articleLengths,
  enhancerModeLabels,
  MAX_OUTLINE_HEADINGS,
  MAX_VARIANTS,
  modesNeedingModel,
  purposeLabels,
  purposes,
  readabilityLabels,
  readabilityLevels,
  strengthLabels,
  strengths,
  toneLabels,
  tones,
  writerLanguages,
} from '@candor/engine-generate/options';

/** What the screens say when no model is connected, and the server's refusal says too. */
export const CONNECT_MODEL_HELP =
  'Connect a model: run `npm run models:fetch -- smollm2-135m` on the server for a small local one, or set LLM_BASE_URL and LLM_MODELS to an OpenAI-compatible API (OpenAI, Ollama, vLLM, llama.cpp server), or LLM_MODEL_PATH to a GGUF file, then restart.';
