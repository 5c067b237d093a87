import type { CurvatureReport } from '@candor/engine-ai-detect/report';
import { describe, expect, it } from 'vitest';
import {
  aiDetectionSummary,
  aiVerdict,
  localModelNote,
  probabilityBand,
  probabilityBands,
  sourceModelWording,
} from './ai-scale';
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
      'Most likely source: GPT (OpenAI) (62%)',
      `${aiReport.words} words`,
    ]);
    expect(aiDetectionSummary(humanReport, 'Lunch')).not.toContain('source');
  });

  it('names the local model when one also scored the text', () => {
    expect(localModelNote(aiReport)).toBeNull();
    expect(localModelNote(localModelReport)).toBe(
      'Also scored with the local model tinyllama-1.1b; the built-in detector alone gave 71%.',
    );
    expect(
      localModelNote({
        ...localModelReport,
        curvature: { ...(localModelReport.curvature as CurvatureReport), tokens: 1024, truncated: true },
      }),
    ).toBe(
      'Also scored with the local model tinyllama-1.1b, its first 1,024 tokens; the built-in detector alone gave 71%.',
    );
    expect(aiDetectionSummary(localModelReport, 'Weekend notes').split('\n')[3]).toBe(localModelNote(localModelReport));
  });

  it('says a score past the AI threshold only leans AI while its interval reaches back below it', () => {
    expect(aiVerdict(leaningAiReport)).toEqual({
      name: 'Leans AI, not certain',
      explanation:
        'The score is at or above the AI threshold (99%), but its 90% confidence interval (97–99%) reaches below it, so the detector does not call the text AI-written. Longer samples give clearer answers.',
    });
    // Shown as 99% beside a 99% threshold, a score just under it reads the same and is put the same way.
    expect(aiVerdict({ ...leaningAiReport, ai_probability: 0.986 }).name).toBe('Leans AI, not certain');
    // A text too short to judge keeps the engine's reason, whatever its interval.
    const short = {
      ...leaningAiReport,
      confidence_interval: { low: 0.99, high: 0.995 },
      verdict: 'Too short to tell: the detector needs at least 40 words to judge a text.',
    };
    expect(aiVerdict(short)).toEqual({ name: 'Leans AI, not certain', explanation: short.verdict });
  });

  it('says a score below the human threshold only leans human while its interval reaches above it', () => {
    expect(aiVerdict(humanReport)).toEqual({
      name: 'Leans human, not certain',
      explanation:
        'The score is at or below the human threshold (30%), but its 90% confidence interval (2–41%) reaches above it, so the detector does not call the text human-written. Longer samples give clearer answers.',
    });
  });

  it('keeps the label and the engine’s verdict between the thresholds and for a sure label', () => {
    const between = { ...leaningAiReport, ai_probability: 0.85, confidence_interval: { low: 0.56, high: 0.96 } };
    expect(aiVerdict(between)).toEqual({ name: 'Can’t tell', explanation: leaningAiReport.verdict });
    expect(aiVerdict(aiReport)).toEqual({ name: 'Mixed', explanation: aiReport.verdict });
    const ai = { ...leaningAiReport, label: 'ai' as const, confidence_interval: { low: 0.988, high: 0.995 } };
    expect(aiVerdict(ai).name).toBe('Likely AI');
  });

  it('names the source model outright only for a text judged AI, and as a condition otherwise', () => {
    expect(sourceModelWording(aiReport)).toEqual({
      title: 'Likely source model',
      lead: 'Most likely GPT (OpenAI).',
      summary: 'Most likely source: GPT (OpenAI) (62%)',
    });
    expect(sourceModelWording(leaningAiReport)).toEqual({
      title: 'Source model, if AI-written',
      lead: 'The detector can’t tell whether this text is AI-written. If it is, it reads most like Llama and OPT (Meta).',
      summary: 'If AI-written, it reads most like Llama and OPT (Meta) (34%)',
    });
    expect(sourceModelWording(humanReport)).toBeNull();
    expect(aiDetectionSummary(leaningAiReport, 'Essay').split('\n').slice(1, 3)).toEqual([
      `99% likely AI (90% confidence interval 97–99%): Leans AI, not certain. ${aiVerdict(leaningAiReport).explanation}`,
      'If AI-written, it reads most like Llama and OPT (Meta) (34%)',
    ]);
  });
});
