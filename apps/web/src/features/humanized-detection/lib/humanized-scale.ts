import type { HumanizedDetectionResult } from '@candor/contracts/tools';
import { humanizedLabelNames, humanizedLabels } from '@candor/engine-humanized-detect/report';
import {
  classPercents,
  evidenceTowards,
  humanizedReportLevel,
  humanizedScorerLine,
  signalWording,
  towardsWords,
} from '@candor/engine-humanized-detect/report-wording';
import { describeObfuscation } from '@candor/engine-writing/obfuscation';
import type { Evidence, EvidenceDirection } from '@/features/tool-runs/components/evidence-list';

export type HumanizedLabel = HumanizedDetectionResult['label'];
export type HumanizedSentence = HumanizedDetectionResult['sentences'][number];
export type SignalKind = HumanizedDetectionResult['signals'][number]['kind'];

export { humanizedLabels };

export interface HumanizedLabelMeta {
  name: string;
  /** What the label means, for the legend. */
  description: string;
  /** The verdict badge, readable in light and dark mode. */
  badge: string;
  /** A sentence highlight when its label is sure, and when it is not. */
  strong: string;
  faint: string;
  /** The bar segment and the legend dot. */
  swatch: string;
}

export const humanizedLabelMeta: Record<HumanizedLabel, HumanizedLabelMeta> = {
  human: {
    name: humanizedLabelNames.human,
    description: 'written by a person',
    badge: 'border-emerald-600/30 bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
    strong: 'bg-emerald-500/20 dark:bg-emerald-400/20',
    faint: 'bg-emerald-500/10 dark:bg-emerald-400/10',
    swatch: 'bg-emerald-500 dark:bg-emerald-400',
  },
  ai: {
    name: humanizedLabelNames.ai,
    description: 'generated and left as it was',
    badge: 'border-red-600/30 bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200',
    strong: 'bg-red-500/30 dark:bg-red-400/35',
    faint: 'bg-red-500/15 dark:bg-red-400/20',
    swatch: 'bg-red-500 dark:bg-red-400',
  },
  ai_humanized: {
    name: humanizedLabelNames.ai_humanized,
    description: 'generated, then passed through a paraphraser or “humanizer”',
    badge: 'border-violet-600/30 bg-violet-100 text-violet-900 dark:bg-violet-400/15 dark:text-violet-200',
    strong: 'bg-violet-500/30 dark:bg-violet-400/35',
    faint: 'bg-violet-500/15 dark:bg-violet-400/20',
    swatch: 'bg-violet-500 dark:bg-violet-400',
  },
};

const toneOf: Record<HumanizedLabel, EvidenceDirection['tone']> = {
  human: 'human',
  ai: 'ai',
  ai_humanized: 'disguised',
};

/** How a verdict's evidence reads: each piece pushed towards the verdict's class or towards the runner-up's. */
export const humanizedEvidenceDirection =
  (verdict: Pick<HumanizedDetectionResult, 'label' | 'probabilities'>) =>
  (evidence: Evidence): EvidenceDirection => {
    const towards = evidenceTowards(evidence, verdict.label, verdict.probabilities);
    return { words: towardsWords[towards], tone: toneOf[towards] };
  };

/** At or above this, a sentence's label is drawn in the strong shade. */
export const SURE_PROBABILITY = 0.75;

/** A sentence's highlight: its label's colour, paler when the detector is less sure. */
export function sentenceHighlight(sentence: HumanizedSentence): string {
  const meta = humanizedLabelMeta[sentence.label];
  return sentence.probabilities[sentence.label] >= SURE_PROBABILITY ? meta.strong : meta.faint;
}

export interface SignalMeta {
  label: string;
  description: string;
  /** The underline: style and colour differ, so the kinds tell apart without colour too. */
  underline: string;
}

export const signalMeta: Record<SignalKind, SignalMeta> = {
  collocation_break: {
    label: 'Collocation break',
    description: 'words that usually come as a pair, with one swapped (“make a decision” → “craft a decision”)',
    underline: 'decoration-sky-600 decoration-wavy decoration-2 dark:decoration-sky-400',
  },
  surprisal_spike: {
    label: 'Surprisal spike',
    description: 'a word far less expected than the words around it, typical of a synonym swap',
    underline: 'decoration-fuchsia-600 decoration-dotted decoration-[3px] dark:decoration-fuchsia-400',
  },
  odd_word: {
    label: 'Odd word choice',
    description: 'keeps the meaning, but is not how people usually say it',
    underline: 'decoration-teal-600 decoration-double decoration-2 dark:decoration-teal-400',
  },
};

export const signalKinds = Object.keys(signalMeta) as SignalKind[];

/** "AI 12% · AI, disguised 81% · Human 7%": the three probabilities, most likely first. */
export function describeProbabilities(probabilities: HumanizedSentence['probabilities']): string {
  const percents = classPercents(probabilities);
  return [...humanizedLabels]
    .sort((a, b) => probabilities[b] - probabilities[a])
    .map((label) => `${humanizedLabelMeta[label].name} ${percents[label]}`)
    .join(' · ');
}

/** The report in a few lines of plain text, for the clipboard (above the checked text). */
export function humanizedDetectionSummary(report: HumanizedDetectionResult, title: string): string {
  const lines = [
    `Humanized Text Detector — ${title}`,
    `${humanizedLabelMeta[report.label].name}${report.uncertain ? ' (uncertain: a best guess, not a verdict)' : ''}. ${report.verdict}`,
    describeProbabilities(report.probabilities),
  ];
  const level = humanizedReportLevel(report);
  lines.push(`${level.title} ${level.meaning}`);
  lines.push(humanizedScorerLine(report));
  const counts = signalKinds
    .map((kind) => [kind, report.signals.filter((signal) => signal.kind === kind).length] as const)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${signalMeta[kind].label}: ${count}`);
  if (counts.length > 0) lines.push(`${signalWording(report.label).summary} — ${counts.join(', ')}`);
  if (report.obfuscation) lines.push(describeObfuscation(report.obfuscation));
  lines.push(`${report.words.toLocaleString('en-US')} ${report.words === 1 ? 'word' : 'words'}`);
  return lines.join('\n');
}
