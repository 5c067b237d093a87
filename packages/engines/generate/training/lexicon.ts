// Writes model/lexicon.json, the synonyms the paraphraser may use: WordNet 3.0 read from Debian's wordnet-base
// (apt-get install wordnet-base, or WORDNET_DIR), kept only where a word's most frequent sense dominates its tagged
// uses and the synonym names that sense first or second too — the filter that keeps "counterfeit" away from
// "artificial". Inflected forms come from compromise's conjugator, so the engine never guesses morphology at run time.
// Run with `npx tsx packages/engines/generate/training/lexicon.ts`; about twenty seconds.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultDetectorModel } from '@candor/engine-ai-detect';
import nlp from 'compromise';
import type { LexiconFile, LexiconPos } from '../src/lexicon.js';

const WORDNET_DIR = process.env.WORDNET_DIR ?? '/usr/share/wordnet';
const OUT = path.resolve(import.meta.dirname, '../model/lexicon.json');
const SOURCE = 'WordNet 3.0 (Debian wordnet-base 1:3.0-37): first senses and their SemCor tag counts (cntlist.rev)';
// The licence asks for its notice and disclaimer on every copy, modified ones included.
const NOTICE =
  'WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. Permission to use, copy, modify and ' +
  'distribute this software and database and its documentation for any purpose and without fee or royalty is hereby ' +
  'granted, provided that you agree to comply with the following copyright notice and statements, including the ' +
  'disclaimer, and that the same appear on ALL copies of the software, database and documentation, including ' +
  'modifications that you make for internal use or for distribution. THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" ' +
  'AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. BY WAY OF EXAMPLE, BUT NOT ' +
  'LIMITATION, PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES OF MERCHANT-ABILITY OR FITNESS FOR ANY ' +
  'PARTICULAR PURPOSE OR THAT THE USE OF THE LICENSED SOFTWARE, DATABASE OR DOCUMENTATION WILL NOT INFRINGE ANY THIRD ' +
  'PARTY PATENTS, COPYRIGHTS, TRADEMARKS OR OTHER RIGHTS. The name of Princeton University or Princeton may not be ' +
  'used in advertising or publicity pertaining to distribution of the software and/or database. Title to copyright ' +
  'in this software, database and any associated documentation shall at all times remain with Princeton University ' +
  'and LICENSEE agrees to preserve same.';

/**
 * Two tiers. A word's most frequent sense must hold at least `dominance` of its tagged uses over every part of speech,
 * the word must be tagged at least `tagged` times (so the share means something), and a synonym must use that sense
 * for at least `synonymShare` of its own tagged uses. The strict tier serves every strength; the loose one only the
 * strong rewrite, still behind the run-time fluency and collocation checks.
 */
const TIERS = {
  strict: { dominance: 0.5, tagged: 5, synonymShare: 0.3 },
  loose: { dominance: 0.35, tagged: 3, synonymShare: 0.15 },
} as const;
/** Words rarer than this in general English (natural log) are neither replaced nor put in. */
const MIN_LOG_FREQUENCY = -13.5;

if (!existsSync(path.join(WORDNET_DIR, 'data.noun'))) {
  throw new Error(`WordNet is missing from ${WORDNET_DIR}: apt-get install wordnet-base, or point WORDNET_DIR at it`);
}
const english = defaultDetectorModel().englishLanguageModel;
const common = (word: string) => (english.unigramLogProbabilityOf(word) ?? -Infinity) >= MIN_LOG_FREQUENCY;

const POS_FILES = { noun: 'noun', verb: 'verb', adj: 'adj', adv: 'adv' } as const;
const SS_TYPE_NUMBER: Record<string, number> = { n: 1, v: 2, a: 3, r: 4, s: 5 };

interface Synset {
  pos: LexiconPos;
  lexFile: string;
  type: string;
  words: { word: string; lexId: number }[];
  /** For adjective satellites: the head word and its lex id, which their sense keys name. */
  head: { word: string; lexId: number } | null;
}

const synsets = new Map<string, Synset>();
const headPointers = new Map<string, string>();
for (const [pos, file] of Object.entries(POS_FILES) as [LexiconPos, string][]) {
  for (const line of readFileSync(path.join(WORDNET_DIR, `data.${file}`), 'latin1').split('\n')) {
    if (!/^\d/.test(line)) continue;
    const fields = line.split(' | ')[0]?.split(' ') ?? [];
    const [offset, lexFile, type, count] = fields as [string, string, string, string];
    const wordCount = Number.parseInt(count, 16);
    const words = Array.from({ length: wordCount }, (_, k) => ({
      // Case is kept: "August" and "Christ" are names, never synonyms of "august" or "savior".
      word: (fields[4 + 2 * k] as string).replace(/\(.*\)$/, ''),
      lexId: Number.parseInt(fields[5 + 2 * k] as string, 16),
    }));
    const pointers = Number(fields[4 + 2 * wordCount]);
    for (let p = 0; p < pointers; p++) {
      const at = 5 + 2 * wordCount + 4 * p;
      if (type === 's' && fields[at] === '&') headPointers.set(`${pos}:${offset}`, `${pos}:${fields[at + 1]}`);
    }
    synsets.set(`${pos}:${offset}`, { pos, lexFile, type, words, head: null });
  }
}
for (const [key, head] of headPointers) {
  const synset = synsets.get(key);
  const first = synsets.get(head)?.words[0];
  if (synset && first) synset.head = first;
}

