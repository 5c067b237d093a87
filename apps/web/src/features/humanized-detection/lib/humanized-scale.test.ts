import { describe, expect, it } from 'vitest';
import {
  classPercents,
  describeProbabilities,
  humanizedDetectionSummary,
  sentenceHighlight,
  signalWording,
} from './humanized-scale';
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
      'Signs of a paraphraser — Collocation break: 1, Surprisal spike: 1, Odd word choice: 1',
      `${humanizedReport.words} words`,
    ]);
    expect(humanizedDetectionSummary(uncertainReport, 'Note')).toContain(
      'Human (uncertain: a best guess, not a verdict).',
    );
  });

  it('gives the three probabilities as percents that add up to 100 as shown', () => {
    // One by one these round to 50%, 49% and 2%.
    const split = { human: 0.496, ai: 0.486, ai_humanized: 0.018 };
    expect(classPercents(split)).toEqual({ human: '50%', ai: '48%', ai_humanized: '2%' });
    expect(describeProbabilities(split)).toBe('Human 50% · AI 48% · AI, disguised 2%');
  });

  it('calls the underlined words signs of a paraphraser only when the verdict says one was used', () => {
    expect(signalWording('ai_humanized').legend).toBe('Signs of a paraphraser, underlined');
    expect(signalWording('ai_humanized').caption(3)).toBe('3 word-level signs of a paraphraser underlined.');
    for (const label of ['ai', 'human'] as const) {
      const wording = signalWording(label);
      expect(wording.legend).toBe('Unusual word choices, underlined');
      expect(wording.caption(1)).toBe('1 unusual word choice underlined: worth a look, not proof of a paraphraser.');
      expect(wording.caption(25)).toBe('25 unusual word choices underlined: worth a look, not proof of a paraphraser.');
      expect(wording.caption(0)).toBe('No word-level signs of a paraphraser were found.');
    }
    expect(signalWording('ai_humanized').caption(0)).toBe(
      'No single word stands out; the verdict rests on the text as a whole.',
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
