import { describe, expect, it } from 'vitest';
import { runTitle } from './run-title.js';

const SENTENCE = 'Our committee met on Tuesday to review the budget for the new sports hall.';
const NEXT = ' Members agreed that the roof repairs come first, since the leaks have already damaged the floor.';

describe('runTitle', () => {
  it('is the uploaded file’s name when there is one', () => {
    expect(runTitle({ text: SENTENCE + NEXT, file_name: 'minutes.docx' })).toBe('minutes.docx');
  });

  it('is the whole first line when it fits, its spacing collapsed', () => {
    expect(runTitle({ text: '  Short   note\twith tabs  \r\nSecond line' })).toBe('Short note with tabs');
  });

  it('cuts a long line at the last whole word and marks the cut with an ellipsis, 80 characters at most', () => {
    const title = runTitle({ text: 'word '.repeat(40) });
    expect(title).toBe(`${'word '.repeat(16).trim()}…`);
    expect(title.length).toBeLessThanOrEqual(80);
  });

  it('ends at a sentence’s full stop, with no ellipsis after it', () => {
    expect(runTitle({ text: SENTENCE + NEXT })).toBe(SENTENCE);
  });

  it('ends at a question mark, or at the quotation closed after a full stop, with no ellipsis', () => {
    const question = 'Did the committee agree on the budget for the new sports hall this year?';
    expect(runTitle({ text: question + NEXT })).toBe(question);
    const quoted = 'She said the committee "would fix the leaking roof of the sports hall first."';
    expect(runTitle({ text: quoted + NEXT })).toBe(quoted);
  });

  it('drops the comma or dash a cut ends on before the ellipsis', () => {
    const clause = 'The committee met on Tuesday to review the budget for the new sports hall';
    expect(runTitle({ text: `${clause},${NEXT}` })).toBe(`${clause}…`);
    expect(runTitle({ text: `${clause} —${NEXT}` })).toBe(`${clause}…`);
  });

  it('cuts inside a first word too long to fit', () => {
    expect(runTitle({ text: 'x'.repeat(120) })).toBe(`${'x'.repeat(79)}…`);
  });
});
