import type { AiDetectionResult } from '@candor/contracts/tools';
import { sourceFamilyLabels } from '@candor/engine-ai-detect/report';
import {
  aiReportLevel,
  aiVerdict,
  type IntervalPercents,
  intervalPercents,
  localModelNote,
  noSourceModelReason,
  rankedSourceFamilies,
  reasonsHeading,
  scorerLine,
  sourceModelWording,
  uncertaintyWords,
} from '@candor/engine-ai-detect/report-wording';
import { describeObfuscation } from '@candor/engine-writing/obfuscation';
import { formatPercent } from '@candor/engine-writing/percent';
import { bandLegend, bandShade, evidenceTable, sentenceList } from '../pdf/detector-sections.js';
import {
  FONT,
  INK,
  MARGIN,
  MUTED,
  printable,
  type ReportDocument,
  RULE,
  renderReportPdf,
  runFacts,
} from '../pdf/report-document.js';

/** The AI Detector report as a PDF download (`GET v1/tools/ai-detection/reports/{history_id}.pdf`). */

export interface AiDetectionReportPdfInput {
  title: string;
  createdAt: Date;
  /** Tokens the run cost. */
  cost: number;
  /** The checked text; the report's offsets point into it. */
  text: string;
  report: AiDetectionResult;
}

export function renderAiDetectionReportPdf(input: AiDetectionReportPdfInput): Promise<Buffer> {
  return renderReportPdf({ tool: 'AI Detector', title: input.title, createdAt: input.createdAt }, (pdf) =>
    write(pdf, input),
  );
}

function write(pdf: ReportDocument, { title, createdAt, cost, text, report }: AiDetectionReportPdfInput): void {
  pdf.header('AI Detector report', title, runFacts(createdAt, report.words, cost));

  pdf.heading('Verdict');
  const verdict = aiVerdict(report);
  pdf.paragraph(verdict.name, { bold: true, size: 14 });
  pdf.paragraph(verdict.explanation);
  const reasons = uncertaintyWords(report.uncertainty);
  if (reasons.length > 0)
    pdf.paragraph(`${reasonsHeading(report.label === 'uncertain')}: ${reasons.join(' ')}`, { size: 9 });
  const shown = intervalPercents(report);
  scale(pdf, report, shown);
  const level = aiReportLevel(report);
  pdf.table([200, pdf.width - 200], null, [
    ['Chance the text was written by AI', shown.score],
    ['90% confidence interval', shown.range],
    ['Sensitivity', `${level.name}. ${level.meaning}`],
    [
      'AI threshold',
      level.legacy
        ? `${shown.threshold}: with the whole interval at or above it, a text is called AI`
        : `${shown.threshold}: a score at or above it is called AI (this setting's line for a text this long)`,
    ],
    [
      'Human threshold',
      level.legacy
        ? `${shown.humanThreshold}: with the whole interval below it, a text is called human`
        : `${shown.humanThreshold}: a score below it is called human; between the two, too close to call`,
    ],
    ['Scored by', scorerLine(report)],
  ]);
  const localModel = localModelNote(report);
  if (localModel) pdf.paragraph(localModel, { muted: true, size: 9 });
  if (report.obfuscation) pdf.paragraph(`Disguised text. ${describeObfuscation(report.obfuscation)}`, { size: 9 });

  const source = report.source_model;
  const sourceWording = sourceModelWording(report);
  if (source && sourceWording) {
    pdf.heading(sourceWording.title);
    pdf.paragraph(sourceWording.lead);
    pdf.table(
      [pdf.width - 110, 110],
      ['Model family', 'Probability'],
      rankedSourceFamilies(source).map((entry) => [sourceFamilyLabels[entry.family], entry.percent]),
    );
    pdf.paragraph(
      'An estimate from the style of the text; models of one family write alike, so read it as a hint, not proof.',
      { muted: true, size: 9 },
    );
  } else {
    pdf.heading('Likely source model');
    pdf.paragraph(noSourceModelReason(report.label));
  }

  pdf.heading('What the score rests on');
  evidenceTable(pdf, report.evidence);

  pdf.heading('The text, sentence by sentence', 130);
  bandLegend(pdf, 'The bar beside each sentence darkens with its chance of being written by AI:');
  sentenceList(
    pdf,
    text,
    report.sentences.map((sentence) => ({
      start: sentence.start,
      end: sentence.end,
      note: { lines: [formatPercent(sentence.ai_probability), 'likely AI'], shade: bandShade(sentence.ai_probability) },
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
 * The probability on a 0–100% line: the interval as a grey band, the estimate as a black mark, and the two
 * thresholds as ticks with their meaning under them. Greys and labels only, so it prints in black and white.
 */
function scale(pdf: ReportDocument, report: AiDetectionResult, shown: IntervalPercents): void {
  const d = pdf.document;
  pdf.ensureSpace(56);
  const width = pdf.width;
  const at = (probability: number) => MARGIN + probability * width;
  const top = d.y + 6;
  d.rect(MARGIN, top, width, 8).fill(RULE);
  const { low, high } = report.confidence_interval;
  d.rect(at(low), top - 3, Math.max(1, at(high) - at(low)), 14)
    .fillOpacity(0.35)
    .fill(MUTED);
  d.fillOpacity(1);
  d.rect(at(report.ai_probability) - 1.5, top - 5, 3, 18).fill(INK);
  for (const threshold of [report.human_threshold, report.threshold]) {
    d.moveTo(at(threshold), top - 6)
      .lineTo(at(threshold), top + 14)
      .lineWidth(1)
      .dash(2, { space: 1.5 })
      .strokeColor(INK)
      .stroke()
      .undash();
  }
  d.font(FONT).fontSize(8).fillColor(MUTED);
  const labelY = top + 17;
  d.text('0%', MARGIN, labelY, { width: 30, lineBreak: false });
  d.text('100%', MARGIN + width - 30, labelY, { width: 30, align: 'right', lineBreak: false });
  const human = printable(`human below ${shown.humanThreshold}`);
  const ai = printable(`AI from ${shown.threshold}`);
  d.text(human, Math.max(MARGIN + 24, at(report.human_threshold) - d.widthOfString(human) / 2), labelY, {
    lineBreak: false,
  });
  d.text(
    ai,
    Math.min(MARGIN + width - 30 - d.widthOfString(ai), at(report.threshold) - d.widthOfString(ai) / 2),
    labelY,
    {
      lineBreak: false,
    },
  );
  d.x = MARGIN;
  d.y = labelY + 14;
  pdf.paragraph(
    'Black mark: the estimate. Grey band: its 90% confidence interval. Dashed ticks: the human and AI thresholds.',
    { muted: true, size: 8.5 },
  );
}
