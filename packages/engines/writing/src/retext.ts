import retextEnglish from 'retext-english';
import retextEquality from 'retext-equality';
import retextIntensify from 'retext-intensify';
import retextPassive from 'retext-passive';
import retextRepeatedWords from 'retext-repeated-words';
import retextSimplify from 'retext-simplify';
import { unified } from 'unified';
import { VFile } from 'vfile';
import type { IssueKind } from './report.schema.js';

export interface RawIssue {
  kind: IssueKind;
  start: number;
  end: number;
  message: string;
  suggestions: string[];
  source: string;
  ruleId: string | null;
}

// retext-intensify calls "that" a weasel word everywhere; flagged in every other sentence it is noise.
const IGNORED_INTENSIFIERS = ['that'];

// One frozen processor for every call: the plugins are pure and synchronous.
const processor = unified()
  .use(retextEnglish)
  .use(retextPassive)
  .use(retextSimplify)
  .use(retextEquality)
  .use(retextRepeatedWords)
  .use(retextIntensify, { ignore: IGNORED_INTENSIFIERS })
  .freeze();

const KIND_BY_SOURCE: Record<string, IssueKind> = {
  'retext-passive': 'passive-voice',
  'retext-simplify': 'simpler-alternative',
  'retext-equality': 'inclusive-language',
  'retext-repeated-words': 'repeated-word',
  'retext-intensify': 'weak-word',
};

/** Passive voice, simpler alternatives, inclusive language, doubled words and weak words, from the retext family. */
export function retextIssues(text: string): RawIssue[] {
  const file = new VFile(text);
  processor.runSync(processor.parse(file), file);
  const issues: RawIssue[] = [];
  for (const m of file.messages) {
    const kind = KIND_BY_SOURCE[m.source ?? ''];
    const start = m.place && 'start' in m.place ? m.place.start.offset : undefined;
    const end = m.place && 'end' in m.place ? m.place.end.offset : undefined;
    if (!kind || start === undefined || end === undefined) continue;
    const actual = text.slice(start, end);
    const suggestions = suggestionsFor(kind, m.expected ?? []);
    // retext-simplify without a replacement means "omit it": that is a weak word, not an alternative.
    const finalKind = kind === 'simpler-alternative' && suggestions.length === 0 ? 'weak-word' : kind;
    issues.push({
      kind: finalKind,
      start,
      end,
      message: messageFor(finalKind, actual, m.reason, m.ruleId),
      suggestions,
      source: m.source ?? 'retext',
      ruleId: m.ruleId ?? null,
    });
  }
  return issues;
}

function messageFor(kind: IssueKind, actual: string, reason: string, ruleId: string | undefined): string {
  switch (kind) {
    case 'passive-voice':
      return `“${actual}” may be passive voice; an active verb usually reads more directly.`;
    case 'simpler-alternative':
      return `“${actual}” has a simpler alternative.`;
    case 'inclusive-language':
      return reason
        .replace(/^Unexpected potentially/, 'Potentially')
        .replace(/somes cases/, 'some cases')
        .replace(/`([^`]*)`/g, '“$1”');
    case 'repeated-word':
      return `“${actual}” repeats a word; remove one occurrence.`;
    case 'weak-word':
      return ruleId === 'weasel' || ruleId === 'hedge' || ruleId === 'filler'
        ? `“${actual}” is a ${ruleId} word; it often weakens the sentence.`
        : `“${actual}” can usually be left out.`;
    default:
      return reason.replace(/^Unexpected /, '').replace(/somes cases/, 'some cases');
  }
}

function suggestionsFor(kind: IssueKind, expected: ReadonlyArray<string | null | undefined>): string[] {
  // retext-repeated-words "expects" the single word, which is the replacement for the doubled span.
  const list = expected.filter((e): e is string => typeof e === 'string');
  if (kind === 'simpler-alternative') return list.filter((e) => !e.startsWith('(') && e !== '');
  return list;
}
