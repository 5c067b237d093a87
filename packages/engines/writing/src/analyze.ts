import { lexicalDiversity } from './mtld.js';
import {
  type IssueKind,
  issueKindSchema,
  type WritingIssue,
  type WritingOptions,
  type WritingReport,
} from './report.schema.js';
import { type RawIssue, retextIssues } from './retext.js';
import { spellingIssues } from './spelling.js';
import { segment, statisticsOf } from './statistics.js';
import { adverbIssues, longSentenceIssues, nearbyRepetitionIssues, regularPassiveIssues } from './style.js';

export const DEFAULT_OPTIONS = {
  maxSpellingSuggestions: 50,
  longSentenceWords: 30,
  repetitionWindow: 20,
} as const;

// When two issues flag the same passage, the one earlier in this list is kept: a doubled word is not also a
// "nearby repetition", a replacement beats advice without one, and "really" counts with the -ly adverbs.
const PRIORITY: IssueKind[] = [
  'spelling',
  'repeated-word',
  'inclusive-language',
  'passive-voice',
  'simpler-alternative',
  'adverb',
  'weak-word',
  'nearby-repetition',
  'long-sentence',
];

/** The full report: statistics, readability, lexical diversity and every issue, ordered by position. */
export function analyzeWriting(text: string, options: WritingOptions = {}): WritingReport {
  const disabled = new Set(options.disable ?? []);
  const seg = segment(text);
  const on = (kind: IssueKind) => !disabled.has(kind);
  const raw: RawIssue[] = [];
  if (seg.words.length > 0) {
    const retextKinds: IssueKind[] = [
      'passive-voice',
      'simpler-alternative',
      'inclusive-language',
      'repeated-word',
      'weak-word',
    ];
    if (retextKinds.some(on)) raw.push(...retextIssues(text).filter((i) => on(i.kind)));
    if (on('spelling')) {
      raw.push(
        ...spellingIssues(seg.words, {
          personalDictionary: options.personalDictionary ?? [],
          maxSuggestions: options.maxSpellingSuggestions ?? DEFAULT_OPTIONS.maxSpellingSuggestions,
        }),
      );
    }
    if (on('passive-voice')) raw.push(...regularPassiveIssues(text, seg.words));
    if (on('adverb')) raw.push(...adverbIssues(seg.words));
    if (on('nearby-repetition')) {
      raw.push(...nearbyRepetitionIssues(seg.words, options.repetitionWindow ?? DEFAULT_OPTIONS.repetitionWindow));
    }
    if (on('long-sentence')) {
      raw.push(...longSentenceIssues(seg.sentences, options.longSentenceWords ?? DEFAULT_OPTIONS.longSentenceWords));
    }
  }
  const issues = dedupe(raw).map((i) => toIssue(text, i));
  const issueCounts = Object.fromEntries(issueKindSchema.options.map((k) => [k, 0])) as Record<IssueKind, number>;
  for (const issue of issues) issueCounts[issue.kind]++;
  return {
    ...statisticsOf(text, seg),
    lexicalDiversity: lexicalDiversity(seg.words.map((w) => w.text)),
    issues,
    issueCounts,
  };
}

function dedupe(raw: RawIssue[]): RawIssue[] {
  const rank = (k: IssueKind) => PRIORITY.indexOf(k);
  const byPlace = new Map<string, RawIssue>();
  for (const issue of raw) {
    const key = `${issue.start}:${issue.end}`;
    const kept = byPlace.get(key);
    if (!kept || rank(issue.kind) < rank(kept.kind)) byPlace.set(key, issue);
  }
  // Word-level issues inside a doubled word ("the the") are the same finding.
  const doubles = [...byPlace.values()].filter((i) => i.kind === 'repeated-word');
  return [...byPlace.values()]
    .filter((i) => i.kind !== 'nearby-repetition' || !doubles.some((d) => d.start <= i.start && i.end <= d.end))
    .sort((a, b) => a.start - b.start || a.end - b.end || rank(a.kind) - rank(b.kind));
}

function toIssue(text: string, issue: RawIssue): WritingIssue {
  const passage = text.slice(issue.start, issue.end);
  return { id: `${issue.kind}:${issue.start}:${issue.end}`, text: passage, ...issue };
}
