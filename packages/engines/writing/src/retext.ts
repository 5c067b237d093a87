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

// retext-intensify's lists hold everyday words that hedge only now and then; flagged everywhere they are noise
// ("the workshops start in March", "every manager will receive", "results were better than expected").
const IGNORED_INTENSIFIERS = [
  // Verbs and modals that state a fact or an obligation far more often than they hedge.
  ...['begin', 'began', 'start', 'started', 'try', 'can', 'will', 'must', 'should', 'say', 'says', 'read'],
  ...['find', 'finds', 'found', 'acts', 'helps', 'works', 'supports', 'gains', 'combats', 'decided'],
  // What someone saw or did: plain narration, not a hedge.
  ...['saw', 'heard', 'felt', 'looked', 'noticed', 'watched', 'touched', 'smelled', 'wanted', 'wished', 'knew'],
  // Comparisons and judgements that carry the sentence's meaning.
  ...['better', 'effective', 'efficient', 'useful', 'improved', 'excellent', 'expert', 'experts'],
  // Prepositions, particles and linking words ("a book about", "as well", "so that").
  ...['about', 'around', 'over', 'up', 'down', 'back', 'again', 'also', 'already', 'still', 'then', 'only'],
  ...['even', 'ever', 'own', 'far', 'close', 'all', 'like', 'well', 'right', 'real', 'so', 'that'],
];

// retext-equality's rules without a kinder alternative are about talking down ("basically", "just", "obviously"),
// not about excluding anyone: they are weak words, and its other rules stay inclusive language.
const CONDESCENDING = new Set([
  'basically',
  'clearly',
  'easy',
  'everyone-knows',
  'just',
  'obvious',
  'of-course',
  'simple',
  'straightforward',
]);

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
    const condescending = kind === 'inclusive-language' && CONDESCENDING.has(m.ruleId ?? '');
    // retext-simplify without a replacement means "omit it": that is a weak word, not an alternative.
    const omit = kind === 'simpler-alternative' && suggestions.length === 0;
    const finalKind = condescending || omit ? 'weak-word' : kind;
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
      if (ruleId === 'weasel' || ruleId === 'hedge' || ruleId === 'filler') {
        return `“${actual}” is a ${ruleId} word; it often weakens the sentence.`;
      }
      if (CONDESCENDING.has(ruleId ?? '')) {
        return `“${actual}” can talk down to a reader who finds it harder than you do; it can usually be left out.`;
      }
      return `“${actual}” can usually be left out.`;
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
