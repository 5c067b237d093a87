import { describe, expect, it } from 'vitest';
import { replacementRanges } from './redacted-text';
import { LETTER_TEXT, letterResult, NAME } from './test-fixtures';

describe('replacementRanges', () => {
  it('finds each replacement in the redacted text, after the earlier ones changed its length', () => {
    const ranges = replacementRanges(letterResult);
    expect(ranges.map((range) => letterResult.redacted_text.slice(range.start, range.end))).toEqual([
      '[PERSON_NAME]',
      '[EMAIL_ADDRESS]',
      '[CREDIT_CARD_NUMBER]',
      '[REDACTED]',
    ]);
  });

  it('finds black boxes, which keep the length', () => {
    const boxed = {
      ...letterResult,
      redactions: [{ start: NAME.start, end: NAME.end, type: 'PERSON_NAME' as const, page: 1, replacement: '' }],
      redacted_text: LETTER_TEXT.replace(NAME.text, '█'.repeat(NAME.text.length)),
    };
    expect(replacementRanges(boxed)).toMatchObject([{ start: NAME.start, end: NAME.end }]);
  });

  it('leaves out a replacement that is not where the offsets say', () => {
    const drifted = { ...letterResult, redacted_text: letterResult.redacted_text.replace('[PERSON_NAME]', '[NAME]') };
    expect(replacementRanges(drifted).map((range) => range.redaction.type)).toEqual([]);
  });
});
