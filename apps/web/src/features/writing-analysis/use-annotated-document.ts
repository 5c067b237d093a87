import { useCallback, useState } from 'react';
import { applySuggestion } from './lib/edits';
import type { WritingIssue } from './lib/report-types';

interface DocumentState {
  text: string;
  issues: WritingIssue[];
  /** Issue ids the writer chose to ignore. */
  dismissed: ReadonlySet<string>;
  /** What the last change did, for the Undo button ("Applied “the”"). */
  lastChange: string | null;
}

export interface AnnotatedDocument {
  text: string;
  /** The issues still open: neither fixed nor dismissed. */
  issues: WritingIssue[];
  /** The text differs from the analysed one. */
  edited: boolean;
  apply: (issue: WritingIssue, replacement: string) => void;
  dismiss: (issue: WritingIssue) => void;
  undo: () => void;
  lastChange: string | null;
}

/**
 * The analysed text as the writer fixes it: applying a suggestion edits the text and moves the other issues,
 * dismissing hides an issue. Every change is undoable; the states are cheap to keep (strings are shared).
 */
export function useAnnotatedDocument(text: string, issues: WritingIssue[]): AnnotatedDocument {
  const initial: DocumentState = { text, issues, dismissed: new Set(), lastChange: null };
  const [history, setHistory] = useState<DocumentState[]>([initial]);
  // A new run (another history item) starts over.
  const [source, setSource] = useState({ text, issues });
  if (source.text !== text || source.issues !== issues) {
    setSource({ text, issues });
    setHistory([initial]);
  }
  const current = history.at(-1) ?? initial;

  const push = useCallback(
    (next: (state: DocumentState) => DocumentState) =>
      setHistory((states) => {
        const last = states.at(-1);
        return last ? [...states, next(last)] : states;
      }),
    [],
  );

  const apply = useCallback(
    (issue: WritingIssue, replacement: string) =>
      push((state) => ({
        ...applySuggestion(state, issue, replacement),
        dismissed: state.dismissed,
        lastChange: replacement ? `Replaced “${issue.text}” with “${replacement}”` : `Removed “${issue.text}”`,
      })),
    [push],
  );

  const dismiss = useCallback(
    (issue: WritingIssue) =>
      push((state) => ({
        ...state,
        dismissed: new Set([...state.dismissed, issue.id]),
        lastChange: `Dismissed “${issue.text}”`,
      })),
    [push],
  );

  const undo = useCallback(() => setHistory((states) => (states.length > 1 ? states.slice(0, -1) : states)), []);

  return {
    text: current.text,
    issues: current.issues.filter((issue) => !current.dismissed.has(issue.id)),
    edited: current.text !== text,
    apply,
    dismiss,
    undo,
    lastChange: current.lastChange,
  };
}
