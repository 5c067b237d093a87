import { describe, expect, it } from 'vitest';
import { assembleArticle, cutAtWord } from './article.js';
import { enhance } from './enhance.js';
import { humanize } from './humanize.js';
import { parseOutline } from './llm/prompts.js';
import { meaningScore } from './meaning.js';
import { findProtectedSpans } from './protected-spans.js';
import { cleanModelText, newFacts, reconcileRewrite } from './reconcile.js';
import { compressSentence, shorten } from './shorten.js';
import { summarize } from './summarize.js';
import { countWords } from './text.js';

const ARTICLE = [
  'Solar panels turn sunlight into electricity. Their price fell by 89% between 2010 and 2020, according to the International Renewable Energy Agency. That drop changed how utilities plan new power plants.',
  'In many countries, a solar farm is now the cheapest source of new electricity. Wind power follows closely. Storage remains the hard part, because the sun does not shine at night and batteries are still expensive.',
  'Engineers at Tesla and other firms are building large battery packs. A single pack can store 100 MWh. Critics say the supply chain for lithium is fragile and that recycling is not yet ready.',
].join('\n\n');

describe('protected spans', () => {
  it('finds each kind', () => {
    const text =
      'On March 3, 2021, Ada Lovelace said "it works" (Smith et al., 2020) about parse_input() at https://example.com; machine learning cut costs by 35%, as the Candor Writer notes.';
    const kinds = findProtectedSpans(text, { glossary: ['Candor Writer'] }).map((span) => [
      span.kind,
      text.slice(span.start, span.end),
    ]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['date', 'March 3, 2021'],
        ['entity', 'Ada Lovelace'],
        ['quotation', '"it works"'],
        ['citation', '(Smith et al., 2020)'],
        ['code', 'parse_input()'],
        ['url', 'https://example.com'],
        ['term', 'machine learning'],
        ['number', '35%'],
        ['glossary', 'Candor Writer'],
      ]),
    );
  });
});

