import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { seededRandom } from '../../../../bench/lib.mjs';
import type { LanguageModelScore, LanguageModelScorer } from '../src/curvature.js';
import type { LabelledText } from './dataset.js';
import { MINIMUM_WORDS } from './pipeline.js';

/**
 * The texts the language model scores for `npm run train:curvature`: scoring all 21,700 would take a day on two cores,
 * so a seeded sample (about 1,200 texts) keeps every kind the evaluation splits by — per domain up to `HUMAN_PER_DOMAIN` human texts (all
 * of the small domains), per generator up to `AI_PER_GENERATOR` AI texts spread over its domains, and disguised and
 * edited AI texts for the humanized verdict. Texts under the detectors' minimum length are left out (never judged).
 */
export const HUMAN_PER_DOMAIN = 100;
export const AI_PER_GENERATOR = 30;
export const HUMANIZED_TEXTS = 60;
export const EDITED_TEXTS = 30;

export function languageModelSample(texts: readonly LabelledText[], seed: number): LabelledText[] {
  const random = seededRandom(seed);
  const shuffled = (list: LabelledText[]) => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as LabelledText, copy[i] as LabelledText];
    }
    return copy;
  };
  const long = texts.filter((t) => tokenizeWords(t.text).length >= MINIMUM_WORDS);
  const groups = (pick: (t: LabelledText) => boolean, key: (t: LabelledText) => string) => {
    const map = new Map<string, LabelledText[]>();
    for (const t of long.filter(pick)) map.set(key(t), [...(map.get(key(t)) ?? []), t]);
    return [...map].sort(([a], [b]) => a.localeCompare(b));
  };
  const sample: LabelledText[] = [];
  for (const [, group] of groups(
    (t) => t.origin === 'human',
    (t) => t.domain,
  )) {
    sample.push(...shuffled(group).slice(0, HUMAN_PER_DOMAIN));
  }
  for (const [, group] of groups(
    (t) => t.origin === 'ai',
    (t) => t.generator ?? 'unknown',
  )) {
    // Round-robin over the generator's domains, so each is in proportion or all of it.
    const byDomain = groups(
      (t) => group.includes(t),
      (t) => t.domain,
    ).map(([, list]) => shuffled(list));
    const picked: LabelledText[] = [];
    for (let round = 0; picked.length < AI_PER_GENERATOR && byDomain.some((list) => list.length > round); round++) {
      for (const list of byDomain) {
        const next = list[round];
        if (next && picked.length < AI_PER_GENERATOR) picked.push(next);
      }
    }
    sample.push(...picked);
  }
  sample.push(...shuffled(long.filter((t) => t.origin === 'ai_humanized')).slice(0, HUMANIZED_TEXTS));
  sample.push(...shuffled(long.filter((t) => t.origin === 'ai_edited')).slice(0, EDITED_TEXTS));
  return sample;
}

/** A text's key in the score cache: its hash. */
export const textKey = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/**
 * Scores the texts with the model, keeping each score in a JSON-lines file (`file`, git-ignored) as it comes, so an
 * interrupted run goes on where it stopped and a second calibration costs nothing.
 */
export async function scoreWithCache(
  texts: readonly LabelledText[],
  scorer: LanguageModelScorer,
  file: string,
  log: (line: string) => void = () => undefined,
): Promise<{ scores: Map<string, LanguageModelScore> }> {
  const scores = new Map<string, LanguageModelScore>();
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line) continue;
      const { key, score } = JSON.parse(line) as { key: string; score: LanguageModelScore };
      scores.set(key, score);
    }
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const missing = texts.filter((t) => !scores.has(textKey(t.text)));
  if (missing.length > 0) log(`  ${texts.length - missing.length} texts scored already; scoring ${missing.length}`);
  let tokens = 0;
  let seconds = 0;
  for (const [n, text] of missing.entries()) {
    const started = performance.now();
    const score = await scorer.score(text.text);
    seconds += (performance.now() - started) / 1000;
    tokens += score.tokens;
    const key = textKey(text.text);
    scores.set(key, score);
    appendFileSync(file, `${JSON.stringify({ key, score })}\n`);
    if ((n + 1) % 50 === 0 || n + 1 === missing.length) {
      log(`  scored ${n + 1}/${missing.length} (${Math.round(tokens / Math.max(seconds, 1e-9))} tokens/s)`);
    }
  }
  return { scores };
}
