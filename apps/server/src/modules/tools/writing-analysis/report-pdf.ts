import type { IssueKind, Readability, WritingIssue, WritingReport } from '@candor/engine-writing';
import { lexicalDiversityVerdict, readabilityScores } from '@candor/engine-writing/interpret';
import PDFDocument from 'pdfkit';

/**
 * The Writing Analysis report as a PDF download (`GET v1/tools/writing-analysis/reports/{history_id}.pdf`).
 *
 * Only pdfkit's built-in Helvetica is used, so nothing is embedded and the file stays small. Those fonts speak
 * WinAnsi (Latin-1 plus a few typographic marks): every string passes through `toWinAnsi`, which keeps what the
 * font has, folds accents and compatibility forms it can (ǆ → dž, ő → o), and prints `?` for the rest (emoji, CJK),
 * because pdfkit would otherwise write unrelated glyphs.
 */

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

const MARGIN = 56;
const INK = '#1f2328';
const MUTED = '#59636e';
const RULE = '#d1d9e0';
const ACCENT = '#0969da';

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
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN + 16, left: MARGIN, right: MARGIN },
      bufferPages: true,
      info: { Title: input.title, Author: 'Candor', Creator: 'Candor', CreationDate: input.createdAt },
    });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    try {
      new ReportWriter(document).write(input);
      document.end();
    } catch (error) {
      reject(error);
    }
  });
}

class ReportWriter {
  constructor(private readonly document: PDFKit.PDFDocument) {}

  private get width(): number {
    return this.document.page.width - MARGIN * 2;
  }

  write({ title, createdAt, cost, text, report }: WritingReportPdfInput): void {
    this.header(title, createdAt, report.counts.words, cost);
    this.readability(report.readability);
    this.counts(report);
    this.sentenceLengths(report);
    this.lexicalDiversity(report);
    this.issues(text, report);
    this.footers();
  }

  private header(title: string, createdAt: Date, words: number, cost: number): void {
    const d = this.document;
    d.font('Helvetica-Bold').fontSize(10).fillColor(ACCENT).text('Writing Analysis report');
    d.moveDown(0.3);
    d.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(toWinAnsi(title), { width: this.width });
    d.moveDown(0.3);
    d.font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text(`${formatDate(createdAt)}  ·  ${plural(words, 'word')}  ·  ${plural(cost, 'token')}`);
    d.moveDown(0.5);
    this.rule();
  }

  private readability(scores: Readability): void {
    this.heading('Readability');
    this.table(
      [150, 60, this.width - 210],
      ['Score', 'Value', 'What it means'],
      readabilityScores.map(({ key, name, verdict }) => [name, scores[key].toFixed(1), verdict(scores[key])]),
    );
  }

  private counts({ counts }: WritingReport): void {
    this.heading('Counts');
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
    this.table([220, this.width - 220], null, rows);
  }

  private sentenceLengths({ sentenceLengths }: WritingReport): void {
    this.heading('Sentence length');
    const d = this.document;
    this.paragraph(
      `Mean ${sentenceLengths.mean.toFixed(1)} words, standard deviation ${sentenceLengths.standardDeviation.toFixed(1)} ` +
        `(variation ${(sentenceLengths.coefficientOfVariation * 100).toFixed(0)}%). ` +
        `Shortest ${plural(sentenceLengths.shortest, 'word')}, longest ${plural(sentenceLengths.longest, 'word')}.`,
    );
    const most = Math.max(1, ...sentenceLengths.buckets.map((bucket) => bucket.sentences));
    const barWidth = this.width - 170;
    for (const bucket of sentenceLengths.buckets) {
      this.ensureSpace(16);
      const y = d.y;
      const label = bucket.max === null ? `${bucket.min}+ words` : `${bucket.min}–${bucket.max} words`;
      d.font('Helvetica').fontSize(9).fillColor(INK).text(toWinAnsi(label), MARGIN, y, { width: 90 });
      const length = (bucket.sentences / most) * barWidth;
      if (length > 0) d.rect(MARGIN + 95, y, length, 9).fill(ACCENT);
      d.fillColor(MUTED).text(String(bucket.sentences), MARGIN + 100 + length, y, { width: 60 });
      d.x = MARGIN;
      d.y = y + 14;
    }
  }

  private lexicalDiversity({ lexicalDiversity }: WritingReport): void {
    this.heading('Lexical diversity');
    const mtld =
      lexicalDiversity.mtld === null
        ? `MTLD needs at least ${plural(lexicalDiversity.minimumTokens, 'word')}; this text has ${number(lexicalDiversity.tokens)}.`
        : `MTLD ${lexicalDiversity.mtld.toFixed(1)}: ${lexicalDiversityVerdict(lexicalDiversity)}.`;
    this.paragraph(
      `${mtld} ${plural(lexicalDiversity.types, 'different word')} in ${plural(lexicalDiversity.tokens, 'word')} ` +
        `(type-token ratio ${lexicalDiversity.typeTokenRatio.toFixed(2)}).`,
    );
  }

