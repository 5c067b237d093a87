import type { IssueKind, WritingIssue, WritingReport } from '@candor/engine-writing';
import {
  lexicalDiversityVerdict,
  readabilityScores,
  readabilityTooShort,
  readScore,
} from '@candor/engine-writing/interpret';
import {
  ACCENT,
  duration,
  FONT,
  INK,
  MARGIN,
  MUTED,
  notListed,
  number,
  oneLine,
  plural,
  printable,
  type ReportDocument,
  renderReportPdf,
  runFacts,
  truncate,
} from '../pdf/report-document.js';

/** The Writing Analysis report as a PDF download (`GET v1/tools/writing-analysis/reports/{history_id}.pdf`). */

export interface WritingReportPdfInput {
  title: string;
  createdAt: Date;
  /** Tokens the run cost. */
  cost: number;
  /** The analysed text; the report's offsets point into it. */
  text: string;
  report: WritingReport;
}

/** The list of issues stops here; a longer report would be a book nobody reads. The counts stay complete. */
export const MAX_LISTED_ISSUES = 300;

export const issueKindLabels: Record<IssueKind, string> = {
  spelling: 'Spelling',
  'passive-voice': 'Passive voice',
  adverb: 'Adverbs',
  'weak-word': 'Weak words',
  'repeated-word': 'Repeated words',
  'nearby-repetition': 'Nearby repetition',
  'simpler-alternative': 'Simpler alternatives',
  'inclusive-language': 'Inclusive language',
  'long-sentence': 'Long sentences',
};

export function renderWritingReportPdf(input: WritingReportPdfInput): Promise<Buffer> {
  return renderReportPdf({ tool: 'Writing Analysis', title: input.title, createdAt: input.createdAt }, (pdf) =>
    new ReportWriter(pdf).write(input),
  );
}

class ReportWriter {
  constructor(private readonly pdf: ReportDocument) {}

  private get width(): number {
    return this.pdf.width;
  }

  write({ title, createdAt, cost, text, report }: WritingReportPdfInput): void {
    this.pdf.header('Writing Analysis report', title, runFacts(createdAt, report.counts.words, cost));
    this.readability(report);
    this.counts(report);
    this.sentenceLengths(report);
    this.lexicalDiversity(report);
    this.issues(text, report);
  }

  private readability(report: WritingReport): void {
    this.pdf.heading('Readability');
    const tooShort = readabilityTooShort(report);
    if (tooShort) {
      this.pdf.paragraph(`${tooShort}.`);
      return;
    }
    this.pdf.table(
      [150, 60, this.width - 210],
      ['Score', 'Value', 'What it means'],
      readabilityScores.map((score) => {
        const { value, verdict } = readScore(score, report);
        return [score.name, value?.toFixed(1) ?? '—', verdict];
      }),
    );
  }

  private counts({ counts }: WritingReport): void {
    this.pdf.heading('Counts');
    const rows: [string, string][] = [
      ['Words', number(counts.words)],
      ['Sentences', number(counts.sentences)],
      ['Paragraphs', number(counts.paragraphs)],
      ['Characters', number(counts.characters)],
      ['Characters without spaces', number(counts.charactersNoSpaces)],
      ['Letters', number(counts.letters)],
      ['Syllables', number(counts.syllables)],
      ['Words of three or more syllables', number(counts.polysyllables)],
      ['Difficult words (Dale-Chall)', number(counts.difficultWords)],
      ['Reading time', duration(counts.readingTimeSeconds)],
      ['Speaking time', duration(counts.speakingTimeSeconds)],
    ];
    this.pdf.table([220, this.width - 220], null, rows);
  }

  private sentenceLengths({ sentenceLengths }: WritingReport): void {
    this.pdf.heading('Sentence length');
    const d = this.pdf.document;
    this.pdf.paragraph(
      `Mean ${sentenceLengths.mean.toFixed(1)} words, standard deviation ${sentenceLengths.standardDeviation.toFixed(1)} ` +
        `(variation ${(sentenceLengths.coefficientOfVariation * 100).toFixed(0)}%). ` +
        `Shortest ${plural(sentenceLengths.shortest, 'word')}, longest ${plural(sentenceLengths.longest, 'word')}.`,
    );
    const most = Math.max(1, ...sentenceLengths.buckets.map((bucket) => bucket.sentences));
    const barWidth = this.width - 170;
    for (const bucket of sentenceLengths.buckets) {
      this.pdf.ensureSpace(16);
      const y = d.y;
      const label = bucket.max === null ? `${bucket.min}+ words` : `${bucket.min}–${bucket.max} words`;
      d.font(FONT).fontSize(9).fillColor(INK).text(printable(label), MARGIN, y, { width: 90 });
      const length = (bucket.sentences / most) * barWidth;
      if (length > 0) d.rect(MARGIN + 95, y, length, 9).fill(ACCENT);
      d.fillColor(MUTED).text(String(bucket.sentences), MARGIN + 100 + length, y, { width: 60 });
      d.x = MARGIN;
      d.y = y + 14;
    }
  }

  private lexicalDiversity({ lexicalDiversity }: WritingReport): void {
    this.pdf.heading('Lexical diversity');
    const mtld =
      lexicalDiversity.mtld === null
        ? `MTLD: ${lexicalDiversityVerdict(lexicalDiversity)}; this text has ${number(lexicalDiversity.tokens)}.`
        : `MTLD ${lexicalDiversity.mtld.toFixed(1)}: ${lexicalDiversityVerdict(lexicalDiversity)}.`;
    this.pdf.paragraph(
      `${mtld} ${plural(lexicalDiversity.types, 'different word')} in ${plural(lexicalDiversity.tokens, 'word')} ` +
        `(type-token ratio ${lexicalDiversity.typeTokenRatio.toFixed(2)}).`,
    );
  }

  private issues(text: string, report: WritingReport): void {
    this.pdf.heading('Issues');
    const kinds = (Object.keys(issueKindLabels) as IssueKind[]).filter((kind) => (report.issueCounts[kind] ?? 0) > 0);
    if (kinds.length === 0) {
      this.pdf.paragraph('No issues found.');
      return;
    }
    this.pdf.table(
      [220, this.width - 220],
      null,
      kinds.map((kind) => [issueKindLabels[kind], number(report.issueCounts[kind] ?? 0)]),
    );

    const byKind = kinds.map((kind) => report.issues.filter((issue) => issue.kind === kind));
    const listed = byKind.flat().slice(0, MAX_LISTED_ISSUES);
    let printedKind: IssueKind | null = null;
    for (const issue of listed) {
      if (issue.kind !== printedKind) {
        printedKind = issue.kind;
        this.pdf.subheading(`${issueKindLabels[issue.kind]} (${number(report.issueCounts[issue.kind] ?? 0)})`);
      }
      this.issue(text, issue);
    }
    const more = notListed(report.issues.length - listed.length, 'issue');
    if (more) this.pdf.paragraph(more);
  }

  private issue(text: string, issue: WritingIssue): void {
    const passage = oneLine(issue.text || text.slice(issue.start, issue.end));
    this.pdf.entry([
      { text: `“${truncate(passage, 160)}”`, style: 'bold' },
      { text: issue.message },
      { text: issue.suggestions.length > 0 ? `Try: ${issue.suggestions.slice(0, 5).join(', ')}` : '', style: 'muted' },
    ]);
  }
}
