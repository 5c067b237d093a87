import { PDFDocument, PDFName, type PDFRef, PDFString } from 'pdf-lib';
import type { TextRun } from '../layout.js';
import { BLANK_GLYPH, GLYPH_WIDTH, glyphlessFont } from './glyphless-font.js';
import type { PageImage } from './page-image.js';

/**
 * Writes the flattened PDF: a new document whose pages each hold one image of the rendered page at the original
 * size, plus the text that stays as an invisible layer (text rendering mode 3), so the output can still be searched
 * and copied. Nothing of the original file is carried over — no document information, XMP, annotations, forms,
 * attachments, scripts or outlines — because nothing is copied: every object is new.
 *
 * The text layer uses a glyph-less Type 0 font (Identity-H, two bytes a character, a ToUnicode CMap that maps each
 * code back to its character) in the manner of Tesseract's PDF renderer: invisible text needs no glyph shapes, and
 * this way any Unicode text can be laid down with a blank TrueType program of under 300 bytes as its only font.
 */

export interface FlatPage {
  width: number;
  height: number;
  image: PageImage;
  text: TextRun[];
}

// Surrogates are never characters of their own, so their codes are free for the characters beyond U+FFFF.
const FIRST_SURROGATE = 0xd800;
const LAST_SURROGATE = 0xdfff;
const REPLACEMENT_CHARACTER = 0xfffd;

/** One two-byte code a character (readers map codes one by one): BMP ones are their own, others get a surrogate's. */
class TextLayerEncoding {
  readonly astral = new Map<number, number>();

  encode(text: string): number[] {
    const codes: number[] = [];
    for (const character of text) {
      const point = character.codePointAt(0) ?? REPLACEMENT_CHARACTER;
      if (point > 0xffff) codes.push(this.astralCode(point));
      else codes.push(point >= FIRST_SURROGATE && point <= LAST_SURROGATE ? REPLACEMENT_CHARACTER : point);
    }
    return codes;
  }

  private astralCode(point: number): number {
    const known = this.astral.get(point);
    if (known !== undefined) return known;
    const code = FIRST_SURROGATE + this.astral.size;
    // Past 2,048 different characters beyond U+FFFF on one document, the rest read as U+FFFD.
    if (code > LAST_SURROGATE) return REPLACEMENT_CHARACTER;
    this.astral.set(point, code);
    return code;
  }
}

const hex4 = (value: number) => value.toString(16).padStart(4, '0').toUpperCase();

function utf16Hex(point: number): string {
  const character = String.fromCodePoint(point);
  let units = '';
  for (let index = 0; index < character.length; index++) units += hex4(character.charCodeAt(index));
  return units;
}

/** Entries of one CMap operator in blocks of at most 100, as the CMap specification allows. */
function cmapBlocks(operator: 'bfrange' | 'bfchar', entries: string[]): string[] {
  const blocks: string[] = [];
  for (let index = 0; index < entries.length; index += 100) {
    const block = entries.slice(index, index + 100);
    blocks.push(`${block.length} begin${operator}\n${block.join('\n')}\nend${operator}`);
  }
  return blocks;
}

