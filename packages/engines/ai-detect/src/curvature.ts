import { access } from 'node:fs/promises';
import { basename } from 'node:path';
import { canonicalText } from '@candor/engine-writing/canonical';
import type { ControlledEvaluateInputItem, Token } from 'node-llama-cpp';

/**
 * The detectors' language-model scores: zero-shot statistics of a text under one GGUF model, used as both sampler and
 * scorer. For every scored token x_t, under the model's next-token distribution p given the tokens before it:
 *
 *   ll_t = log p(x_t)        μ_t = Σ_v p_v log p_v        σ²_t = Σ_v p_v (log p_v)² − μ_t²
 *   curvature = (Σ_t ll_t − Σ_t μ_t) / √(Σ_t σ²_t · n)     (Fast-DetectGPT's analytic discrepancy, per token)
 *   log-rank  = mean of log rank(x_t)                        (GLTR, DetectLLM)
 *
 * Machine text sits near the peaks of its model's distribution: a higher curvature and likelihood, a lower rank.
 *
 * Each position is read from logits, not from the whole distribution: the observed token's logit, the top `TOP_K`
 * logits and `totalLogitWeight` (Σ exp(logit − max) over the whole vocabulary), so log p = logit − max − log Σ
 * exactly, and μ, σ² are exact over the top tokens with the rest of the mass spread at a level between the K-th
 * token's probability and an even spread over the vocabulary (`TAIL_WEIGHT`, chosen against the whole distribution
 * read for 2,048 positions of SmolLM2-135M: μ is then off by 0.06 nats on average, σ² by 0.7; with the top 64, 0.04
 * and 0.5, for half the speed). Building node-llama-cpp's map of 49,152 probabilities costs about 14 ms a token in
 * JavaScript; this costs llama.cpp's sort of the candidates and a few dozen entries in JavaScript. Sampling options are set to truncate nothing (topK 0, topP 1, minP 0): node-llama-cpp applies
 * top-k, top-p and min-p to what it reports unless told not to, which biases every sum.
 */

/** Logits read per position besides the observed token's. */
export const TOP_K = 32;
/** Where the tail's probability sits in log space: 1 at the K-th token's level, 0 spread evenly over the vocabulary. */
export const TAIL_WEIGHT = 0.6;
/** Tokens scored per text at most; longer texts are scored on windows spread over them (`WINDOW_TOKENS` each). */
export const DEFAULT_MAX_TOKENS = 192;
export const WINDOW_TOKENS = 96;
/** Tokens before each window that give it context without being scored. */
export const WINDOW_CONTEXT = 32;
/** Blocks of scored positions left out in turn for the scores' standard error. */
export const JACKKNIFE_BLOCKS = 4;
/** Positions per evaluation call: a cancel is noticed between calls. */
const CHUNK_POSITIONS = 64;
// Below this a token costs less than syncing threads (measured for @candor/llm's chat provider).
const SMALL_MODEL_BYTES = 256 * 2 ** 20;

/** Untruncated: what node-llama-cpp reports is then the model's own distribution. */
export const UNTRUNCATED = { topK: 0, topP: 1, minP: 0 } as const;

export interface LanguageModelFeatures {
  /** Fast-DetectGPT's analytic discrepancy per token: higher reads as more machine-like. */
  curvature: number;
  /** Mean log-probability of the scored tokens (natural log). */
  logLikelihood: number;
  /** Mean log of each token's rank (capped at TOP_K + 1): lower reads as more machine-like. */
  logRank: number;
  /** Mean entropy of the next-token distribution (natural log). */
  entropy: number;
}
export const languageModelFeatureNames = ['curvature', 'logLikelihood', 'logRank', 'entropy'] as const;

export interface LanguageModelScore {
  /** The model's name: its file name without `.gguf`. */
  model: string;
  features: LanguageModelFeatures;
  /** The features with each of `JACKKNIFE_BLOCKS` interleaved blocks of positions left out, for the interval. */
  jackknife: LanguageModelFeatures[];
  /** Fast-DetectGPT's discrepancy over all scored tokens (grows with √tokens); kept for reports and comparisons. */
  discrepancy: number;
  /** Positions scored. */
  tokens: number;
  /** The text's tokens. */
  textTokens: number;
  /** How many windows the scored positions came from: 1 when the text was read from its start in one piece. */
  windows: number;
  /** True when the text was longer than `maxTokens` and only windows of it were scored. */
  sampled: boolean;
}

export interface LanguageModelScorerOptions {
  /** A GGUF file. */
  modelPath: string;
  /** Tokens scored per text at most (default 192); longer texts are scored on evenly spread windows. */
  maxTokens?: number;
  /** CPU threads; defaults to 1 for models under 256 MB and to the machine's math cores otherwise. */
  threads?: number;
}

