import type { AiDetectionResult } from '@candor/contracts/tools';
import {
  aiLabelNames,
  aiReportLevel,
  aiVerdict,
  intervalPercents,
  localModelNote,
  reasonsHeading,
  scorerLine,
  sourceModelWording,
  uncertaintyWords,
} from '@candor/engine-ai-detect/report-wording';
import { describeObfuscation } from '@candor/engine-writing/obfuscation';

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
    name: aiLabelNames.human,
    badge: 'border-emerald-600/30 bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
    stroke: 'stroke-emerald-500 dark:stroke-emerald-400',
  },
  ai: {
    name: aiLabelNames.ai,
    badge: 'border-red-600/30 bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200',
    stroke: 'stroke-red-500 dark:stroke-red-400',
  },
  mixed: {
    name: aiLabelNames.mixed,
    badge: 'border-amber-600/30 bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
    stroke: 'stroke-amber-500 dark:stroke-amber-400',
  },
  uncertain: {
    name: aiLabelNames.uncertain,
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

/** The report in a few lines of plain text, for the clipboard (above the checked text). */
export function aiDetectionSummary(report: AiDetectionResult, title: string): string {
  const verdict = aiVerdict(report);
  const shown = intervalPercents(report);
  const lines = [
    `AI Detector — ${title}`,
    `${shown.score} likely AI (90% confidence interval ${shown.range}): ${verdict.name}. ${verdict.explanation}`,
  ];
  const level = aiReportLevel(report);
  lines.push(`${level.title} ${level.meaning}`);
  const reasons = uncertaintyWords(report.uncertainty);
  if (reasons.length > 0) lines.push(`${reasonsHeading(report.label === 'uncertain')}: ${reasons.join(' ')}`);
  const source = sourceModelWording(report);
  if (source) lines.push(source.summary);
  lines.push(scorerLine(report));
  const note = localModelNote(report);
  if (note) lines.push(note);
  if (report.obfuscation) lines.push(describeObfuscation(report.obfuscation));
  lines.push(`${report.words.toLocaleString('en-US')} ${report.words === 1 ? 'word' : 'words'}`);
  return lines.join('\n');
}
