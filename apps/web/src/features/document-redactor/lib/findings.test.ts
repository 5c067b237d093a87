import { describe, expect, it } from 'vitest';
import {
  checkState,
  findingsOfType,
  groupFindings,
  groupPositions,
  matchesPolicy,
  policyCount,
  policySelection,
  typeLabel,
  withFindings,
} from './findings';
import { catalogue, letterAnalysis, policy } from './test-fixtures';

const { findings } = letterAnalysis;

describe('policySelection', () => {
  it('selects the findings of the policy’s entities that reach their thresholds', () => {
    // GDPR: the name scores 0.62 (< 0.7, kept), the e-mail 0.99 (≥ 0.5) and the IBAN 0.4 (≥ 0.3); no card entity.
    expect([...policySelection(findings, policy('GDPR'))]).toEqual([1, 3]);
    expect([...policySelection(findings, policy('PCI_DSS'))]).toEqual([2]);
    // ALL at 0.5: the IBAN (0.4) stays below.
    expect([...policySelection(findings, policy('ALL'))]).toEqual([0, 1, 2]);
    expect(policyCount(findings, policy('ALL'))).toBe(3);
  });

  it('tells whether a selection is still exactly the policy’s', () => {
    expect(matchesPolicy(findings, policy('GDPR'), new Set([3, 1]))).toBe(true);
    expect(matchesPolicy(findings, policy('GDPR'), new Set([1]))).toBe(false);
    expect(matchesPolicy(findings, policy('GDPR'), new Set([0, 1, 3]))).toBe(false);
  });
});

describe('entity toggles', () => {
  it('turns every finding of a type on or off and leaves the rest', () => {
    const cards = findingsOfType(findings, 'CREDIT_CARD_NUMBER');
    expect(cards).toEqual([2]);
    const selected = new Set([0, 1]);
    expect([...withFindings(selected, cards, true)].sort()).toEqual([0, 1, 2]);
    expect([...withFindings(selected, [0], false)]).toEqual([1]);
    // The original is not changed: every toggle can be undone by keeping the previous set.
    expect([...selected]).toEqual([0, 1]);
  });

  it('reads a group checkbox as checked, mixed or clear', () => {
    expect(checkState(new Set([2, 3]), [2, 3])).toBe('all');
    expect(checkState(new Set([2]), [2, 3])).toBe('some');
    expect(checkState(new Set([0]), [2, 3])).toBe('none');
  });
});

describe('groupFindings', () => {
  it('groups the types found in catalogue order, with each type’s findings', () => {
    const groups = groupFindings(findings, catalogue);
    expect(
      groups.map((group) => [group.group, group.position, group.entities.map((e) => [e.name, e.indices])]),
    ).toEqual([
      ['Personal', 0, [['Person name', [0]]]],
      ['Contact', 1, [['Email address', [1]]]],
      [
        'Financial',
        2,
        [
          ['Credit card number', [2]],
          ['IBAN', [3]],
        ],
      ],
    ]);
    expect(groups[2]?.indices).toEqual([2, 3]);
    expect(groupPositions(groups).get('IBAN_CODE')).toBe(2);
  });

  it('keeps a type the catalogue does not know, under Other, named from its code', () => {
    const groups = groupFindings(findings, catalogue.slice(0, 2));
    const other = groups.at(-1);
    expect(other?.group).toBe('Other');
    expect(other?.position).toBe(2);
    expect(other?.entities.map((e) => e.name)).toEqual(['Credit card number', 'Iban code']);
    expect(typeLabel('US_SOCIAL_SECURITY_NUMBER')).toBe('Us social security number');
  });
});
