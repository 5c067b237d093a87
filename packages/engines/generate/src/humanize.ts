import type { AiLabel } from '@candor/engine-ai-detect/report';
import { defaultLanguageJudge } from './language.js';
import { meaningScore } from './meaning.js';
import { DEFAULT_MEANING_FLOOR, type Purpose, type ReadabilityLevel, type Strength, strengths } from './options.js';
import { paraphrase } from './paraphrase.js';
import { findProtectedSpans, type ProtectedSpan } from './protected-spans.js';
import { cleanModelText, reconcileRewrite } from './reconcile.js';
import type { Generator, HumanizerResult } from './report.schema.js';
import { humanizerStyle } from './style.js';
import { changedShare, countWords, lowerWords } from './text.js';

/** The AI Detector, as the humanizer calls it in its loop: a probability and a label, or null for non-English text. */
export type AiJudge = (text: string) => { probability: number; label: AiLabel } | null;

export interface HumanizeOptions {
  strength: Strength;
  readability: ReadabilityLevel;
  purpose: Purpose;
  glossary?: readonly string[];
  /** Meaning below this is reported as a warning (and a candidate under it is kept only when none is above). */
  floor?: number;
  /** A language model's rewrite of the whole text, to weigh against the built-in candidates. */
  modelCandidate?: { text: string; model: string } | null;
}

/** Built-in candidates per run: seeds of the chosen strength, and one of the next strength up. */
const SEEDS = 3;

/**
 * The humanizer with the AI Detector in the loop: several rewrites (different seeds, and the next strength up, and
 * a language model's when one wrote one), each scored for meaning and by the detector; the kept one is the lowest AI
 * probability among those whose meaning stays above the floor — or, when none does, the one that kept most meaning,
 * flagged. Protected spans are kept in every candidate (a model's paragraph that lost one is replaced).
 */
export function humanize(text: string, options: HumanizeOptions, judgeAi: AiJudge): HumanizerResult {
  const language = defaultLanguageJudge();
  const floor = options.floor ?? DEFAULT_MEANING_FLOOR;
  const spans = findProtectedSpans(text, {
    glossary: options.glossary ?? [],
    isCommonWord: (word) => language.isCommonWord(word),
  });
  const style = humanizerStyle(options.readability, options.purpose);
  const before = judgeAi(text);

  interface Candidate {
    text: string;
    generator: Generator;
    note: string | null;
  }
  const candidates: Candidate[] = [];
  const builtIn = (strength: Strength, seed: number) =>
    paraphrase(text, { strength, style, seed, spans, glossary: options.glossary ?? [] }).text;
  for (let seed = 1; seed <= SEEDS; seed++) {
    candidates.push({
      text: builtIn(options.strength, seed),
      generator: { kind: 'built-in', model: null },
      note: null,
    });
  }
  const stronger = strengths[strengths.indexOf(options.strength) + 1];
  if (stronger)
    candidates.push({ text: builtIn(stronger, 1), generator: { kind: 'built-in', model: null }, note: null });
  if (options.modelCandidate) {
    const cleaned = cleanModelText(options.modelCandidate.text);
    const reconciled = reconcileRewrite(
      text,
      spans,
      cleaned,
      (paragraph) =>
        paraphrase(paragraph, { strength: options.strength, style, seed: 1, glossary: options.glossary ?? [] }).text,
    );
    if (cleaned.length > 0) {
      candidates.push({
        text: reconciled.text,
        generator: { kind: 'model', model: options.modelCandidate.model },
        note:
          reconciled.replaced > 0
            ? `${reconciled.replaced} of ${reconciled.paragraphs} paragraphs the model rewrote changed a protected word, number or name; the built-in rewrite stands in for them.`
            : null,
      });
    }
  }

  const scored = candidates.map((candidate) => ({
    ...candidate,
    meaning: meaningScore(text, candidate.text, spans),
    ai: judgeAi(candidate.text),
  }));
  const aboveFloor = scored.filter((candidate) => candidate.meaning.score >= floor);
  const pool = aboveFloor.length > 0 ? aboveFloor : scored;
  const best = pool.reduce((winner, candidate) => {
    if (aboveFloor.length === 0) return candidate.meaning.score > winner.meaning.score ? candidate : winner;
    const a = candidate.ai?.probability ?? 0;
    const b = winner.ai?.probability ?? 0;
    if (a < b - 1e-9) return candidate;
    if (Math.abs(a - b) <= 1e-9 && candidate.meaning.score > winner.meaning.score) return candidate;
    return winner;
  });

  const kept = spans.filter((span) => best.text.includes(text.slice(span.start, span.end))).length;
  // Said plainly when no rewrite helped: the detector read every version as more likely AI than the original.
  const raised =
    before !== null && best.ai !== null && best.ai.probability > before.probability
      ? 'No version lowered the AI Detector’s score; this is the one that raised it least. Try another strength, or a language model.'
      : null;
  return {
    text: best.text,
    words: countWords(best.text),
    meaning: best.meaning,
    meaning_floor: floor,
    below_floor: best.meaning.score < floor,
    changed_share: round(changedShare(lowerWords(text), lowerWords(best.text))),
    protected: { total: spans.length, kept },
    ai_probability_before: before ? round(before.probability) : null,
    ai_probability_after: best.ai ? round(best.ai.probability) : null,
    label_before: before?.label ?? null,
    label_after: best.ai?.label ?? null,
    candidates: candidates.length,
    strength: options.strength,
    readability: options.readability,
    purpose: options.purpose,
    generator: best.generator,
    note: [best.note, raised].filter((part) => part !== null).join(' ') || null,
  };
}

/** The protected spans a run would keep, for a screen or a test (same options as the run). */
export function protectedSpansFor(text: string, glossary: readonly string[] = []): ProtectedSpan[] {
  const language = defaultLanguageJudge();
  return findProtectedSpans(text, { glossary, isCommonWord: (word) => language.isCommonWord(word) });
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;
