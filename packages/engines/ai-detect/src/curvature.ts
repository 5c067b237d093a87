import { access } from 'node:fs/promises';
import { basename } from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { canonicalText } from '@candor/engine-writing/canonical';
import type { ControlledEvaluateInputItem, Token } from 'node-llama-cpp';

/**
 * The optional local-model scorer: the analytic sampling discrepancy of Fast-DetectGPT (Bao et al., ICLR 2024) with
 * one GGUF model as both sampler and scorer. For every token x_t of the text, under the model's next-token
 * distribution p given x_<t:
 *
 *   ll_t = log p(x_t)        μ_t = Σ_v p_v log p_v        σ²_t = Σ_v p_v (log p_v)² − μ_t²
 *   discrepancy = (Σ_t ll_t − Σ_t μ_t) / √(Σ_t σ²_t)
 *
 * Machine text sits near the peaks of its model's distribution, so its log-likelihood beats what the model expects of
 * its own samples (positive discrepancy); human text falls below it. Under the hypothesis that the text was sampled
 * from the model itself the discrepancy has mean 0 and variance 1.
 *
 * The sums run over the **whole vocabulary**: node-llama-cpp's `controlledEvaluate` returns every position's raw
 * logits when asked (`generateNext: { logits: true }`, greedy sampling, no penalties: nothing is truncated), and the
 * log-softmax is taken here in double precision. (`evaluateWithMetadata` is not used: it only reports distributions
 * for tokens it generates after the input, not for each input position.)
 */

export interface CurvatureScore {
  /** The sampling discrepancy; higher reads as more machine-like. Its scale depends on the model (calibrate per file). */
  discrepancy: number;
  /** Tokens scored: at most `maxTokens` from the text's start (without a BOS token the first token is only context). */
  tokens: number;
  /** True when the text had more tokens than were scored. */
  truncated: boolean;
  /** Mean log-probability (natural log) of the scored tokens. */
  logLikelihoodMean: number;
  /** The model's name: its file name without `.gguf`. */
  model: string;
}

export interface CurvatureScorerOptions {
  /** A GGUF file. */
  modelPath: string;
  /** Tokens scored per text, from its start; longer texts are cut (default 1,024, at most the model's context − 1). */
  maxTokens?: number;
  /**
   * CPU threads for evaluation; defaults to 1 for models under 256 MB and to the machine's math cores otherwise
   * (as the chat provider in @candor/llm does).
   */
  threads?: number;
}

export interface CurvatureScorer {
  /** The model's name: its file name without `.gguf`. */
  readonly model: string;
  /** Scores one text; requests wait for each other (one sequence). An aborted request stops between chunks. */
  score(text: string, options?: { signal?: AbortSignal }): Promise<CurvatureScore>;
  /** Disposes the model; waits for the request running, refuses new ones. */
  close(): Promise<void>;
}

export const DEFAULT_CURVATURE_MAX_TOKENS = 1_024;
// Below this a token costs less than syncing threads (measured for @candor/llm's chat provider).
const SMALL_MODEL_BYTES = 256 * 2 ** 20;
/** Logit values copied into JavaScript per evaluation call: bounds memory for large vocabularies. */
const LOGITS_PER_CHUNK = 4 * 2 ** 20;
const FIRST_CHUNK_POSITIONS = 16;
/** A cancel is noticed between chunks, so a chunk stays short even for a small vocabulary. */
const MAX_CHUNK_POSITIONS = 256;
/** Above this vocabulary size one position's sums take milliseconds: let other work in between. */
const YIELD_ABOVE_VOCABULARY = 4_096;

/** Sums over scored positions; `discrepancyOf` turns them into the score. */
export interface CurvatureSums {
  logLikelihood: number;
  expectedLogLikelihood: number;
  variance: number;
  tokens: number;
}

export const emptyCurvatureSums = (): CurvatureSums => ({
  logLikelihood: 0,
  expectedLogLikelihood: 0,
  variance: 0,
  tokens: 0,
});

/** Adds one position: the raw logits over the whole vocabulary and the logit of the token that actually came next. */
export function addPosition(sums: CurvatureSums, logits: ArrayLike<number>, observedLogit: number): void {
  const size = logits.length;
  let max = Number.NEGATIVE_INFINITY;
  for (let v = 0; v < size; v++) if ((logits[v] as number) > max) max = logits[v] as number;
  let total = 0;
  for (let v = 0; v < size; v++) total += Math.exp((logits[v] as number) - max);
  const logNormaliser = max + Math.log(total);
  let mean = 0;
  let square = 0;
  for (let v = 0; v < size; v++) {
    const logP = (logits[v] as number) - logNormaliser;
    const p = Math.exp(logP);
    mean += p * logP;
    square += p * logP * logP;
  }
  sums.logLikelihood += observedLogit - logNormaliser;
  sums.expectedLogLikelihood += mean;
  sums.variance += Math.max(square - mean * mean, 0);
  sums.tokens += 1;
}

