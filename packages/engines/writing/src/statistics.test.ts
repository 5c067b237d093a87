import { describe, expect, it } from 'vitest';
import { textStatisticsSchema } from './report.schema.js';
import { READING_WPM, SPEAKING_WPM, sentenceLengths, textStatistics } from './statistics.js';
import { segmentParagraphs, segmentSentences, tokenizeWords } from './tokenize.js';

const allFinite = (value: unknown): boolean =>
  typeof value === 'number'
    ? Number.isFinite(value)
    : Array.isArray(value)
      ? value.every(allFinite)
      : value !== null && typeof value === 'object'
        ? Object.values(value).every(allFinite)
        : true;

describe('tokenizeWords', () => {
  it('keeps contractions, hyphenated compounds, decimals and initialisms as one word with UTF-16 offsets', () => {
    const text = "It's a well-known fact: 3.5 e.g. U.S. don\u2019t 😀 café.";
    const words = tokenizeWords(text);
    expect(words.map((w) => w.text)).toEqual([
      "It's",
      'a',
      'well-known',
      'fact',
      '3.5',
      'e.g',
      'U.S',
      'don\u2019t',
      'café',
    ]);
    for (const w of words) expect(text.slice(w.start, w.end)).toBe(w.text);
  });

  it('splits words joined by a dot without a space', () => {
    expect(tokenizeWords('end.Next').map((w) => w.text)).toEqual(['end', 'Next']);
  });

  it('keeps combining accents and hidden format characters inside a word, and none at its edges', () => {
    expect(tokenizeWords('cafe\u0301 gar\u200Bden\u200B \u00ADsoft').map((w) => w.text)).toEqual([
      'cafe\u0301',
      'gar\u200Bden',
      'soft',
    ]);
  });
});

describe('segmentSentences', () => {
  const split = (text: string) => {
    const words = tokenizeWords(text);
    return segmentSentences(text, words).map((s) => text.slice(s.start, s.end));
  };

  it('ends sentences at . ! ? and keeps closing quotes with the sentence', () => {
    expect(split('Stop! Who goes there? "Me." Fine.')).toEqual(['Stop!', 'Who goes there?', '"Me."', 'Fine.']);
  });

  it('does not end a sentence after an abbreviation or an initial', () => {
    expect(split('Dr. Smith met J. Doe at 5 p.m. on Monday. They talked.')).toEqual([
      'Dr. Smith met J. Doe at 5 p.m. on Monday.',
      'They talked.',
    ]);
  });

  it('ends a sentence whose next one starts in lower case, unless the dot closes an abbreviation', () => {
    expect(split('It rained. my shoes are wet. anyway, see you at 9 a.m. tomorrow.')).toEqual([
      'It rained.',
      'my shoes are wet.',
      'anyway, see you at 9 a.m. tomorrow.',
    ]);
    expect(split('Smith et al. found apples, pears, etc. in the U.S. and approx. five more.')).toHaveLength(1);
  });

  it('ends a sentence at a paragraph break even without punctuation', () => {
    expect(split('A heading\n\nThe body text.')).toEqual(['A heading', 'The body text.']);
  });
});

describe('segmentParagraphs', () => {
  it('splits on blank lines and ignores empty blocks', () => {
    const text = 'One.\nStill one.\n\n\n  Two.  \n \n---\n\nThree.';
    expect(segmentParagraphs(text).map((p) => text.slice(p.start, p.end))).toEqual([
      'One.\nStill one.',
      'Two.',
      'Three.',
    ]);
  });
});

describe('textStatistics', () => {
  it.each(['', '   \n\n  ', '...', '!!!', '😀'])('gives a zero, finite, valid result for %j', (text) => {
    const stats = textStatistics(text);
    expect(textStatisticsSchema.parse(stats)).toEqual(stats);
    expect(allFinite(stats)).toBe(true);
    expect(stats.counts.words).toBe(0);
    expect(stats.readability.fleschReadingEase).toBe(0);
  });

  it('handles a single word without NaN', () => {
    const stats = textStatistics('Hello');
    expect(stats.counts).toMatchObject({ words: 1, sentences: 1, paragraphs: 1, syllables: 2 });
    expect(allFinite(stats)).toBe(true);
  });

  it('counts characters as code points, with and without whitespace', () => {
    const stats = textStatistics('Hi 😀 there');
    expect(stats.counts.characters).toBe(10);
    expect(stats.counts.charactersNoSpaces).toBe(8);
  });

  it(`derives reading time at ${READING_WPM} wpm and speaking time at ${SPEAKING_WPM} wpm`, () => {
    const text = 'word '.repeat(476);
    expect(textStatistics(text).counts.readingTimeSeconds).toBe(120);
    expect(textStatistics(text).counts.speakingTimeSeconds).toBe(190);
  });
});

describe('sentenceLengths', () => {
  it('buckets lengths and gives mean, population sd and coefficient of variation', () => {
    const result = sentenceLengths([4, 8, 12, 45]);
    expect(result.buckets.map((b) => b.sentences)).toEqual([1, 1, 1, 0, 0, 0, 0, 1]);
    expect(result.mean).toBe(17.25);
    expect(result.standardDeviation).toBeCloseTo(16.269, 3);
    expect(result.coefficientOfVariation).toBeCloseTo(0.943, 3);
    expect(result).toMatchObject({ longest: 45, shortest: 4 });
  });

  it('is all zeros without sentences', () => {
    expect(sentenceLengths([])).toMatchObject({ mean: 0, standardDeviation: 0, coefficientOfVariation: 0 });
  });
});
