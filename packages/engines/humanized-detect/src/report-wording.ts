import type { Evidence } from '@candor/engine-ai-detect/report';
import {
  towardsWords as aiTowardsWords,
  type ReportLevel,
  withCalibration,
} from '@candor/engine-ai-detect/report-wording';
import { levelMeaning, type Sensitivity, sensitivityNames } from '@candor/engine-ai-detect/sensitivity';
import { formatPercentShares } from '@candor/engine-writing/percent';
import {
  type ClassProbabilities,
  type HumanizedDetectionReport,
  type HumanizedLabel,
  humanizedLabels,
} from './report.schema.js';

/** Shown for humanized reports stored before levels (their verdict was the likeliest class: looser than sensitive). */
const LEGACY_HUMANIZED_SENSITIVITY: Sensitivity = 'sensitive';

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
  `The text is too short, or too close to the line this setting draws, to call. “${labelName}” is the detector’s ` +
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

/** How the screens and the PDF say which level the humanized verdict was read at. */
export function humanizedReportLevel(
  report: Pick<HumanizedDetectionReport, 'sensitivity' | 'calibrated_for'>,
): ReportLevel {
  const point = report.sensitivity;
  if (!point) {
    return {
      level: LEGACY_HUMANIZED_SENSITIVITY,
      name: 'Before sensitivity levels',
      title: 'Checked before sensitivity levels existed.',
      meaning:
        'Its verdict was the likeliest of the three readings, with no threshold for calling a text AI-written: that ' +
        'flags more human writing than even the Sensitive setting does now.',
      legacy: true,
    };
  }
  return {
    level: point.level,
    name: sensitivityNames[point.level],
    title: `Read at ${sensitivityNames[point.level]} sensitivity.`,
    meaning: withCalibration(
      levelMeaning(point).replace('flagged as AI', 'flagged as AI-written or disguised'),
      report.calibrated_for,
    ),
    legacy: false,
  };
}

/** Which scorer gave the humanized verdict, as the screens and the PDF say it. */
export function humanizedScorerLine(report: Pick<HumanizedDetectionReport, 'language_model'>): string {
  const local = report.language_model;
  if (!local) return 'Verdict from the built-in detector (word statistics under three language models of n-grams).';
  const sampled = local.sampled
    ? ` A long text: ${local.windows} windows of it, ${local.tokens.toLocaleString('en-US')} of its ${local.text_tokens.toLocaleString('en-US')} tokens, were scored by the language model.`
    : '';
  const builtIn = local.built_in_probabilities;
  return (
    `Verdict from the built-in detector together with the language model ${local.model}; the built-in detector alone ` +
    `gave ${formatPercentShares([builtIn.ai + builtIn.ai_humanized])[0]} AI, disguised or not.${sampled}`
  );
}