export interface LanguageModelScorer {
  readonly model: string;
  /** Scores one text; requests wait for each other (one sequence). An aborted request stops between calls. */
  score(text: string, options?: { signal?: AbortSignal }): Promise<LanguageModelScore>;
  /** Disposes the model; waits for the request running, refuses new ones. */
  close(): Promise<void>;
}

/** One scored position: what the features are computed from. */
export interface Position {
  logLikelihood: number;
  expected: number;
  variance: number;
  /** 1-based; TOP_K + 1 when the token is not among the top. */
  rank: number;
}

/**
 * A position from its logits: the observed token's, the top ones (highest first, the observed one possibly among
 * them), the vocabulary size and Σ exp(logit − max) over the whole vocabulary.
 */
export function positionOf(
  observed: number,
  top: readonly number[],
  totalLogitWeight: number,
  vocabularySize: number,
  observedRank: number,
): Position {
  const max = top[0] as number;
  const logZ = max + Math.log(totalLogitWeight);
  let mass = 0;
  let expected = 0;
  let square = 0;
  for (const logit of top) {
    const logP = logit - logZ;
    const p = Math.exp(logP);
    mass += p;
    expected += p * logP;
    square += p * logP * logP;
  }
  const tail = 1 - mass;
  const rest = vocabularySize - top.length;
  if (tail > 1e-12 && rest > 0) {
    const kth = (top[top.length - 1] as number) - logZ;
    const level = TAIL_WEIGHT * kth + (1 - TAIL_WEIGHT) * Math.log(tail / rest);
    expected += tail * level;
    square += tail * level * level;
  }
  return {
    logLikelihood: observed - logZ,
    expected,
    variance: Math.max(square - expected * expected, 0),
    rank: observedRank,
  };
}

/** The features of the positions `keep` admits (all by default). */
export function featuresOf(positions: readonly Position[], keep: (index: number) => boolean = () => true) {
  let n = 0;
  let ll = 0;
  let mu = 0;
  let variance = 0;
  let logRank = 0;
  positions.forEach((p, index) => {
    if (!keep(index)) return;
    n++;
    ll += p.logLikelihood;
    mu += p.expected;
    variance += p.variance;
    logRank += Math.log(p.rank);
  });
  if (n === 0) return { features: { curvature: 0, logLikelihood: 0, logRank: 0, entropy: 0 }, discrepancy: 0 };
  const discrepancy = variance > 0 ? (ll - mu) / Math.sqrt(variance) : 0;
  return {
    features: { curvature: discrepancy / Math.sqrt(n), logLikelihood: ll / n, logRank: logRank / n, entropy: -mu / n },
    discrepancy,
  };
}

/**
 * Which positions of a text of `length` tokens to score (a position predicts the token at that index from the ones
 * before it; position 0 has none before it without a BOS token): all when they fit in `maxTokens`, else windows of
 * `WINDOW_TOKENS` spread evenly from start to end, each read after `WINDOW_CONTEXT` tokens of context.
 */
export function windowsFor(length: number, maxTokens: number, firstScored: number): { from: number; to: number }[] {
  const scorable = length - firstScored;
  if (scorable <= maxTokens) return scorable > 0 ? [{ from: firstScored, to: length }] : [];
  const count = Math.max(1, Math.floor(maxTokens / WINDOW_TOKENS));
  const size = Math.floor(maxTokens / count);
  const lastStart = length - size;
  return Array.from({ length: count }, (_, k) => {
    const from = count === 1 ? firstScored : Math.round(firstScored + (k * (lastStart - firstScored)) / (count - 1));
    return { from, to: from + size };
  });
}

export const modelNameOf = (modelPath: string): string => basename(modelPath).replace(/\.gguf$/i, '');

