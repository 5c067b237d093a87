import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * What the tools' PDF reports share (`GET v1/tools/{tool}/reports/{history_id}.pdf`): an A4 document with a header,
 * headings, tables and numbered footers.
 *
 * The reports print the user's own text, in whatever script it is, so they embed DejaVu Sans (regular and bold, from
 * the `dejavu-fonts-ttf` package, resolved from node_modules at run time) rather than pdfkit's built-in Helvetica,
 * which only speaks WinAnsi. DejaVu covers Latin with every accent (Czech, Polish, Turkish, Vietnamese…), Greek,
 * Cyrillic, Armenian, Georgian and many symbols. pdfkit embeds only the glyphs a report
 * uses: about 20 KB for a typical English report of one or two pages (some 5 KB before), a little more for other
 * scripts.
 *
 * Every string passes through `printable`: it keeps what both fonts have a glyph for, drops invisible format
 * characters (zero-width spaces, joiners, bidi controls, variation selectors), folds what it can (ｆｕｌｌ → full,
 * 𝖠 → A) and prints `?` for the rest — most emoji and all of CJK, Thai and the Indic scripts, which DejaVu lacks,
 * and Hebrew and Arabic, which pdfkit (no bidi algorithm) would print backwards.
 */

const resolvePackage = createRequire(import.meta.url);

/** The names the reports' fonts are registered under in every document. */
export const FONT = 'DejaVuSans';
export const BOLD_FONT = 'DejaVuSans-Bold';

