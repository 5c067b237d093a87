import { describe, expect, it } from 'vitest';
import { textTitle } from './text-title.js';

describe('textTitle', () => {
  it('never cuts a chat’s placeholder in half', () => {
    const masked = 'Draft a polite reminder to [PERSON_NAME_1] at [EMAIL_ADDRESS_1] about the unpaid invoice';
    expect(textTitle(masked, 60)).toBe('Draft a polite reminder to [PERSON_NAME_1] at…');
  });
});
