import { describe, expect, it } from 'vitest';
import type { AiDetectionReport } from './report.schema.js';
import {
  aiReportLevel,
  aiVerdict,
  intervalPercents,
  localModelNote,
  noSourceModelReason,
  rankedSourceFamilies,
  scorerLine,
  sourceModelWording,
  uncertaintyWords,
} from './report-wording.js';

/** A mixed text: part AI-written, with GPT as its likely source. */
const mixedReport: AiDetectionReport = {
  ai_probability: 0.71,
  confidence_interval: { low: 0.58, high: 0.82 },
  label: 'mixed',
  verdict: 'Parts of this text read as AI-written and parts as human-written.',
  threshold: 0.86,
  human_threshold: 0.3,
  words: 74,
  sentences: [],
  evidence: [],
  source_model: {
    family: 'gpt',
    probabilities: [
      { family: 'gpt', probability: 0.62 },
      { family: 'claude', probability: 0.18 },
      { family: 'llama', probability: 0.09 },
      { family: 'gemini', probability: 0.06 },
      { family: 'open-source', probability: 0.05 },
    ],
  },
  model: { name: 'ai-detect-ngram', version: '2026.11.0' },
};

/** A short note scored under the human threshold, its interval reaching above it: too short to call. */
const leaningHumanReport: AiDetectionReport = {
  ...mixedReport,
  ai_probability: 0.12,
  confidence_interval: { low: 0.02, high: 0.41 },
  label: 'uncertain',
  verdict: 'The text is too short to tell reliably: check at least 150 words.',
  source_model: null,
};

/**
 * An essay scored past the AI threshold whose interval reaches back below it: labelled "uncertain" by the rules,
 * with a source family whose shares round one by one to more than 100%.
 */
const leaningAiReport: AiDetectionReport = {
  ...mixedReport,
  ai_probability: 0.988,
  confidence_interval: { low: 0.97, high: 0.99 },
  label: 'uncertain',
  verdict:
    'Too close to call: the confidence interval reaches between the human and the AI thresholds. Longer samples give clearer answers.',
  threshold: 0.987,
  human_threshold: 0.22,
  source_model: {
    family: 'llama',
    probabilities: [
      { family: 'llama', probability: 0.335 },
      { family: 'gpt', probability: 0.335 },
      { family: 'claude', probability: 0.325 },
      { family: 'gemini', probability: 0.003 },
      { family: 'open-source', probability: 0.002 },
    ],
  },
};

