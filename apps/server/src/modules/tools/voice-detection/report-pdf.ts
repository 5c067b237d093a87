import type { VoiceDetectionResult } from '@candor/contracts/tools';
import {
  formatDate,
  MARGIN,
  MUTED,
  plural,
  printable,
  type ReportDocument,
  renderReportPdf,
} from '../pdf/report-document.js';

/** The Deepfake Voice Detection report as a PDF (`GET v1/tools/voice-detection/reports/{history_id}.pdf`). */
export interface VoiceReportPdfInput {
  title: string;
  createdAt: Date;
  cost: number;
  report: VoiceDetectionResult;
}

const percent = (p: number) => `${Math.round(p * 100)}%`;
const time = (s: number) => `${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, '0')}`;
const verdicts = { real: 'Real voice', synthetic: 'Synthetic voice', uncertain: 'Uncertain' } as const;

/** Red for synthetic, green for real, amber between: the screen's timeline colours. */
export function windowColour(probability: number): string {
  if (probability >= 0.65) return '#cf222e';
  if (probability <= 0.35) return '#1a7f37';
  return '#bf8700';
}

export function renderVoiceReportPdf(input: VoiceReportPdfInput): Promise<Buffer> {
  return renderReportPdf({ tool: 'Deepfake Voice Detection', title: input.title, createdAt: input.createdAt }, (pdf) =>
    write(pdf, input),
  );
}

function write(pdf: ReportDocument, { title, createdAt, cost, report }: VoiceReportPdfInput) {
  pdf.header('Deepfake Voice Detection report', title, [
    formatDate(createdAt),
    `${report.duration_seconds.toFixed(1)} s of audio`,
    plural(cost, 'token'),
  ]);
  pdf.heading('Verdict');
  pdf.paragraph(`${verdicts[report.label]}: ${report.summary}`, { bold: true, size: 11 });
  pdf.table([200, pdf.width - 200], null, [
    ['Probability of a synthetic voice', percent(report.synthetic_probability)],
    ['Confidence', percent(report.confidence)],
    ['Windows agreeing with the verdict', percent(report.consistency)],
    [
      'Scorers',
      report.scorers.aasist ? 'Feature model and AASIST-L, calibrated' : 'Feature model (AASIST-L unavailable)',
    ],
    ['Model', report.scorers.model],
  ]);
  for (const reason of report.reasons) pdf.paragraph(`• ${reason.message}`, { muted: true });

  pdf.heading('Timeline', 120);
  pdf.paragraph('Each bar is a 4-second window; its height is the probability that the voice there is synthetic.', {
    muted: true,
    size: 9,
  });
  timeline(pdf, report);

  pdf.heading('Windows');
  pdf.table(
    [90, 90, pdf.width - 180],
    ['From', 'To', 'Probability synthetic'],
    report.windows.map((w) => [time(w.start), time(w.end), percent(w.synthetic_probability)]),
  );

  const suspicious = [...report.windows]
    .sort((a, b) => b.synthetic_probability - a.synthetic_probability)
    .slice(0, 3)
    .filter((w) => w.synthetic_probability >= 0.5 && w.features.length > 0);
  pdf.heading('Behind the most synthetic windows');
  if (suspicious.length === 0) pdf.paragraph('No window scored synthetic.');
  for (const w of suspicious) {
    pdf.subheading(`${time(w.start)}–${time(w.end)}: ${percent(w.synthetic_probability)}`);
    pdf.table(
      [pdf.width - 120, 120],
      ['Feature', 'Against real speech'],
      w.features.map((f) => [f.label, `${f.z > 0 ? '+' : ''}${f.z.toFixed(1)} standard deviations`]),
    );
  }

  pdf.heading('The recording');
  pdf.table([200, pdf.width - 200], null, [
    [
      'Format',
      `${report.audio.format.toUpperCase()}, ${report.audio.sample_rate} Hz, ${plural(report.audio.channels, 'channel')}`,
    ],
    ['Length (charged)', `${report.duration_seconds.toFixed(2)} s (${plural(report.billed_seconds, 'second')})`],
    ['Sound above silence', `${report.audio.speech_seconds.toFixed(1)} s`],
    ['Voice above background', `${report.audio.snr_db.toFixed(0)} dB`],
    ['Voiced share', percent(report.audio.voiced_share)],
  ]);
  pdf.paragraph(
    'A probability, not proof: the detector was trained on a small set of voices and systems (docs/models/voice-detect.md).',
    { muted: true, size: 9 },
  );
}

function timeline(pdf: ReportDocument, report: VoiceDetectionResult) {
  const d = pdf.document;
  const height = 70;
  pdf.ensureSpace(height + 30);
  const top = d.y;
  const width = pdf.width;
  const total = Math.max(report.duration_seconds, 0.001);
  d.rect(MARGIN, top, width, height).lineWidth(0.5).strokeColor('#d1d9e0').stroke();
  for (const w of report.windows) {
    const x = MARGIN + (w.start / total) * width;
    const barWidth = Math.max(1, ((w.end - w.start) / total) * width * 0.5);
    const barHeight = Math.max(1, w.synthetic_probability * (height - 4));
    d.rect(x + 1, top + height - barHeight - 2, barWidth, barHeight)
      .fillOpacity(0.85)
      .fill(windowColour(w.synthetic_probability));
  }
  d.fillOpacity(1);
  d.fontSize(8).fillColor(MUTED);
  d.text(printable('0:00.0'), MARGIN, top + height + 4, { lineBreak: false });
  d.text(printable(time(total)), MARGIN + width - 40, top + height + 4, {
    width: 40,
    align: 'right',
    lineBreak: false,
  });
  d.x = MARGIN;
  d.y = top + height + 20;
}