interface Loaded {
  tokenize(text: string): Token[];
  bos: Token | null;
  vocabularySize: number;
  evaluate(input: ControlledEvaluateInputItem[]): Promise<
    (
      | {
          next: { logits?: Map<Token, number>; totalLogitWeight?: number };
        }
      | undefined
    )[]
  >;
  clear(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * Loads the GGUF once, on the first request (node-llama-cpp is imported only then, so nothing native loads in a
 * process that never scores), CPU only. Not for worker threads that may be terminated: terminating a thread while
 * llama.cpp decodes aborts the whole process (node-llama-cpp 3.22); the server scores on its main thread.
 */
export function createLanguageModelScorer(options: LanguageModelScorerOptions): LanguageModelScorer {
  const name = modelNameOf(options.modelPath);
  const maxTokens = Math.max(1, options.maxTokens ?? DEFAULT_MAX_TOKENS);
  let loading: Promise<Loaded> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;
  const load = () => {
    loading ??= loadModel(options, maxTokens);
    return loading;
  };
  return {
    model: name,
    score: (text, { signal } = {}) => {
      if (closed) return Promise.reject(new Error('The language-model scorer has been closed.'));
      const run = queue.then(async () => {
        signal?.throwIfAborted();
        return scoreText(await load(), name, text, maxTokens, signal);
      });
      // The next request waits for this one whether it succeeds or not.
      queue = run.catch(() => undefined);
      return run;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await queue;
      if (!loading) return;
      const loaded = await loading.catch(() => undefined);
      await loaded?.dispose();
    },
  };
}

async function loadModel(options: LanguageModelScorerOptions, maxTokens: number): Promise<Loaded> {
  try {
    await access(options.modelPath);
  } catch (cause) {
    throw new Error(`The detectors' language model ${options.modelPath} cannot be read.`, { cause });
  }
  const { getLlama, LlamaLogLevel } = await import('node-llama-cpp');
  const llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error });
  try {
    const model = await llama.loadModel({ modelPath: options.modelPath });
    const bos = model.tokens.shouldPrependBosToken ? model.tokens.bos : null;
    const context = await model.createContext({
      contextSize: Math.min(model.trainContextSize, Math.max(maxTokens, WINDOW_TOKENS + WINDOW_CONTEXT) + 2),
      sequences: 1,
      threads: options.threads ?? (model.size < SMALL_MODEL_BYTES ? 1 : llama.cpuMathCores),
    });
    const sequence = context.getSequence();
    return {
      tokenize: (text) => model.tokenize(text),
      bos,
      vocabularySize: vocabularyOf(model),
      evaluate: (input) => sequence.controlledEvaluate(input),
      clear: () => sequence.clearHistory(),
      dispose: async () => {
        await context.dispose();
        await model.dispose();
        await llama.dispose();
      },
    };
  } catch (cause) {
    await llama.dispose();
    throw new Error(`The detectors' language model ${options.modelPath} could not be loaded.`, { cause });
  }
}

/** The vocabulary's size, from the GGUF's metadata (the token list). */
function vocabularyOf(model: { fileInfo: { metadata: unknown } }): number {
  const tokens = (model.fileInfo.metadata as { tokenizer?: { ggml?: { tokens?: unknown[] } } }).tokenizer?.ggml?.tokens;
  return Array.isArray(tokens) ? tokens.length : 0;
}

async function scoreText(
  loaded: Loaded,
  name: string,
  text: string,
  maxTokens: number,
  signal?: AbortSignal,
): Promise<LanguageModelScore> {
  // The text as the built-in detector reads it: hidden characters and look-alike letters undone.
  const tokens = loaded.tokenize(canonicalText(text).text);
  // With a BOS token every text token is predicted; without one the first token only gives context.
  const sequence = loaded.bos === null ? tokens : [loaded.bos, ...tokens];
  const windows = windowsFor(sequence.length, maxTokens, 1);
  const positions: Position[] = [];
  try {
    for (const window of windows) {
      await loaded.clear();
      const start = Math.max(0, window.from - 1 - WINDOW_CONTEXT);
      // Item i is the token at start + i; it predicts the one after it, scored when that one is in the window.
      const items: ControlledEvaluateInputItem[] = sequence.slice(start, window.to - 1).map((token, i) => {
        const target = start + i + 1;
        if (target < window.from) return token;
        return [
          token,
          {
            generateNext: {
              logits: { filter: { tokens: [sequence[target] as Token], includeTop: TOP_K } },
              totalLogitWeight: true,
              options: UNTRUNCATED,
            },
          },
        ];
      });
      for (let at = 0; at < items.length; at += CHUNK_POSITIONS) {
        signal?.throwIfAborted();
        const chunk = items.slice(at, at + CHUNK_POSITIONS);
        const results = await loaded.evaluate(chunk);
        for (let i = 0; i < chunk.length; i++) {
          const target = start + at + i + 1;
          if (target < window.from) continue;
          const next = results[i]?.next;
          const observedToken = sequence[target] as Token;
          const observed = next?.logits?.get(observedToken);
          if (!next?.logits || observed === undefined || next.totalLogitWeight === undefined) {
            throw new Error('The language model returned no logits for a position.');
          }
          const ranked = [...next.logits].sort((a, b) => b[1] - a[1]);
          const rankIndex = ranked.findIndex(([token]) => token === observedToken);
          // The map holds the top TOP_K and the observed token: beyond them, its rank is only known to be worse.
          const top = ranked.slice(0, TOP_K);
          const inTop = rankIndex < TOP_K;
          positions.push(
            positionOf(
              observed,
              top.map(([, logit]) => logit),
              next.totalLogitWeight,
              loaded.vocabularySize || ranked.length,
              inTop ? rankIndex + 1 : TOP_K + 1,
            ),
          );
        }
      }
    }
  } finally {
    await loaded.clear();
  }
  const { features, discrepancy } = featuresOf(positions);
  return {
    model: name,
    features,
    jackknife: Array.from(
      { length: JACKKNIFE_BLOCKS },
      (_, block) => featuresOf(positions, (index) => index % JACKKNIFE_BLOCKS !== block).features,
    ),
    discrepancy,
    tokens: positions.length,
    textTokens: tokens.length,
    windows: windows.length,
    sampled: windows.length > 1,
  };
}
