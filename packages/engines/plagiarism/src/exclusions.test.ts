import { describe, expect, it } from 'vitest';
import { exclusions } from './exclusions.js';

describe('exclusions', () => {
  const text =
    'He said "to be or not" and “so it goes”.\n> a block quote\nBody.\n\nReferences\nSmith, J. (2020). "A title".';

  it('finds straight, curly and block quotations', () => {
    const ranges = exclusions(text, { excludeQuotations: true });
    expect(ranges.map((r) => text.slice(r.start, r.end))).toEqual([
      '"to be or not"',
      '“so it goes”',
      '> a block quote',
      '"A title"',
    ]);
    expect(ranges.every((r) => r.reason === 'quotation')).toBe(true);
  });

  it('finds the trailing references section and absorbs quotations inside it', () => {
    const ranges = exclusions(text, { excludeQuotations: true, excludeReferences: true });
    expect(ranges.at(-1)).toEqual({ start: text.indexOf('References'), end: text.length, reason: 'references' });
    expect(ranges).toHaveLength(4);
  });

  it('accepts the synonyms, a colon and a markdown heading, but not the word inside a sentence', () => {
    for (const heading of ['Bibliography', 'Works Cited:', '## Sources', '  references  ']) {
      expect(exclusions(`Text.\n${heading}\nA. B.`, { excludeReferences: true })).toHaveLength(1);
    }
    expect(exclusions('See the references below.\nMore.', { excludeReferences: true })).toEqual([]);
  });

  it('does not let an unmatched quote mark swallow the following paragraphs', () => {
    const ranges = exclusions('A 12" ruler.\n\nAnother "para".', { excludeQuotations: true });
    expect(ranges).toHaveLength(1);
  });

  it('excludes nothing unless asked', () => {
    expect(exclusions(text, {})).toEqual([]);
  });
});
