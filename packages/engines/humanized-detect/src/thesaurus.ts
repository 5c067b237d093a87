import thesaurusFile from '../model/thesaurus.json' with { type: 'json' };

/** model/thesaurus.json, written by training/thesaurus.ts. */
export interface ThesaurusFile {
  source: string;
  /** The licence's copyright notice, which must travel with the data. */
  notice: string;
  /** Words that share a sense, space-separated. */
  groups: string[];
}

/** One-word synonyms: what a word spinner might have put in a word's place, or taken out of it. */
export class Thesaurus {
  private readonly synonyms = new Map<string, Set<string>>();

  constructor(file: ThesaurusFile) {
    for (const group of file.groups) {
      const words = group.split(' ');
      for (const word of words) {
        const set = this.synonyms.get(word) ?? new Set<string>();
        this.synonyms.set(word, set);
        for (const other of words) if (other !== word) set.add(other);
      }
    }
  }

  /** The word's synonyms; a plural noun's are the singular's, made plural the same way. */
  synonymsOf(word: string): string[] {
    const direct = this.synonyms.get(word);
    if (direct) return [...direct];
    for (const [ending, singular] of PLURALS) {
      if (!word.endsWith(ending) || word.length <= ending.length + 2) continue;
      const found = this.synonyms.get(word.slice(0, -ending.length) + singular);
      if (found) return [...found].map(plural);
    }
    return [];
  }
}

function plural(noun: string): string {
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return /(?:s|x|z|ch|sh)$/.test(noun) ? `${noun}es` : `${noun}s`;
}

/** Plural endings and what the singular ends with instead: "policies" → "policy", "boxes" → "box", "firms" → "firm". */
const PLURALS: readonly (readonly [string, string])[] = [
  ['ies', 'y'],
  ['es', ''],
  ['s', ''],
];

let shared: Thesaurus | undefined;
/** The committed thesaurus, read once per thread. */
export function defaultThesaurus(): Thesaurus {
  shared ??= new Thesaurus(thesaurusFile as ThesaurusFile);
  return shared;
}
