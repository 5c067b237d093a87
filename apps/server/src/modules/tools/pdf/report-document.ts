import PDFDocument from 'pdfkit';

/**
 * What the tools' PDF reports share (`GET v1/tools/{tool}/reports/{history_id}.pdf`): an A4 document with a header,
 * headings, tables and numbered footers.
 *
 * Only pdfkit's built-in Helvetica is used, so nothing is embedded and the file stays small. Those fonts speak
 * WinAnsi (Latin-1 plus a few typographic marks): every string passes through `toWinAnsi`, which keeps what the
 * font has, folds accents and compatibility forms it can (ǆ → dž, ő → o), and prints `?` for the rest (emoji, CJK),
 * because pdfkit would otherwise write unrelated glyphs.
 */

export const MARGIN = 56;
export const INK = '#1f2328';
export const MUTED = '#59636e';
export const RULE = '#d1d9e0';
export const ACCENT = '#0969da';

export interface ReportDocumentOptions {
  /** The tool's name, as the footers print it ("Writing Analysis"). */
  tool: string;
  /** The run's title: the document's metadata title. */
  title: string;
  createdAt: Date;
}

/** A line of an indented entry (an issue, a source): bold, regular or muted. */
export interface EntryLine {
  text: string;
  style?: 'bold' | 'regular' | 'muted';
}

/** A piece of text in a run of pieces; underlined pieces mark words the report points at. */
export interface TextRun {
  text: string;
  underline?: boolean;
}

/** What stands in the margin beside a passage: lines (the first in bold) and a band, darker as `shade` goes from 0 to 1. */
export interface MarginNote {
  lines: string[];
  shade: number;
}

/** Renders a report: `write` fills the pages, then every page gets its footer and the file is buffered. */
export function renderReportPdf(
  options: ReportDocumentOptions,
  write: (report: ReportDocument) => void,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN + 16, left: MARGIN, right: MARGIN },
      bufferPages: true,
      info: { Title: options.title, Author: 'Candor', Creator: 'Candor', CreationDate: options.createdAt },
    });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    try {
      const report = new ReportDocument(document);
      write(report);
      report.footers(options.tool);
      document.end();
    } catch (error) {
      reject(error);
    }
  });
}

/** The building blocks of a report page. Each keeps the cursor at the left margin below what it drew. */
export class ReportDocument {
  constructor(readonly document: PDFKit.PDFDocument) {}

  /** The width between the margins. */
  get width(): number {
    return this.document.page.width - MARGIN * 2;
  }

  /** The report's kind, the run's title, and a line of facts (date, words, tokens), then a rule. */
  header(kind: string, title: string, facts: string[]): void {
    const d = this.document;
    d.font('Helvetica-Bold').fontSize(10).fillColor(ACCENT).text(toWinAnsi(kind));
    d.moveDown(0.3);
    d.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(toWinAnsi(title), { width: this.width });
    d.moveDown(0.3);
    d.font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text(toWinAnsi(facts.join('  ·  ')));
    d.moveDown(0.5);
    this.rule();
  }

  /** A section's title; a new page first unless `keep` points (the title and what stays with it) fit on this one. */
  heading(text: string, keep = 60): void {
    this.ensureSpace(keep);
    const d = this.document;
    d.x = MARGIN;
    d.moveDown(0.8);
    d.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(toWinAnsi(text));
    d.moveDown(0.3);
  }

  subheading(text: string): void {
    this.ensureSpace(40);
    const d = this.document;
    d.moveDown(0.5);
    d.font('Helvetica-Bold').fontSize(10.5).fillColor(ACCENT).text(toWinAnsi(text), MARGIN);
    d.moveDown(0.2);
  }

