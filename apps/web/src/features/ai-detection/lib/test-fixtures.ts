import { type AiDetectionResult, aiDetectionResultSchema } from '@candor/contracts/tools';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { sentenceRanges } from '@/features/tool-runs/lib/test-sentences';

const SENTENCES = [
  'We drove to the coast on Saturday, mostly because the forecast finally stopped threatening rain.',
  'In today’s fast-paced world, renewable energy plays a crucial role in shaping a sustainable future.',
  'Moreover, it is important to note that solar and wind power offer numerous benefits for communities.',
  'My brother forgot the sandwiches, so lunch was chips from a petrol station.',
  'Ultimately, embracing these technologies fosters innovation and drives meaningful change.',
] as const;

/** A short holiday note with three generated sentences pasted in: a mixed text. */
export const AI_TEXT = `${SENTENCES[0]} ${SENTENCES[1]} ${SENTENCES[2]}\n\n${SENTENCES[3]} ${SENTENCES[4]}`;

const [first, second, third, fourth, fifth] = sentenceRanges(AI_TEXT, SENTENCES) as [
  { start: number; end: number },
  { start: number; end: number },
  { start: number; end: number },
  { start: number; end: number },
  { start: number; end: number },
];

const predictable = {
  feature: 'mean_log_rank',
  label: 'Words are the ones a language model expects most',
  contribution: 1.12,
};
const stockPhrases = { feature: 'stock_phrases', label: 'Stock phrases common in AI text', contribution: 0.87 };
const uniformLength = { feature: 'burstiness', label: 'Sentence lengths barely vary', contribution: 0.64 };
const concreteDetail = {
  feature: 'surprisal_variance',
  label: 'Surprising, concrete word choices',
  contribution: -0.92,
};
const informal = { feature: 'function_word_profile', label: 'Informal function-word use', contribution: -0.41 };

export const aiReport: AiDetectionResult = aiDetectionResultSchema.parse({
  ai_probability: 0.71,
  confidence_interval: { low: 0.58, high: 0.82 },
  label: 'mixed',
  verdict: 'Parts of this text read as AI-written and parts as human-written.',
  threshold: 0.86,
  human_threshold: 0.3,
  words: tokenizeWords(AI_TEXT).length,
  sentences: [
    { ...first, ai_probability: 0.08, evidence: [concreteDetail, informal] },
    { ...second, ai_probability: 0.94, evidence: [stockPhrases, predictable, uniformLength] },
    { ...third, ai_probability: 0.89, evidence: [stockPhrases, predictable] },
    { ...fourth, ai_probability: 0.05, evidence: [concreteDetail, informal] },
    { ...fifth, ai_probability: 0.83, evidence: [predictable, stockPhrases] },
  ],
  evidence: [predictable, stockPhrases, concreteDetail, uniformLength],
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
});

/** A short human note: too short to call, no source model. */
export const HUMAN_TEXT = SENTENCES[3];
export const humanReport: AiDetectionResult = aiDetectionResultSchema.parse({
  ai_probability: 0.12,
  confidence_interval: { low: 0.02, high: 0.41 },
  label: 'uncertain',
  verdict: 'The text is too short to tell reliably: check at least 150 words.',
  threshold: 0.86,
  human_threshold: 0.3,
  words: tokenizeWords(HUMAN_TEXT).length,
  sentences: [{ start: 0, end: HUMAN_TEXT.length, ai_probability: 0.12, evidence: [concreteDetail] }],
  evidence: [concreteDetail, informal],
  source_model: null,
  model: { name: 'ai-detect-ngram', version: '2026.11.0' },
});

/** The same mixed text, also scored by a calibrated local model (its curvature is combined into the score). */
export const localModelReport: AiDetectionResult = aiDetectionResultSchema.parse({
  ...aiReport,
  ai_probability: 0.78,
  confidence_interval: { low: 0.64, high: 0.88 },
  evidence: [
    predictable,
    { feature: 'probability_curvature', label: 'Probability curvature under tinyllama-1.1b', contribution: 0.95 },
    stockPhrases,
    concreteDetail,
  ],
  curvature: { model: 'tinyllama-1.1b', discrepancy: 2.41, tokens: 74, truncated: false, built_in_probability: 0.71 },
});

/**
 * An essay scored past the AI threshold whose interval reaches back below it: labelled "uncertain" by the rules,
 * with a source family whose shares round one by one to more than 100%.
 */
export const leaningAiReport: AiDetectionResult = aiDetectionResultSchema.parse({
  ...aiReport,
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
});

/** The mixed text read at the strict level: AI, its interval reaching below the line, a kind of writing rarely seen. */
export const strictReport: AiDetectionResult = aiDetectionResultSchema.parse({
  ...aiReport,
  ai_probability: 0.93,
  confidence_interval: { low: 0.81, high: 0.97 },
  label: 'ai',
  verdict:
    'This text reads as written by an AI, though its score is close to the threshold: its 90% confidence interval reaches below it. It is a kind of writing the detector rarely saw in training, so read the verdict with care.',
  threshold: 0.91,
  human_threshold: 0.3,
  sensitivity: { level: 'strict', false_positive_rate: 0.0098, detection_rate: 0.142 },
  uncertainty: ['near_threshold', 'unfamiliar_writing'],
});
