import { aiVerdict, localModelNote } from '@candor/engine-ai-detect/report-wording';
import { describe, expect, it } from 'vitest';
import { aiDetectionSummary, probabilityBand, probabilityBands } from './ai-scale';
import { aiReport, humanReport, leaningAiReport, localModelReport } from './test-fixtures';

describe('AI probability scale', () => {
  it('puts each probability in one band, the edges in the higher one', () => {
    expect(probabilityBand(0).label).toBe('0–20%');
    expect(probabilityBand(0.2).label).toBe('20–40%');
    expect(probabilityBand(0.59).label).toBe('40–60%');
    expect(probabilityBand(0.8).label).toBe('80–100%');
    expect(probabilityBand(1)).toBe(probabilityBands.at(-1));
  });

  it('sums up a report for the clipboard', () => {
    expect(aiDetectionSummary(aiReport, 'Weekend notes').split('\n')).toEqual([
      'AI Detector — Weekend notes',
      '71% likely AI (90% confidence interval 58–82%): Mixed. Parts of this text read as AI-written and parts as human-written.',
      expect.stringMatching(/^Read at Strict sensitivity\. Checked before sensitivity levels existed/),
      'Most likely source: GPT (OpenAI) (62%)',
      'Verdict from the built-in detector (word statistics under three language models of n-grams).',
      `${aiReport.words} words`,
    ]);
    expect(aiDetectionSummary(humanReport, 'Lunch')).not.toContain('source');
  });

  it('puts the local model line in the summary when one also scored the text', () => {
    expect(aiDetectionSummary(aiReport, 'Essay')).not.toContain('language model tinyllama');
    expect(aiDetectionSummary(localModelReport, 'Weekend notes').split('\n')[5]).toBe(localModelNote(localModelReport));
  });

  it('sums up a leaning report as the screen words it, the source model as a condition', () => {
    const lines = aiDetectionSummary(leaningAiReport, 'Essay').split('\n');
    expect([lines[1], lines[3]]).toEqual([
      `98.8% likely AI (90% confidence interval 97.0–99.0%): Leans AI, not certain. ${aiVerdict(leaningAiReport).explanation}`,
      'If AI-written, it reads most like Llama and OPT (Meta) (34%)',
    ]);
  });
});