const tagCounts = new Map<string, number>();
for (const line of readFileSync(path.join(WORDNET_DIR, 'cntlist.rev'), 'latin1').split('\n')) {
  const [key, , count] = line.split(' ');
  if (key && count) tagCounts.set(key.toLowerCase(), Number(count));
}

function senseKey(word: string, synset: Synset, lexId: number): string {
  const type = SS_TYPE_NUMBER[synset.type] as number;
  const head =
    synset.type === 's' && synset.head ? `${synset.head.word}:${String(synset.head.lexId).padStart(2, '0')}` : ':';
  return `${word}%${type}:${synset.lexFile}:${String(lexId).padStart(2, '0')}:${head}`;
}

/** Tagged uses of `word` in `synset` (SemCor counts; 0 when untagged). */
function usesOf(word: string, synsetKey: string): number {
  const synset = synsets.get(synsetKey);
  const entry = synset?.words.find((w) => w.word.toLowerCase() === word);
  if (!synset || !entry) return 0;
  return tagCounts.get(senseKey(word, synset, entry.lexId)) ?? 0;
}

/** Each word's senses per part of speech, most frequent first (index.* order). */
const senses = new Map<string, Map<LexiconPos, string[]>>();
for (const [pos, file] of Object.entries(POS_FILES) as [LexiconPos, string][]) {
  for (const line of readFileSync(path.join(WORDNET_DIR, `index.${file}`), 'latin1').split('\n')) {
    if (line.startsWith(' ') || !line.trim()) continue;
    const fields = line.trim().split(' ');
    const word = fields[0] as string;
    const synsetCount = Number(fields[2]);
    const offsets = fields.slice(fields.length - synsetCount);
    const byPos = senses.get(word) ?? new Map<LexiconPos, string[]>();
    byPos.set(
      pos,
      offsets.map((offset) => `${pos}:${offset}`),
    );
    senses.set(word, byPos);
  }
}

function totalUses(word: string): number {
  let total = 0;
  for (const keys of senses.get(word)?.values() ?? []) for (const key of keys) total += usesOf(word, key);
  return total;
}

/** Pairs WordNet lists together that read wrong in running prose (checked by eye on the dataset's essays). */
const BLOCKED = new Set(
  [
    'bullet slug',
    'alignment coalition',
    'plant works',
    'red crimson',
    'consist dwell',
    'men manpower',
    'grade class',
    'terminal depot',
    'papers document',
    'detect observe',
    'being existence',
    'engagement battle',
    'lad fellow',
    'lad fella',
    'lad chap',
    'lad bloke',
    'person soul',
    'person mortal',
    'mind psyche',
    'prey target',
    'respective various',
    'respective several',
    'away forth',
    'rather instead',
    'matching twin',
    'glaring blazing',
    'heroic epic',
    'challenging ambitious',
    'damn goddamn',
    'darned damned',
    'fathom penetrate',
    'smash blast',
    'limp hitch',
    'coil spiral',
    'travel move',
    'notify advise',
    'surplus redundant',
    'central cardinal',
    'reserves militia',
    'clash crash',
    'supply render',
    'apply utilize',
    'apply employ',
    'use utilize',
    'use employ',
    'employ utilize',
    'woods forest',
    'outlook mentality',
    'promotion publicity',
    'task undertaking',
    'dad papa',
    'mama mommy',
    'observed discovered',
    'authorities regime',
    'authorities government',
    'determination finding',
    'communication communicating',
    'delightful delicious',
    'remarkable singular',
    'comprehend savvy',
    'merely but',
    'dig delve',
    'christ savior',
  ].flatMap((pair) => [pair, pair.split(' ').reverse().join(' ')]),
);
const isClipping = (a: string, b: string) =>
  a.length < b.length ? b.startsWith(a.slice(0, 3)) : a.startsWith(b.slice(0, 3));
const usable = (word: string) => /^[a-z]{3,}$/.test(word) && english.knows(word) && common(word);

