import type { DocumentKind, DocumentText, Rect, TextRange } from './types.js';

/**
 * Where each character of a page-based document (PDF, image) sits. A glyph covers `[start, end)` of the text (a
 * ligature covers two characters); characters the reader inserted — spaces between words, line breaks — have no
 * glyph. Coordinates are in page units (points or pixels), origin top-left.
 */
export interface Glyph {
  start: number;
  end: number;
  /** Glyphs on one line share this number; a box never spans two lines. */
  line: number;
  /** The axis-aligned box of the glyph. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Where the baseline starts, its direction (a unit vector), the em size and the advance along it. */
  ox: number;
  oy: number;
  dx: number;
  dy: number;
  size: number;
  advance: number;
}

export interface PageLayout {
  number: number;
  width: number;
  height: number;
  start: number;
  end: number;
  glyphs: Glyph[];
}

export interface TextLayout {
  text: string;
  pages: PageLayout[];
  /** Whether any page was read by OCR (slow to repeat, so worth caching). */
  recognised: boolean;
}

/** A box to paint: page units, one per line of a range, with the margin that makes it cover the ink. */
export interface Box {
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The text runs down (1) or up (-1) the page rather than across it, so a label is turned to match. */
  vertical?: 1 | -1;
}

/** Glyph outlines reach past their advance (italics, accents): boxes grow by this share of the em on every side. */
const MARGIN_EM = 0.12;
/** ...and by at least this many page units, so small type at low resolution is covered too. */
const MIN_MARGIN = 0.75;

export class LayoutBuilder {
  text = '';
  readonly pages: PageLayout[] = [];
  recognised = false;
  private line = 0;

  startPage(number: number, width: number, height: number): void {
    if (this.pages.length > 0) this.text += '\n\n';
    this.newLine();
    this.pages.push({ number, width, height, start: this.text.length, end: this.text.length, glyphs: [] });
  }

  /** Text the reader inserts (a space, a line break), with no glyph behind it. */
  append(text: string): void {
    this.text += text;
    this.current().end = this.text.length;
  }

  newLine(): void {
    this.line++;
  }

  addGlyph(text: string, geometry: Omit<Glyph, 'start' | 'end' | 'line'>): void {
    const start = this.text.length;
    this.append(text);
    this.current().glyphs.push({ ...geometry, start, end: this.text.length, line: this.line });
  }

  get lastCharacter(): string {
    return this.text.at(-1) ?? '';
  }

  get pageIsEmpty(): boolean {
    return this.current().end === this.current().start;
  }

  build(): TextLayout {
    return { text: this.text, pages: this.pages, recognised: this.recognised };
  }

  private current(): PageLayout {
    const page = this.pages.at(-1);
    if (!page) throw new Error('LayoutBuilder: startPage() first');
    return page;
  }
}

export function documentText(kind: DocumentKind, layout: TextLayout): DocumentText {
  return {
    kind,
    text: layout.text,
    pages: layout.pages.map(({ number, width, height, start, end }) => ({ number, width, height, start, end })),
  };
}

/**
 * The glyphs of a page that overlap `range`. Glyphs come in text order, so a binary search finds the first: boxing
 * every word of a long page stays fast.
 */
function glyphsIn(page: PageLayout, range: TextRange): Glyph[] {
  if (range.end <= page.start || range.start >= page.end) return [];
  let low = 0;
  let high = page.glyphs.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((page.glyphs[middle]?.end ?? 0) <= range.start) low = middle + 1;
    else high = middle;
  }
  let end = low;
  while (end < page.glyphs.length && (page.glyphs[end]?.start ?? 0) < range.end) end++;
  return page.glyphs.slice(low, end);
}

