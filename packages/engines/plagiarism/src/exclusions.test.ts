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
    const body = 'The essay itself, long enough that its references are the smaller part.';
    for (const heading of ['Bibliography', 'Works Cited:', '## Sources', '  references  ', 'References\r']) {
      expect(exclusions(`${body}\n${heading}\nDoe, A. (1999). B.`, { excludeReferences: true })).toHaveLength(1);
    }
    expect(exclusions(`${body}\nSee the references below.\nDoe, A. (1999).`, { excludeReferences: true })).toEqual([]);
  });

  it('excludes a reference list, not prose under a heading', () => {
    const references = [
      'References',
      'Smith, J. (2020). Lighthouses of the north. Harbour Press.',
      'Jones, K. et al. Keeping the light, pp. 12–40.',
      'https://example.org/lighthouses',
      'Brown, L. The keeper’s log. Sea Studies 4, 1987.',
    ].join('\n');
    const essay =
      'Lighthouses were kept by families for generations, and their logs tell us how the coast was watched. ' +
      'This essay follows one family through three storms, using the sources listed below.';
    expect(exclusions(`${essay}\n\n${references}`, { excludeReferences: true })).toHaveLength(1);
    // The same list as most of the text is not a text's reference list.
    expect(exclusions(`My essay.\n\n${references}`, { excludeReferences: true })).toEqual([]);
    const prose =
      'Every evening the keeper climbed the spiral stair, trimmed the wick and polished the great lens until it ' +
      'shone, because a smeared lens could hide the light from a ship only a few miles out in 1890.';
    expect(exclusions(`My essay.\n\nSources\n\n${prose}`, { excludeReferences: true })).toEqual([]);
    // Short paragraphs that mention years, under a heading after a longer essay, are prose too.
    const paragraphs = [
      'The lighthouse at the harbour mouth was first lit in 1847, and for sixty years one family kept it.',
      'By 1912 the lamp ran on paraffin, and the keeper’s log records every ship that passed in fog.',
    ].join('\n');
    expect(exclusions(`${essay} ${essay} ${essay}\n\nReferences\n${paragraphs}`, { excludeReferences: true })).toEqual(
      [],
    );
    expect(exclusions('My essay.\n\nSources\n\nNothing under it but two words.', { excludeReferences: true })).toEqual(
      [],
    );
  });

  it('does not let an unmatched quote mark swallow the following paragraphs, whatever their line ends', () => {
    for (const paragraphBreak of ['\n\n', '\r\n\r\n', '\n \n']) {
      const ranges = exclusions(`A 12" ruler.${paragraphBreak}Another "para".`, { excludeQuotations: true });
      expect(ranges).toHaveLength(1);
    }
  });

  it('excludes nothing unless asked', () => {
    expect(exclusions(text, {})).toEqual([]);
  });
});
