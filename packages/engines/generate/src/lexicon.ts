import lexiconFile from '../model/lexicon.json' with { type: 'json' };

export type LexiconPos = 'noun' | 'verb' | 'adj' | 'adv';
export const lexiconPos: readonly LexiconPos[] = ['noun', 'verb', 'adj', 'adv'];

/** model/lexicon.json, written by training/lexicon.ts from WordNet 3.0. */
export interface LexiconFile {
  source: string;
  /** The licence's copyright notice, which must travel with the data. */
  notice: string;
  /** Per part of speech: a lemma and the synonyms of its dominant sense, best first. */
  synonyms: Record<LexiconPos, Record<string, string[]>>;
  /** More synonyms under looser rules, for the strong rewrite only. */
  looseSynonyms: Record<LexiconPos, Record<string, string[]>>;
  /** Per part of speech: each lemma's inflected forms (base, plural; third, past, participle, gerund). */
  forms: Partial<Record<LexiconPos, Record<string, Record<string, string>>>>;
  /** Surface forms WordNet lists under more than one part of speech ("purchase", "studies"). */
  ambiguous: string[];
}

/** How a surface word reads: its lemma, part of speech and which form of the lemma it is. */
export interface Reading {
  lemma: string;
  pos: LexiconPos;
  form: string;
}

/** Synonym lookup with inflection: "studies" (noun, plural) → "surveys" only when the table says both forms exist. */
export class Lexicon {
  private readonly readings = new Map<string, Reading[]>();
  private readonly synonymSets = new Map<string, Set<string>>();
  private readonly ambiguous: Set<string>;

  constructor(private readonly file: LexiconFile) {
    this.ambiguous = new Set(file.ambiguous);
    for (const pos of lexiconPos) {
      for (const [lemma, forms] of Object.entries(file.forms[pos] ?? {})) {
        for (const [form, surface] of Object.entries(forms)) {
          const list = this.readings.get(surface) ?? [];
          list.push({ lemma, pos, form });
          this.readings.set(surface, list);
        }
      }
      for (const [lemma, synonyms] of [
        ...Object.entries(file.synonyms[pos]),
        ...Object.entries(file.looseSynonyms[pos]),
      ]) {
        for (const synonym of synonyms) {
          this.link(lemma, synonym);
          this.link(synonym, lemma);
        }
      }
    }
  }

  private link(a: string, b: string) {
    const set = this.synonymSets.get(a) ?? new Set<string>();
    set.add(b);
    this.synonymSets.set(a, set);
  }

  /** The readings of a lower-cased surface word; empty when the lexicon doesn't know it. */
  readingsOf(word: string): readonly Reading[] {
    return this.readings.get(word) ?? [];
  }

  /** Synonyms of `reading` in the same form, best first ("wrote" → ["authored"] only when both forms exist). */
  synonymsOf(reading: Reading, loose = false): string[] {
    const out: string[] = [];
    const lemmas = this.file.synonyms[reading.pos][reading.lemma] ?? [];
    const more = loose ? (this.file.looseSynonyms[reading.pos][reading.lemma] ?? []) : [];
    for (const lemma of [...lemmas, ...more]) {
      const surface = this.file.forms[reading.pos]?.[lemma]?.[reading.form];
      if (surface) out.push(surface);
    }
    return out;
  }

  /** Whether the word may be more than one part of speech, so only its context can say which it is. */
  isAmbiguous(word: string): boolean {
    return this.ambiguous.has(word);
  }

  /** A lemma's form ("write", verb, "past" → "wrote"), when the table has it. */
  formOf(lemma: string, pos: LexiconPos, form: string): string | undefined {
    return this.file.forms[pos]?.[lemma]?.[form];
  }

  /** Whether two lemmas share a listed sense (either direction): a meaning score counts such a swap as kept. */
  areSynonyms(a: string, b: string): boolean {
    return this.synonymSets.get(a)?.has(b) ?? false;
  }

  /** Every lemma a surface word may stand for. */
  lemmasOf(word: string): string[] {
    return [...new Set(this.readingsOf(word).map((reading) => reading.lemma))];
  }
}

let shared: Lexicon | undefined;
/** The committed lexicon, read once per thread. */
export function defaultLexicon(): Lexicon {
  shared ??= new Lexicon(lexiconFile as unknown as LexiconFile);
  return shared;
}
