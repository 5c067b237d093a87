import { PDFDocument, PDFName, type PDFRef } from 'pdf-lib';
import type { TextRun } from '../layout.js';
import type { PageImage } from './page-image.js';

/**
 * Writes the flattened PDF: a new document whose pages each hold one image of the rendered page at the original
 * size, plus the text that stays as an invisible layer (text rendering mode 3), so the output can still be searched
 * and copied. Nothing of the original file is carried over — no document information, XMP, annotations, forms,
 * attachments, scripts or outlines — because nothing is copied: every object is new.
 *
 * The text layer uses a glyph-less Type 0 font (Identity-H, two bytes a UTF-16 code unit, a ToUnicode CMap that
 * maps each code to itself) in the manner of Tesseract's PDF renderer: invisible text needs no glyph shapes, and
 * this way any Unicode text can be laid down without embedding a font.
 */

export interface FlatPage {
  width: number;
  height: number;
  image: PageImage;
  text: TextRun[];
}

const CHARACTER_WIDTH = 500;

function toUnicodeCMap(): string {
  // 256 ranges, each varying only the low byte, as the CMap specification wants for bfrange.
  const ranges: string[] = [];
  for (let high = 0; high < 256; high++) {
    const prefix = high.toString(16).padStart(2, '0').toUpperCase();
    ranges.push(`<${prefix}00> <${prefix}FF> <${prefix}00>`);
  }
  const blocks: string[] = [];
  for (let index = 0; index < ranges.length; index += 100) {
    const block = ranges.slice(index, index + 100);
    blocks.push(`${block.length} beginbfrange\n${block.join('\n')}\nendbfrange`);
  }
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
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

function addInvisibleFont(document: PDFDocument): PDFRef {
  const context = document.context;
  const descriptor = context.register(
    context.obj({
      Type: 'FontDescriptor',
      FontName: 'GlyphLessFont',
      Flags: 5,
      FontBBox: [0, 0, CHARACTER_WIDTH, 1000],
      ItalicAngle: 0,
      Ascent: 1000,
      Descent: 0,
      CapHeight: 1000,
      StemV: 80,
    }),
  );
  const descendant = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: 'GlyphLessFont',
      CIDSystemInfo: { Registry: 'Adobe', Ordering: 'Identity', Supplement: 0 } as never,
      FontDescriptor: descriptor,
      DW: CHARACTER_WIDTH,
      CIDToGIDMap: 'Identity',
    }),
  );
  const toUnicode = context.register(context.flateStream(toUnicodeCMap()));
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

function hex(text: string): string {
  let result = '';
  for (let index = 0; index < text.length; index++) result += text.charCodeAt(index).toString(16).padStart(4, '0');
  return result.toUpperCase();
}

const number = (value: number) => (Math.abs(value) < 1e-6 ? '0' : value.toFixed(4).replace(/\.?0+$/, ''));

/** The content stream of one page: the image over the whole page, then the invisible text, line by line. */
function pageContent(page: FlatPage): string {
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
      const scaling = Math.max(1, (100 * run.width) / ((run.text.length * CHARACTER_WIDTH * size) / 1000));
      lines.push(`${matrix.map(number).join(' ')} Tm ${number(scaling)} Tz <${hex(run.text)}> Tj`);
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
  const font = addInvisibleFont(document);
  for (const flat of pages) {
    const page = document.addPage([flat.width, flat.height]);
    page.node.setXObject(PDFName.of('Im0'), await embedImage(document, flat.image));
    page.node.setFontDictionary(PDFName.of('F0'), font);
    const content = document.context.register(document.context.flateStream(pageContent(flat)));
    page.node.set(PDFName.of('Contents'), content);
    // pdf-lib gives every new page an empty annotation array; there are none to list.
    page.node.delete(PDFName.of('Annots'));
  }
  return document.save({ useObjectStreams: false });
}
