import { OPS, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';

/**
 * PDF → text with pdf.js. In Node the legacy build never starts a web worker: it runs its worker code in-process
 * (its "fake worker", loaded from pdf.worker.mjs beside pdf.mjs), which suits our own worker thread.
 */

interface Line {
  text: string;
  top: number;
  height: number;
  right: number;
}

/** The text of every page, its lines joined into paragraphs; paragraphs are separated by a blank line. */
export async function readPdfText(document: PDFDocumentProxy): Promise<string> {
  let text = '';
  for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
    const page = await document.getPage(pageNumber);
    const content = await page.getTextContent();
    page.cleanup();
    const lines = withoutPageNumbers(toLines(content.items.filter((item): item is TextItem => 'str' in item)));
    const pageText = joinLines(lines);
    if (pageText === '') continue;
    text = text === '' ? pageText : joinAcrossPages(text, pageText);
  }
  return text;
}

/** Whether any page paints an image: a PDF with images and no text is a scan, one with neither is just empty. */
export async function hasImages(document: PDFDocumentProxy): Promise<boolean> {
  const imageOperators = new Set<number>([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintImageMaskXObject,
  ]);
  for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
    const page = await document.getPage(pageNumber);
    const operators = await page.getOperatorList();
    page.cleanup();
    if (operators.fnArray.some((operator) => imageOperators.has(operator))) return true;
  }
  return false;
}

function toLines(items: TextItem[]): Line[] {
  const lines: Line[] = [];
  let current: Line | null = null;
  for (const item of items) {
    const top = item.transform[5] ?? 0;
    const left = item.transform[4] ?? 0;
    // pdf.js marks most line ends with hasEOL; a jump in the baseline catches the ones it misses.
    if (
      current &&
      Math.abs(current.top - top) > Math.max(current.height, item.height, 1) / 2 &&
      item.str.trim() !== ''
    ) {
      lines.push(current);
      current = null;
    }
    if (item.str !== '') {
      if (!current) current = { text: '', top, height: item.height, right: 0 };
      current.text += item.str;
      current.height = Math.max(current.height, item.height);
      current.right = Math.max(current.right, left + item.width);
    }
    if (item.hasEOL) {
      // An end of line with no text on it is an empty line: a paragraph break.
      lines.push(current ?? { text: '', top, height: item.height, right: 0 });
      current = null;
    }
  }
  if (current) lines.push(current);
  return lines.map((line) => ({ ...line, text: line.text.replace(/\s+/g, ' ').trim() }));
}

const PAGE_NUMBER = /^(?:page\s+)?\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?$/i;

/** Drops a bare page number printed as the first or last line of a page, so it doesn't land inside a sentence. */
function withoutPageNumbers(lines: Line[]): Line[] {
  const content = lines.filter((line) => line.text !== '');
  const first = content[0];
  const last = content.at(-1);
  return lines.filter((line) => !((line === first || line === last) && PAGE_NUMBER.test(line.text)));
}

const SENTENCE_END = /[.!?:;…"'”’)\]]$/;

function joinLines(lines: Line[]): string {
  const advances: number[] = [];
  for (let index = 1; index < lines.length; index++) {
    const previous = lines[index - 1];
    const line = lines[index];
    if (previous && line && previous.text !== '' && line.text !== '') {
      const advance = previous.top - line.top;
      if (advance > 0) advances.push(advance);
    }
  }
  const usualAdvance = median(advances);
  const columnRight = Math.max(0, ...lines.map((line) => line.right));

  const paragraphs: string[] = [];
  let paragraph = '';
  let previous: Line | null = null;
  for (const line of lines) {
    if (line.text === '') {
      if (paragraph !== '') paragraphs.push(paragraph);
      paragraph = '';
      previous = null;
      continue;
    }
    if (previous && startsParagraph(previous, line, usualAdvance, columnRight)) {
      paragraphs.push(paragraph);
      paragraph = '';
    }
    paragraph = paragraph === '' ? line.text : joinWrappedLine(paragraph, line.text);
    previous = line;
  }
  if (paragraph !== '') paragraphs.push(paragraph);
  return paragraphs.join('\n\n');
}

function startsParagraph(previous: Line, line: Line, usualAdvance: number | null, columnRight: number): boolean {
  const advance = previous.top - line.top;
  // Moving up the page, or a wider gap than the page's usual line spacing, or a change of font size (a heading).
  if (advance <= 0) return true;
  if (usualAdvance !== null && advance > usualAdvance * 1.3) return true;
  if (Math.abs(previous.height - line.height) > 1) return true;
  // A line that ends a sentence well short of the column is the last line of its paragraph.
  return SENTENCE_END.test(previous.text) && previous.right < columnRight * 0.8;
}

/** Joins a wrapped line to the text before it, undoing a hyphenation break ("exam-" + "ple" → "example"). */
function joinWrappedLine(before: string, line: string): string {
  if (/\p{Ll}-$/u.test(before) && /^\p{Ll}/u.test(line)) return before.slice(0, -1) + line;
  return `${before} ${line}`;
}

/** A paragraph that runs over a page break continues; one that ended a sentence starts a new paragraph. */
function joinAcrossPages(text: string, pageText: string): string {
  if (SENTENCE_END.test(text)) return `${text}\n\n${pageText}`;
  return joinWrappedLine(text, pageText);
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
}
