import type { AiDetectionResult } from '@candor/contracts/tools';
import { sourceFamilyLabels } from '@candor/engine-ai-detect/report';
import { describeObfuscation } from '@candor/engine-writing/obfuscation';
import { formatPercent, formatPercentRange, formatPercentShares } from '@/features/tool-runs/lib/probability';

export type AiLabel = AiDetectionResult['label'];

export interface AiLabelMeta {
  name: string;
  /** The verdict badge, readable in light and dark mode. */
  badge: string;
  /** The gauge's value arc. */
  stroke: string;
}

export const aiLabelMeta: Record<AiLabel, AiLabelMeta> = {
  human: {
    name: 'Likely human',
    badge: 'border-emerald-600/30 bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
    stroke: 'stroke-emerald-500 dark:stroke-emerald-400',
  },
  ai: {
    name: 'Likely AI',
    badge: 'border-red-600/30 bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200',
    stroke: 'stroke-red-500 dark:stroke-red-400',
  },
  mixed: {
    name: 'Mixed',
    badge: 'border-amber-600/30 bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
    stroke: 'stroke-amber-500 dark:stroke-amber-400',
  },
  uncertain: {
    name: 'Can’t tell',
    badge: 'border-slate-500/30 bg-slate-100 text-slate-800 dark:bg-slate-400/15 dark:text-slate-200',
    stroke: 'stroke-slate-500 dark:stroke-slate-400',
  },
};

export interface ProbabilityBand {
  /** The band holds probabilities below this (the last one up to and including 1). */
  below: number;
  label: string;
  /** The sentence highlight, a graded scale from human to AI that reads in light and dark mode. */
  className: string;
}

export const probabilityBands: readonly ProbabilityBand[] = [
  { below: 0.2, label: '0–20%', className: 'bg-emerald-500/15 dark:bg-emerald-400/15' },
  { below: 0.4, label: '20–40%', className: 'bg-lime-400/25 dark:bg-lime-300/15' },
  { below: 0.6, label: '40–60%', className: 'bg-amber-400/35 dark:bg-amber-300/25' },
  { below: 0.8, label: '60–80%', className: 'bg-orange-500/35 dark:bg-orange-400/30' },
  { below: Number.POSITIVE_INFINITY, label: '80–100%', className: 'bg-red-500/35 dark:bg-red-400/40' },
];

/** The band a sentence's AI probability falls in. */
export function probabilityBand(probability: number): ProbabilityBand {
  return probabilityBands.find((band) => probability < band.below) ?? (probabilityBands.at(-1) as ProbabilityBand);
}

/**
 * One line on the local model's part when a calibrated local model also scored the text (its probability
 * curvature is combined into the document score); null for the built-in detector alone.
 */
export function localModelNote(report: AiDetectionResult): string | null {
  const curvature = report.curvature;
  if (!curvature) return null;
  const cut = curvature.truncated ? `, its first ${curvature.tokens.toLocaleString('en-US')} tokens` : '';
  return `Also scored with the local model ${curvature.model}${cut}; the built-in detector alone gave ${formatPercent(curvature.built_in_probability)}.`;
}

export interface AiVerdict {
  /** The verdict badge. */
  name: string;
  /** The sentence under it. */
  explanation: string;
}

/** A probability as the whole percent the screen shows, to compare numbers as the reader sees them. */
const shownPercent = (probability: number) => Math.round(probability * 100);

/**
 * The verdict in words. The label follows the documented rules (docs/models/ai-detect.md): "uncertain" whenever the
 * 90% interval reaches across a threshold, or the text is too short. A score shown at or past a threshold would then
 * read "99% likely AI" beside "Can't tell", so such a text is said to lean that way, not certainly, and why.
 */
export function aiVerdict(report: AiDetectionResult): AiVerdict {
  const { ai_probability: probability, confidence_interval: interval, threshold, human_threshold } = report;
  const range = formatPercentRange(interval.low, interval.high);
  if (report.label === 'uncertain' && shownPercent(probability) >= shownPercent(threshold)) {
    return {
      name: 'Leans AI, not certain',
      explanation:
        interval.low < threshold
          ? `The score is at or above the AI threshold (${formatPercent(threshold)}), but its 90% confidence interval (${range}) reaches below it, so the detector does not call the text AI-written. Longer samples give clearer answers.`
          : report.verdict,
    };
  }
  if (report.label === 'uncertain' && shownPercent(probability) <= shownPercent(human_threshold)) {
    return {
      name: 'Leans human, not certain',
      explanation:
        interval.high >= human_threshold
          ? `The score is at or below the human threshold (${formatPercent(human_threshold)}), but its 90% confidence interval (${range}) reaches above it, so the detector does not call the text human-written. Longer samples give clearer answers.`
          : report.verdict,
    };
  }
  return { name: aiLabelMeta[report.label].name, explanation: report.verdict };
}

export interface SourceModelWording {
  /** The panel's title. */
  title: string;
  /** The sentence naming the family: "Most likely GPT (OpenAI)." */
  lead: string;
  /** The family's line in the clipboard summary. */
  summary: string;
}

/** Each family's probability, most likely first, as percents that add up to 100 as shown. */
export function rankedSourceFamilies(source: NonNullable<AiDetectionResult['source_model']>) {
  const ranked = [...source.probabilities].sort((a, b) => b.probability - a.probability);
  const percents = formatPercentShares(ranked.map((entry) => entry.probability));
  return ranked.map((entry, index) => ({ ...entry, percent: percents[index] ?? '' }));
}

/**
 * How the likely source model is put. The family is what the text resembles if an AI wrote it, so it is named
 * outright only when the text is judged AI-written, wholly or in part; for a text the detector can't call, it is
 * said as a condition, never as a finding.
 */
export function sourceModelWording(report: AiDetectionResult): SourceModelWording | null {
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

/** The report in a few lines of plain text, for the clipboard (above the checked text). */
export function aiDetectionSummary(report: AiDetectionResult, title: string): string {
  const { low, high } = report.confidence_interval;
  const verdict = aiVerdict(report);
  const lines = [
    `AI Detector — ${title}`,
    `${formatPercent(report.ai_probability)} likely AI (90% confidence interval ${formatPercentRange(low, high)}): ${verdict.name}. ${verdict.explanation}`,
  ];
  const source = sourceModelWording(report);
  if (source) lines.push(source.summary);
  const note = localModelNote(report);
  if (note) lines.push(note);
  if (report.obfuscation) lines.push(describeObfuscation(report.obfuscation));
  lines.push(`${report.words.toLocaleString('en-US')} ${report.words === 1 ? 'word' : 'words'}`);
  return lines.join('\n');
}
