import { detectPii } from '@candor/engine-pii';
import { describe, expect, it } from 'vitest';
import { applyToText, planRedactions, redactedRanges } from './redactions.js';

const TEXT = 'Ada Lovelace wrote to ada@example.org; Ada Lovelace signed.';
const ada = (start: number) => ({ start, end: start + 12, type: 'PERSON_NAME' as const });
const email = { start: 22, end: 37, type: 'EMAIL_ADDRESS' as const };

describe('document redactions', () => {
  it('gives the same pseudonym to the same person and numbers manual selections by value', () => {
    const planned = planRedactions(TEXT, [ada(0), email, ada(39), { start: 13, end: 18, type: 'MANUAL' }], 'pseudonym');
    expect(planned.map((p) => p.replacement)).toEqual([
      '[PERSON_NAME_1]',
      '[REDACTED_1]',
      '[EMAIL_ADDRESS_1]',
      '[PERSON_NAME_1]',
    ]);
  });

  it('redacts every occurrence of a chosen value, typed like the one chosen', () => {
    const ranges = redactedRanges(TEXT, planRedactions(TEXT, [ada(0)], 'label'), 'label');
    expect(ranges.map((r) => [TEXT.slice(r.start, r.end), r.type, r.replacement])).toEqual([
      ['Ada Lovelace', 'PERSON_NAME', '[PERSON_NAME]'],
      ['Ada Lovelace', 'PERSON_NAME', '[PERSON_NAME]'],
    ]);
  });

  it('writes the redacted text in each style', () => {
    const label = planRedactions(TEXT, [ada(0), email], 'label');
    expect(applyToText(TEXT, redactedRanges(TEXT, label, 'label'))).toBe(
      '[PERSON_NAME] wrote to [EMAIL_ADDRESS]; [PERSON_NAME] signed.',
    );
    const box = planRedactions(TEXT, [email], 'box');
    expect(applyToText(TEXT, redactedRanges(TEXT, box, 'box'))).toBe(
      `Ada Lovelace wrote to ${'█'.repeat(15)}; Ada Lovelace signed.`,
    );
  });

  it('keeps the full stop after a redacted date that ends a sentence', () => {
    const text = 'Jane Doe approved the transfer on 3 March.';
    const dates = detectPii(text, { entities: ['DATE'] });
    const planned = planRedactions(text, dates, 'pseudonym');
    expect(applyToText(text, redactedRanges(text, planned, 'pseudonym'))).toBe(
      'Jane Doe approved the transfer on [DATE_1].',
    );
  });
});