/** The font files, resolved once: a missing package stops the server at start-up rather than at the first report. */
const FONT_FILES = {
  [FONT]: resolvePackage.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  [BOLD_FONT]: resolvePackage.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

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
      // The font before any `font()` call: DejaVu too, rather than pdfkit's default Helvetica.
      font: FONT_FILES[FONT],
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
      for (const [name, file] of Object.entries(FONT_FILES)) document.registerFont(name, file);
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
    d.font(BOLD_FONT).fontSize(10).fillColor(ACCENT).text(printable(kind));
    d.moveDown(0.3);
    d.font(BOLD_FONT).fontSize(20).fillColor(INK).text(printable(title), { width: this.width });
    d.moveDown(0.3);
    d.font(FONT)
      .fontSize(10)
      .fillColor(MUTED)
      .text(printable(facts.join('  ·  ')));
    d.moveDown(0.5);
    this.rule();
  }

  /** A section's title; a new page first unless `keep` points (the title and what stays with it) fit on this one. */
  heading(text: string, keep = 60): void {
    this.ensureSpace(keep);
    const d = this.document;
    d.x = MARGIN;
    d.moveDown(0.8);
    d.font(BOLD_FONT).fontSize(13).fillColor(INK).text(printable(text));
    d.moveDown(0.3);
  }

  subheading(text: string): void {
    this.ensureSpace(40);
    const d = this.document;
    d.moveDown(0.5);
    d.font(BOLD_FONT).fontSize(10.5).fillColor(ACCENT).text(printable(text), MARGIN);
    d.moveDown(0.2);
  }

  /** A block of text across the page; `after` is the space below it, in lines of its size. */
  paragraph(text: string, { muted = false, bold = false, size = 10, after = 0.5 } = {}): void {
    const d = this.document;
    d.font(bold ? BOLD_FONT : FONT)
      .fontSize(size)
      .fillColor(muted ? MUTED : INK)
      .text(printable(text), MARGIN, d.y, { width: this.width });
    d.moveDown(after);
  }

  /** Rows of cells in fixed-width columns, a rule under each; `header` (muted, bold) when given. */
  table(columns: number[], header: string[] | null, rows: string[][]): void {
    const d = this.document;
    const padding = 4;
    const drawRow = (cells: string[], bold: boolean) => {
      d.font(bold ? BOLD_FONT : FONT).fontSize(9.5);
      const heights = cells.map((cell, index) =>
        d.heightOfString(printable(cell), { width: (columns[index] ?? 0) - padding * 2 }),
      );
      const height = Math.max(...heights) + padding * 2;
      this.ensureSpace(height);
      const y = d.y;
      let x = MARGIN;
      cells.forEach((cell, index) => {
        const width = columns[index] ?? 0;
        d.fillColor(bold ? MUTED : INK).text(printable(cell), x + padding, y + padding, { width: width - padding * 2 });
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
      d.font(line.style === 'bold' ? BOLD_FONT : FONT).fontSize(9.5);
      return sum + d.heightOfString(printable(line.text), { width });
    }, 0);
    this.ensureSpace(height + 6);
    const y = d.y;
    shown.forEach((line, index) => {
      d.font(line.style === 'bold' ? BOLD_FONT : FONT)
        .fontSize(9.5)
        .fillColor(line.style === 'muted' ? MUTED : INK);
      if (index === 0) d.text(printable(line.text), MARGIN + 12, y, { width });
      else d.text(printable(line.text), { width });
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
      .map((run) => ({ text: printable(run.text), underline: run.underline === true }))
      .filter((run) => run.text !== '');
    if (pieces.length === 0) return;
    d.font(FONT).fontSize(10);
    const textHeight = d.heightOfString(pieces.map((piece) => piece.text).join(''), { width });
    const noteFont = (index: number) =>
      index === 0 ? d.font(BOLD_FONT).fontSize(9).fillColor(INK) : d.font(FONT).fontSize(8).fillColor(MUTED);
    const noteHeight = note.lines.reduce(
      (sum, line, index) => sum + noteFont(index).heightOfString(printable(line), { width: 58 }),
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
      if (index === 0) noteFont(index).text(printable(line), MARGIN, y, { width: 58 });
      else noteFont(index).text(printable(line), { width: 58 });
    });

    d.font(FONT).fontSize(10).fillColor(INK);
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
    const shown = texts.map((text) => printable(truncate(oneLine(text), maxCharacters)));
    d.font(BOLD_FONT).fontSize(8);
    const labelHeight = Math.max(...labels.map((label) => d.heightOfString(printable(label), { width })));
    d.font(FONT).fontSize(9.5);
    const textHeight = Math.max(...shown.map((text) => d.heightOfString(text, { width: width - 8 })));
    this.ensureSpace(labelHeight + textHeight + 10);
    const y = d.y;
    [0, 1].forEach((column) => {
      const x = MARGIN + column * (width + gap);
      d.font(BOLD_FONT)
        .fontSize(8)
        .fillColor(MUTED)
        .text(printable(labels[column] ?? ''), x, y, { width });
      d.rect(x, y + labelHeight + 2, 2, textHeight).fill(column === 0 ? INK : MUTED);
      d.font(FONT)
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
      d.font(FONT)
        .fontSize(8)
        .fillColor(MUTED)
        .text(printable(`Candor · ${tool} · page ${index + 1} of ${range.count}`), MARGIN, d.page.height - MARGIN, {
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

let embedded: Font[] | undefined;

/** Both fonts, opened once with fontkit (the library pdfkit lays text out with) to ask which glyphs they have. */
function embeddedFonts(): Font[] {
  embedded ??= [FONT_FILES[FONT], FONT_FILES[BOLD_FONT]].map((file) => fontkit.openSync(file) as Font);
  return embedded;
}

/** Line and paragraph breaks: the reports lay text out themselves, so they read as spaces. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
/** Invisible format characters (U+200B, U+200D, U+FEFF, bidi controls, soft hyphens, variation selectors…). */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/**
 * Printed as `?` though the fonts have glyphs: control characters and private-use code points, which mean nothing in
 * the user's text, and the right-to-left scripts, which pdfkit would lay out backwards (it has no bidi algorithm).
 */
const NOT_PRINTED = /[\p{Cc}\p{Co}\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const MARK = /\p{M}/u;

/**
 * What `hasGlyph` found so far, by character: reports ask about the same few hundred again and again. Bounded, as a
 * text may hold any number of distinct code points.
 */
const glyphs = new Map<string, boolean>();
const MAX_REMEMBERED = 20_000;

/** Whether both fonts draw the character, so any string can be printed in either weight. */
function hasGlyph(character: string): boolean {
  let has = glyphs.get(character);
  if (has === undefined) {
    has =
      !NOT_PRINTED.test(character) &&
      embeddedFonts().every((font) => font.hasGlyphForCodePoint(character.codePointAt(0) ?? 0));
    if (glyphs.size < MAX_REMEMBERED) glyphs.set(character, has);
  }
  return has;
}

/** A character the fonts lack as its compatibility form (ｆ → f, 𝖠 → A) or without its accents, else `?`. */
function fold(character: string): string {
  for (const candidate of [character.normalize('NFKC'), character.normalize('NFKD').replace(/\p{M}/gu, '')]) {
    if (candidate !== '' && [...candidate].every(hasGlyph)) return candidate;
  }
  return '?';
}

/**
 * Makes text printable in the embedded fonts: keeps what they have, drops invisible characters, folds what it can and
 * prints `?` for the rest. Text is composed first (NFC), so a letter typed as a base and an accent uses its own glyph.
 */
export function printable(text: string): string {
  let result = '';
  for (const character of text.normalize('NFC').replace(BREAKS, ' ').replace(INVISIBLE, '')) {
    if (hasGlyph(character)) result += character;
    // An accent the fonts lack is left off its letter, as folding would.
    else if (!MARK.test(character)) result += fold(character);
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
