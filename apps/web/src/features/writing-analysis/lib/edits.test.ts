import { describe, expect, it } from 'vitest';
import { applySuggestion } from './edits';
import { issueAt } from './test-fixtures';

describe('applySuggestion', () => {
  const text = 'I realy like teh cat. It is very nice.';
  const really = issueAt(text, 2, 7);
  const the = issueAt(text, 13, 16);
  const very = issueAt(text, 28, 32, { kind: 'weak-word' });
  const sentence = issueAt(text, 0, 21, { kind: 'long-sentence' });

  it('replaces the passage and moves later issues by the change in length', () => {
    const result = applySuggestion({ text, issues: [really, the, very] }, really, 'really');
    expect(result.text).toBe('I really like teh cat. It is very nice.');
    expect(result.issues.map((i) => [i.id, result.text.slice(i.start, i.end)])).toEqual([
      [the.id, 'teh'],
      [very.id, 'very'],
    ]);
  });

  it('keeps earlier issues where they are and handles a shorter replacement', () => {
    const result = applySuggestion({ text, issues: [really, very] }, very, '');
    expect(result.text).toBe('I realy like teh cat. It is  nice.');
    expect(result.issues).toEqual([really]);
  });

  it('drops issues that overlap the edited passage', () => {
    const result = applySuggestion({ text, issues: [sentence, really, the, very] }, the, 'the');
    expect(result.issues.map((i) => i.id)).toEqual([really.id, very.id]);
    expect(result.text.slice(result.issues[1]?.start, result.issues[1]?.end)).toBe('very');
  });

  it('keeps an issue that only touches the edited passage', () => {
    const touching = issueAt(text, 7, 8, { kind: 'adverb' });
    const result = applySuggestion({ text, issues: [really, touching] }, really, 'really');
    expect(result.text.slice(result.issues[0]?.start, result.issues[0]?.end)).toBe(' ');
  });
});
