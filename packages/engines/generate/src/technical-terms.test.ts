import { describe, expect, it } from 'vitest';
import { humanize } from './humanize.js';
import { paraphrase } from './paraphrase.js';
import { humanizerStyle, toneStyle } from './style.js';
import { TECHNICAL_TERMS } from './technical-terms.js';

/** Tortured phrases from the literature (Cabanac, Labbé & Magazinov 2021) and the terms they mangled. */
const TORTURED: readonly [string, string][] = [
  ['artificial intelligence', 'counterfeit consciousness'],
  ['deep learning', 'profound learning'],
  ['big data', 'colossal information'],
  ['random forest', 'irregular backwoods'],
  ['signal to noise', 'flag to commotion'],
  ['breast cancer', 'bosom peril'],
  ['kidney failure', 'kidney disappointment'],
  ['machine learning', 'machine acquiring'],
  ['neural network', 'neural organization'],
  ['cloud computing', 'haze figuring'],
];

/** Sentences that invite every rewrite around the term. */
const frames = (term: string) => [
  `Furthermore, researchers utilize ${term} in order to improve numerous results.`,
  `The study of ${term} was started by the team because the old methods failed.`,
  `It is important to note that ${term} plays a crucial role in modern work; however, the costs remain high.`,
];

describe('technical terms come out unchanged (no tortured phrases)', () => {
  const text = TECHNICAL_TERMS.flatMap(frames).join(' ');

  it.each(['light', 'balanced', 'strong'] as const)('a %s rewrite keeps every term of the corpus', (strength) => {
    for (const style of [toneStyle('casual'), toneStyle('formal'), humanizerStyle('high-school', 'general')]) {
      const out = paraphrase(text, { strength, style, seed: 7 }).text;
      for (const term of TECHNICAL_TERMS) {
        const expected = text.split(term).length - 1;
        expect(out.split(term).length - 1, term).toBe(expected);
      }
    }
  });

  it('the humanizer keeps them too, and writes none of the tortured phrases', () => {
    const sample = TORTURED.flatMap(([term]) => frames(term)).join('\n\n');
    const result = humanize(sample, { strength: 'strong', readability: 'high-school', purpose: 'general' }, () => ({
      probability: 0.9,
      label: 'ai',
    }));
    for (const [term, tortured] of TORTURED) {
      expect(result.text).toContain(term);
      expect(result.text.toLowerCase()).not.toContain(tortured);
    }
  });
});
