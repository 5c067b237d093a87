import { describe, expect, it } from 'vitest';
import { widenMatch } from './widen-match.js';

/** A match over `inner` in both texts, as the index reports it (content words only), widened. */
function widened(query: string, source: string, inner: string, limit = { start: 0, end: query.length }) {
  const start = query.indexOf(inner);
  const sourceStart = source.indexOf(inner);
  const match = { start, end: start + inner.length, source_start: sourceStart, source_end: sourceStart + inner.length };
  const result = widenMatch(match, query, source, limit);
  return { query: query.slice(result.start, result.end), source: source.slice(result.source_start, result.source_end) };
}

describe('widenMatch', () => {
  it('grows over the function words and the full stop that both texts share', () => {
    const source = 'When our town opened a garden, we were glad. The end.';
    const query = 'I remember it well. When our town opened a garden, we were glad. Then I left.';
    expect(widened(query, source, 'town opened a garden, we were glad')).toEqual({
      query: 'When our town opened a garden, we were glad.',
      source: 'When our town opened a garden, we were glad.',
    });
  });

  it('takes punctuation attached to a word, not a full stop or bracket left over from the next sentence', () => {
    const source = 'It was late. “When our town opened a garden,” she said. (Then';
    const query = 'We were told. “When our town opened a garden,” she said. (Now';
    expect(widened(query, source, 'town opened a garden')).toEqual({
      query: '“When our town opened a garden,” she said.',
      source: '“When our town opened a garden,” she said.',
    });
  });

  it('reads case and any run of blanks alike, and stops where the texts differ', () => {
    const source = 'and so the keeper climbed the stair\nto the lamp';
    const query = 'And so  the keeper climbed the stair to a lamp';
    expect(widened(query, source, 'keeper climbed the stair')).toEqual({
      query: 'And so  the keeper climbed the stair to',
      source: 'and so the keeper climbed the stair\nto',
    });
  });

  it('never stops inside a word on either side', () => {
    // "hen our" is shared, but "When" and "then" are different words: the match stays at "town".
    expect(widened('When our town grew', 'then our town grew', 'town grew')).toEqual({
      query: 'our town grew',
      source: 'our town grew',
    });
    expect(widened('the towns garden', 'the town garden', 'garden')).toEqual({ query: 'garden', source: 'garden' });
    // Nor inside one held together by an apostrophe or a separator.
    expect(widened("I don't know the keeper", "I won't know the keeper", 'know the keeper')).toEqual({
      query: 'know the keeper',
      source: 'know the keeper',
    });
    expect(widened('about 1,500 keepers', 'about 2,500 keepers', 'keepers')).toEqual({
      query: 'keepers',
      source: 'keepers',
    });
  });

  it('keeps to its limit on the query side', () => {
    const source = 'we said that the keeper climbed the stair';
    const query = '“we said that” the keeper climbed the stair';
    const limit = { start: query.indexOf('”') + 1, end: query.length };
    expect(widened(query, source, 'keeper climbed the stair', limit)).toEqual({
      query: 'the keeper climbed the stair',
      source: 'the keeper climbed the stair',
    });
  });

  it('takes in a shared emoji whole, and never half of one', () => {
    expect(widened('x 😀 keeper climbed', 'y 😀 keeper climbed', 'keeper climbed')).toEqual({
      query: '😀 keeper climbed',
      source: '😀 keeper climbed',
    });
    // U+1F200 and U+1F600 share their second UTF-16 unit.
    expect(widened('x \u{1F200} keeper climbed', 'y \u{1F600} keeper climbed', 'keeper climbed')).toEqual({
      query: 'keeper climbed',
      source: 'keeper climbed',
    });
  });
});
