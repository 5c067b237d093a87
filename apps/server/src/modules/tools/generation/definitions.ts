import {
  type AiWriterInput,
  type ArticlePartial,
  type ArticleResult,
  aiWriterInputSchema,
  articleResultSchema,
  DEFAULT_LENGTHS,
  type EnhancerInput,
  type EnhancerResult,
  type EnhancerToolId,
  enhancerInputSchema,
  enhancerResultSchema,
  generationServiceNames,
  type HumanizerInput,
  type HumanizerResult,
  humanizerInputSchema,
  humanizerResultSchema,
  type LengthChoice,
  TOOL_LIMITS,
} from '@candor/contracts/tools';
import { enhancerModeLabels, modesNeedingModel } from '@candor/engine-generate/options';
import { enhanceMessages, humanizeMessages, sectionMessages } from '@candor/engine-generate/prompts';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { AppError } from '../../../http/errors.js';
import { builtInEngine } from '../engines/engine-pool.js';
import { runTitle } from '../run-title.js';
import { defineTool, type PrepareContext, type ToolDefinition } from '../tool-definition.js';
import { renderArticlePdf } from './article-pdf.js';
import type { GenerationEngineInput } from './engine.js';
import { chunkParagraphs, streamText, throttle } from './model-stream.js';
import { chooseModel, generationModels } from './models.js';

/**
 * The generation tools on the tool-run pipeline (docs/tool-runs.md): the AI Humanizer, the Content Enhancer's five
 * modes and the Stealth AI Writer. A model, when one writes, writes in `prepare` on the main thread (a local GGUF must
 * not run in a pool worker: ADR 0003), streaming its text to the job as `partial`s; the worker then checks and scores
 * it — or runs the built-in engine — so every output is protected-span checked and carries its meaning score. A run
 * is charged for the words it produced, never more than it reserved; a failed or cancelled one for nothing.
 */

const words = (text: string) => tokenizeWords(text).length;
const ENGINE = builtInEngine('generation');
/** Words a model is given per request: a local model's context (4,096 tokens) holds the prompt and the answer. */
const CHUNK_WORDS = 700;
/** Tokens a model may write per word asked for: English runs about 1.3 tokens a word, plus room for a heading. */
const TOKENS_PER_WORD = 1.6;
/** Partial results go out at most this often: a Redis-backed queue publishes each one. */
const PARTIAL_EVERY_MS = 300;

const refuseEmpty = () =>
  new AppError('llm_empty', 424, 'The language model returned no text. No tokens were charged; try again.');

// --- AI Humanizer -----------------------------------------------------------------------------------------------

export const humanizerTool = defineTool<HumanizerInput, HumanizerResult>({
  id: 'humanizer',
  modelName: 'HUMANIZER',
  product: 'content-humanizer',
  input: humanizerInputSchema,
  output: humanizerResultSchema,
  limits: TOOL_LIMITS.humanizer,
  characters: (input) => input.text.length,
  // Reserved: the words read; charged: the words written, at most those (contractions make a rewrite a little shorter).
  units: (input) => words(input.text),
  chargedUnits: (output) => output.words,
  prepare: async (input, context): Promise<GenerationEngineInput> => {
    const set = await generationModels(context.config.generation);
    const model = chooseModel(set, input.model, false);
    const options = {
      strength: input.strength,
      readability: input.readability,
      purpose: input.purpose,
      glossary: input.glossary,
      modelCandidate: null as { text: string; model: string } | null,
    };
    if (model && set.provider) {
      const text = await writeByChunks(
        context,
        input.text,
        'Rewriting with the model',
        (chunk) => ({
          messages: humanizeMessages({
            text: chunk,
            readability: input.readability,
            purpose: input.purpose,
            protectedTerms: input.glossary,
          }),
          maxTokens: Math.ceil(words(chunk) * TOKENS_PER_WORD) + 64,
        }),
        model,
        set.provider,
      );
      options.modelCandidate = { text, model };
    }
    context.progress({ percent: 60, stage: 'Rewriting and checking each version with the AI Detector' });
    return { kind: 'humanize', text: input.text, options };
  },
  engine: ENGINE,
  toHistory: (input, output) => ({ title: runTitle(input), input, result: output }),
});

// --- Content Enhancer -------------------------------------------------------------------------------------------

const targetWords = (text: string, length: LengthChoice) =>
  Math.max(10, 'ratio' in length ? Math.round(words(text) * length.ratio) : length.words);

