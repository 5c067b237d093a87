import { describe, expect, it } from 'vitest';
import { enhance } from './enhance.js';
import { generateText } from './fixtures.js';
import { type AiJudge, humanize, protectedSpansFor } from './humanize.js';
import { purposes, readabilityLevels, strengths, tones } from './options.js';
import { shorten } from './shorten.js';
import { summarize } from './summarize.js';
import { sentencesOf } from './text.js';

/** Each generated piece, as many times as it was put in, is in `output`. */
function expectPiecesKept(output: string, pieces: readonly { text: string }[]) {
  const needed = new Map<string, number>();
  for (const piece of pieces) needed.set(piece.text, (needed.get(piece.text) ?? 0) + 1);
  for (const [piece, count] of needed) {
    const found = output.split(piece).length - 1;
    expect(found, `"${piece}" in:\n${output}`).toBeGreaterThanOrEqual(count);
  }
}

/** A stand-in detector: the share of words from a fixed list, so the loop's choice is checkable. */
const fakeJudge: AiJudge = (text) => {
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  const marked = words.filter((w) => ['furthermore', 'moreover', 'utilize', 'numerous', 'crucial'].includes(w)).length;
  const probability = Math.min(1, 0.5 + (marked / Math.max(1, words.length)) * 10);
  return { probability, label: probability > 0.7 ? 'ai' : 'uncertain' };
};

const SEEDS = Array.from({ length: 40 }, (_, i) => i + 1);

describe('protected spans survive every engine (generated texts)', () => {
  it.each(SEEDS)('rewrite at every strength and tone keeps them (seed %i)', (seed) => {
    const { text, pieces, glossary } = generateText(seed);
    for (const strength of strengths) {
      const tone = tones[seed % tones.length] ?? 'neutral';
      const result = enhance({ mode: 'rewrite', text, tone, length: { ratio: 1 }, strength, variants: 2, glossary });
      for (const variant of result.variants) {
        expectPiecesKept(variant.text, pieces);
        expect(variant.protected.kept).toBe(variant.protected.total);
        expect(variant.meaning.score).toBeGreaterThan(0);
      }
    }
  });

  it.each(SEEDS)('the humanizer keeps them, whatever the level and purpose (seed %i)', (seed) => {
    const { text, pieces, glossary } = generateText(seed);
    const result = humanize(
      text,
      {
        strength: strengths[seed % strengths.length] ?? 'balanced',
        readability: readabilityLevels[seed % readabilityLevels.length] ?? 'university',
        purpose: purposes[seed % purposes.length] ?? 'general',
        glossary,
      },
      fakeJudge,
    );
    expectPiecesKept(result.text, pieces);
    expect(result.protected.kept).toBe(result.protected.total);
    expect(result.ai_probability_after).not.toBeNull();
  });

  it.each(SEEDS)('summaries and shortened texts keep each span of every sentence they keep (seed %i)', (seed) => {
    const { text, glossary } = generateText(seed, 4);
    const spans = protectedSpansFor(text, glossary);
    const sentences = sentencesOf(text);
    const spansOf = (index: number) => {
      const sentence = sentences[index] as { start: number; end: number };
      return spans
        .filter((span) => span.start >= sentence.start && span.end <= sentence.end)
        .map((span) => ({ text: text.slice(span.start, span.end) }));
    };
    for (const strategy of ['textrank', 'diverse', 'lead'] as const) {
      const summary = summarize(text, { ratio: 0.5 }, strategy);
      expect(summary.kept.length).toBeGreaterThan(0);
      expect(summary.kept.length).toBeLessThan(sentences.length);
      // A summary is made of whole sentences of the text, in order.
      let at = 0;
      for (const index of summary.kept) {
        const sentence = sentences[index] as { start: number; end: number };
        const found = summary.text.indexOf(text.slice(sentence.start, sentence.end), at);
        expect(found).toBeGreaterThanOrEqual(at);
        at = found;
      }
      const short = shorten(text, spans, { ratio: 0.5 }, strategy);
      expect(short.kept.length).toBeGreaterThan(0);
      // Each compressed sentence still holds every protected span of the sentence it came from.
      for (const index of short.kept) {
        for (const piece of spansOf(index)) expect(short.text, piece.text).toContain(piece.text);
      }
    }
  });

  it.each(SEEDS.slice(0, 10))(
    'the enhancer reports summaries and shortened texts as shorter, scored (seed %i)',
    (seed) => {
      const { text, glossary } = generateText(seed, 4);
      for (const mode of ['summarize', 'shorten'] as const) {
        const result = enhance({
          mode,
          text,
          tone: 'neutral',
          length: { ratio: 0.5 },
          strength: 'balanced',
          variants: 3,
          glossary,
        });
        expect(result.variants).toHaveLength(3);
        for (const variant of result.variants) {
          expect(variant.words).toBeGreaterThan(0);
          expect(variant.words).toBeLessThan(result.words_in);
          expect(variant.meaning.protected).toBe(1);
        }
      }
    },
  );
});
