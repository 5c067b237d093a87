// Writes model/thesaurus.json, the synonyms the Humanized Text Detector tries when it checks a word pair that is rare in
// English (src/word-choice.ts): WordNet 3.0's one-word synonyms, read from Debian's wordnet-base
// (apt-get install wordnet-base, or WORDNET_DIR), kept where the general-English model knows every word. Run with
// `npx tsx packages/engines/humanized-detect/training/thesaurus.ts`; a few seconds.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultDetectorModel } from '@candor/engine-ai-detect';
import type { ThesaurusFile } from '../src/thesaurus.js';

const WORDNET_DIR = process.env.WORDNET_DIR ?? '/usr/share/wordnet';
const OUT = path.resolve(import.meta.dirname, '../model/thesaurus.json');
const SOURCE = 'WordNet 3.0 (Debian wordnet-base 1:3.0-37), synsets and adjective satellites with their heads';
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

if (!existsSync(path.join(WORDNET_DIR, 'data.noun'))) {
  throw new Error(`WordNet is missing from ${WORDNET_DIR}: apt-get install wordnet-base, or point WORDNET_DIR at it`);
}
const english = defaultDetectorModel().englishLanguageModel;

interface Synset {
  words: string[];
  /** Heads of an adjective satellite ("similar to" pointers from an `s` synset). */
  heads: string[];
}

/** data.* lines: offset, lexicographer file, type, word count (hex), words with lex ids, pointers, | gloss. */
function readSynsets(pos: string): Map<string, Synset> {
  const synsets = new Map<string, Synset>();
  for (const line of readFileSync(path.join(WORDNET_DIR, `data.${pos}`), 'latin1').split('\n')) {
    if (!/^\d/.test(line)) continue;
    const fields = line.split(' | ')[0]?.split(' ') ?? [];
    const [offset, , type, count] = fields as [string, string, string, string];
    const wordCount = Number.parseInt(count, 16);
    const words = Array.from({ length: wordCount }, (_, k) => (fields[4 + 2 * k] as string).replace(/\(.*\)$/, ''));
    const pointers = Number(fields[4 + 2 * wordCount]);
    const heads: string[] = [];
    for (let p = 0; p < pointers; p++) {
      const at = 5 + 2 * wordCount + 4 * p;
      if (type === 's' && fields[at] === '&') heads.push(fields[at + 1] as string);
    }
    synsets.set(offset, { words, heads });
  }
  return synsets;
}

const usable = (word: string) => /^[a-z]+$/.test(word) && english.knows(word);
const groups = new Set<string>();
for (const pos of ['noun', 'verb', 'adj', 'adv']) {
  const synsets = readSynsets(pos);
  for (const synset of synsets.values()) {
    const words = new Set(synset.words.map((word) => word.toLowerCase()));
    // "profound" is a satellite of "deep": a spinner's thesaurus lists them together.
    for (const head of synset.heads) for (const word of synsets.get(head)?.words ?? []) words.add(word.toLowerCase());
    const kept = [...words].filter(usable).sort();
    if (kept.length > 1) groups.add(kept.join(' '));
  }
}
const file: ThesaurusFile = { source: SOURCE, notice: NOTICE, groups: [...groups].sort() };
// One group a line, as the formatter writes JSON, so a rebuild diffs cleanly.
const json = `${JSON.stringify(file, null, 2)}\n`;
writeFileSync(OUT, json);
console.info(`${file.groups.length} groups, ${(json.length / 1e6).toFixed(2)} MB → ${OUT}`);