function synonymTable(tier: (typeof TIERS)[keyof typeof TIERS]): Record<LexiconPos, Record<string, string[]>> {
  const table: Record<LexiconPos, Record<string, string[]>> = { noun: {}, verb: {}, adj: {}, adv: {} };
  for (const [word, byPos] of senses) {
    if (!usable(word)) continue;
    const total = totalUses(word);
    if (total < tier.tagged) continue;
    for (const [pos, keys] of byPos) {
      const first = keys[0] as string;
      if (usesOf(word, first) / total < tier.dominance) continue;
      const synset = synsets.get(first);
      if (!synset) continue;
      // A name in the synset ("Christ", "Aug") is not a synonym, and neither is a clipping ("ammo", "champ").
      if (!synset.words.some((w) => w.word === word)) continue;
      const kept = synset.words
        .map((candidate) => candidate.word)
        .filter((candidate) => candidate !== word && usable(candidate) && !isClipping(candidate, word))
        .filter((candidate) => !BLOCKED.has(`${word} ${candidate}`))
        .map((candidate) => ({ candidate, uses: usesOf(candidate, first), total: totalUses(candidate) }))
        .filter(({ uses, total: all }) => all > 0 && uses / all >= tier.synonymShare)
        .filter(({ candidate }) => (senses.get(candidate)?.get(pos)?.indexOf(first) ?? 9) <= 1)
        .sort((a, b) => b.uses - a.uses)
        .map(({ candidate }) => candidate);
      if (kept.length > 0) table[pos][word] = kept;
    }
  }
  return table;
}
const synonymsByPos = synonymTable(TIERS.strict);
const looseByPos = synonymTable(TIERS.loose);
for (const pos of Object.keys(looseByPos) as LexiconPos[]) {
  for (const [word, list] of Object.entries(looseByPos[pos])) {
    const strict = new Set(synonymsByPos[pos][word] ?? []);
    const extra = list.filter((candidate) => !strict.has(candidate));
    if (extra.length > 0) looseByPos[pos][word] = extra;
    else delete looseByPos[pos][word];
  }
}

/** Inflected forms, by compromise's conjugator and pluraliser; only forms the English model knows are kept. */
function formsOf(word: string, pos: LexiconPos): Record<string, string> {
  const known = (form: string | undefined) => (form && english.knows(form) ? form : undefined);
  const forms: Record<string, string> = { base: word };
  if (pos === 'noun') {
    const plural = known(nlp(word).nouns().toPlural().text().toLowerCase());
    if (plural && plural !== word) forms.plural = plural;
  } else if (pos === 'verb') {
    const conjugated = (nlp(word).verbs().conjugate()[0] ?? {}) as Record<string, string | undefined>;
    const set = (name: string, value: string | undefined) => {
      const form = known(value?.toLowerCase());
      if (form) forms[name] = form;
    };
    set('third', conjugated.PresentTense);
    set('past', conjugated.PastTense);
    set('participle', conjugated.Participle ?? conjugated.PastTense);
    set('gerund', conjugated.Gerund);
  }
  return forms;
}

const forms: LexiconFile['forms'] = {};
for (const pos of Object.keys(synonymsByPos) as LexiconPos[]) {
  const table: Record<string, Record<string, string>> = {};
  for (const source of [synonymsByPos, looseByPos]) {
    for (const [word, synonyms] of Object.entries(source[pos])) {
      for (const lemma of [word, ...synonyms]) table[lemma] ??= formsOf(lemma, pos);
    }
  }
  forms[pos] = table;
}

// WordNet's morphy: a surface form's base under each part of speech (exception lists, then suffix rules).
const exceptions: Record<LexiconPos, Map<string, string[]>> = {
  noun: new Map(),
  verb: new Map(),
  adj: new Map(),
  adv: new Map(),
};
for (const [pos, file] of Object.entries(POS_FILES) as [LexiconPos, string][]) {
  for (const line of readFileSync(path.join(WORDNET_DIR, `${file}.exc`), 'latin1').split('\n')) {
    const [surface, ...bases] = line.trim().split(' ');
    if (surface && bases.length > 0) exceptions[pos].set(surface, bases);
  }
}
const SUFFIXES: Record<LexiconPos, [string, string][]> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  adv: [],
};
function partsOfSpeech(surface: string): LexiconPos[] {
  const found: LexiconPos[] = [];
  for (const pos of Object.keys(POS_FILES) as LexiconPos[]) {
    const bases = [surface, ...(exceptions[pos].get(surface) ?? [])];
    for (const [suffix, replacement] of SUFFIXES[pos]) {
      if (surface.endsWith(suffix)) bases.push(surface.slice(0, -suffix.length) + replacement);
    }
    if (bases.some((base) => senses.get(base)?.has(pos))) found.push(pos);
  }
  return found;
}
/** Surface forms WordNet lists under more than one part of speech: only their context may tell which one is meant. */
const ambiguous = new Set<string>();
for (const table of Object.values(forms)) {
  for (const lemmaForms of Object.values(table ?? {})) {
    for (const surface of Object.values(lemmaForms)) if (partsOfSpeech(surface).length > 1) ambiguous.add(surface);
  }
}

const file: LexiconFile = {
  source: SOURCE,
  notice: NOTICE,
  synonyms: synonymsByPos,
  looseSynonyms: looseByPos,
  forms,
  ambiguous: [...ambiguous].sort(),
};
writeFileSync(OUT, `${JSON.stringify(file)}\n`);
const counts = Object.entries(synonymsByPos).map(
  ([pos, table]) => `${pos} ${Object.keys(table).length} (+${Object.keys(looseByPos[pos as LexiconPos]).length} loose)`,
);
console.info(`${counts.join(', ')}; ${(JSON.stringify(file).length / 1e6).toFixed(2)} MB → ${OUT}`);
