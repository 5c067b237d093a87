import { describe, expect, it } from 'vitest';
import { analyzeWriting } from './analyze.js';
import { type IssueKind, writingReportSchema } from './report.schema.js';

const kinds = (text: string, kind: IssueKind) =>
  analyzeWriting(text)
    .issues.filter((i) => i.kind === kind)
    .map((i) => i.text);

describe('analyzeWriting', () => {
  it('gives a valid, finite, issue-free report for empty and blank text', () => {
    for (const text of ['', '  \n ', '—']) {
      const report = analyzeWriting(text);
      expect(writingReportSchema.parse(report)).toEqual(report);
      expect(report.issues).toEqual([]);
      expect(report.lexicalDiversity.mtld).toBeNull();
      expect(Object.values(report.issueCounts).every((n) => n === 0)).toBe(true);
    }
  });

  it('gives every issue offsets that slice out its text, in document order', () => {
    const text =
      'The ball was thrown by the the chairman. We will utilize a realy good plan.\n\nIt is very, very simple. 😀 Teh end.';
    const report = analyzeWriting(text);
    expect(writingReportSchema.parse(report)).toEqual(report);
    expect(report.issues.length).toBeGreaterThan(5);
    for (const issue of report.issues) expect(text.slice(issue.start, issue.end)).toBe(issue.text);
    const starts = report.issues.map((i) => i.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(new Set(report.issues.map((i) => i.id)).size).toBe(report.issues.length);
    // Offsets after an astral character are UTF-16 indices, as JavaScript counts them.
    const teh = report.issues.find((i) => i.text === 'Teh');
    expect(teh?.start).toBe(text.indexOf('Teh'));
  });

  it('flags spelling with Hunspell suggestions and respects the personal dictionary', () => {
    const report = analyzeWriting('I will recieve it from Zorblax.');
    const spelling = report.issues.filter((i) => i.kind === 'spelling');
    expect(spelling.map((i) => i.text)).toEqual(['recieve', 'Zorblax']);
    expect(spelling[0]?.suggestions).toContain('receive');
    const withDictionary = analyzeWriting('I will recieve it from Zorblax.', { personalDictionary: ['zorblax'] });
    expect(withDictionary.issues.filter((i) => i.kind === 'spelling').map((i) => i.text)).toEqual(['recieve']);
  });

  it('flags passive voice, simpler alternatives and inclusive language with their suggestions', () => {
    const report = analyzeWriting('The ball was thrown. We utilize tools. Ask the chairman.');
    const byKind = Object.fromEntries(report.issues.map((i) => [i.kind, i]));
    expect(byKind['passive-voice']?.text).toBe('thrown');
    expect(byKind['simpler-alternative']).toMatchObject({ text: 'utilize', suggestions: ['use'] });
    expect(byKind['inclusive-language']?.suggestions).toContain('chair');
  });

  it('flags a doubled word once, with the single word as the fix', () => {
    const report = analyzeWriting('We saw the the house.');
    const doubled = report.issues.filter((i) => i.text.includes('the the'));
    expect(doubled).toEqual([expect.objectContaining({ kind: 'repeated-word', suggestions: ['the'] })]);
  });

  it('flags -ly adverbs but not -ly adjectives and nouns', () => {
    expect(kinds('She quickly ran home. The family was friendly. He runs daily.', 'adverb')).toEqual(['quickly']);
  });

  it('flags weak words from retext-intensify', () => {
    expect(kinds('It was very good and quite frankly done.', 'weak-word')).toEqual(['very', 'quite']);
  });

  it('counts an -ly word that is also a weak word with the adverbs', () => {
    const text = 'It is basically fine and really good, and quite frankly done.';
    expect(kinds(text, 'adverb')).toEqual(['basically', 'really', 'frankly']);
    expect(kinds(text, 'weak-word')).not.toContain('really');
  });

  it('does not call everyday verbs, modals and comparisons weak words', () => {
    const text =
      'The first workshops start in March. Every manager will receive a guide. The results were better than expected.';
    expect(analyzeWriting(text).issues.map((i) => i.text)).toEqual([]);
  });

  it('files talking-down words as weak words, and keeps genuine inclusive-language findings', () => {
    const report = analyzeWriting('It is just easy, of course. Ask the chairman.');
    const byText = Object.fromEntries(report.issues.map((i) => [i.text, i]));
    for (const word of ['just', 'easy', 'of course']) {
      expect(byText[word]).toMatchObject({ kind: 'weak-word', source: 'retext-equality' });
      expect(byText[word]?.message).toBe(
        `“${word}” can talk down to a reader who finds it harder than you do; it can usually be left out.`,
      );
    }
    expect(byText.chairman).toMatchObject({ kind: 'inclusive-language', source: 'retext-equality' });
    expect(kinds('Obviously it is simple.', 'inclusive-language')).toEqual([]);
  });

  it('suggests splitting two everyday words run together, before Hunspell’s edits', () => {
    const suggestionsFor = (text: string, word: string) =>
      analyzeWriting(text).issues.find((i) => i.kind === 'spelling' && i.text === word)?.suggestions;
    expect(suggestionsFor('I have alot of work.', 'alot')?.[0]).toBe('a lot');
    expect(suggestionsFor('It is infact done.', 'infact')?.[0]).toBe('in fact');
    expect(suggestionsFor('Me aswell.', 'aswell')?.[0]).toBe('as well');
    // A split into a word and a stray suffix is not offered.
    expect(suggestionsFor('It occured once.', 'occured')).toEqual(['occurred']);
  });

  it('suggests the contraction first for one typed without its apostrophe', () => {
    const suggestionsFor = (text: string, word: string) =>
      analyzeWriting(text).issues.find((i) => i.kind === 'spelling' && i.text === word)?.suggestions;
    expect(suggestionsFor('I dont know.', 'dont')?.[0]).toBe("don't");
    expect(suggestionsFor('They say theyre ready.', 'theyre')?.[0]).toBe("they're");
    expect(suggestionsFor('Well im here.', 'im')?.[0]).toBe("I'm");
    expect(suggestionsFor('It wouldnt matter.', 'wouldnt')?.[0]).toBe("wouldn't");
  });

  it('flags a content word repeated within the window, but not function words', () => {
    const text = 'The garden was lovely. We walked through the garden and they were there.';
    expect(kinds(text, 'nearby-repetition')).toEqual(['garden']);
    expect(analyzeWriting(text, { repetitionWindow: 3 }).issues.some((i) => i.kind === 'nearby-repetition')).toBe(
      false,
    );
  });

  it('flags sentences longer than the limit', () => {
    const long = `Many ${'words '.repeat(34).trim()}.`;
    const report = analyzeWriting(`Short one. ${long}`);
    expect(report.issues.filter((i) => i.kind === 'long-sentence').map((i) => i.text)).toEqual([long]);
    expect(analyzeWriting(long, { longSentenceWords: 40 }).issueCounts['long-sentence']).toBe(0);
  });

  it('leaves out disabled kinds and counts the rest', () => {
    const text = 'The ball was thrown by teh boy.';
    const report = analyzeWriting(text, { disable: ['spelling'] });
    expect(report.issueCounts.spelling).toBe(0);
    expect(report.issueCounts['passive-voice']).toBe(1);
  });

  it('is deterministic', () => {
    const text = 'It was written quickly. Teh plan was approved by the the board.';
    expect(analyzeWriting(text)).toEqual(analyzeWriting(text));
  });
});

describe('passive voice with regular participles', () => {
  it('flags be + -ed participles that retext-passive does not know, once each', () => {
    const report = analyzeWriting('The room was cleaned. Data are often stored here. The ball was thrown.');
    expect(report.issues.filter((i) => i.kind === 'passive-voice').map((i) => i.text)).toEqual([
      'cleaned',
      'stored',
      'thrown',
    ]);
  });

  it('leaves adjectives of state and words across punctuation alone', () => {
    const report = analyzeWriting(
      'I was tired. He is interested. It was, finished or not, fine. The plan is. Started.',
    );
    expect(report.issues.filter((i) => i.kind === 'passive-voice')).toEqual([]);
  });
});