/** The most a mode may produce per variant: what is reserved (the charge is what it wrote, at most this). */
function reservedWords(mode: EnhancerToolId, input: EnhancerInput): number {
  const length = input.length ?? DEFAULT_LENGTHS[mode];
  const read = words(input.text);
  if (read === 0) return 0;
  switch (mode) {
    case 'expand':
    case 'add-content':
      return Math.ceil(targetWords(input.text, length) * 1.25);
    default:
      return read;
  }
}

function enhancerTool(mode: EnhancerToolId): ToolDefinition {
  const needsModel = modesNeedingModel.includes(mode);
  const label = enhancerModeLabels[mode];
  return defineTool<EnhancerInput, EnhancerResult>({
    id: mode,
    modelName: generationServiceNames[mode],
    product: 'content-enhancer',
    input: enhancerInputSchema,
    output: enhancerResultSchema,
    limits: TOOL_LIMITS[mode],
    characters: (input) => input.text.length,
    units: (input) => reservedWords(mode, input) * input.variants,
    chargedUnits: (output) => output.words_out,
    prepare: async (input, context): Promise<GenerationEngineInput> => {
      const length = input.length ?? DEFAULT_LENGTHS[mode];
      const request = {
        mode,
        text: input.text,
        tone: input.tone,
        length,
        strength: input.strength,
        variants: input.variants,
        glossary: input.glossary,
      };
      const set = await generationModels(context.config.generation);
      const model = chooseModel(set, input.model, needsModel);
      if (!model || !set.provider) return { kind: 'enhance', request, model: null };
      const texts: string[] = [];
      for (let variant = 0; variant < input.variants; variant++) {
        const stage =
          input.variants > 1 ? `${label}: variant ${variant + 1} of ${input.variants}` : `${label} with the model`;
        texts.push(await enhanceWithModel(context, mode, input, length, stage, model, set.provider, variant));
      }
      return { kind: 'enhance', request, model: { model, texts } };
    },
    engine: ENGINE,
    toHistory: (input, output) => ({
      title: runTitle(input),
      input,
      result: output,
      children: output.variants.map((variant, index) => ({
        title: `${label}: variant ${index + 1}`,
        input: { mode, variant: index + 1 },
        result: variant,
      })),
    }),
  });
}

async function enhanceWithModel(
  context: PrepareContext,
  mode: EnhancerToolId,
  input: EnhancerInput,
  length: LengthChoice,
  stage: string,
  model: string,
  provider: NonNullable<Awaited<ReturnType<typeof generationModels>>['provider']>,
  variant: number,
): Promise<string> {
  const total = words(input.text);
  const target = targetWords(input.text, length);
  // Add content continues the end of the text: the model reads its last part and writes only the new words.
  if (mode === 'add-content') {
    const tail = input.text.split(/\s+/).slice(-CHUNK_WORDS).join(' ');
    return writeOnce(context, stage, model, provider, {
      messages: enhanceMessages({
        mode,
        text: tail,
        tone: input.tone,
        targetWords: target,
        instruction: input.instruction,
        protectedTerms: input.glossary,
      }),
      maxTokens: Math.ceil(target * 1.25 * TOKENS_PER_WORD) + 32,
      temperature: 0.7 + variant * 0.15,
    });
  }
  return writeByChunks(
    context,
    input.text,
    stage,
    (chunk) => {
      // Each chunk gets its share of the target, so a long text comes out at the length asked as a whole.
      const share = Math.max(10, Math.round((target * words(chunk)) / Math.max(1, total)));
      return {
        messages: enhanceMessages({
          mode,
          text: chunk,
          tone: input.tone,
          targetWords: share,
          instruction: input.instruction,
          protectedTerms: input.glossary,
        }),
        maxTokens: Math.ceil(Math.max(share, mode === 'rewrite' ? words(chunk) : share) * 1.25 * TOKENS_PER_WORD) + 32,
        temperature: 0.7 + variant * 0.15,
      };
    },
    model,
    provider,
  );
}

interface ModelRequest {
  messages: ReturnType<typeof enhanceMessages>;
  maxTokens: number;
  temperature?: number;
}

/** One model request, its text streamed to the job as it grows. */
async function writeOnce(
  context: PrepareContext,
  stage: string,
  model: string,
  provider: NonNullable<Awaited<ReturnType<typeof generationModels>>['provider']>,
  request: ModelRequest,
): Promise<string> {
  const partial = throttle<string>(PARTIAL_EVERY_MS, (text) =>
    context.progress({ percent: 30, stage, partial: { text } }),
  );
  context.progress({ percent: 10, stage: `${stage} (${model})` });
  const text = await streamText({ provider, model, signal: context.signal, onText: partial.push, ...request });
  partial.flush();
  if (text.trim().length === 0) throw refuseEmpty();
  return text;
}