describe('AI detection report wording', () => {
  it('says a score past the AI threshold only leans AI while its interval reaches back below it', () => {
    expect(aiVerdict(leaningAiReport)).toEqual({
      name: 'Leans AI, not certain',
      explanation:
        // The interval's top (99%) and the threshold (98.7%) would both read 99%: a decimal tells them apart.
        'The score is at or above the AI threshold (98.7%), but its 90% confidence interval (97.0–99.0%) reaches below it, so the detector does not call the text AI-written. Longer samples give clearer answers.',
    });
    // Shown as 99% beside a 99% threshold, a score just under it reads the same and is put the same way.
    const justUnder = {
      ...leaningAiReport,
      ai_probability: 0.988,
      confidence_interval: { low: 0.96, high: 0.98 },
      threshold: 0.99,
    };
    expect(intervalPercents(justUnder)).toMatchObject({ decimals: 0, score: '99%', threshold: '99%' });
    expect(aiVerdict(justUnder).name).toBe('Leans AI, not certain');
    // With decimals, all are written alike: 98.6% beside a 98.7% threshold is not past it.
    expect(intervalPercents({ ...leaningAiReport, ai_probability: 0.986 })).toMatchObject({ score: '98.6%' });
    expect(aiVerdict({ ...leaningAiReport, ai_probability: 0.986 }).name).toBe('Can’t tell');
    // A text too short to judge keeps the engine's reason, whatever its interval.
    const short = {
      ...leaningAiReport,
      confidence_interval: { low: 0.99, high: 0.995 },
      verdict: 'Too short to tell: the detector needs at least 40 words to judge a text.',
    };
    expect(aiVerdict(short)).toEqual({ name: 'Leans AI, not certain', explanation: short.verdict });
  });

  it('writes an end of the interval that is on the other side of a threshold but rounds to it with a decimal', () => {
    // 98.7% and the threshold 98.947% both round to 99%: "its interval (99–100%) reaches below it (99%)" would read
    // as a contradiction.
    const nearAi = {
      ...leaningAiReport,
      ai_probability: 0.996,
      confidence_interval: { low: 0.987, high: 0.999 },
      threshold: 0.98947,
    };
    expect(intervalPercents(nearAi)).toEqual({
      decimals: 1,
      score: '99.6%',
      range: '98.7–99.9%',
      threshold: '98.9%',
      humanThreshold: '22.0%',
    });
    expect(aiVerdict(nearAi).explanation).toBe(
      'The score is at or above the AI threshold (98.9%), but its 90% confidence interval (98.7–99.9%) reaches below it, so the detector does not call the text AI-written. Longer samples give clearer answers.',
    );
    const nearHuman = {
      ...leaningHumanReport,
      confidence_interval: { low: 0.03, high: 0.232 },
      human_threshold: 0.2304,
    };
    expect(aiVerdict(nearHuman).explanation).toContain(
      'human threshold (23.0%), but its 90% confidence interval (3.0–23.2%)',
    );
    // A score shown as 23% is not said to be at or below a human threshold written as 22.7%.
    const nearHumanThreshold = {
      ...leaningHumanReport,
      ai_probability: 0.232,
      confidence_interval: { low: 0.226, high: 0.238 },
      human_threshold: 0.22687,
    };
    expect(intervalPercents(nearHumanThreshold).humanThreshold).toBe('22.7%');
    expect(aiVerdict(nearHumanThreshold).name).toBe('Can’t tell');
    // A narrow interval near certainty keeps its ends apart.
    expect(intervalPercents({ ...nearAi, confidence_interval: { low: 0.996, high: 1 } }).range).toBe('99.6–100.0%');
    // Whole percents when they keep every end on its side.
    expect(intervalPercents(leaningHumanReport)).toEqual({
      decimals: 0,
      score: '12%',
      range: '2–41%',
      threshold: '86%',
      humanThreshold: '30%',
    });
  });

  it('says a score below the human threshold only leans human while its interval reaches above it', () => {
    expect(aiVerdict(leaningHumanReport)).toEqual({
      name: 'Leans human, not certain',
      explanation:
        'The score is at or below the human threshold (30%), but its 90% confidence interval (2–41%) reaches above it, so the detector does not call the text human-written. Longer samples give clearer answers.',
    });
  });

  it('keeps the label and the engine’s verdict between the thresholds and for a sure label', () => {
    const between = { ...leaningAiReport, ai_probability: 0.85, confidence_interval: { low: 0.56, high: 0.96 } };
    expect(aiVerdict(between)).toEqual({ name: 'Can’t tell', explanation: leaningAiReport.verdict });
    expect(aiVerdict(mixedReport)).toEqual({ name: 'Mixed', explanation: mixedReport.verdict });
    const ai = { ...leaningAiReport, label: 'ai' as const, confidence_interval: { low: 0.988, high: 0.995 } };
    expect(aiVerdict(ai).name).toBe('Likely AI');
  });

  it('names the source model outright only for a text judged AI, and as a condition otherwise', () => {
    expect(sourceModelWording(mixedReport)).toEqual({
      title: 'Likely source model',
      lead: 'Most likely GPT (OpenAI).',
      summary: 'Most likely source: GPT (OpenAI) (62%)',
    });
    expect(sourceModelWording(leaningAiReport)).toEqual({
      title: 'Source model, if AI-written',
      lead: 'The detector can’t tell whether this text is AI-written. If it is, it reads most like Llama and OPT (Meta).',
      summary: 'If AI-written, it reads most like Llama and OPT (Meta) (34%)',
    });
    expect(sourceModelWording(leaningHumanReport)).toBeNull();
  });

  it('ranks the source families most likely first, their percents adding up to 100 as shown', () => {
    const source = leaningAiReport.source_model;
    if (!source) throw new Error('fixture has a source model');
    // One by one these round to 34%, 34%, 33%, <1% and <1%: 101%.
    expect(rankedSourceFamilies(source).map(({ family, percent }) => [family, percent])).toEqual([
      ['llama', '34%'],
      ['gpt', '34%'],
      ['claude', '32%'],
      ['gemini', '<1%'],
      ['open-source', '<1%'],
    ]);
  });

  it('says why no source model is named', () => {
    expect(noSourceModelReason('human')).toBe(
      'The text reads as human-written, so no AI model is named as its source.',
    );
    expect(noSourceModelReason('uncertain')).toBe(
      'No model is named: the text does not read clearly enough as AI-written to guess which model wrote it.',
    );
    // Beside a verdict that parts read as AI-written, not a contradiction of it.
    expect(noSourceModelReason('mixed')).toBe(
      'No model is named: too little of the text reads as AI-written to guess which model wrote those parts.',
    );
  });
});

