import { describe, expect, it } from 'vitest';
import { isSameDocument } from './draft';

describe('isSameDocument', () => {
  const text = 'Notes from the meeting. The plan was approved by the board.';

  it('treats typing anywhere in the text as an edit', () => {
    expect(isSameDocument(text, `${text} More.`)).toBe(true);
    expect(isSameDocument(text, `Draft: ${text}`)).toBe(true);
    expect(isSameDocument(text, text.replace('plan', 'budget'))).toBe(true);
  });

  it('treats a text pasted over everything, or an emptied editor, as a new text', () => {
    expect(isSameDocument(text, 'Something else entirely, pasted over the notes.')).toBe(false);
    expect(isSameDocument(text, '')).toBe(false);
  });

  it('copes with very short texts', () => {
    expect(isSameDocument('Hi', 'Hi there')).toBe(true);
    expect(isSameDocument('Hi', 'Yo')).toBe(false);
  });
});
