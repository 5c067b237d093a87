import { type HumanizedDetectionResult, humanizedDetectionResultSchema } from '@candor/contracts/tools';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { sentenceRanges, wordRange } from '@/features/tool-runs/lib/test-sentences';

const SENTENCES = [
  'The committee will craft a decision on the budget by the conclusion of the month.',
  'This approach furnishes several advantages for small enterprises across the region.',
  'I still think we should have asked the parents first.',
] as const;

/** A generated paragraph run through a synonym-swapping paraphraser, with one human sentence after it. */
export const HUMANIZED_TEXT = `${SENTENCES[0]} ${SENTENCES[1]} ${SENTENCES[2]}`;

const [first, second, third] = sentenceRanges(HUMANIZED_TEXT, SENTENCES) as [
  { start: number; end: number },
  { start: number; end: number },
  { start: number; end: number },
];

const swaps = { feature: 'synonym_surprisal', label: 'Rare synonyms where common words fit', contribution: 1.34 };
const collocations = { feature: 'collocation_breaks', label: 'Broken word pairings', contribution: 0.96 };
const predictable = {
  feature: 'mean_log_rank',
  label: 'Sentence structure a language model expects',
  contribution: 0.52,
};
// Evidence weighs a verdict's class against the runner-up's: negative pushes are towards the runner-up.
const personal = { feature: 'first_person', label: 'Personal, conversational voice', contribution: -0.88 };

export const humanizedReport: HumanizedDetectionResult = humanizedDetectionResultSchema.parse({
  label: 'ai_humanized',
  probabilities: { human: 0.09, ai: 0.13, ai_humanized: 0.78 },
  uncertain: false,
  verdict: 'This text reads as AI-written and then reworded by a paraphrasing tool.',
  words: tokenizeWords(HUMANIZED_TEXT).length,
  sentences: [
    {
      ...first,
      label: 'ai_humanized',
      probabilities: { human: 0.05, ai: 0.1, ai_humanized: 0.85 },
      evidence: [collocations, swaps],
    },
    {
      ...second,
      label: 'ai_humanized',
      probabilities: { human: 0.08, ai: 0.27, ai_humanized: 0.65 },
      evidence: [swaps, predictable],
    },
    {
      ...third,
      label: 'human',
      probabilities: { human: 0.81, ai: 0.07, ai_humanized: 0.12 },
      // Positive: towards the sentence's own class, human.
      evidence: [{ ...personal, contribution: 0.88 }],
    },
  ],
  signals: [
    { ...wordRange(HUMANIZED_TEXT, 'craft a decision'), kind: 'collocation_break' },
    { ...wordRange(HUMANIZED_TEXT, 'conclusion'), kind: 'odd_word' },
    { ...wordRange(HUMANIZED_TEXT, 'furnishes'), kind: 'surprisal_spike' },
  ],
  evidence: [swaps, collocations, predictable, personal],
  model: { name: 'humanized-detect', version: '2026.11.0' },
});

/** Too short to call: the label is a best guess. */
export const SHORT_TEXT = 'Thanks, see you at the meeting tomorrow.';
export const uncertainReport: HumanizedDetectionResult = humanizedDetectionResultSchema.parse({
  label: 'human',
  probabilities: { human: 0.48, ai: 0.3, ai_humanized: 0.22 },
  uncertain: true,
  verdict: 'The text is too short to tell reliably: check at least 150 words.',
  words: tokenizeWords(SHORT_TEXT).length,
  sentences: [
    {
      start: 0,
      end: SHORT_TEXT.length,
      label: 'human',
      probabilities: { human: 0.48, ai: 0.3, ai_humanized: 0.22 },
      evidence: [],
    },
  ],
  signals: [],
  evidence: [],
  model: { name: 'humanized-detect', version: '2026.11.0' },
});

/** An AI text the paraphraser left no trace on, with a few unusual words marked all the same. */
export const aiReport: HumanizedDetectionResult = humanizedDetectionResultSchema.parse({
  ...humanizedReport,
  label: 'ai',
  probabilities: { human: 0.486, ai: 0.496, ai_humanized: 0.018 },
  verdict: 'This text reads as AI-written and left as it was, not passed through a paraphraser.',
  signals: humanizedReport.signals.filter((signal) => signal.kind !== 'odd_word'),
});
