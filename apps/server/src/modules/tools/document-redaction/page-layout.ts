import type { PageLine } from '@candor/contracts/tools';
import type { DocumentText, Rect, TextRange } from '@candor/engine-redact';

/**
 * The layout the screens box any stretch of text with (a user's own selection, not only a finding): the lines of the
 * previewed pages and the box of each word on them. The words are boxed by `locateRanges`, the code that boxes
 * findings, so a selection of whole words gets the boxes a finding of the same words would.
 */

/** A word to locate, and the line of the text it is on. */
export interface LineWord extends TextRange {
  page: number;
  line: number;
}

/**
 * The words of the given pages in text order. The reader ends every line of a page with a line break, so a word
 * (a run of non-space characters) never spans two lines and `locateRanges` gives it one box.
 */
export function wordsOnPages(document: DocumentText, pages: ReadonlySet<number>): LineWord[] {
  const words: LineWord[] = [];
  let line = 0;
  for (const page of document.pages) {
    if (!pages.has(page.number)) continue;
    for (const text of document.text.slice(page.start, page.end).matchAll(/[^\n]+/g)) {
      line += 1;
      for (const word of text[0].matchAll(/\S+/g)) {
        const start = page.start + text.index + word.index;
        words.push({ start, end: start + word[0].length, page: page.number, line });
      }
    }
  }
  return words;
}

/** A ten-thousandth of a page is finer than a preview's pixel and keeps the layout of a long document small. */
const round = (fraction: number) => Math.round(fraction * 10_000) / 10_000;

/** Each page's lines, from its words and their boxes (`locateRanges` of the words, in the same order). */
export function pageLines(words: readonly LineWord[], rects: readonly Rect[][]): Map<number, PageLine[]> {
  const lines = new Map<number, { page: number; top: number; bottom: number; words: PageLine['words'] }>();
  words.forEach((word, index) => {
    // A word with no glyph behind it (nothing painted) has no box, and nothing to cover on the preview.
    const rect = rects[index]?.[0];
    if (!rect) return;
    const line = lines.get(word.line);
    const entry: PageLine['words'][number] = [word.start, word.end, round(rect.x), round(rect.width)];
    if (!line) {
      lines.set(word.line, { page: word.page, top: rect.y, bottom: rect.y + rect.height, words: [entry] });
      return;
    }
    line.top = Math.min(line.top, rect.y);
    line.bottom = Math.max(line.bottom, rect.y + rect.height);
    line.words.push(entry);
  });
  const byPage = new Map<number, PageLine[]>();
  for (const { page, top, bottom, words: lineWords } of lines.values()) {
    const line: PageLine = { y: round(top), height: round(bottom - top), words: lineWords };
    const onPage = byPage.get(page);
    if (onPage) onPage.push(line);
    else byPage.set(page, [line]);
  }
  return byPage;
}