/** The boxes that cover a range: one per line it touches, grown by the margin and kept on the page. */
export function boxesFor(layout: TextLayout, range: TextRange): Box[] {
  const boxes: Box[] = [];
  for (const page of layout.pages) {
    const byLine = new Map<number, Box & { size: number }>();
    for (const glyph of glyphsIn(page, range)) {
      const box = byLine.get(glyph.line);
      if (!box) {
        const vertical = Math.abs(glyph.dy) > Math.abs(glyph.dx) ? (glyph.dy > 0 ? 1 : -1) : undefined;
        byLine.set(glyph.line, {
          page: page.number,
          ...pick(glyph),
          size: glyph.size,
          ...(vertical ? { vertical } : {}),
        });
      } else {
        box.x0 = Math.min(box.x0, glyph.x0);
        box.y0 = Math.min(box.y0, glyph.y0);
        box.x1 = Math.max(box.x1, glyph.x1);
        box.y1 = Math.max(box.y1, glyph.y1);
        box.size = Math.max(box.size, glyph.size);
      }
    }
    for (const { size, ...box } of byLine.values()) {
      const margin = Math.max(MIN_MARGIN, size * MARGIN_EM);
      boxes.push({
        ...box,
        x0: Math.max(0, box.x0 - margin),
        y0: Math.max(0, box.y0 - margin),
        x1: Math.min(page.width, box.x1 + margin),
        y1: Math.min(page.height, box.y1 + margin),
      });
    }
  }
  return boxes;
}

function pick(glyph: Glyph): Pick<Box, 'x0' | 'y0' | 'x1' | 'y1'> {
  return { x0: glyph.x0, y0: glyph.y0, x1: glyph.x1, y1: glyph.y1 };
}

/** The boxes of each range as fractions of their page, for previews. */
export function rectsFor(layout: TextLayout, ranges: TextRange[]): Rect[][] {
  const sizes = new Map(layout.pages.map((page) => [page.number, page]));
  return ranges.map((range) =>
    boxesFor(layout, range).map((box) => {
      const page = sizes.get(box.page);
      const width = page?.width || 1;
      const height = page?.height || 1;
      return {
        page: box.page,
        x: box.x0 / width,
        y: box.y0 / height,
        width: (box.x1 - box.x0) / width,
        height: (box.y1 - box.y0) / height,
      };
    }),
  );
}

/** A run of text to lay back on a page, invisible, over the glyphs it came from (or the box that replaced them). */
export interface TextRun {
  page: number;
  text: string;
  ox: number;
  oy: number;
  dx: number;
  dy: number;
  size: number;
  width: number;
}

/**
 * The text that stays on each page as runs, line by line, with each redacted range replaced by its replacement
 * (laid over the first line of the range; nothing for a black box). What a flattened page needs to stay searchable.
 */
export function keptTextRuns(layout: TextLayout, ranges: Array<TextRange & { replacement: string }>): TextRun[] {
  const runs: TextRun[] = [];
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  // Glyphs come in text order, so one pointer walks the sorted ranges; a glyph touching a range belongs to it.
  let pointer = 0;
  const rangeAt = (glyph: Glyph) => {
    while (pointer < sorted.length && (sorted[pointer]?.end ?? 0) <= glyph.start) pointer++;
    const range = sorted[pointer];
    return range && range.start < glyph.end ? pointer : -1;
  };
  const replaced = new Set<number>();
  for (const page of layout.pages) {
    let group: Glyph[] = [];
    let groupRange = -1;
    const flush = () => {
      const first = group[0];
      const last = group.at(-1);
      group = [];
      if (!first || !last) return;
      let text: string;
      if (groupRange < 0) {
        text = layout.text.slice(first.start, last.end);
      } else {
        if (replaced.has(groupRange)) return;
        replaced.add(groupRange);
        text = sorted[groupRange]?.replacement ?? '';
      }
      if (text.trim() === '') return;
      // The run's width measured along its own baseline, from the first glyph's origin to the last glyph's end.
      const endX = last.ox + last.dx * last.advance;
      const endY = last.oy + last.dy * last.advance;
      const width = (endX - first.ox) * first.dx + (endY - first.oy) * first.dy;
      runs.push({
        page: page.number,
        text,
        ox: first.ox,
        oy: first.oy,
        dx: first.dx,
        dy: first.dy,
        size: first.size,
        width: Math.max(width, first.advance),
      });
    };
    for (const glyph of page.glyphs) {
      const range = rangeAt(glyph);
      const previous = group.at(-1);
      if (previous && (previous.line !== glyph.line || range !== groupRange)) flush();
      groupRange = range;
      group.push(glyph);
    }
    flush();
  }
  return runs;
}
