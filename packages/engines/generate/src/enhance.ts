import { defaultLanguageJudge } from './language.js';
import { type MeaningMode, meaningScore } from './meaning.js';
import { type EnhancerMode, MAX_VARIANTS, modesNeedingModel, type Tone } from './options.js';
import { paraphrase, type Strength } from './paraphrase.js';
import { findProtectedSpans, keepsSpans, type ProtectedSpan } from './protected-spans.js';
import { cleanModelText, newFacts, reconcileRewrite } from './reconcile.js';
import type { EnhancerResult, EnhancerVariant, Generator } from './report.schema.js';
import { shorten } from './shorten.js';
import { toneStyle } from './style.js';
import { extractionStrategies, summarize, type TargetLength } from './summarize.js';
import { changedShare, countWords, lowerWords } from './text.js';

export interface EnhanceInput {
  mode: EnhancerMode;
  text: string;
  tone: Tone;
  /** Summarize and shorten: how long the result should be; expand: how long the expanded text should be. */
  length: TargetLength;
  strength: Strength;
  variants: number;
  glossary: readonly string[];
}

/** What a language model wrote for the run, one text per variant (from the server's generation step). */
export interface ModelOutputs {
  model: string;
  texts: readonly string[];
}

/** The engine a mode would use without a model, and whether it has one at all. */
export const canRunOffline = (mode: EnhancerMode) => !modesNeedingModel.includes(mode);

/**
 * Runs one Content Enhancer request: the built-in engine for rewrite, summarize and shorten (variants differ by seed or
 * by extraction strategy), or the model's texts when a model wrote them — checked and scored the same way, with the
 * built-in output standing in where the model broke a protected span or, in a summary, invented a number or a name.
 */
export function enhance(input: EnhanceInput, model?: ModelOutputs | null): EnhancerResult {
  const judge = defaultLanguageJudge();
  const spans = findProtectedSpans(input.text, {
    glossary: input.glossary,
    isCommonWord: (word) => judge.isCommonWord(word),
  });
  const count = Math.max(1, Math.min(MAX_VARIANTS, input.variants));
  if (!model && !canRunOffline(input.mode)) throw new Error(`${input.mode} needs a language model`);
  const variants: EnhancerVariant[] = [];
  for (let index = 0; index < count; index++) {
    const modelText = model?.texts[index] ?? model?.texts[0];
    variants.push(
      model && modelText !== undefined
        ? fromModel(input, spans, index, cleanModelText(modelText), model.model)
        : builtIn(input, spans, index, null),
    );
  }
  const wordsOut = variants.reduce(
    (sum, variant) => sum + (input.mode === 'add-content' ? addedWords(input.text, variant.text) : variant.words),
    0,
  );
  return { mode: input.mode, words_in: countWords(input.text), words_out: wordsOut, variants };
}

const addedWords = (original: string, output: string) => Math.max(0, countWords(output) - countWords(original));
const BUILT_IN: Generator = { kind: 'built-in', model: null };
const meaningMode = (mode: EnhancerMode): MeaningMode =>
  mode === 'summarize' || mode === 'shorten' ? 'condense' : 'rewrite';

function builtIn(
  input: EnhanceInput,
  spans: readonly ProtectedSpan[],
  index: number,
  note: string | null,
): EnhancerVariant {
  const strategy = extractionStrategies[index % extractionStrategies.length] ?? 'textrank';
  let text: string;
  switch (input.mode) {
    case 'summarize':
      text = summarize(input.text, input.length, strategy).text;
      break;
    case 'shorten':
      text = shorten(input.text, spans, input.length, strategy).text;
      break;
    case 'rewrite':
      text = paraphrase(input.text, {
        strength: input.strength,
        style: toneStyle(input.tone),
        seed: index + 1,
        spans,
        glossary: input.glossary,
      }).text;
      break;
    default:
      throw new Error(`${input.mode} needs a language model`);
  }
  return describe(input, spans, text, BUILT_IN, note);
}

function fromModel(
  input: EnhanceInput,
  spans: readonly ProtectedSpan[],
  index: number,
  text: string,
  model: string,
): EnhancerVariant {
  const generator: Generator = { kind: 'model', model };
  if (text.trim().length === 0) {
    return canRunOffline(input.mode)
      ? builtIn(input, spans, index, 'The model returned no text; this is the built-in engine’s version.')
      : describe(input, spans, text, generator, 'The model returned no text.');
  }
  switch (input.mode) {
    case 'rewrite': {
      const reconciled = reconcileRewrite(
        input.text,
        spans,
        text,
        (paragraph) =>
          paraphrase(paragraph, {
            strength: input.strength,
            style: toneStyle(input.tone),
            seed: index + 1,
            glossary: input.glossary,
          }).text,
      );
      const note =
        reconciled.replaced > 0
          ? `${reconciled.replaced} of ${reconciled.paragraphs} paragraphs the model rewrote changed a protected word, number or name; the built-in rewrite stands in for them.`
          : null;
      return describe(input, spans, reconciled.text, generator, note);
    }
    case 'summarize':
    case 'shorten': {
      const invented = newFacts(input.text, text);
      if (invented.length > 0) {
        return builtIn(
          input,
          spans,
          index,
          `The model’s version named things the text does not (${invented.slice(0, 3).join(', ')}); this is the built-in engine’s version.`,
        );
      }
      return describe(input, spans, text, generator, null);
    }
    case 'add-content': {
      // The model writes only the new part; the user's text stays as it was, above it.
      const combined = `${input.text.trimEnd()}\n\n${text.trim()}`;
      return describe(input, spans, combined, generator, null);
    }
    default: {
      const missing = keepsSpans(input.text, spans, text)
        ? null
        : 'The model changed or left out some protected words, numbers or names: compare before using it.';
      return describe(input, spans, text, generator, missing);
    }
  }
}

function describe(
  input: EnhanceInput,
  spans: readonly ProtectedSpan[],
  text: string,
  generator: Generator,
  note: string | null,
): EnhancerVariant {
  const kept = spans.filter((span) => text.includes(input.text.slice(span.start, span.end))).length;
  return {
    text,
    words: countWords(text),
    meaning: meaningScore(input.text, text, spans, meaningMode(input.mode)),
    changed_share: Math.round(changedShare(lowerWords(input.text), lowerWords(text)) * 1000) / 1000,
    protected: { total: spans.length, kept },
    generator,
    new_facts: generator.kind === 'model' ? newFacts(input.text, text) : [],
    note,
  };
}
