import type { LexicalDiversity } from './report.schema.js';

/** McCarthy & Jarvis (2010): a factor ends when the running type–token ratio falls to 0.72. */
export const MTLD_THRESHOLD = 0.72;
/** Below this many tokens MTLD is unstable (the authors advise 100+); the report gives null instead. */
export const MTLD_MINIMUM_TOKENS = 50;

/** One MTLD pass: tokens divided by factors (0 when there is not even a partial factor). */
export function mtldPass(tokens: readonly string[], threshold: number): number {
  let factors = 0;
  let types = new Set<string>();
  let count = 0;
  for (const token of tokens) {
    types.add(token);
    count++;
    if (types.size / count <= threshold) {
      factors++;
      types = new Set();
      count = 0;
    }
  }
  // The leftover segment counts as the fraction of a factor it has covered.
  if (count > 0) factors += (1 - types.size / count) / (1 - threshold);
  return factors > 0 ? tokens.length / factors : 0;
}

/** MTLD over lower-cased word tokens: the mean of the forward and the backward pass. */
export function lexicalDiversity(words: readonly string[]): LexicalDiversity {
  const tokens = words.map((w) => w.toLowerCase().replace(/\u2019/g, "'"));
  const types = new Set(tokens).size;
  const base = {
    tokens: tokens.length,
    types,
    typeTokenRatio: tokens.length > 0 ? Math.round((types / tokens.length) * 1000) / 1000 : 0,
    threshold: MTLD_THRESHOLD,
    minimumTokens: MTLD_MINIMUM_TOKENS,
  };
  if (tokens.length < MTLD_MINIMUM_TOKENS) return { ...base, mtld: null };
  const forward = mtldPass(tokens, MTLD_THRESHOLD);
  const backward = mtldPass([...tokens].reverse(), MTLD_THRESHOLD);
  // A pass without a single completed or partial factor (every token new) has no finite MTLD.
  if (forward === 0 || backward === 0) return { ...base, mtld: null };
  return { ...base, mtld: Math.round(((forward + backward) / 2) * 100) / 100 };
}
