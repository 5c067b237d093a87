import type { WritingIssue } from './report-types';

export interface EditableDocument {
  text: string;
  issues: WritingIssue[];
}

const overlaps = (issue: WritingIssue, start: number, end: number) => issue.start < end && issue.end > start;

/**
 * Replaces the passage of `issue` with `replacement`. Issues after the passage move by the change in length;
 * issues overlapping it (a long sentence around a word, a second issue on the same word) are dropped, since
 * what they described has changed.
 */
export function applySuggestion(
  document: EditableDocument,
  issue: WritingIssue,
  replacement: string,
): EditableDocument {
  const { start, end } = issue;
  const shift = replacement.length - (end - start);
  const text = document.text.slice(0, start) + replacement + document.text.slice(end);
  const issues = document.issues
    .filter((other) => other.id !== issue.id && !overlaps(other, start, end))
    .map((other) => (other.start >= end ? { ...other, start: other.start + shift, end: other.end + shift } : other));
  return { text, issues };
}
