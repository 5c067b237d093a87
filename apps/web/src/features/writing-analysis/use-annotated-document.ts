import { useCallback, useEffect, useMemo, useState } from 'react';
import { readStorage, removeStorage, storageKeys, writeStorage } from '@/lib/storage';
import { applySuggestion } from './lib/edits';
import type { WritingIssue } from './lib/report-types';

/** One thing the writer did to the report's text, by issue id, so it can be stored and done again after a reload. */
type Change = { kind: 'apply'; issueId: string; replacement: string } | { kind: 'dismiss'; issueId: string };

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

const isChange = (value: unknown): value is Change => {
  const change = value as Partial<Record<string, unknown>> | null;
  return (
    typeof change?.issueId === 'string' &&
    (change.kind === 'dismiss' || (change.kind === 'apply' && typeof change.replacement === 'string'))
  );
};

function readChanges(key: string): Change[] {
  try {
    const stored: unknown = JSON.parse(readStorage('session', key) ?? '[]');
    return Array.isArray(stored) && stored.every(isChange) ? stored : [];
  } catch {
    return [];
  }
}

/** Each state the changes lead through, the analysed one first; a change that no longer fits stops the replay. */
function replay(text: string, issues: WritingIssue[], changes: readonly Change[]): DocumentState[] {
  const states: DocumentState[] = [{ text, issues, dismissed: new Set(), lastChange: null }];
  for (const change of changes) {
    const state = states[states.length - 1] as DocumentState;
    const issue = state.issues.find((open) => open.id === change.issueId);
    if (!issue) break;
    states.push(
      change.kind === 'apply'
        ? {
            ...applySuggestion(state, issue, change.replacement),
            dismissed: state.dismissed,
            lastChange: change.replacement
              ? `Replaced “${issue.text}” with “${change.replacement}”`
              : `Removed “${issue.text}”`,
          }
        : { ...state, dismissed: new Set([...state.dismissed, issue.id]), lastChange: `Dismissed “${issue.text}”` },
    );
  }
  return states;
}

/**
 * The analysed text as the writer fixes it: applying a suggestion edits the text and moves the other issues,
 * dismissing hides an issue, and every change is undoable. The changes are kept in the tab's session storage under
 * the run's id, so a reload shows the text as the writer left it.
 */
export function useAnnotatedDocument(text: string, issues: WritingIssue[], historyId: string): AnnotatedDocument {
  // The report is keyed by its run, so another run mounts afresh and reads its own changes.
  const key = storageKeys.writingAnalysisEdits(historyId);
  const [changes, setChanges] = useState(() => readChanges(key));
  const states = useMemo(() => replay(text, issues, changes), [text, issues, changes]);
  const current = states[states.length - 1] as DocumentState;

  useEffect(() => {
    if (changes.length > 0) writeStorage('session', key, JSON.stringify(changes));
    else removeStorage('session', key);
  }, [key, changes]);

  const apply = useCallback(
    (issue: WritingIssue, replacement: string) =>
      setChanges((changes) => [...changes, { kind: 'apply', issueId: issue.id, replacement }]),
    [],
  );
  const dismiss = useCallback(
    (issue: WritingIssue) => setChanges((changes) => [...changes, { kind: 'dismiss', issueId: issue.id }]),
    [],
  );
  // Changes the replay stopped before (stored ones that no longer fit) go with the one undone.
  const undo = useCallback(
    () => setChanges((changes) => changes.slice(0, Math.max(0, states.length - 2))),
    [states.length],
  );

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
