// The hand-written international PII corpus (bench/data/pii-international.txt): addresses, postcodes, dates, times,
// organisations, places and phone numbers in the formats of many countries, plus hard negatives. See the file's header
// for its markup and labelling rules.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type PiiEntityType, piiEntityTypes } from '@candor/engine-pii';
import type { CorpusDocument, GoldSpan } from './pii-corpus.js';

const FILE = path.join(import.meta.dirname, 'data', 'pii-international.txt');

export interface InternationalLine extends CorpusDocument {
  section: string;
}

/** The labelled lines, each a document: sections named "negatives…" are hard-negative documents. */
export function internationalCorpus(file = FILE): InternationalLine[] {
  const known = new Set<string>(piiEntityTypes);
  const lines: InternationalLine[] = [];
  let section = '';
  for (const [n, raw] of readFileSync(file, 'utf8').split('\n').entries()) {
    if (raw.trim() === '' || raw.startsWith('#')) continue;
    if (raw.startsWith('@ ')) {
      section = raw.slice(2).trim();
      continue;
    }
    const marked = raw.replace(/\\n/g, '\n');
    let text = '';
    const entities: GoldSpan[] = [];
    let last = 0;
    for (const m of marked.matchAll(/\[\[([A-Z_]+)\|(.*?)\]\]/gs)) {
      const type = m[1] as string;
      if (!known.has(type)) throw new Error(`${path.basename(file)}:${n + 1}: unknown entity ${type}`);
      text += marked.slice(last, m.index);
      const value = m[2] as string;
      entities.push({ start: text.length, end: text.length + value.length, type: type as PiiEntityType });
      text += value;
      last = m.index + m[0].length;
    }
    text += marked.slice(last);
    if (text.includes('[[') || text.includes(']]')) throw new Error(`${path.basename(file)}:${n + 1}: broken markup`);
    lines.push({
      id: `${section}:${n + 1}`,
      section,
      text,
      kind: section.startsWith('negatives') ? 'hard-negative' : 'positive',
      entities,
      lookalikes: [],
    });
  }
  return lines;
}
