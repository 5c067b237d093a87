// Scores of the training texts under each split's language models, kept on disk (.cache/detectors/, git-ignored), so
// retraining the classifiers and thresholds doesn't recount ~160 language models each time. Each split reads every
// text with its own model of human writing (which typos and split words it reads back) and stores the reading only
// where it differs from the reading of all human texts, beside its models' per-word scores. Delete the folder after
// changing how texts are read or scored.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { SentenceSpan, WordToken } from '@candor/engine-writing/tokenize';
import type { EnglishLanguageModel } from '../src/english-language-model.js';
import type { ScoredText } from '../src/features.js';
import { readText } from '../src/features.js';
import type { LanguageModel, WordScores } from '../src/language-model.js';
import { foldOf, type LabelledText } from './dataset.js';
import { buildLanguageModel, countsAsAiWriting, LM_FOLDS } from './pipeline.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
export const CACHE_DIR = process.env.DETECTOR_CACHE_DIR ?? path.join(repoRoot, '.cache/detectors');

function cached<T>(name: string, compute: () => T, log: (line: string) => void): T {
  const file = path.join(CACHE_DIR, `${name}.v8`);
  if (existsSync(file)) return deserialize(readFileSync(file)) as T;
  const started = performance.now();
  const value = compute();
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(`${file}.tmp`, serialize(value));
  renameSync(`${file}.tmp`, file);
  log(`  cached ${name} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  return value;
}

/** A text read once: canonical text, word spans, lower-cased forms, sentences, and its general-English scores. */
interface BaseText {
  text: string;
  wordStarts: Uint32Array;
  wordEnds: Uint32Array;
  lower: string[];
  /** start, end, firstWord, wordCount per sentence. */
  sentences: Uint32Array;
  starts: Uint8Array;
  english: ScoredText['english'];
}

/** A split's per-word scores under the human and AI models that exclude the text (Float32 to keep the files small). */
interface SplitScores {
  /** The text as this split's model of human writing reads it, when that differs from the base reading. */
  reading?: BaseText;
  logProbability: Float32Array;
  unigramLogProbability: Float32Array;
  rank: Uint32Array;
  unknown: Uint8Array;
  unseenBigram: Uint8Array;
  aiLogProbability: Float32Array;
}

export interface ScoreCache {
  texts: readonly LabelledText[];
  /** Every text scored by language models counted without its fold (and without `domain`, when given). */
  split(domain?: string): ScoredText[];
  /** `split()` with the AI model also counted without the texts of `generator`. */
  generatorSplit(generator: string): ScoredText[];
}

export function scoreCache(
  texts: readonly LabelledText[],
  english: EnglishLanguageModel,
  log: (line: string) => void = () => undefined,
): ScoreCache {
  const key = `${texts.length}`;
  let base: BaseText[] | undefined;
  const baseTexts = () => {
    base ??= cached(
      `base-${key}`,
      () => {
        log('  reading every text once');
        const human = buildLanguageModel(texts.filter((t) => t.origin === 'human'));
        return texts.map((t) => baseTextOf(readText(t.text, human), english));
      },
      log,
    );
    return base;
  };

  const compact = (scores: WordScores, ai: Float64Array): SplitScores => ({
    logProbability: Float32Array.from(scores.logProbability),
    unigramLogProbability: Float32Array.from(scores.unigramLogProbability),
    rank: scores.rank,
    unknown: scores.unknown,
    unseenBigram: scores.unseenBigram,
    aiLogProbability: Float32Array.from(ai),
  });

  const crossFit = (name: string, counted: (t: LabelledText, fold: number) => boolean, aiCounted = counted) =>
    cached(
      name,
      () => {
        const all = baseTexts();
        const out: SplitScores[] = new Array(texts.length);
        for (let fold = 0; fold < LM_FOLDS; fold++) {
          log(`  ${name}: counting language models without fold ${fold + 1} of ${LM_FOLDS}`);
          const human = buildLanguageModel(texts.filter((t) => t.origin === 'human' && counted(t, fold)));
          const ai = buildLanguageModel(texts.filter((t) => countsAsAiWriting(t) && aiCounted(t, fold)));
          texts.forEach((t, i) => {
            if (foldOf(t, LM_FOLDS) !== fold) return;
            const read = readText(t.text, human);
            const own = sameReading(read, all[i] as BaseText) ? undefined : baseTextOf(read, english);
            const b = own ?? (all[i] as BaseText);
            out[i] = compact(human.score(b.lower, b.starts), ai.score(b.lower, b.starts).logProbability);
            if (own) (out[i] as SplitScores).reading = own;
          });
        }
        return out;
      },
      log,
    );

  const assemble = (scores: SplitScores[], aiOverride?: Float32Array[]): ScoredText[] =>
    baseTexts().map((b, i) => {
      const s = scores[i] as SplitScores;
      return toScored(s.reading ?? b, s, aiOverride?.[i] ?? s.aiLogProbability);
    });

  return {
    texts,
    split: (domain) =>
      assemble(
        crossFit(
          domain ? `domain-${domain}-${key}` : `folds-${key}`,
          (t, fold) => t.domain !== domain && foldOf(t, LM_FOLDS) !== fold,
        ),
      ),
    generatorSplit: (generator) => {
      const scores = crossFit(`folds-${key}`, (t, fold) => foldOf(t, LM_FOLDS) !== fold);
      const ai = cached(
        `generator-${generator}-${key}`,
        () => {
          const all = baseTexts();
          const out: Float32Array[] = new Array(texts.length);
          for (let fold = 0; fold < LM_FOLDS; fold++) {
            const model: LanguageModel = buildLanguageModel(
              texts.filter((t) => countsAsAiWriting(t) && t.generator !== generator && foldOf(t, LM_FOLDS) !== fold),
            );
            texts.forEach((t, i) => {
              if (foldOf(t, LM_FOLDS) !== fold) return;
              const b = (scores[i] as SplitScores).reading ?? (all[i] as BaseText);
              out[i] = Float32Array.from(model.score(b.lower, b.starts).logProbability);
            });
          }
          return out;
        },
        log,
      );
      return assemble(scores, ai);
    },
  };
}

function baseTextOf(read: ReturnType<typeof readText>, english: EnglishLanguageModel): BaseText {
  const sentences = new Uint32Array(read.sentences.length * 4);
  for (const [k, s] of read.sentences.entries()) sentences.set([s.start, s.end, s.firstWord, s.wordCount], 4 * k);
  return {
    text: read.text,
    wordStarts: Uint32Array.from(read.words, (w) => w.start),
    wordEnds: Uint32Array.from(read.words, (w) => w.end),
    lower: read.lower,
    sentences,
    starts: read.starts,
    english: english.score(read.lower, read.starts),
  };
}

function sameReading(a: ReturnType<typeof readText>, b: BaseText): boolean {
  if (a.lower.length !== b.lower.length || 4 * a.sentences.length !== b.sentences.length) return false;
  for (let k = 0; k < a.lower.length; k++) {
    const word = a.words[k] as WordToken;
    if (a.lower[k] !== b.lower[k] || word.start !== b.wordStarts[k] || word.end !== b.wordEnds[k]) return false;
  }
  return a.sentences.every(
    (s, k) =>
      s.start === b.sentences[4 * k] && s.end === b.sentences[4 * k + 1] && s.firstWord === b.sentences[4 * k + 2],
  );
}

function toScored(b: BaseText, s: SplitScores, ai: Float32Array): ScoredText {
  const words: WordToken[] = Array.from(b.wordStarts, (start, k) => {
    const end = b.wordEnds[k] as number;
    return { start, end, text: b.text.slice(start, end) };
  });
  const sentences: SentenceSpan[] = [];
  for (let k = 0; k < b.sentences.length; k += 4) {
    sentences.push({
      start: b.sentences[k] as number,
      end: b.sentences[k + 1] as number,
      firstWord: b.sentences[k + 2] as number,
      wordCount: b.sentences[k + 3] as number,
    });
  }
  return {
    text: b.text,
    // Training never maps offsets back to the submitted text.
    canonical: undefined as unknown as ScoredText['canonical'],
    words,
    lower: b.lower,
    sentences,
    scores: {
      logProbability: Float64Array.from(s.logProbability),
      unigramLogProbability: Float64Array.from(s.unigramLogProbability),
      rank: s.rank,
      unknown: s.unknown,
      unseenBigram: s.unseenBigram,
    },
    aiLogProbability: Float64Array.from(ai),
    english: b.english,
  };
}