describe('localModelNote', () => {
  const curvature = {
    model: 'tinyllama-1.1b',
    discrepancy: 2.1,
    tokens: 640,
    truncated: false,
    built_in_probability: 0.71,
  };

  it('is null for the built-in detector alone', () => {
    expect(localModelNote(mixedReport)).toBeNull();
  });

  it('names the local model, what the built-in detector alone gave, and how much of a long text it read', () => {
    expect(localModelNote({ curvature })).toBe(
      'Also scored with the language model tinyllama-1.1b (probability curvature and rank); the built-in detector alone gave 71%.',
    );
    expect(localModelNote({ curvature: { ...curvature, tokens: 1024, truncated: true } })).toBe(
      'Also scored with the language model tinyllama-1.1b (probability curvature and rank, its first 1,024 tokens); the built-in ' +
        'detector alone gave 71%.',
    );
    // Since issue 26 a long text is scored on windows spread over it.
    expect(
      localModelNote({ curvature: { ...curvature, tokens: 192, truncated: true, windows: 2, text_tokens: 1_400 } }),
    ).toBe(
      'Also scored with the language model tinyllama-1.1b (probability curvature and rank; a long text: 2 windows of ' +
        'it, 192 of its 1,400 tokens, were scored); the built-in detector alone gave 71%.',
    );
  });
});

describe('the level a report was read at, and why it is uncertain', () => {
  it('reads a report stored before levels as strict, and one read at a level with its numbers', () => {
    expect(aiReportLevel(mixedReport)).toMatchObject({ level: 'strict', legacy: true, name: 'Strict' });
    expect(
      aiReportLevel({ sensitivity: { level: 'sensitive', false_positive_rate: 0.097, detection_rate: 0.52 } }),
    ).toEqual({
      level: 'sensitive',
      name: 'Sensitive',
      title: 'Read at Sensitive sensitivity.',
      meaning: 'At this setting about 1 in 10 human texts is flagged as AI, and about 5 in 10 AI texts are caught.',
      legacy: false,
    });
  });

  it('says each reason in a sentence, in order, and nothing without one', () => {
    expect(uncertaintyWords(['unfamiliar_writing', 'too_short'])).toEqual([
      expect.stringMatching(/^Too short: under 40 words/),
      expect.stringMatching(/^A kind of writing the detector rarely saw/),
    ]);
    expect(uncertaintyWords(undefined)).toEqual([]);
    expect(scorerLine({})).toMatch(/^Verdict from the built-in detector/);
    const curvature = {
      model: 'tinyllama-1.1b',
      discrepancy: 1,
      tokens: 74,
      truncated: false,
      built_in_probability: 0.7,
    };
    expect(scorerLine({ curvature })).toBe(
      'Verdict from the built-in detector together with the language model tinyllama-1.1b.',
    );
  });

  it('names a verdict read at a level as its label, with the report’s own explanation', () => {
    const report = {
      ...mixedReport,
      label: 'ai' as const,
      verdict: 'Close.',
      sensitivity: { level: 'balanced' as const, false_positive_rate: 0.03, detection_rate: 0.3 },
    };
    expect(aiVerdict(report)).toEqual({ name: 'Likely AI', explanation: 'Close.' });
  });
});
