import { issueKinds } from './issue-kinds';
import type { WritingIssue } from './report-types';

export interface DocumentSegment {
  start: number;
  end: number;
  text: string;
  /** The issue highlighted here, or null for plain text. */
  issue: WritingIssue | null;
  /** The first piece of its issue: the one that takes keyboard focus (an issue may be split by a nested one). */
  first: boolean;
}

export interface SegmentedDocument {
  segments: DocumentSegment[];
  /** Issues entirely covered by more specific ones: listed beside the document, not highlighted in it. */
  covered: WritingIssue[];
}

const length = (issue: WritingIssue) => issue.end - issue.start;

/**
 * Splits `text` into plain and highlighted pieces. Where issues overlap, the shorter (more specific) one wins:
 * a misspelt word inside a long sentence shows as a spelling issue, and the long sentence stays highlighted around
 * it. Ties go to the earlier issue, then to the kind listed first in the legend. Issues whose offsets do not fit
 * the text are ignored.
 */
export function segmentDocument(text: string, issues: readonly WritingIssue[]): SegmentedDocument {
  const valid = issues.filter((issue) => issue.start >= 0 && issue.start < issue.end && issue.end <= text.length);
  const ranked = [...valid].sort(
    (a, b) =>
      length(a) - length(b) ||
      a.start - b.start ||
      issueKinds.indexOf(a.kind) - issueKinds.indexOf(b.kind) ||
      a.id.localeCompare(b.id),
  );
  // Which ranked issue owns each UTF-16 unit; -1 for plain text. Filled most specific first, so later
  // (longer) issues only take what is still free.
  const owner = new Int32Array(text.length).fill(-1);
  const placed = new Set<number>();
  ranked.forEach((issue, rank) => {
    for (let index = issue.start; index < issue.end; index += 1) {
      if (owner[index] === -1) {
        owner[index] = rank;
        placed.add(rank);
      }
    }
  });

  const segments: DocumentSegment[] = [];
  const seen = new Set<number>();
  let start = 0;
  for (let index = 1; index <= text.length; index += 1) {
    if (index < text.length && owner[index] === owner[start]) continue;
    const rank = owner[start] ?? -1;
    const issue = rank === -1 ? null : (ranked[rank] ?? null);
    segments.push({
      start,
      end: index,
      text: text.slice(start, index),
      issue,
      first: issue !== null && !seen.has(rank),
    });
    if (issue) seen.add(rank);
    start = index;
  }
  const covered = ranked.filter((_, rank) => !placed.has(rank)).sort((a, b) => a.start - b.start);
  return { segments, covered };
}
