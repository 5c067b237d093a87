import { describe, expect, it } from 'vitest';
import type { WritingIssue } from './report-types';
import { segmentDocument } from './segments';
import { issueAt } from './test-fixtures';

const pieces = (text: string, issues: WritingIssue[]) =>
  segmentDocument(text, issues).segments.map((s) => [s.text, s.issue?.id ?? null, s.first]);

describe('segmentDocument', () => {
  const text = 'The cat sat on teh mat.';

  it('returns the whole text as one plain piece when there is no issue', () => {
    expect(pieces(text, [])).toEqual([[text, null, false]]);
    expect(segmentDocument('', []).segments).toEqual([]);
  });

  it('cuts highlighted passages out of the plain text', () => {
    const typo = issueAt(text, 15, 18);
    expect(pieces(text, [typo])).toEqual([
      ['The cat sat on ', null, false],
      ['teh', typo.id, true],
      [' mat.', null, false],
    ]);
  });

  it('lets the shorter issue win inside a longer one, which stays highlighted around it', () => {
    const sentence = issueAt(text, 0, text.length, { kind: 'long-sentence' });
    const typo = issueAt(text, 15, 18);
    expect(pieces(text, [sentence, typo])).toEqual([
      ['The cat sat on ', sentence.id, true],
      ['teh', typo.id, true],
      [' mat.', sentence.id, false],
    ]);
  });

  it('gives a tie to the earlier issue and lists a fully covered one as covered', () => {
    const first = issueAt(text, 4, 11, { kind: 'passive-voice' });
    const second = issueAt(text, 8, 15, { kind: 'adverb' });
    const inside = issueAt(text, 4, 11, { kind: 'weak-word', id: 'same-range' });
    const { segments, covered } = segmentDocument(text, [second, inside, first]);
    expect(segments.map((s) => [s.text, s.issue?.id ?? null])).toEqual([
      ['The ', null],
      ['cat sat', first.id],
      [' on ', second.id],
      ['teh mat.', null],
    ]);
    expect(covered.map((issue) => issue.id)).toEqual(['same-range']);
  });

  it('ignores issues whose offsets do not fit the text', () => {
    expect(pieces('short', [issueAt('short', 3, 9), issueAt('short', 2, 2)])).toEqual([['short', null, false]]);
  });

  it('counts offsets in UTF-16 units, as the engine does', () => {
    const emoji = 'Hi 👋 wrld';
    const typo = issueAt(emoji, 6, 10);
    expect(pieces(emoji, [typo]).at(-1)).toEqual(['wrld', typo.id, true]);
  });
});
