import { describe, expect, it } from 'vitest';
import {
  emptyMaskChoices,
  type Finding,
  findOccurrences,
  isWholeWordSelection,
  type MaskChoices,
  manualMaskFromSelection,
  maskedPreview,
  planMasks,
  rebaseFindings,
  valueKey,
} from './masks';

const TEXT = 'Ask Jane Doe (jane@example.com) whether Jane Doe signed the Acme Corp lease.';

/** Findings as the preview returns them: offsets located in the text. */
const find = (text: string, value: string, type: Finding['type'], nth = 0): Finding => {
  let start = -1;
  for (let i = 0; i <= nth; i += 1) start = text.indexOf(value, start + 1);
  if (start === -1) throw new Error(`${value} not in text`);
  return { start, end: start + value.length, type, text: value };
};

const findings: Finding[] = [
  find(TEXT, 'Jane Doe', 'PERSON_NAME'),
  find(TEXT, 'jane@example.com', 'EMAIL_ADDRESS'),
  find(TEXT, 'Jane Doe', 'PERSON_NAME', 1),
];

const choices = (overrides: Partial<MaskChoices>): MaskChoices => ({ ...emptyMaskChoices, ...overrides });

describe('planMasks', () => {
  it('masks every finding by default, sorted and separate', () => {
    const plan = planMasks(TEXT, findings, emptyMaskChoices);
    expect(plan.masks.map((m) => [TEXT.slice(m.start, m.end), m.type])).toEqual([
      ['Jane Doe', 'PERSON_NAME'],
      ['jane@example.com', 'EMAIL_ADDRESS'],
      ['Jane Doe', 'PERSON_NAME'],
    ]);
    expect(plan.items.map((i) => [i.text, i.count, i.masked])).toEqual([
      ['Jane Doe', 2, true],
      ['jane@example.com', 1, true],
    ]);
  });

  it('lets a value through everywhere once it is toggled off, and masks it again when toggled back', () => {
    const off = choices({ unmasked: new Set([valueKey('PERSON_NAME', 'Jane Doe')]) });
    const plan = planMasks(TEXT, findings, off);
    expect(plan.masks.map((m) => m.type)).toEqual(['EMAIL_ADDRESS']);
    expect(plan.marks.filter((m) => !m.masked).map((m) => TEXT.slice(m.start, m.end))).toEqual([
      'Jane Doe',
      'Jane Doe',
    ]);
    expect(plan.items.find((i) => i.text === 'Jane Doe')?.masked).toBe(false);
    expect(planMasks(TEXT, findings, emptyMaskChoices).masks).toHaveLength(3);
  });

  it('masks every whole-word occurrence of a value the user selected', () => {
    const acme = manualMaskFromSelection(
      TEXT,
      { start: TEXT.indexOf('Acme') - 1, end: TEXT.indexOf(' lease') },
      'ORGANIZATION_NAME' as Finding['type'],
    );
    expect(acme).toEqual({ text: 'Acme Corp', type: 'ORGANIZATION_NAME', wholeWord: true });
    const text = `${TEXT} Acme Corp again, not Acme Corporation.`;
    const plan = planMasks(text, [], choices({ manual: acme ? [acme] : [] }));
    expect(plan.masks.map((m) => text.slice(m.start, m.end))).toEqual(['Acme Corp', 'Acme Corp']);
    expect(plan.items).toEqual([expect.objectContaining({ text: 'Acme Corp', source: 'manual', count: 2 })]);
  });

  it('merges a manual mask with an overlapping finding so no part of either stays readable', () => {
    const manual = choices({ manual: [{ text: 'Doe (jane', type: 'PERSON_NAME', wholeWord: false }] });
    const plan = planMasks(TEXT, findings, manual);
    const first = plan.masks[0];
    expect(first && TEXT.slice(first.start, first.end)).toBe('Jane Doe (jane@example.com');
    expect(first?.type).toBe('PERSON_NAME');
    // Separate spans, as the contract requires.
    for (let i = 1; i < plan.masks.length; i += 1) {
      expect(plan.masks[i]?.start).toBeGreaterThanOrEqual(plan.masks[i - 1]?.end ?? 0);
    }
  });

  it('ignores findings that do not match the text they claim to cover', () => {
    const stale = [{ start: 4, end: 12, type: 'PERSON_NAME' as const, text: 'Mary Roe' }];
    expect(planMasks(TEXT, stale, emptyMaskChoices).masks).toEqual([]);
  });
});

describe('maskedPreview', () => {
  it('shows placeholders instead of the masked values', () => {
    const plan = planMasks(TEXT, findings, emptyMaskChoices);
    expect(maskedPreview(TEXT, plan.masks)).toBe(
      'Ask [PERSON_NAME] ([EMAIL_ADDRESS]) whether [PERSON_NAME] signed the Acme Corp lease.',
    );
  });

  it('shows a value the user let through as it is', () => {
    const plan = planMasks(
      TEXT,
      findings,
      choices({ unmasked: new Set([valueKey('EMAIL_ADDRESS', 'jane@example.com')]) }),
    );
    expect(maskedPreview(TEXT, plan.masks)).toBe(
      'Ask [PERSON_NAME] (jane@example.com) whether [PERSON_NAME] signed the Acme Corp lease.',
    );
  });
});

describe('selections', () => {
  it('tells whole words from parts of words', () => {
    expect(isWholeWordSelection('Annual report by Ann', { start: 17, end: 20 })).toBe(true);
    expect(isWholeWordSelection('Annual report by Ann', { start: 0, end: 3 })).toBe(false);
    expect(findOccurrences('Annual report by Ann', 'Ann', true)).toEqual([{ start: 17, end: 20 }]);
    expect(findOccurrences('Annual report by Ann', 'Ann', false)).toEqual([
      { start: 0, end: 3 },
      { start: 17, end: 20 },
    ]);
  });

  it('trims whitespace from a selection and refuses an empty one', () => {
    expect(manualMaskFromSelection('  id A-1234  ', { start: 0, end: 13 }, 'PERSON_NAME')).toEqual({
      text: 'id A-1234',
      type: 'PERSON_NAME',
      wholeWord: true,
    });
    expect(manualMaskFromSelection('a   b', { start: 1, end: 4 }, 'PERSON_NAME')).toBeNull();
    expect(manualMaskFromSelection('ID-A1234', { start: 4, end: 8 }, 'PERSON_NAME')?.wholeWord).toBe(false);
  });
});

describe('rebaseFindings', () => {
  it('keeps findings before an edit, shifts those after it and drops those it touches', () => {
    const next = TEXT.replace('whether', 'if');
    const moved = rebaseFindings(TEXT, next, findings);
    expect(moved.map((f) => next.slice(f.start, f.end))).toEqual(['Jane Doe', 'jane@example.com', 'Jane Doe']);
    const edited = TEXT.replace('jane@example', 'j@example');
    expect(rebaseFindings(TEXT, edited, findings).map((f) => f.text)).toEqual(['Jane Doe', 'Jane Doe']);
  });
});