export function discrepancyOf(sums: CurvatureSums): number {
  if (sums.tokens === 0 || sums.variance <= 0) return 0;
  return (sums.logLikelihood - sums.expectedLogLikelihood) / Math.sqrt(sums.variance);
}

export const modelNameOf = (modelPath: string): string => basename(modelPath).replace(/\.gguf$/i, '');

/**
 * Loads the GGUF once, on the first request (node-llama-cpp is imported only then, so nothing native loads in a
 * process that never scores), CPU only.
 *
 * Not for worker threads that may be terminated: terminating a thread while llama.cpp is decoding aborts the whole
 * process (measured with node-llama-cpp 3.22). The server scores on its main thread, where decoding runs on libuv's
 * threads and cancelling means stopping between chunks.
 */
export function createCurvatureScorer(options: CurvatureScorerOptions): CurvatureScorer {
  const name = modelNameOf(options.modelPath);
  let loading: Promise<Loaded> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  const load = () => {
    loading ??= loadModel(options);
    return loading;
  };

  const score = (text: string, { signal }: { signal?: AbortSignal } = {}): Promise<CurvatureScore> => {
    if (closed) return Promise.reject(new Error('The curvature scorer has been closed.'));
    const run = queue.then(async () => {
      signal?.throwIfAborted();
      const loaded = await load();
      return scoreText(loaded, name, text, signal);
    });
    // The next request waits for this one whether it succeeds or not.
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    model: name,
    score,
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

interface Loaded {
  tokenize(text: string): Token[];
  bos: Token | null;
  maxTokens: number;
  evaluate(input: ControlledEvaluateInputItem[]): Promise<({ next: { logits?: Map<Token, number> } } | undefined)[]>;
  clear(): Promise<void>;
  dispose(): Promise<void>;
}

async function loadModel(options: CurvatureScorerOptions): Promise<Loaded> {
  try {
    await access(options.modelPath);
  } catch (cause) {
    throw new Error(`The detector's local model ${options.modelPath} cannot be read.`, { cause });
  }
  const { getLlama, LlamaLogLevel } = await import('node-llama-cpp');
  const llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error });
  try {
    const model = await llama.loadModel({ modelPath: options.modelPath });
    const bos = model.tokens.shouldPrependBosToken ? model.tokens.bos : null;
    // With a BOS token every text token is predicted; without one the first token only gives context.
    const room = model.trainContextSize - (bos === null ? 0 : 1);
    const maxTokens = Math.max(1, Math.min(options.maxTokens ?? DEFAULT_CURVATURE_MAX_TOKENS, room));
    const context = await model.createContext({
      contextSize: maxTokens + 1,
      sequences: 1,
      threads: options.threads ?? (model.size < SMALL_MODEL_BYTES ? 1 : llama.cpuMathCores),
    });
    const sequence = context.getSequence();
    return {
      tokenize: (text) => model.tokenize(text),
      bos,
      maxTokens,
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
    throw new Error(`The detector's local model ${options.modelPath} could not be loaded.`, { cause });
  }
}

async function scoreText(loaded: Loaded, name: string, text: string, signal?: AbortSignal): Promise<CurvatureScore> {
  // The text as the built-in detector reads it: hidden characters and look-alike letters undone.
  const all = loaded.tokenize(canonicalText(text).text);
  const limit = loaded.bos === null ? loaded.maxTokens + 1 : loaded.maxTokens;
  const tokens = all.slice(0, limit);
  // The sequence: BOS (when the model has one) and the tokens; every position but the last predicts the next one.
  const input = loaded.bos === null ? tokens : [loaded.bos, ...tokens];
  const sums = emptyCurvatureSums();
  await loaded.clear();
  try {
    let position = 0;
    let chunk = FIRST_CHUNK_POSITIONS;
    while (position < input.length - 1) {
      signal?.throwIfAborted();
      const end = Math.min(position + chunk, input.length - 1);
      const items: ControlledEvaluateInputItem[] = input
        .slice(position, end)
        .map((token) => [token, { generateNext: { logits: true } }]);
      const results = await loaded.evaluate(items);
      for (let i = 0; i < items.length; i++) {
        const logits = results[i]?.next.logits;
        const observed = logits?.get(input[position + i + 1] as Token);
        if (!logits || observed === undefined) throw new Error('The local model returned no logits for a position.');
        addPosition(sums, Float64Array.from(logits.values()), observed);
        if (logits.size > YIELD_ABOVE_VOCABULARY) await yieldToEventLoop();
        if (i === 0) {
          const fit = Math.floor(LOGITS_PER_CHUNK / Math.max(logits.size, 1));
          chunk = Math.min(MAX_CHUNK_POSITIONS, Math.max(FIRST_CHUNK_POSITIONS, fit));
        }
      }
      position = end;
    }
  } finally {
    await loaded.clear();
  }
  return {
    discrepancy: discrepancyOf(sums),
    tokens: sums.tokens,
    truncated: all.length > tokens.length,
    logLikelihoodMean: sums.tokens === 0 ? 0 : sums.logLikelihood / sums.tokens,
    model: name,
  };
}
