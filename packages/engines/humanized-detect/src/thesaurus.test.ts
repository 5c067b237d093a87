import { describe, expect, it } from 'vitest';
import { defaultThesaurus, Thesaurus } from './thesaurus.js';

describe('Thesaurus', () => {
  const thesaurus = new Thesaurus({ source: 'test', notice: '', groups: ['company firm', 'policy plan', 'box case'] });

  it('gives each word of a group the others, both ways', () => {
    expect(thesaurus.synonymsOf('firm')).toEqual(['company']);
    expect(thesaurus.synonymsOf('company')).toEqual(['firm']);
    expect(thesaurus.synonymsOf('zebra')).toEqual([]);
  });

  it('reads a plural noun as its singular and gives the synonyms in the plural', () => {
    expect(thesaurus.synonymsOf('firms')).toEqual(['companies']);
    expect(thesaurus.synonymsOf('policies')).toEqual(['plans']);
    expect(thesaurus.synonymsOf('boxes')).toEqual(['cases']);
    expect(thesaurus.synonymsOf('cases')).toEqual(['boxes']);
  });

  it('ships WordNet’s adjective satellites with their heads', () => {
    expect(defaultThesaurus().synonymsOf('profound')).toContain('deep');
  });
});