describe('summarize', () => {
  it('keeps whole sentences in their order, to the length asked', () => {
    const summary = summarize(ARTICLE, { words: 40 });
    expect(countWords(summary.text)).toBeLessThanOrEqual(60);
    expect(countWords(summary.text)).toBeGreaterThan(10);
    const positions = summary.text.split(/(?<=\.)\s+/).map((sentence) => ARTICLE.indexOf(sentence.trim()));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('gives different selections for different strategies on a longer text', () => {
    const long = Array.from({ length: 4 }, () => ARTICLE).join('\n\n');
    const texts = new Set(
      (['textrank', 'diverse', 'lead'] as const).map((s) => summarize(long, { ratio: 0.2 }, s).text),
    );
    expect(texts.size).toBeGreaterThan(1);
  });
});

describe('shorten', () => {
  it('compresses asides, fillers and wordy phrases but never a protected span', () => {
    const text = 'In fact, the team (as planned) was very happy, in order to celebrate the 35% gain (Smith, 2020).';
    const spans = findProtectedSpans(text);
    expect(compressSentence(text, { start: 0, end: text.length }, spans)).toBe(
      'The team was happy, to celebrate the 35% gain (Smith, 2020).',
    );
  });

  it('drops the least central sentences when compression is not enough', () => {
    const result = shorten(ARTICLE, findProtectedSpans(ARTICLE), { ratio: 0.5 });
    expect(countWords(result.text)).toBeLessThanOrEqual(Math.round(countWords(ARTICLE) * 0.5) + 15);
    expect(result.kept.length).toBeLessThan(result.sentences);
  });
});

describe('meaning score', () => {
  const spans = findProtectedSpans(ARTICLE);

  it('is 1 for the text itself', () => {
    expect(meaningScore(ARTICLE, ARTICLE, spans).score).toBe(1);
  });

  it('falls when a number changes or a claim is negated', () => {
    const changedNumber = meaningScore(ARTICLE, ARTICLE.replace('89%', '98%'), spans);
    expect(changedNumber.protected).toBeLessThan(1);
    const negated = meaningScore(ARTICLE, ARTICLE.replace('is now the cheapest', 'is not the cheapest'), spans);
    expect(negated.negation_kept).toBe(false);
    expect(negated.score).toBeLessThan(0.7);
  });

  it('scores an unrelated text low', () => {
    expect(meaningScore(ARTICLE, 'Cats sleep most of the day and hunt at night.', spans).score).toBeLessThan(0.5);
  });
});

describe('enhancer', () => {
  it('rewrites offline with a measured share of words changed, and variants differ', () => {
    const result = enhance({
      mode: 'rewrite',
      text: ARTICLE,
      tone: 'casual',
      length: { ratio: 1 },
      strength: 'strong',
      variants: 2,
      glossary: [],
    });
    expect(result.variants).toHaveLength(2);
    for (const variant of result.variants) {
      expect(variant.text).not.toBe(ARTICLE);
      expect(variant.changed_share).toBeGreaterThan(0);
      expect(variant.meaning.score).toBeGreaterThan(0.8);
      expect(variant.generator).toEqual({ kind: 'built-in', model: null });
    }
    expect(result.words_out).toBe(result.variants.reduce((sum, variant) => sum + variant.words, 0));
  });

  it('refuses the modes that need a model when none wrote anything', () => {
    expect(() =>
      enhance({
        mode: 'expand',
        text: ARTICLE,
        tone: 'neutral',
        length: { words: 400 },
        strength: 'balanced',
        variants: 1,
        glossary: [],
      }),
    ).toThrow(/needs a language model/);
  });

  it('stands the built-in summary in for a model summary that invents a number', () => {
    const result = enhance(
      {
        mode: 'summarize',
        text: ARTICLE,
        tone: 'neutral',
        length: { words: 40 },
        strength: 'balanced',
        variants: 1,
        glossary: [],
      },
      { model: 'test-model', texts: ['Solar power got 75% cheaper by 2031, says Siemens.'] },
    );
    const [variant] = result.variants;
    expect(variant?.generator.kind).toBe('built-in');
    expect(variant?.note).toMatch(/named things the text does not/);
  });

  it('adds the model’s new part under the text and charges only the new words', () => {
    const addition = 'Grid operators are also testing pumped hydro storage.';
    const result = enhance(
      {
        mode: 'add-content',
        text: ARTICLE,
        tone: 'neutral',
        length: { words: 50 },
        strength: 'balanced',
        variants: 1,
        glossary: [],
      },
      { model: 'test-model', texts: [addition] },
    );
    expect(result.variants[0]?.text).toBe(`${ARTICLE}\n\n${addition}`);
    expect(result.words_out).toBe(countWords(addition));
  });
});

describe('humanizer', () => {
  it('keeps the candidate the detector scores lowest among those above the floor, and reports both numbers', () => {
    const judge = (text: string) => {
      const probability = text === ARTICLE ? 0.95 : Math.max(0.05, 0.95 - text.length / 10_000);
      return { probability, label: probability > 0.8 ? ('ai' as const) : ('uncertain' as const) };
    };
    const result = humanize(ARTICLE, { strength: 'balanced', readability: 'university', purpose: 'article' }, judge);
    expect(result.ai_probability_before).toBe(0.95);
    expect(result.ai_probability_after).not.toBeNull();
    expect(result.candidates).toBe(4);
    expect(result.below_floor).toBe(result.meaning.score < result.meaning_floor);
    expect(result.text).not.toBe(ARTICLE);
  });

  it('weighs a model’s rewrite and replaces its paragraphs that lost a protected span', () => {
    const model = ARTICLE.replace('89%', 'nearly all').replace('Tesla', 'a carmaker');
    const result = humanize(
      ARTICLE,
      {
        strength: 'light',
        readability: 'journalist',
        purpose: 'article',
        modelCandidate: { text: `Sure! Here is the rewritten text:\n\n${model}`, model: 'test-model' },
      },
      (text) => ({ probability: text.includes('Wind power follows closely') ? 0.9 : 0.1, label: 'human' }),
    );
    expect(result.text).toContain('89%');
    expect(result.text).toContain('Tesla');
  });
});

describe('model output', () => {
  it('loses the chatter around the answer', () => {
    expect(cleanModelText('Sure! Here is the rewritten text:\n\n"It works."')).toBe('It works.');
    expect(cleanModelText('Summary: The plan works.\n\nI hope this helps!')).toBe('The plan works.');
  });

  it('lists names and numbers the input never had', () => {
    expect(newFacts('The plan costs $5 in Paris.', 'The plan costs $7 in Paris, says Microsoft.')).toEqual([
      '$7',
      'Microsoft',
    ]);
  });

  it('replaces a model paragraph that changed a protected span', () => {
    const original = 'It costs 5 dollars.\n\nIt is in Paris.';
    const reconciled = reconcileRewrite(
      original,
      findProtectedSpans(original),
      'It costs 7 dollars.\n\nIt sits in Paris.',
      (p) => p.toUpperCase(),
    );
    expect(reconciled).toEqual({ text: 'IT COSTS 5 DOLLARS.\n\nIt sits in Paris.', replaced: 1, paragraphs: 2 });
  });

  it('reads an outline from a model’s list', () => {
    expect(
      parseOutline('# Solar power today\n1. Why prices fell\n2. **Storage**\n- Why prices fell\nOutline:', 'x'),
    ).toEqual({
      title: 'Solar power today',
      headings: ['Why prices fell', 'Storage'],
    });
  });
});

describe('article', () => {
  it('assembles the sections, the meta title and description, and the detector’s verdict', () => {
    const result = assembleArticle(
      {
        title: 'Why solar power got cheap, and what it means for the grid of the next decade in Europe',
        sections: [
          {
            heading: 'Prices',
            text: '## Prices\n\nSolar panels turn sunlight into electricity. Their price fell fast.',
          },
          { heading: 'Storage', text: 'Storage remains the hard part.' },
        ],
        language: 'English',
        brief: 'solar power prices storage',
        model: 'test-model',
      },
      () => ({ probability: 0.42, label: 'uncertain' }),
    );
    expect(result.sections[0]?.text).toBe('Solar panels turn sunlight into electricity. Their price fell fast.');
    expect(result.meta_title.length).toBeLessThanOrEqual(60);
    expect(result.meta_description.length).toBeLessThanOrEqual(160);
    expect(result.markdown).toMatch(/^# Why solar power got cheap/);
    expect(result.ai_probability).toBe(0.42);
    expect(result.words).toBe(15);
    expect(cutAtWord('one two three four', 10)).toBe('one two…');
  });
});
