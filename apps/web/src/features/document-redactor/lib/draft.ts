import type { PiiPolicyDto } from '@candor/contracts/governance';
import type { DocumentRedactionStyle } from '@candor/contracts/tools';
import { type EntityType, type Finding, findingsOfType, policySelection, typeLabel, withFindings } from './findings';
import type { TextRange } from './ranges';

/** What the user has chosen on the options screen: the findings to redact, their own selections and the style. */
export interface RedactionDraft {
  /** The policy the selection started from; the choices below are what counts. */
  policy: PiiPolicyDto['id'] | null;
  style: DocumentRedactionStyle;
  /** Indices into the analysis' findings. */
  selected: ReadonlySet<number>;
  /** Text the user selected by hand, in the order it was added. */
  manual: readonly TextRange[];
}

/** Changes are kept so each can be undone; this many is plenty for one document. */
const UNDO_LIMIT = 100;

export interface DraftState {
  draft: RedactionDraft;
  /** Earlier drafts, newest last, each with what the change after it did ("Chose GDPR"). */
  past: readonly { draft: RedactionDraft; change: string }[];
}

export type DraftAction =
  | { kind: 'policy'; policy: PiiPolicyDto | null }
  | { kind: 'finding'; index: number; on: boolean }
  | { kind: 'findings'; indices: readonly number[]; on: boolean; label: string }
  | { kind: 'style'; style: DocumentRedactionStyle; label: string }
  | { kind: 'add-manual'; ranges: readonly TextRange[]; label: string }
  | { kind: 'remove-manual'; range: TextRange }
  | { kind: 'undo' };

/** The draft a document starts with: the policy's findings, or every finding when there is no policy. */
export function initialDraft(findings: readonly Finding[], policy: PiiPolicyDto | null): RedactionDraft {
  return {
    policy: policy?.id ?? null,
    style: 'box',
    selected: policy ? policySelection(findings, policy) : new Set(findings.keys()),
    manual: [],
  };
}

const sameRange = (a: TextRange, b: TextRange) => a.start === b.start && a.end === b.end;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What the action changes, and how the undo button names it; null when it changes nothing. */
function apply(
  findings: readonly Finding[],
  draft: RedactionDraft,
  action: Exclude<DraftAction, { kind: 'undo' }>,
): { draft: RedactionDraft; change: string } | null {
  switch (action.kind) {
    case 'policy': {
      const selected = action.policy ? policySelection(findings, action.policy) : draft.selected;
      const change = action.policy ? `Chose ${action.policy.name}` : 'Left the policy';
      return { draft: { ...draft, policy: action.policy?.id ?? null, selected }, change };
    }
    case 'finding': {
      if (draft.selected.has(action.index) === action.on) return null;
      const finding = findings[action.index];
      const name = finding ? typeLabel(finding.type).toLowerCase() : 'finding';
      return {
        draft: { ...draft, selected: withFindings(draft.selected, [action.index], action.on) },
        change: `${action.on ? 'Redacted' : 'Kept'} one ${name}`,
      };
    }
    case 'findings': {
      const selected = withFindings(draft.selected, action.indices, action.on);
      if (selected.size === draft.selected.size) return null;
      return { draft: { ...draft, selected }, change: `${action.on ? 'Redacted' : 'Kept'} ${action.label}` };
    }
    case 'style':
      if (draft.style === action.style) return null;
      return { draft: { ...draft, style: action.style }, change: `Chose ${action.label}` };
    case 'add-manual': {
      // Text that is exactly an unselected finding selects the finding: it keeps its type in the report.
      const selected = new Set(draft.selected);
      const manual = [...draft.manual];
      let added = 0;
      for (const range of action.ranges) {
        const finding = findings.findIndex((f) => sameRange(f, range));
        if (finding !== -1) {
          if (!selected.has(finding)) added += 1;
          selected.add(finding);
        } else if (!manual.some((existing) => sameRange(existing, range))) {
          manual.push({ start: range.start, end: range.end });
          added += 1;
        }
      }
      if (added === 0) return null;
      return { draft: { ...draft, selected, manual }, change: `Redacted ${action.label}` };
    }
    case 'remove-manual': {
      const manual = draft.manual.filter((range) => !sameRange(range, action.range));
      if (manual.length === draft.manual.length) return null;
      return { draft: { ...draft, manual }, change: 'Removed a selection' };
    }
  }
}

/** The options screen's reducer: every change is kept so Undo can step back through them. */
export function draftReducer(findings: readonly Finding[]) {
  return (state: DraftState, action: DraftAction): DraftState => {
    if (action.kind === 'undo') {
      const previous = state.past.at(-1);
      return previous ? { draft: previous.draft, past: state.past.slice(0, -1) } : state;
    }
    const next = apply(findings, state.draft, action);
    if (!next) return state;
    return { draft: next.draft, past: [...state.past, { draft: state.draft, change: next.change }].slice(-UNDO_LIMIT) };
  };
}

/** The action that turns one entity type's findings on or off: "Kept 3 e-mail addresses". */
export function entityAction(findings: readonly Finding[], type: EntityType, name: string, on: boolean): DraftAction {
  const indices = findingsOfType(findings, type);
  return { kind: 'findings', indices, on, label: `${plural(indices.length, 'finding', 'findings')} of ${name}` };
}
