import { OPS, type PageViewport, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { encodeCanvas } from '../encode-canvas.js';
import { addOcrPage, recognise } from '../image/ocr.js';
import { type Glyph, LayoutBuilder, type TextLayout } from '../layout.js';
import { capScale, RENDER_OPTIONS, renderPage } from './pdf-render.js';

/**
 * The text of a PDF with the place of every character, read from the same operator list pdf.js paints the page
 * from: each glyph of each `showText` is positioned the way pdf.js's canvas renderer positions it (CTM, text matrix,
 * font size and matrix, character/word spacing, horizontal scaling, rise). So the boxes cover what is drawn, not an
 * estimate, and text the renderer draws — form fields, stamps, annotation appearances — is part of the text, while
 * optional content that is switched off is not. pdf.js's getTextContent() gives only whole runs, not glyphs.
 *
 * A page with no text at all but with images is a scan: it is rendered at 300 dpi and read by OCR, so scanned
 * PDFs can be redacted too (and come back with a text layer).
 */

type Matrix = [number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const FONT_IDENTITY: Matrix = [0.001, 0, 0, 0.001, 0, 0];

/** pdf.js's Util.transform: `b` first, then `a`. */
function multiply(a: Matrix, b: ArrayLike<number>): Matrix {
  const [b0 = 1, b1 = 0, b2 = 0, b3 = 1, b4 = 0, b5 = 0] = Array.from(b);
  return [
    a[0] * b0 + a[2] * b1,
    a[1] * b0 + a[3] * b1,
    a[0] * b2 + a[2] * b3,
    a[1] * b2 + a[3] * b3,
    a[0] * b4 + a[2] * b5 + a[4],
    a[1] * b4 + a[3] * b5 + a[5],
  ];
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** The parts of pdf.js's font object the geometry needs. */
interface FontData {
  fontMatrix?: number[];
  ascent?: number;
  descent?: number;
  bbox?: number[];
  vertical?: boolean;
  isType3Font?: boolean;
  defaultVMetrics?: number[];
}

interface PdfGlyph {
  unicode: string;
  width: number;
  isSpace: boolean;
  vmetric?: number[] | null;
}

interface TextState {
  ctm: Matrix;
  textMatrix: Matrix;
  x: number;
  y: number;
  lineX: number;
  lineY: number;
  font: FontData | null;
  fontSize: number;
  fontDirection: number;
  fontMatrix: Matrix;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
}

type RawGlyph = Omit<Glyph, 'start' | 'end' | 'line'> & { text: string };

function initialState(base: Matrix): TextState {
  return {
    ctm: base,
    textMatrix: IDENTITY,
    x: 0,
    y: 0,
    lineX: 0,
    lineY: 0,
    font: null,
    fontSize: 0,
    fontDirection: 1,
    fontMatrix: FONT_IDENTITY,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    leading: 0,
    rise: 0,
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The vertical extent of a font's glyphs in em, from its ascent and descent (or a Type 3 font's bounding box). */
function verticalExtent(font: FontData, fontMatrix: Matrix): [number, number] {
  if (font.isType3Font) {
    const bbox = font.bbox;
    if (bbox && bbox.length === 4) {
      const low = (bbox[1] ?? 0) * fontMatrix[3];
      const high = (bbox[3] ?? 0) * fontMatrix[3];
      if (high - low > 0.1 && high - low < 3) return [Math.min(low, 0), Math.max(high, 0.5)];
    }
    return [-0.25, 0.85];
  }
  const ascent = font.ascent && font.ascent > 0 ? clamp(font.ascent, 0.5, 1.3) : 0.8;
  const descent = font.descent && font.descent < 0 ? clamp(font.descent, -0.6, 0) : -0.2;
  return [descent, ascent];
}

const LIGATURES = /[\uFB00-\uFB06]/u;
/** Control characters (tab and line feed aside) are what fonts without a usable encoding map glyphs to. */
function isControl(character: string): boolean {
  const code = character.charCodeAt(0);
  return (code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f;
}

function glyphText(unicode: string): string {
  const text = Array.from(unicode)
    .filter((character) => !isControl(character))
    .join('');
  return LIGATURES.test(text) ? text.normalize('NFKC') : text;
}

interface OptionalContent {
  isVisible(properties: unknown): boolean;
}

/** Every drawn glyph of a page, in content order, in the page's top-left coordinates at scale 1. */
async function pageGlyphs(
  page: PDFPageProxy,
  viewport: PageViewport,
  content: OptionalContent,
): Promise<{ glyphs: RawGlyph[]; paintsImages: boolean }> {
  const operators = await page.getOperatorList(RENDER_OPTIONS);
  const base = Array.from(viewport.transform) as Matrix;
  const glyphs: RawGlyph[] = [];
  const stack: TextState[] = [];
  const visibility: boolean[] = [];
  let state = initialState(base);
  let visible = true;

  const fontFor = (name: string): FontData | null => {
    for (const objects of [page.commonObjs, page.objs]) {
      try {
        if (objects.has(name)) return objects.get(name) as FontData;
      } catch {
        // Not resolved in this store; try the other.
      }
    }
    return null;
  };
  const setFont = (name: string, size: number) => {
    const font = fontFor(name);
    state.font = font;
    const matrix = font?.fontMatrix;
    state.fontMatrix = matrix && matrix.length === 6 ? (Array.from(matrix) as Matrix) : FONT_IDENTITY;
    state.fontDirection = size < 0 ? -1 : 1;
    state.fontSize = Math.abs(size);
  };
  const save = () => stack.push({ ...state });
  const restore = () => {
    const previous = stack.pop();
    if (previous) state = previous;
  };
  const moveText = (x: number, y: number) => {
    state.lineX += x;
    state.lineY += y;
    state.x = state.lineX;
    state.y = state.lineY;
  };

  const showText = (items: Array<PdfGlyph | number>) => {
    const font = state.font;
    const fontSize = state.fontSize;
    if (!font || fontSize === 0) return;
    const direction = state.fontDirection;
    const hScale = state.hScale * direction;
    const fontMatrix = state.fontMatrix;
    const vertical = Boolean(font.vertical);
    const type3 = Boolean(font.isType3Font);
    const widthScale = fontSize * fontMatrix[0];
    const [descent, ascent] = verticalExtent(font, fontMatrix);
    const toDevice = multiply(state.ctm, state.textMatrix);
    const cx = state.x;
    const cy = state.y + state.rise;
    // A point of the glyph run (x along the run, y down as pdf.js's canvas has it) on the page.
    const device = (runX: number, runY: number) => apply(toDevice, cx + hScale * runX, cy - direction * runY);
    let x = 0;
    for (const item of items) {
      if (typeof item === 'number') {
        x += ((vertical ? 1 : -1) * item * fontSize) / 1000;
        continue;
      }
      const spacing = (item.isSpace ? state.wordSpacing : 0) + state.charSpacing;
      const emWidth = item.width * fontMatrix[0];
      let originX = x;
      let originY = 0;
      let advance = item.width * widthScale;
      if (vertical) {
        const metrics = item.vmetric ?? font.defaultVMetrics;
        originX = -(item.vmetric ? (metrics?.[1] ?? 0) : item.width * 0.5) * widthScale;
        originY = x + (metrics?.[2] ?? 0) * widthScale;
        advance = (metrics ? -(metrics[0] ?? 0) : item.width) * widthScale;
      }
      const text = visible ? glyphText(item.unicode ?? '') : '';
      if (text !== '') {
        const corners = [
          device(originX, originY - descent * fontSize),
          device(originX + emWidth * fontSize, originY - descent * fontSize),
          device(originX, originY - ascent * fontSize),
          device(originX + emWidth * fontSize, originY - ascent * fontSize),
        ];
        const [ox, oy] = device(originX, originY);
        const [ex, ey] = vertical ? device(originX, originY + advance) : device(originX + advance, originY);
        const [ux, uy] = device(originX, originY - fontSize);
        const run = Math.hypot(ex - ox, ey - oy);
        const [axisX, axisY] = device(originX + 1, originY);
        const axis = Math.hypot(axisX - ox, axisY - oy) || 1;
        glyphs.push({
          text,
          x0: Math.min(...corners.map((corner) => corner[0])),
          y0: Math.min(...corners.map((corner) => corner[1])),
          x1: Math.max(...corners.map((corner) => corner[0])),
          y1: Math.max(...corners.map((corner) => corner[1])),
          ox,
          oy,
          dx: run > 0 ? (ex - ox) / run : (axisX - ox) / axis,
          dy: run > 0 ? (ey - oy) / run : (axisY - oy) / axis,
          size: Math.hypot(ux - ox, uy - oy),
          advance: run,
        });
      }
      x += type3 ? advance + spacing : vertical ? advance - spacing * direction : advance + spacing * direction;
    }
    if (vertical) state.y -= x;
    else state.x += x * hScale;
  };

  const { fnArray, argsArray } = operators;
  let paintsImages = false;
  for (let index = 0; index < fnArray.length; index++) {
    // biome-ignore lint/suspicious/noExplicitAny: operator arguments are untyped in pdf.js
    const args = (argsArray[index] ?? []) as any[];
    switch (fnArray[index]) {
      case OPS.save:
        save();
        break;
      case OPS.restore:
        restore();
        break;
      case OPS.transform:
        state.ctm = multiply(state.ctm, args);
        break;
      case OPS.beginText:
        state.textMatrix = IDENTITY;
        state.x = state.y = state.lineX = state.lineY = 0;
        break;
      case OPS.setTextMatrix:
        state.textMatrix = Array.from(args[0] as ArrayLike<number>) as Matrix;
        state.x = state.y = state.lineX = state.lineY = 0;
        break;
      case OPS.moveText:
        moveText(args[0], args[1]);
        break;
      case OPS.setLeadingMoveText:
        state.leading = args[1];
        moveText(args[0], args[1]);
        break;
      case OPS.setLeading:
        state.leading = -args[0];
        break;
      case OPS.nextLine:
        moveText(0, state.leading);
        break;
      case OPS.setFont:
        setFont(args[0], args[1]);
        break;
      case OPS.setCharSpacing:
        state.charSpacing = args[0];
        break;
      case OPS.setWordSpacing:
        state.wordSpacing = args[0];
        break;
      case OPS.setHScale:
        state.hScale = args[0] / 100;
        break;
      case OPS.setTextRise:
        state.rise = args[0];
        break;
      case OPS.setGState:
        for (const [key, value] of args[0] as Array<[string, [string, number]]>) {
          if (key === 'Font') setFont(value[0], value[1]);
        }
        break;
      case OPS.showText:
        showText(args[0]);
        break;
      case OPS.paintFormXObjectBegin:
        if (!visible) break;
        save();
        if (args[0]) state.ctm = multiply(state.ctm, args[0]);
        break;
      case OPS.paintFormXObjectEnd:
        if (visible) restore();
        break;
      case OPS.beginGroup:
        if (visible) save();
        break;
      case OPS.endGroup:
        if (visible) restore();
        break;
      case OPS.beginAnnotation:
        // pdf.js starts every annotation from the page's initial state, transformed by its rect and matrix.
        stack.length = 0;
        save();
        state = initialState(multiply(multiply(base, args[2] ?? IDENTITY), args[3] ?? IDENTITY));
        break;
      case OPS.beginMarkedContent:
        visibility.push(true);
        break;
      case OPS.beginMarkedContentProps:
        visibility.push(args[0] === 'OC' ? content.isVisible(args[1]) : true);
        visible = visibility.every(Boolean);
        break;
      case OPS.endMarkedContent:
        visibility.pop();
        visible = visibility.every(Boolean);
        break;
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject:
      case OPS.paintImageMaskXObject:
      case OPS.paintImageXObjectRepeat:
      case OPS.paintImageMaskXObjectRepeat:
      case OPS.paintSolidColorImageMask:
      case OPS.paintInlineImageXObjectGroup:
      case OPS.paintImageMaskXObjectGroup:
        paintsImages = true;
        break;
    }
  }
  return { glyphs, paintsImages };
}

/** Spaces and line breaks between glyphs, judged against the em size: what a reader sees as word and line ends. */
const SPACE_EM = 0.15;
const NEW_LINE_EM = 0.5;
const BACKWARDS_EM = 1;

function addPageText(builder: LayoutBuilder, glyphs: RawGlyph[]): void {
  let previous: RawGlyph | null = null;
  for (const glyph of glyphs) {
    if (previous) {
      const endX = previous.ox + previous.dx * previous.advance;
      const endY = previous.oy + previous.dy * previous.advance;
      const along = (glyph.ox - endX) * previous.dx + (glyph.oy - endY) * previous.dy;
      const across = (glyph.oy - endY) * previous.dx - (glyph.ox - endX) * previous.dy;
      const size = Math.max(previous.size, glyph.size, 0.01);
      const sameDirection = previous.dx * glyph.dx + previous.dy * glyph.dy > 0.97;
      const whitespace = /\s$/u.test(builder.lastCharacter) || /^\s/u.test(glyph.text);
      if (!sameDirection || Math.abs(across) > NEW_LINE_EM * size || along < -BACKWARDS_EM * size) {
        builder.newLine();
        if (!builder.pageIsEmpty && builder.lastCharacter !== '\n') builder.append('\n');
      } else if (along > SPACE_EM * size && !whitespace) {
        builder.append(' ');
      }
    }
    builder.addGlyph(glyph.text, glyph);
    previous = glyph;
  }
}

/** Scans are read at this resolution: Tesseract's sweet spot for body text. */
const OCR_DPI = 300;

/** The text and glyph boxes of every page, OCR included for pages that are scans. */
export async function readPdfLayout(document: PDFDocumentProxy): Promise<TextLayout> {
  const content = (await document.getOptionalContentConfig({ intent: 'display' })) as unknown as OptionalContent;
  const pages: Array<{ number: number; width: number; height: number; glyphs: RawGlyph[]; scan: boolean }> = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const viewport = page.getViewport({ scale: 1 });
    const { glyphs, paintsImages } = await pageGlyphs(page, viewport, content);
    pages.push({
      number,
      width: viewport.width,
      height: viewport.height,
      glyphs,
      scan: glyphs.length === 0 && paintsImages,
    });
    page.cleanup();
  }
  const scans = pages.filter((page) => page.scan);
  const scales: number[] = [];
  const images: Uint8Array[] = [];
  for (const scan of scans) {
    const page = await document.getPage(scan.number);
    const scale = capScale(page, OCR_DPI / 72);
    const canvas = await renderPage(page, scale);
    images.push(encodeCanvas(canvas, 'png'));
    scales.push(scale);
    page.cleanup();
  }
  const recognised = images.length > 0 ? await recognise(images) : [];

  const builder = new LayoutBuilder();
  for (const page of pages) {
    builder.startPage(page.number, page.width, page.height);
    const index = scans.indexOf(page);
    const ocr = recognised[index];
    if (index >= 0 && ocr) addOcrPage(builder, ocr, scales[index] ?? 1);
    else addPageText(builder, page.glyphs);
  }
  return builder.build();
}
