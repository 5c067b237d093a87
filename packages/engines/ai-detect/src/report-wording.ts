import {
  decimalsToKeepOrder,
  formatPercent,
  formatPercentRange,
  formatPercentShares,
  shownPercent,
} from '@candor/engine-writing/percent';
import { type AiDetectionReport, type AiLabel, type Evidence, sourceFamilyLabels } from './report.schema.js';
import {
  LEGACY_AI_SENSITIVITY,
  levelMeaning,
  type Sensitivity,
  sensitivityNames,
  type UncertaintyReason,
  uncertaintyReasons,
} from './sensitivity.js';

// How a report is put in words, shared by the screens and the PDF reports so the two never say different things.
// Importable without the engine (no model file, no Node or browser APIs).

/** The verdict badge's words for each label. */
export const aiLabelNames: Record<AiLabel, string> = {
  human: 'Likely human',
  ai: 'Likely AI',
  mixed: 'Mixed',
  uncertain: 'Can’t tell',
};

/** Which way a piece of the AI Detector's evidence pushed: positive contributions (log-odds) push towards AI. */
export const aiEvidenceTowards = (evidence: Evidence): 'ai' | 'human' => (evidence.contribution >= 0 ? 'ai' : 'human');

/** How the screens and the PDFs say which way evidence pushed (the Humanized Text Detector adds its third class). */
export const towardsWords = { ai: 'towards AI', human: 'towards human' } as const;

export interface AiVerdict {
  /** The verdict badge. */
  name: string;
  /** The sentence under it. */
  explanation: string;
}

export interface IntervalPercents {
  /** The decimals they are written with. */
  decimals: number;
  /** The score (the chance the text was written by AI). */
  score: string;
  /** The 90% confidence interval: "62–91%". */
  range: string;
  /** The AI threshold. */
  threshold: string;
  /** The human threshold. */
  humanThreshold: string;
}

/**
 * The score, its 90% interval and the two thresholds as the screen, the clipboard and the PDF write them: whole
 * percents, or all with a decimal or two where an end of the interval would otherwise read the same as a threshold
 * it is on the other side of (the label rests on that comparison), or as the other end.
 */
export function intervalPercents(
  report: Pick<AiDetectionReport, 'ai_probability' | 'confidence_interval' | 'threshold' | 'human_threshold'>,
): IntervalPercents {
  const { ai_probability: probability, confidence_interval: interval, threshold, human_threshold } = report;
  // And its two ends apart: 0.996–1.0 reads "99.6–100.0%", not "100–100%".
  const decimals = Math.max(
    decimalsToKeepOrder([interval.low, interval.high], [threshold, human_threshold]),
    decimalsToKeepOrder([interval.low], [interval.high]),
  );
  return {
    decimals,
    score: formatPercent(probability, decimals),
    range: formatPercentRange(interval.low, interval.high, decimals),
    threshold: formatPercent(threshold, decimals),
    humanThreshold: formatPercent(human_threshold, decimals),
  };
}

/**
 * The verdict in words. Reports read at a sensitivity level say it themselves. Reports stored before levels followed
 * the rules of the time: "uncertain" whenever the 90% interval reached across a threshold, or the text was too short.
 * A score shown at or past a threshold would then read "99% likely AI" beside "Can't tell", so such a text is said to
 * lean that way, not certainly, and why.
 */
export function aiVerdict(report: AiDetectionReport): AiVerdict {
  // Read at a sensitivity level, the label follows the score itself and the verdict says what makes it uncertain.
  if (report.sensitivity) return { name: aiLabelNames[report.label], explanation: report.verdict };
  const { ai_probability: probability, confidence_interval: interval, threshold, human_threshold } = report;
  const shown = intervalPercents(report);
  // Compared as written, so a score is never said to be past a threshold it reads below.
  const atShown = (value: number) => shownPercent(value, shown.decimals);
  if (report.label === 'uncertain' && atShown(probability) >= atShown(threshold)) {
    return {
      name: 'Leans AI, not certain',
      explanation:
        interval.low < threshold
          ? `The score is at or above the AI threshold (${shown.threshold}), but its 90% confidence interval (${shown.range}) reaches below it, so the detector does not call the text AI-written. Longer samples give clearer answers.`
          : report.verdict,
    };
  }
  if (report.label === 'uncertain' && atShown(probability) <= atShown(human_threshold)) {
    return {
      name: 'Leans human, not certain',
      explanation:
        interval.high >= human_threshold
          ? `The score is at or below the human threshold (${shown.humanThreshold}), but its 90% confidence interval (${shown.range}) reaches above it, so the detector does not call the text human-written. Longer samples give clearer answers.`
          : report.verdict,
    };
  }
  return { name: aiLabelNames[report.label], explanation: report.verdict };
}

export interface SourceModelWording {
  /** The panel's (or the PDF section's) title. */
  title: string;
  /** The sentence naming the family: "Most likely GPT (OpenAI)." */
  lead: string;
  /** The family's line in the clipboard summary. */
  summary: string;
}

/** Each family's probability, most likely first, as percents that add up to 100 as shown. */
export function rankedSourceFamilies(source: NonNullable<AiDetectionReport['source_model']>) {
  const ranked = [...source.probabilities].sort((a, b) => b.probability - a.probability);
  const percents = formatPercentShares(ranked.map((entry) => entry.probability));
  return ranked.map((entry, index) => ({ ...entry, percent: percents[index] ?? '' }));
}

/**
 * How the likely source model is put. The family is what the text resembles if an AI wrote it, so it is named
 * outright only when the text is judged AI-written, wholly or in part; for a text the detector can't call, it is
 * said as a condition, never as a finding.
 */
