import type { HumanizedDetectionResult } from '@candor/contracts/tools';
import { uncertaintyWords } from '@candor/engine-ai-detect/report-wording';
import {
  type HumanizedLabel,
  humanizedLabelNames,
  humanizedLabels,
  type Signal,
} from '@candor/engine-humanized-detect/report';
import {
  classPercents,
  evidenceTowards,
  humanizedReportLevel,
  humanizedScorerLine,
  type SignalWording,
  signalWording,
  towardsWords,
  uncertainNote,
} from '@candor/engine-humanized-detect/report-wording';
import { describeObfuscation } from '@candor/engine-writing/obfuscation';
import { bandLegend, bandShade, evidenceTable, sentenceList } from '../pdf/detector-sections.js';
import {
  notListed,
  number,
  oneLine,
  type ReportDocument,
  renderReportPdf,
  runFacts,
  truncate,
} from '../pdf/report-document.js';

/** The Humanized Text Detector report as a PDF download (`GET v1/tools/humanized-detection/reports/{history_id}.pdf`). */

export interface HumanizedDetectionReportPdfInput {
  title: string;
  createdAt: Date;
  /** Tokens the run cost. */
  cost: number;
  /** The checked text; the report's offsets point into it. */
  text: string;
  report: HumanizedDetectionResult;
}

/** The list of signals stops here; every one is still underlined in the text, and the counts stay complete. */
export const MAX_LISTED_SIGNALS = 200;

/** What each label means, as the screen's legend says it. */
const labelDescriptions: Record<HumanizedLabel, string> = {
  human: 'written by a person',
  ai: 'generated and left as it was',
  ai_humanized: 'generated, then passed through a paraphraser or “humanizer”',
};

const signalKinds: Record<Signal['kind'], { label: string; description: string }> = {
  collocation_break: {
    label: 'Collocation break',
    description: 'words that usually come as a pair, with one swapped (“make a decision” becomes “craft a decision”)',
  },
  surprisal_spike: {
    label: 'Surprisal spike',
    description: 'a word far less expected than the words around it, typical of a synonym swap',
  },
  odd_word: { label: 'Odd word choice', description: 'keeps the meaning, but is not how people usually say it' },
};

export function renderHumanizedDetectionReportPdf(input: HumanizedDetectionReportPdfInput): Promise<Buffer> {
  return renderReportPdf({ tool: 'Humanized Text Detector', title: input.title, createdAt: input.createdAt }, (pdf) =>
    write(pdf, input),
  );
}

function write(pdf: ReportDocument, { title, createdAt, cost, text, report }: HumanizedDetectionReportPdfInput): void {
  pdf.header('Humanized Text Detector report', title, runFacts(createdAt, report.words, cost));
  const name = humanizedLabelNames[report.label];

  pdf.heading('Verdict');
  pdf.paragraph(report.uncertain ? `${name} (uncertain)` : name, { bold: true, size: 14 });
  pdf.paragraph(report.verdict);
  if (report.uncertain) {
    pdf.paragraph(uncertainNote(name));
    const reasons = uncertaintyWords(report.uncertainty);
    if (reasons.length > 0) pdf.paragraph(`Why it is uncertain: ${reasons.join(' ')}`, { size: 9 });
  }
  const level = humanizedReportLevel(report);
  pdf.table([200, pdf.width - 200], null, [
    ['Sensitivity', `${level.name}. ${level.meaning}`],
    ['Scored by', humanizedScorerLine(report)],
  ]);
  if (report.obfuscation) pdf.paragraph(`Disguised text. ${describeObfuscation(report.obfuscation)}`, { size: 9 });
  const percents = classPercents(report.probabilities);
  pdf.table(
    [110, pdf.width - 190, 80],
    ['Reads as', 'Meaning', 'Probability'],
    [...humanizedLabels]
      .sort((a, b) => report.probabilities[b] - report.probabilities[a])
      .map((label) => [humanizedLabelNames[label], labelDescriptions[label], percents[label]]),
  );

  const signalWords = signalWording(report.label);
  pdf.heading(signalWords.title);
  signals(pdf, text, report.signals, signalWords);

  pdf.heading('What the verdict rests on');
  evidenceTable(
    pdf,
    report.evidence,
    (item) => towardsWords[evidenceTowards(item, report.label, report.probabilities)],
  );

  pdf.heading('The text, sentence by sentence', 130);
  bandLegend(
    pdf,
    'Beside each sentence, what it reads as and how sure the detector is; the bar darkens with the chance it was ' +
      `machine-written (AI or AI, disguised). ${signalWords.title} are underlined.`,
  );
  sentenceList(
    pdf,
    text,
    report.sentences.map((sentence) => ({
      start: sentence.start,
      end: sentence.end,
      note: {
        lines: [humanizedLabelNames[sentence.label], classPercents(sentence.probabilities)[sentence.label]],
        shade: bandShade(1 - sentence.probabilities.human),
      },
      underline: report.signals,
    })),
  );

  pdf.document.moveDown(1);
  pdf.paragraph(
    `Scored by ${report.model.name} ${report.model.version}. A detector's estimate from the style of the text, ` +
      'not proof of who wrote it.',
    { muted: true, size: 8.5 },
  );
}

/**
 * What the underlined words are and how many, then how many of each kind, what each kind means, and the words
 * themselves in text order.
 */
function signals(pdf: ReportDocument, text: string, found: readonly Signal[], wording: SignalWording): void {
  pdf.paragraph(wording.caption(found.length));
  if (found.length === 0) return;
  const kinds = (Object.keys(signalKinds) as Signal['kind'][])
    .map((kind) => [kind, found.filter((signal) => signal.kind === kind).length] as const)
    .filter(([, count]) => count > 0);
  pdf.table(
    [110, pdf.width - 170, 60],
    ['Kind', 'What it is', 'Found'],
    kinds.map(([kind, count]) => [signalKinds[kind].label, signalKinds[kind].description, number(count)]),
  );
  // Grouped by kind, in text order: the words only, as they are underlined in the text below.
  const listed = [...found].sort((a, b) => a.start - b.start).slice(0, MAX_LISTED_SIGNALS);
  for (const [kind] of kinds) {
    const words = listed
      .filter((signal) => signal.kind === kind)
      .map((signal) => `“${truncate(oneLine(text.slice(signal.start, signal.end)), 80)}”`);
    if (words.length > 0) pdf.entry([{ text: signalKinds[kind].label, style: 'bold' }, { text: words.join(', ') }]);
  }
  const more = notListed(found.length - listed.length, 'underlined word');
  if (more) pdf.paragraph(more);
}