  private issues(text: string, report: WritingReport): void {
    this.heading('Issues');
    const kinds = (Object.keys(issueKindLabels) as IssueKind[]).filter((kind) => (report.issueCounts[kind] ?? 0) > 0);
    if (kinds.length === 0) {
      this.paragraph('No issues found.');
      return;
    }
    this.table(
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
        this.subheading(`${issueKindLabels[issue.kind]} (${number(report.issueCounts[issue.kind] ?? 0)})`);
      }
      this.issue(text, issue);
    }
    const unlisted = report.issues.length - listed.length;
    if (unlisted > 0)
      this.paragraph(`…and ${number(unlisted)} more ${unlisted === 1 ? 'issue' : 'issues'} not listed here.`);
  }

  private issue(text: string, issue: WritingIssue): void {
    const d = this.document;
    const passage = oneLine(issue.text || text.slice(issue.start, issue.end));
    const suggestions = issue.suggestions.length > 0 ? `Try: ${issue.suggestions.slice(0, 5).join(', ')}` : null;
    const lines = [`“${truncate(passage, 160)}”`, issue.message, suggestions].filter((line) => line !== null);
    const height = lines.reduce((sum, line) => sum + d.heightOfString(toWinAnsi(line), { width: this.width - 12 }), 0);
    this.ensureSpace(height + 6);
    d.font('Helvetica-Bold')
      .fontSize(9.5)
      .fillColor(INK)
      .text(toWinAnsi(lines[0] ?? ''), MARGIN + 12, d.y, {
        width: this.width - 12,
      });
    d.font('Helvetica')
      .fontSize(9.5)
      .fillColor(INK)
      .text(toWinAnsi(issue.message), { width: this.width - 12 });
    if (suggestions) d.fillColor(MUTED).text(toWinAnsi(suggestions), { width: this.width - 12 });
    d.x = MARGIN;
    d.moveDown(0.4);
  }

  private footers(): void {
    const d = this.document;
    const range = d.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      d.switchToPage(index);
      // Writing below the bottom margin would make pdfkit start a new page, so the footer lifts it for a moment.
      const bottom = d.page.margins.bottom;
      d.page.margins.bottom = 0;
      d.font('Helvetica')
        .fontSize(8)
        .fillColor(MUTED)
        .text(`Candor · Writing Analysis · page ${index + 1} of ${range.count}`, MARGIN, d.page.height - MARGIN, {
          width: this.width,
          align: 'center',
          lineBreak: false,
        });
      d.page.margins.bottom = bottom;
    }
  }

  private heading(text: string): void {
    this.ensureSpace(60);
    const d = this.document;
    d.x = MARGIN;
    d.moveDown(0.8);
    d.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(toWinAnsi(text));
    d.moveDown(0.3);
  }

  private subheading(text: string): void {
    this.ensureSpace(40);
    const d = this.document;
    d.moveDown(0.5);
    d.font('Helvetica-Bold').fontSize(10.5).fillColor(ACCENT).text(toWinAnsi(text), MARGIN);
    d.moveDown(0.2);
  }

  private paragraph(text: string): void {
    this.document.font('Helvetica').fontSize(10).fillColor(INK).text(toWinAnsi(text), MARGIN, this.document.y, {
      width: this.width,
    });
    this.document.moveDown(0.5);
  }

  private table(columns: number[], header: string[] | null, rows: string[][]): void {
    const d = this.document;
    const padding = 4;
    const drawRow = (cells: string[], bold: boolean) => {
      d.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
      const heights = cells.map((cell, index) =>
        d.heightOfString(toWinAnsi(cell), { width: (columns[index] ?? 0) - padding * 2 }),
      );
      const height = Math.max(...heights) + padding * 2;
      this.ensureSpace(height);
      const y = d.y;
      let x = MARGIN;
      cells.forEach((cell, index) => {
        const width = columns[index] ?? 0;
        d.fillColor(bold ? MUTED : INK).text(toWinAnsi(cell), x + padding, y + padding, { width: width - padding * 2 });
        x += width;
      });
      d.moveTo(MARGIN, y + height)
        .lineTo(MARGIN + this.width, y + height)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      d.x = MARGIN;
      d.y = y + height;
    };
    if (header) drawRow(header, true);
    for (const row of rows) drawRow(row, false);
    d.moveDown(0.5);
  }

  private rule(): void {
    const d = this.document;
    d.moveTo(MARGIN, d.y)
      .lineTo(MARGIN + this.width, d.y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    d.moveDown(0.5);
  }

  private ensureSpace(height: number): void {
    const d = this.document;
    if (d.y + height > d.page.height - d.page.margins.bottom) {
      d.addPage();
      d.x = MARGIN;
    }
  }
}

// --- Text helpers -----------------------------------------------------------------------------------------------

/** The characters outside Latin-1 that WinAnsi (and so pdfkit's standard fonts) still has. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const isWinAnsi = (character: string) => {
  const code = character.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(character);
};

/** Makes text printable in a standard font: keeps WinAnsi, folds what it can, `?` for the rest. */
export function toWinAnsi(text: string): string {
  let result = '';
  for (const character of text.replace(/[\t\n\r\v\f]/g, ' ')) {
    if (isWinAnsi(character)) {
      result += character;
      continue;
    }
    const folded = character.normalize('NFKD').replace(/\p{M}/gu, '');
    result += folded !== '' && [...folded].every(isWinAnsi) ? folded : '?';
  }
  return result;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function truncate(text: string, length: number): string {
  const characters = [...text];
  return characters.length <= length ? text : `${characters.slice(0, length - 1).join('')}…`;
}

function formatDate(date: Date): string {
  return `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}

function number(value: number): string {
  return value.toLocaleString('en-US');
}

function plural(value: number, noun: string): string {
  return `${number(value)} ${value === 1 ? noun : `${noun}s`}`;
}

function duration(seconds: number): string {
  if (seconds < 60) return plural(seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? plural(minutes, 'minute') : `${plural(minutes, 'minute')} ${plural(rest, 'second')}`;
}
