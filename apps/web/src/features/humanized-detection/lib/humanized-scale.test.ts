import { describe, expect, it } from 'vitest';
import { describeProbabilities, humanizedDetectionSummary, sentenceHighlight } from './humanized-scale';
import { aiReport, humanizedReport, uncertainReport } from './test-fixtures';

describe('humanized detection wording', () => {
  it('lists the three probabilities, most likely first', () => {
    expect(describeProbabilities({ human: 0.09, ai: 0.13, ai_humanized: 0.78 })).toBe(
      'AI, disguised 78% · AI 13% · Human 9%',
    );
  });

  it('shades a sentence paler when its label is less sure', () => {
    const [sure, unsure] = humanizedReport.sentences;
    if (!sure || !unsure) throw new Error('fixture has sentences');
    expect(sentenceHighlight(sure)).toContain('bg-violet-500/30');
    expect(sentenceHighlight(unsure)).toContain('bg-violet-500/15');
  });

  it('sums up a report for the clipboard, saying when it is only a best guess', () => {
    expect(humanizedDetectionSummary(humanizedReport, 'Budget note').split('\n')).toEqual([
      'Humanized Text Detector — Budget note',
      'AI, disguised. This text reads as AI-written and then reworded by a paraphrasing tool.',
      'AI, disguised 78% · AI 13% · Human 9%',
      expect.stringMatching(/^Checked before sensitivity levels existed\. Its verdict was the likeliest/),
      'Verdict from the built-in detector (word statistics under three language models of n-grams).',
      'Signs of a paraphraser — Collocation break: 1, Surprisal spike: 1, Odd word choice: 1',
      `${humanizedReport.words} words`,
    ]);
    expect(humanizedDetectionSummary(uncertainReport, 'Note')).toContain(
      'Human (uncertain: a best guess, not a verdict).',
    );
  });

  it('lists the three probabilities as percents that add up to 100 as shown', () => {
    // One by one these round to 50%, 49% and 2%.
    expect(describeProbabilities({ human: 0.496, ai: 0.486, ai_humanized: 0.018 })).toBe(
      'Human 50% · AI 48% · AI, disguised 2%',
    );
  });

  it('does not call the marks signs of a paraphraser in the summary of a text with no sign of one', () => {
    const summary = humanizedDetectionSummary(aiReport, 'Essay');
    expect(summary).toContain(
      'Unusual word choices (worth a look, not proof of a paraphraser) — Collocation break: 1, Surprisal spike: 1',
    );
    expect(summary).not.toContain('Signs of a paraphraser');
  });
});