/** The text in chunks of paragraphs, each written by the model in turn; the whole streams to the job as it grows. */
async function writeByChunks(
  context: PrepareContext,
  text: string,
  stage: string,
  requestFor: (chunk: string) => ModelRequest,
  model: string,
  provider: NonNullable<Awaited<ReturnType<typeof generationModels>>['provider']>,
): Promise<string> {
  const chunks = chunkParagraphs(text, CHUNK_WORDS);
  const done: string[] = [];
  const partial = throttle<string>(PARTIAL_EVERY_MS, (current) =>
    context.progress({
      percent: 10 + Math.round((50 * done.length) / chunks.length),
      stage,
      partial: { text: [...done, current].join('\n\n') },
    }),
  );
  context.progress({ percent: 10, stage: `${stage} (${model})` });
  for (const chunk of chunks) {
    const written = await streamText({
      provider,
      model,
      signal: context.signal,
      onText: partial.push,
      ...requestFor(chunk),
    });
    done.push(written.trim());
  }
  partial.flush();
  const joined = done.join('\n\n');
  if (joined.trim().length === 0) throw refuseEmpty();
  return joined;
}

export const enhancerTools = (['rewrite', 'summarize', 'expand', 'shorten', 'add-content'] as const).map(enhancerTool);

// --- Stealth AI Writer ------------------------------------------------------------------------------------------

const briefText = (input: AiWriterInput) =>
  [input.topic, input.keywords.join(' '), input.audience, input.outline.title, ...input.outline.headings].join('\n');

export const aiWriterTool = defineTool<AiWriterInput, ArticleResult>({
  id: 'ai-writer',
  modelName: 'AI_WRITER',
  product: 'stealth-ai-writer',
  input: aiWriterInputSchema,
  output: articleResultSchema,
  limits: TOOL_LIMITS['ai-writer'],
  characters: (input) => briefText(input).length,
  // Reserved: the length asked for, and a quarter more (models overshoot); charged: the words of the article.
  units: (input) => Math.ceil(input.length * 1.25),
  chargedUnits: (output) => output.words,
  prepare: async (input, context): Promise<GenerationEngineInput> => {
    const set = await generationModels(context.config.generation);
    const model = chooseModel(set, input.model, true) as string;
    const provider = set.provider;
    if (!provider) throw new Error('a chosen model without a provider');
    const outline = input.outline;
    const sections: { heading: string; text: string }[] = [];
    const perSection = Math.max(60, Math.round(input.length / outline.headings.length));
    const report = (current: number, text: string) => {
      const partial: ArticlePartial = {
        title: outline.title,
        sections: [
          ...sections,
          ...(current < outline.headings.length ? [{ heading: outline.headings[current] ?? '', text }] : []),
        ],
        current,
      };
      const writing = current < outline.headings.length;
      context.progress({
        percent: 5 + Math.round((85 * current) / outline.headings.length),
        stage: writing
          ? `Writing “${outline.headings[current] ?? ''}” (${current + 1} of ${outline.headings.length})`
          : 'Checking the article with the AI Detector',
        partial,
      });
    };
    for (let index = 0; index < outline.headings.length; index++) {
      const streaming = throttle<string>(PARTIAL_EVERY_MS, (text) => report(index, text));
      report(index, '');
      const previous =
        sections
          .at(-1)
          ?.text.split(/(?<=[.!?])\s+/)
          .slice(-1)[0] ?? null;
      const text = await streamText({
        provider,
        model,
        signal: context.signal,
        messages: sectionMessages(input, outline, index, previous),
        maxTokens: Math.ceil(perSection * 1.25 * TOKENS_PER_WORD) + 48,
        onText: streaming.push,
      });
      streaming.flush();
      sections.push({ heading: outline.headings[index] ?? '', text });
    }
    if (sections.every((section) => section.text.trim().length === 0)) throw refuseEmpty();
    report(outline.headings.length, '');
    return {
      kind: 'article',
      draft: { title: outline.title, sections, language: input.language, brief: briefText(input), model },
    };
  },
  engine: ENGINE,
  toHistory: (input, output) => ({ title: input.outline.title, input, result: output }),
  exportPdf: (run) =>
    renderArticlePdf({
      title: run.title,
      createdAt: run.createdAt,
      cost: run.cost,
      article: articleResultSchema.parse(run.result),
    }),
});

export const generationTools: readonly ToolDefinition[] = [aiWriterTool, ...enhancerTools, humanizerTool];
