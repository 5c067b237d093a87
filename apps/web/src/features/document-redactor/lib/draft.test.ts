import { describe, expect, it } from 'vitest';
import { type DraftState, draftReducer, entityAction, initialDraft } from './draft';
import { IBAN, letterAnalysis, NAME, policy } from './test-fixtures';

const { findings } = letterAnalysis;
const reduce = draftReducer(findings);
const start = (): DraftState => ({ draft: initialDraft(findings, policy('ALL')), past: [] });
const selected = (state: DraftState) => [...state.draft.selected].sort();

describe('initialDraft', () => {
  it('starts from the policy’s findings in black boxes, or from every finding without a policy', () => {
    const withPolicy = initialDraft(findings, policy('ALL'));
    expect(withPolicy).toMatchObject({ policy: 'ALL', style: 'box', manual: [] });
    expect([...withPolicy.selected]).toEqual([0, 1, 2]);
    expect([...initialDraft(findings, null).selected]).toEqual([0, 1, 2, 3]);
  });
});

describe('draftReducer', () => {
  it('chooses a policy by replacing the selection with the policy’s findings', () => {
    const state = reduce(start(), { kind: 'policy', policy: policy('PCI_DSS') });
    expect(state.draft.policy).toBe('PCI_DSS');
    expect(selected(state)).toEqual([2]);
    expect(state.past.at(-1)?.change).toBe('Chose PCI DSS');
  });

  it('undoes every change in turn, back to where it started', () => {
    let state = start();
    state = reduce(state, { kind: 'finding', index: 0, on: false });
    state = reduce(state, entityAction(findings, 'IBAN_CODE', 'IBAN', true));
    state = reduce(state, { kind: 'style', style: 'pseudonym', label: 'Pseudonym' });
    state = reduce(state, { kind: 'add-manual', ranges: [{ start: 0, end: 4 }], label: 'your selection' });
    expect(selected(state)).toEqual([1, 2, 3]);
    expect(state.draft.style).toBe('pseudonym');
    expect(state.draft.manual).toEqual([{ start: 0, end: 4 }]);
    expect(state.past.map((entry) => entry.change)).toEqual([
      'Kept one person name',
      'Redacted 1 finding of IBAN',
      'Chose Pseudonym',
      'Redacted your selection',
    ]);

    for (let step = 0; step < 4; step += 1) state = reduce(state, { kind: 'undo' });
    expect(state).toEqual(start());
    // Nothing left to undo: the state stays as it is.
    expect(reduce(state, { kind: 'undo' })).toBe(state);
  });

  it('records nothing for a change that changes nothing', () => {
    const state = start();
    expect(reduce(state, { kind: 'finding', index: 1, on: true })).toBe(state);
    expect(reduce(state, { kind: 'style', style: 'box', label: 'Black box' })).toBe(state);
    expect(reduce(state, { kind: 'remove-manual', range: { start: 1, end: 2 } })).toBe(state);
  });

  it('turns a selection that is exactly a finding into that finding, and ignores a selection made twice', () => {
    let state = reduce(start(), { kind: 'finding', index: 0, on: false });
    state = reduce(state, { kind: 'add-manual', ranges: [{ start: NAME.start, end: NAME.end }], label: 'x' });
    expect(selected(state)).toEqual([0, 1, 2]);
    expect(state.draft.manual).toEqual([]);
    const manual = { start: IBAN.start, end: IBAN.start + 4 };
    state = reduce(state, { kind: 'add-manual', ranges: [manual], label: 'x' });
    const again = reduce(state, { kind: 'add-manual', ranges: [manual], label: 'x' });
    expect(again).toBe(state);
    expect(reduce(state, { kind: 'remove-manual', range: manual }).draft.manual).toEqual([]);
  });
});
