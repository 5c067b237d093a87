import type { Evidence } from '@candor/engine-ai-detect/report';
import { aiEvidenceTowards, towardsWords } from '@candor/engine-ai-detect/report-wording';
import {
  FONT,
  MARGIN,
  type MarginNote,
  MUTED,
  printable,
  type ReportDocument,
  type TextRun,
} from './report-document.js';

/** What the AI and humanized-text reports share: the evidence behind a score and the text sentence by sentence. */

/** The AI Detector's reading. */
const towardsAiOrHuman = (evidence: Evidence) => towardsWords[aiEvidenceTowards(evidence)];

/** The features that pushed the score most, strongest first, each with its direction in words (`directionOf`'s). */
export function evidenceTable(
  pdf: ReportDocument,
  evidence: readonly Evidence[],
  directionOf: (evidence: Evidence) => string = towardsAiOrHuman,
): void {
  if (evidence.length === 0) {
    pdf.paragraph('No single feature stood out.');
    return;
  }
  pdf.table(
    [pdf.width - 110, 110],
    ['Feature', 'Pushed the score'],
    evidence.map((item) => [item.label, directionOf(item)]),
  );
}

/** The bands of a sentence's probability, as the screens' legends have them; its bar darkens band by band. */
const BANDS = ['0–20%', '20–40%', '40–60%', '60–80%', '80–100%'];

/** The shade of the band a probability falls in: 0 for the palest, 1 for the darkest. */
export const bandShade = (probability: number) =>
  Math.min(BANDS.length - 1, Math.floor(probability * BANDS.length)) / (BANDS.length - 1);

/** How to read the bars beside the sentences: `intro`, then one swatch per band, pale to dark. */
export function bandLegend(pdf: ReportDocument, intro: string): void {
  const d = pdf.document;
  pdf.paragraph(intro, { muted: true, size: 9 });
  pdf.ensureSpace(20);
  const y = d.y;
  let x = MARGIN;
  d.font(FONT).fontSize(8.5);
  BANDS.forEach((band, index) => {
    pdf.band(x, y, 10, index / (BANDS.length - 1));
    d.fillColor(MUTED).text(printable(band), x + 8, y + 1, { lineBreak: false });
    x += 8 + d.widthOfString(printable(band)) + 16;
  });
  d.x = MARGIN;
  d.y = y + 20;
}

/** A scored sentence: its offsets into the text, its margin note, and the words to underline inside it. */
export interface MarkedSentence {
  start: number;
  end: number;
  note: MarginNote;
  underline?: readonly { start: number; end: number }[];
}

/** The text, one sentence a row with its note in the margin; a blank line in the text leaves a gap. */
export function sentenceList(pdf: ReportDocument, text: string, sentences: readonly MarkedSentence[]): void {
  if (sentences.length === 0) {
    pdf.paragraph('No sentences were scored in this text.');
    return;
  }
  let previousEnd = 0;
  for (const sentence of sentences) {
    if (previousEnd > 0 && /\n\s*\n/.test(text.slice(previousEnd, sentence.start))) pdf.document.moveDown(0.6);
    pdf.marked(sentence.note, sentenceRuns(text, sentence));
    previousEnd = sentence.end;
  }
}

/** The sentence's words in pieces, the underlined ranges (merged where they overlap) as pieces of their own. */
function sentenceRuns(text: string, { start, end, underline = [] }: MarkedSentence): TextRun[] {
  const ranges = underline
    .map((range) => ({ start: Math.max(start, range.start), end: Math.min(end, range.end) }))
    .filter((range) => range.start < range.end)
    .sort((a, b) => a.start - b.start);
  const runs: TextRun[] = [];
  let at = start;
  for (const range of ranges) {
    if (range.end <= at) continue;
    const from = Math.max(at, range.start);
    if (from > at) runs.push({ text: text.slice(at, from) });
    runs.push({ text: text.slice(from, range.end), underline: true });
    at = range.end;
  }
  if (at < end) runs.push({ text: text.slice(at, end) });
  // Line breaks inside a sentence read as spaces; the sentence's own edges are trimmed.
  const joined = runs.map((run) => ({ ...run, text: run.text.replace(/\s+/g, ' ') }));
  const first = joined[0];
  if (first) first.text = first.text.trimStart();
  const last = joined.at(-1);
  if (last) last.text = last.text.trimEnd();
  return joined;
}