export function sourceModelWording(report: AiDetectionReport): SourceModelWording | null {
  const source = report.source_model;
  if (!source) return null;
  const family = sourceFamilyLabels[source.family];
  const top = rankedSourceFamilies(source).find((entry) => entry.family === source.family);
  const percent = top ? ` (${top.percent})` : '';
  if (report.label === 'ai' || report.label === 'mixed') {
    return {
      title: 'Likely source model',
      lead: `Most likely ${family}.`,
      summary: `Most likely source: ${family}${percent}`,
    };
  }
  return {
    title: 'Source model, if AI-written',
    lead: `The detector can’t tell whether this text is AI-written. If it is, it reads most like ${family}.`,
    summary: `If AI-written, it reads most like ${family}${percent}`,
  };
}

/** Why a report names no source model: the text reads as human, or not clearly enough as AI to guess. */
export function noSourceModelReason(label: AiLabel): string {
  if (label === 'human') return 'The text reads as human-written, so no AI model is named as its source.';
  if (label === 'mixed')
    return 'No model is named: too little of the text reads as AI-written to guess which model wrote those parts.';
  return 'No model is named: the text does not read clearly enough as AI-written to guess which model wrote it.';
}

/**
 * One line on the local model's part when a calibrated local model also scored the text (its probability curvature
 * is combined into the document score); null for the built-in detector alone.
 */
export function localModelNote(report: Pick<AiDetectionReport, 'curvature'>): string | null {
  const curvature = report.curvature;
  if (!curvature) return null;
  // Reports stored before issue 26 scored a long text's start; since, windows spread over it.
  const cut = !curvature.truncated
    ? ''
    : curvature.windows !== undefined && curvature.text_tokens !== undefined
      ? `; a long text: ${curvature.windows} windows of it, ${curvature.tokens.toLocaleString('en-US')} of its ${curvature.text_tokens.toLocaleString('en-US')} tokens, were scored`
      : `, its first ${curvature.tokens.toLocaleString('en-US')} tokens`;
  return (
    `Also scored with the language model ${curvature.model} (probability curvature and rank${cut}); the built-in ` +
    `detector alone gave ${formatPercent(curvature.built_in_probability)}.`
  );
}

/** The level a report was read at, and what it means; `legacy` for reports stored before levels existed. */
export interface ReportLevel {
  level: Sensitivity;
  name: string;
  /** "Read at Balanced sensitivity." */
  title: string;
  /** What the level meant in numbers for the scorer used, or how a report from before levels was read. */
  meaning: string;
  legacy: boolean;
}

/** The training domains as the screens name them, for per-domain calibration. */
export const domainNames: Record<string, string> = {
  news: 'news articles',
  stories: 'stories',
  wikipedia: 'encyclopedia articles',
  biomedical: 'biomedical abstracts',
  essays: 'student essays',
  mixset: 'web writing of several kinds',
};

/** A level's meaning, and which kind of writing's threshold was used when the level draws one per kind. */
export function withCalibration(meaning: string, domain: string | undefined): string {
  return domain
    ? `${meaning} The text reads most like ${domainNames[domain] ?? domain} of the kinds the detector learnt from, so the threshold set for those was used.`
    : meaning;
}

/** How the screens and the PDF say which level the AI Detector's verdict was read at. */
export function aiReportLevel(report: Pick<AiDetectionReport, 'sensitivity' | 'calibrated_for'>): ReportLevel {
  const point = report.sensitivity;
  if (!point) {
    return {
      level: LEGACY_AI_SENSITIVITY,
      name: sensitivityNames[LEGACY_AI_SENSITIVITY],
      title: `Read at ${sensitivityNames[LEGACY_AI_SENSITIVITY]} sensitivity.`,
      meaning:
        'Checked before sensitivity levels existed, against the single threshold of the time: it let through at most ' +
        'about 1 in 100 human texts of a kind the detector was not trained on, and the whole 90% confidence interval ' +
        'had to clear it — Strict, or stricter.',
      legacy: true,
    };
  }
  const domain = report.calibrated_for;
  return {
    level: point.level,
    name: sensitivityNames[point.level],
    title: `Read at ${sensitivityNames[point.level]} sensitivity.`,
    meaning: withCalibration(levelMeaning(point), domain),
    legacy: false,
  };
}

/** Why a verdict is uncertain, one sentence per reason, in the order the reasons weigh. */
export function uncertaintyWords(reasons: readonly UncertaintyReason[] | undefined, minimumWords = 40): string[] {
  const words: Record<UncertaintyReason, string> = {
    too_short: `Too short: under ${minimumWords} words there is too little to judge, and under 150 a single sentence can swing the score.`,
    near_threshold:
      'Too close to the threshold: the score, or its 90% confidence interval, sits near the line this setting draws.',
    unfamiliar_writing:
      'A kind of writing the detector rarely saw in training (its vocabulary, sentence length or layout lie outside ' +
      'what it learnt from), where its numbers are less sure.',
  };
  return uncertaintyReasons.filter((reason) => reasons?.includes(reason)).map((reason) => words[reason]);
}

/**
 * The heading over those reasons: an uncertain verdict says why it is uncertain; a firm one ("Likely human") that
 * still has a reason to doubt it says to read it with care, so the two don't contradict each other.
 */
export function reasonsHeading(uncertain: boolean): string {
  return uncertain ? 'Why it is uncertain' : 'Why to read it with care';
}

/** Which scorer gave the verdict, as the screens and the PDF say it. */
export function scorerLine(report: Pick<AiDetectionReport, 'curvature'>): string {
  const curvature = report.curvature;
  if (!curvature) return 'Verdict from the built-in detector (word statistics under three language models of n-grams).';
  return `Verdict from the built-in detector together with the language model ${curvature.model}.`;
}
