import type { Evidence } from '@candor/engine-ai-detect/report';
import { towardsWords as aiTowardsWords } from '@candor/engine-ai-detect/report-wording';
import { formatPercentShares } from '@candor/engine-writing/percent';
import { type ClassProbabilities, type HumanizedLabel, humanizedLabels } from './report.schema.js';

// How a report is put in words, shared by the screens and the PDF reports so the two never say different things.
// Importable without the engine (no model file, no Node or browser APIs).

/** The three probabilities as percents that add up to 100 as shown. */
export function classPercents(probabilities: ClassProbabilities): Record<HumanizedLabel, string> {
  const percents = formatPercentShares(humanizedLabels.map((label) => probabilities[label]));
  return Object.fromEntries(humanizedLabels.map((label, index) => [label, percents[index]])) as Record<
    HumanizedLabel,
    string
  >;
}

/** Why a verdict is only a best guess, for the screen's notice and the PDF. */
export const uncertainNote = (labelName: string) =>
  `The text is too short, or no reading leads the others clearly enough, to call. “${labelName}” is the detector’s ` +
  'best guess, not a verdict.';

export interface SignalWording {
  /** What the underlined words are, as a heading. */
  title: string;
  /** The legend's title over the kinds of underline. */
  legend: string;
  /** The line under the text: how many words are underlined, and what they are. */
  caption: (count: number) => string;
  /** The clipboard summary's name for the counts. */
  summary: string;
}

/**
 * What the underlined words are called. They are candidates, not proof: people and unedited AI text make such word
 * choices too, so they are "signs of a paraphraser" only when the verdict is that a paraphraser was used.
 */
export function signalWording(label: HumanizedLabel): SignalWording {
  const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  if (label === 'ai_humanized') {
    return {
      title: 'Signs of a paraphraser',
      legend: 'Signs of a paraphraser, underlined',
      caption: (n) =>
        n === 0
          ? 'No single word stands out; the verdict rests on the text as a whole.'
          : `${count(n, 'word-level sign', 'word-level signs')} of a paraphraser underlined.`,
      summary: 'Signs of a paraphraser',
    };
  }
  return {
    title: 'Unusual word choices',
    legend: 'Unusual word choices, underlined',
    caption: (n) =>
      n === 0
        ? 'No word-level signs of a paraphraser were found.'
        : `${count(n, 'unusual word choice', 'unusual word choices')} underlined: worth a look, not proof of a paraphraser.`,
    summary: 'Unusual word choices (worth a look, not proof of a paraphraser)',
  };
}

/** The class a verdict is weighed against: the likeliest of the other two (on a tie, the first in `humanizedLabels`). */
export function runnerUpOf(label: HumanizedLabel, probabilities: ClassProbabilities): HumanizedLabel {
  return humanizedLabels
    .filter((other) => other !== label)
    .sort((a, b) => probabilities[b] - probabilities[a])[0] as HumanizedLabel;
}

/**
 * The class a piece of a verdict's evidence pushed towards. The evidence weighs the verdict's class against the
 * runner-up: a positive push is towards the verdict's class, a negative one towards the runner-up.
 */
export function evidenceTowards(
  evidence: Evidence,
  label: HumanizedLabel,
  probabilities: ClassProbabilities,
): HumanizedLabel {
  return evidence.contribution >= 0 ? label : runnerUpOf(label, probabilities);
}

/** How the screens and the PDF say which way a piece of evidence pushed. */
export const towardsWords: Record<HumanizedLabel, string> = {
  ...aiTowardsWords,
  ai_humanized: 'towards disguised AI',
};
