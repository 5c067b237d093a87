import type { IssueKind, WritingIssue } from './report-types';

export interface IssueKindMeta {
  label: string;
  /** One issue of the kind, for a highlight's label. */
  singular: string;
  /** What the kind means, for the legend. */
  description: string;
  /** The highlight in the document (readable in light and dark mode). */
  highlight: string;
  /** The legend's colour dot. */
  swatch: string;
}

/** Legend order: the kinds a writer most likely wants to fix first. */
export const issueKindMeta: Record<IssueKind, IssueKindMeta> = {
  spelling: {
    singular: 'Spelling',
    label: 'Spelling',
    description: 'Words the dictionary does not know',
    highlight: 'bg-red-500/15 decoration-red-500 dark:bg-red-400/20 dark:decoration-red-400',
    swatch: 'bg-red-500',
  },
  'passive-voice': {
    singular: 'Passive voice',
    label: 'Passive voice',
    description: 'Sentences where the doer of the action is hidden',
    highlight: 'bg-blue-500/15 decoration-blue-500 dark:bg-blue-400/20 dark:decoration-blue-400',
    swatch: 'bg-blue-500',
  },
  adverb: {
    singular: 'Adverb',
    label: 'Adverbs',
    description: 'Adverbs that a stronger verb could replace',
    highlight: 'bg-cyan-500/15 decoration-cyan-600 dark:bg-cyan-400/20 dark:decoration-cyan-400',
    swatch: 'bg-cyan-500',
  },
  'weak-word': {
    singular: 'Weak word',
    label: 'Weak words',
    description: 'Hedges and fillers that weaken a statement',
    highlight: 'bg-amber-500/20 decoration-amber-600 dark:bg-amber-400/20 dark:decoration-amber-400',
    swatch: 'bg-amber-500',
  },
  'repeated-word': {
    singular: 'Repeated word',
    label: 'Repeated words',
    description: 'The same word twice in a row',
    highlight: 'bg-pink-500/15 decoration-pink-500 dark:bg-pink-400/20 dark:decoration-pink-400',
    swatch: 'bg-pink-500',
  },
  'nearby-repetition': {
    singular: 'Nearby repetition',
    label: 'Nearby repetition',
    description: 'A word used again within a few words',
    highlight: 'bg-orange-500/15 decoration-orange-500 dark:bg-orange-400/20 dark:decoration-orange-400',
    swatch: 'bg-orange-500',
  },
  'simpler-alternative': {
    singular: 'Simpler alternative',
    label: 'Simpler alternatives',
    description: 'Phrases with a plainer way to say them',
    highlight: 'bg-emerald-500/15 decoration-emerald-600 dark:bg-emerald-400/20 dark:decoration-emerald-400',
    swatch: 'bg-emerald-500',
  },
  'inclusive-language': {
    singular: 'Inclusive language',
    label: 'Inclusive language',
    description: 'Wording that may exclude or offend',
    highlight: 'bg-violet-500/15 decoration-violet-500 dark:bg-violet-400/20 dark:decoration-violet-400',
    swatch: 'bg-violet-500',
  },
  'long-sentence': {
    singular: 'Long sentence',
    label: 'Long sentences',
    description: 'Sentences hard to follow in one reading',
    highlight: 'bg-yellow-400/20 decoration-yellow-500 dark:bg-yellow-300/10 dark:decoration-yellow-300',
    swatch: 'bg-yellow-400',
  },
};

export const issueKinds = Object.keys(issueKindMeta) as IssueKind[];

/** How many of these issues are of each kind: the legend and the "Issues found" panel count the same way. */
export function countByKind(issues: readonly WritingIssue[]): Record<IssueKind, number> {
  const counts = Object.fromEntries(issueKinds.map((kind) => [kind, 0])) as Record<IssueKind, number>;
  for (const issue of issues) counts[issue.kind]++;
  return counts;
}