function toUnicodeCMap(encoding: TextLayerEncoding): string {
  // One range a high byte, varying only the low byte as bfrange must; the surrogate block is left to bfchar.
  const ranges: string[] = [];
  for (let high = 0; high < 256; high++) {
    const first = high << 8;
    if (first >= FIRST_SURROGATE && first <= LAST_SURROGATE) continue;
    ranges.push(`<${hex4(first)}> <${hex4(first | 0xff)}> <${hex4(first)}>`);
  }
  const characters = [...encoding.astral].map(([point, code]) => `<${hex4(code)}> <${utf16Hex(point)}>`);
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...cmapBlocks('bfrange', ranges),
    ...cmapBlocks('bfchar', characters),
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/** Every CID shows the blank glyph: two bytes a CID, big-endian (ISO 32000-1, 9.7.4.2). */
function cidToGidMap(): Uint8Array {
  const map = new Uint8Array(2 * 65536);
  for (let cid = 0; cid < 65536; cid++) map[2 * cid + 1] = BLANK_GLYPH;
  return map;
}

function addInvisibleFont(document: PDFDocument, encoding: TextLayerEncoding): PDFRef {
  const context = document.context;
  const program = glyphlessFont();
  // Length1 is the program's length before the Flate filter, which Table 127 requires for TrueType.
  const fontFile = context.register(context.flateStream(program, { Length1: program.length }));
  const descriptor = context.register(
    context.obj({
      Type: 'FontDescriptor',
      FontName: 'GlyphLessFont',
      Flags: 5,
      FontBBox: [0, 0, GLYPH_WIDTH, 1000],
      ItalicAngle: 0,
      Ascent: 1000,
      Descent: 0,
      CapHeight: 1000,
      StemV: 80,
      FontFile2: fontFile,
    }),
  );
  const descendant = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: 'GlyphLessFont',
      // Registry and Ordering are strings (ISO 32000-1, 9.7.3): as names, poppler drops the font and its text.
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      DW: GLYPH_WIDTH,
      CIDToGIDMap: context.register(context.flateStream(cidToGidMap())),
    }),
  );
  const toUnicode = context.register(context.flateStream(toUnicodeCMap(encoding)));
  return context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: 'GlyphLessFont',
      Encoding: 'Identity-H',
      DescendantFonts: [descendant],
      ToUnicode: toUnicode,
    }),
  );
}

const number = (value: number) => (Math.abs(value) < 1e-6 ? '0' : value.toFixed(4).replace(/\.?0+$/, ''));

/** The content stream of one page: the image over the whole page, then the invisible text, line by line. */
function pageContent(page: FlatPage, encoding: TextLayerEncoding): string {
  const lines = [`q ${number(page.width)} 0 0 ${number(page.height)} 0 0 cm /Im0 Do Q`];
  const runs = page.text.filter((run) => run.text.trim() !== '' && run.size > 0);
  if (runs.length > 0) {
    lines.push('BT', '3 Tr', '/F0 1 Tf');
    for (const run of runs) {
      // Top-left page coordinates turned into PDF's bottom-left ones; the baseline keeps its direction.
      const originX = run.ox;
      const originY = page.height - run.oy;
      const size = run.size;
      const matrix = [run.dx * size, -run.dy * size, run.dy * size, run.dx * size, originX, originY];
      const codes = encoding.encode(run.text);
      const scaling = Math.max(1, (100 * run.width) / ((codes.length * GLYPH_WIDTH * size) / 1000));
      lines.push(`${matrix.map(number).join(' ')} Tm ${number(scaling)} Tz <${codes.map(hex4).join('')}> Tj`);
    }
    lines.push('ET');
  }
  return lines.join('\n');
}

async function embedImage(document: PDFDocument, image: PageImage): Promise<PDFRef> {
  if (image.format === 'jpeg') return (await document.embedJpg(image.data)).ref;
  const stream = document.context.stream(image.data, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: image.width,
    Height: image.height,
    ColorSpace: image.colorSpace,
    BitsPerComponent: 8,
    Filter: 'FlateDecode',
  });
  return document.context.register(stream);
}

export async function writeFlatPdf(pages: FlatPage[]): Promise<Uint8Array> {
  // updateMetadata: false — not even a Producer or a date is written; the Info dictionary stays empty.
  const document = await PDFDocument.create({ updateMetadata: false });
  // The pages' text first: the font's ToUnicode CMap lists the codes it was given.
  const encoding = new TextLayerEncoding();
  const contents = pages.map((flat) => pageContent(flat, encoding));
  const font = addInvisibleFont(document, encoding);
  for (const [index, flat] of pages.entries()) {
    const page = document.addPage([flat.width, flat.height]);
    page.node.setXObject(PDFName.of('Im0'), await embedImage(document, flat.image));
    page.node.setFontDictionary(PDFName.of('F0'), font);
    const content = document.context.register(document.context.flateStream(contents[index] ?? ''));
    page.node.set(PDFName.of('Contents'), content);
    // pdf-lib gives every new page an empty annotation array; there are none to list.
    page.node.delete(PDFName.of('Annots'));
  }
  return document.save({ useObjectStreams: false });
}
