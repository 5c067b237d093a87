import {
  decimalsToKeepOrder,
  formatPercent,
  formatPercentRange,
  formatPercentShares,
  shownPercent,
} from '@candor/engine-writing/percent';
import { type AiDetectionReport, type AiLabel, type Evidence, sourceFamilyLabels } from './report.schema.js';

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
 * The verdict in words. The label follows the documented rules (docs/models/ai-detect.md): "uncertain" whenever the
 * 90% interval reaches across a threshold, or the text is too short. A score shown at or past a threshold would then
 * read "99% likely AI" beside "Can't tell", so such a text is said to lean that way, not certainly, and why.
 */
export function aiVerdict(report: AiDetectionReport): AiVerdict {
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
  const cut = curvature.truncated ? `, its first ${curvature.tokens.toLocaleString('en-US')} tokens` : '';
  return (
    `Also scored with the local model ${curvature.model} (probability curvature${cut}); the built-in detector ` +
    `alone gave ${formatPercent(curvature.built_in_probability)}.`
  );
}