  /** A block of text across the page; `after` is the space below it, in lines of its size. */
  paragraph(text: string, { muted = false, bold = false, size = 10, after = 0.5 } = {}): void {
    const d = this.document;
    d.font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size)
      .fillColor(muted ? MUTED : INK)
      .text(toWinAnsi(text), MARGIN, d.y, { width: this.width });
    d.moveDown(after);
  }

  /** Rows of cells in fixed-width columns, a rule under each; `header` (muted, bold) when given. */
  table(columns: number[], header: string[] | null, rows: string[][]): void {
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
      this.line(y + height);
      d.x = MARGIN;
      d.y = y + height;
    };
    if (header) drawRow(header, true);
    for (const row of rows) drawRow(row, false);
    d.moveDown(0.5);
  }

  /** An indented entry of a list (an issue, a source), kept on one page. */
  entry(lines: EntryLine[]): void {
    const d = this.document;
    const width = this.width - 12;
    const shown = lines.filter((line) => line.text !== '');
    const height = shown.reduce((sum, line) => {
      d.font(line.style === 'bold' ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
      return sum + d.heightOfString(toWinAnsi(line.text), { width });
    }, 0);
    this.ensureSpace(height + 6);
    const y = d.y;
    shown.forEach((line, index) => {
      d.font(line.style === 'bold' ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9.5)
        .fillColor(line.style === 'muted' ? MUTED : INK);
      if (index === 0) d.text(toWinAnsi(line.text), MARGIN + 12, y, { width });
      else d.text(toWinAnsi(line.text), { width });
    });
    d.x = MARGIN;
    d.moveDown(0.4);
  }

  /**
   * A passage beside a note in the left margin: the note's lines and a vertical band as tall as the passage, its
   * grey as dark as the note's shade, so the page reads in black-and-white print too. Underlined runs are marked words.
   */
  marked(note: MarginNote, runs: TextRun[]): void {
    const d = this.document;
    const gutter = 74;
    const x = MARGIN + gutter;
    const width = this.width - gutter;
    const pieces = runs
      .map((run) => ({ text: toWinAnsi(run.text), underline: run.underline === true }))
      .filter((run) => run.text !== '');
    if (pieces.length === 0) return;
    d.font('Helvetica').fontSize(10);
    const textHeight = d.heightOfString(pieces.map((piece) => piece.text).join(''), { width });
    const noteFont = (index: number) =>
      index === 0
        ? d.font('Helvetica-Bold').fontSize(9).fillColor(INK)
        : d.font('Helvetica').fontSize(8).fillColor(MUTED);
    const noteHeight = note.lines.reduce(
      (sum, line, index) => sum + noteFont(index).heightOfString(toWinAnsi(line), { width: 58 }),
      0,
    );
    const height = Math.max(textHeight, noteHeight);
    // A passage that fits a page is kept on one; a longer one starts here and flows on, its band stopping at the foot.
    const fullPage = d.page.height - d.page.margins.top - d.page.margins.bottom;
    this.ensureSpace(height < fullPage ? height + 6 : 40);
    const y = d.y;
    const page = d.page;

    this.band(x - 10, y, Math.min(height, d.page.height - d.page.margins.bottom - y), note.shade);
    note.lines.forEach((line, index) => {
      if (index === 0) noteFont(index).text(toWinAnsi(line), MARGIN, y, { width: 58 });
      else noteFont(index).text(toWinAnsi(line), { width: 58 });
    });

    d.font('Helvetica').fontSize(10).fillColor(INK);
    pieces.forEach((piece, index) => {
      const options = { width, continued: index < pieces.length - 1, underline: piece.underline };
      if (index === 0) d.text(piece.text, x, y, options);
      else d.text(piece.text, options);
    });
    d.x = MARGIN;
    d.y = d.page === page ? y + height + 5 : d.y + 5;
  }

  /** Two texts side by side under their labels (a passage and its source), each cut at `maxCharacters`. */
  sideBySide(labels: [string, string], texts: [string, string], maxCharacters: number): void {
    const d = this.document;
    const gap = 14;
    const width = (this.width - gap) / 2;
    const shown = texts.map((text) => toWinAnsi(truncate(oneLine(text), maxCharacters)));
    d.font('Helvetica-Bold').fontSize(8);
    const labelHeight = Math.max(...labels.map((label) => d.heightOfString(toWinAnsi(label), { width })));
    d.font('Helvetica').fontSize(9.5);
    const textHeight = Math.max(...shown.map((text) => d.heightOfString(text, { width: width - 8 })));
    this.ensureSpace(labelHeight + textHeight + 10);
    const y = d.y;
    [0, 1].forEach((column) => {
      const x = MARGIN + column * (width + gap);
      d.font('Helvetica-Bold')
        .fontSize(8)
        .fillColor(MUTED)
        .text(toWinAnsi(labels[column] ?? ''), x, y, { width });
      d.rect(x, y + labelHeight + 2, 2, textHeight).fill(column === 0 ? INK : MUTED);
      d.font('Helvetica')
        .fontSize(9.5)
        .fillColor(INK)
        .text(shown[column] ?? '', x + 8, y + labelHeight + 2, { width: width - 8 });
    });
    d.x = MARGIN;
    d.y = y + labelHeight + textHeight + 10;
  }

  /** A narrow vertical band in a grey from pale (`shade` 0) to near black (1). */
  band(x: number, y: number, height: number, shade: number): void {
    const opacity = 0.1 + 0.8 * Math.min(1, Math.max(0, shade));
    this.document.rect(x, y, 4, height).fillOpacity(opacity).fill(INK);
    this.document.fillOpacity(1);
  }

  /** A thin rule across the page at the cursor. */
  rule(): void {
    this.line(this.document.y);
    this.document.moveDown(0.5);
  }

  /** Starts a new page unless `height` still fits on this one. */
  ensureSpace(height: number): void {
    const d = this.document;
    if (d.y + height > d.page.height - d.page.margins.bottom) {
      d.addPage();
      d.x = MARGIN;
    }
  }

  /** "Candor · <tool> · page 2 of 5" at the foot of every page. */
  footers(tool: string): void {
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
        .text(toWinAnsi(`Candor · ${tool} · page ${index + 1} of ${range.count}`), MARGIN, d.page.height - MARGIN, {
          width: this.width,
          align: 'center',
          lineBreak: false,
        });
      d.page.margins.bottom = bottom;
    }
  }

  private line(y: number): void {
    this.document
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + this.width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
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

export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function truncate(text: string, length: number): string {
  const characters = [...text];
  return characters.length <= length ? text : `${characters.slice(0, length - 1).join('')}…`;
}

export function formatDate(date: Date): string {
  return `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}

export function number(value: number): string {
  return value.toLocaleString('en-US');
}

export function plural(value: number, noun: string, nouns = `${noun}s`): string {
  return `${number(value)} ${value === 1 ? noun : nouns}`;
}

export function duration(seconds: number): string {
  if (seconds < 60) return plural(seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? plural(minutes, 'minute') : `${plural(minutes, 'minute')} ${plural(rest, 'second')}`;
}

/** A probability as the screens show it: whole percent, and never a flat 0% or 100% for a model's estimate. */
export function percent(probability: number): string {
  if (probability > 0 && probability < 0.01) return '<1%';
  if (probability < 1 && probability > 0.99) return '>99%';
  return `${Math.round(probability * 100)}%`;
}

/** "20–50%": an interval of probabilities. */
export const percentRange = (low: number, high: number) => `${Math.round(low * 100)}–${Math.round(high * 100)}%`;

/** "…and 12 more issues not listed here." for a list cut at its cap, or null when nothing was cut. */
export function notListed(unlisted: number, noun: string, nouns = `${noun}s`): string | null {
  return unlisted > 0 ? `…and ${number(unlisted)} more ${unlisted === 1 ? noun : nouns} not listed here.` : null;
}

/** The facts under a report's title: when, how many words, what it cost. */
export const runFacts = (createdAt: Date, words: number, cost: number) => [
  formatDate(createdAt),
  plural(words, 'word'),
  plural(cost, 'token'),
];
