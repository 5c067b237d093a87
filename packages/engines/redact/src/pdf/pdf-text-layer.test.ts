import { createRequire } from 'node:module';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFString,
} from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { KEPT, SECRETS, samplePdf, secretRanges } from '../fixtures/sample-documents.js';
import { readDocument, redactDocument } from '../index.js';
import {
  mupdfText,
  type PdfReader,
  pdfReader,
  popplerRender,
  popplerText,
  qpdfDecompressed,
  type ReaderOutput,
} from '../testing/pdf-readers.js';
import { writeFlatPdf } from './pdf-write.js';

const LIMITS = { maxBytes: 20 * 1024 * 1024, maxPages: 20, maxCharacters: 200_000 };
const label = (kind: string) => `[${kind.toUpperCase()}]`;
const REPLACEMENTS = Object.keys(SECRETS).map(label);
// Beyond the Basic Multilingual Plane (two UTF-16 code units each), left alone by Unicode normalisation.
const ASTRAL = 'Zoë sent 😀 and 𝄞 from 𠀋 café';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const flat = (text: string) => text.replace(/\s+/g, ' ');

/** pdf.js's text, and every warning it logged on the way (it only tolerates what it warns about). */
async function pdfjsText(bytes: Uint8Array): Promise<ReaderOutput> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const packageDirectory = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const task = getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${path.join(packageDirectory, 'standard_fonts')}/`,
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 1,
  });
  try {
    const document = await task.promise;
    let text = '';
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      for (const item of content.items as TextItem[]) text += `${item.str}${item.hasEOL ? '\n' : ' '}`;
      text += '\n';
    }
    return { text, messages: log.mock.calls.map((call) => call.join(' ')) };
  } finally {
    await task.destroy();
    log.mockRestore();
  }
}

/** A content stream's hex strings read as UTF-16BE, the way the text layer writes its codes. */
function hexStringsAsUtf16(content: string): string {
  return [...content.matchAll(/<([0-9A-Fa-f\s]+)>/g)]
    .map((match) => {
      const bytes = Buffer.from((match[1] ?? '').replace(/\s/g, ''), 'hex');
      return Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)))
        .swap16()
        .toString('utf16le');
    })
    .join('\n');
}

function stream(dict: PDFDict, key: string): PDFRawStream | undefined {
  const value = dict.lookup(PDFName.of(key));
  return value instanceof PDFRawStream ? value : undefined;
}

function expectNoSecret(text: string, reader: string) {
  const seen = flat(text).toLowerCase();
  for (const secret of Object.values(SECRETS)) {
    expect(seen, `${reader} recovered "${secret}"`).not.toContain(secret.toLowerCase());
  }
}

function expectTextLayer(text: string, reader: string) {
  const seen = flat(text);
  for (const kept of KEPT) expect(seen, `${reader} lost "${kept}"`).toContain(kept);
  for (const replacement of REPLACEMENTS) expect(seen, reader).toContain(replacement);
  expect(seen, reader).toContain('Page 2, line 1: routine figures');
  expectNoSecret(text, reader);
}

/** Each command-line reader's tests run where it is installed; elsewhere they are skipped, saying why. */
function withReader(reader: PdfReader, title: string, body: () => Promise<void>) {
  if (reader.skip) it.skip(`${title} (${reader.skip})`, body);
  else it(title, body);
}

const poppler = pdfReader('pdftotext');
const mupdf = pdfReader('mutool');
const qpdf = pdfReader('qpdf');

describe('the text layer of a redacted PDF', () => {
  let redacted: Uint8Array;

  beforeAll(async () => {
    const pdf = await samplePdf({ pages: 2 });
    const { text } = await readDocument(pdf, 'pdf', LIMITS);
    const result = await redactDocument(pdf, 'pdf', secretRanges(text, label), { style: 'label' });
    expect(result.verification.passed).toBe(true);
    redacted = result.bytes;
  });

  it('is written as ISO 32000 says a Type 0 font, its CIDFont, descriptor and ToUnicode CMap are', async () => {
    const document = await PDFDocument.load(redacted, { updateMetadata: false });
    const fonts = document.getPage(0).node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    const type0 = fonts?.lookup(PDFName.of('F0'), PDFDict);
    if (!type0) throw new Error('no /F0 font on page 1');
    const name = (dict: PDFDict, key: string) => dict.lookup(PDFName.of(key))?.toString();
    expect(name(type0, 'Subtype')).toBe('/Type0');
    expect(name(type0, 'Encoding')).toBe('/Identity-H');
    const descendants = type0.lookup(PDFName.of('DescendantFonts'), PDFArray);
    expect(descendants.size()).toBe(1);
    const cidFont = descendants.lookup(0, PDFDict);
    expect(name(cidFont, 'Subtype')).toBe('/CIDFontType2');
    // 9.7.6.1: a Type 0 font over a CIDFontType2 carries the CIDFont's BaseFont.
    expect(name(cidFont, 'BaseFont')).toBe(name(type0, 'BaseFont'));

    // 9.7.3, Table 116: Registry and Ordering are (ASCII) strings, Supplement an integer.
    const info = cidFont.lookup(PDFName.of('CIDSystemInfo'), PDFDict);
    const text = (key: string) => {
      const value = info.lookup(PDFName.of(key));
      expect(value, `CIDSystemInfo /${key} is a string`).toSatisfy(
        (object) => object instanceof PDFString || object instanceof PDFHexString,
      );
      return (value as PDFString | PDFHexString).decodeText();
    };
    expect([text('Registry'), text('Ordering')]).toEqual(['Adobe', 'Identity']);
    expect(info.lookup(PDFName.of('Supplement'))).toBeInstanceOf(PDFNumber);

    // 9.7.4.3: every glyph the text layer shows is as wide as the default width; a W array, if any, is well formed.
    expect(cidFont.lookup(PDFName.of('DW'), PDFNumber).asNumber()).toBe(500);
    const widths = cidFont.lookupMaybe(PDFName.of('W'), PDFArray)?.asArray() ?? [];
    for (let index = 0; index < widths.length; ) {
      const [first, second, third] = widths.slice(index, index + 3);
      expect(first, 'W entries start with a CID').toBeInstanceOf(PDFNumber);
      if (second instanceof PDFArray) index += 2;
      else {
        expect(
          [second, third].every((value) => value instanceof PDFNumber),
          'W: c_first c_last w',
        ).toBe(true);
        index += 3;
      }
    }

    // 9.8.1, Table 122: the keys a FontDescriptor of a non-Type 3 font must have.
    const descriptor = cidFont.lookup(PDFName.of('FontDescriptor'), PDFDict);
    expect(name(descriptor, 'Type')).toBe('/FontDescriptor');
    expect(name(descriptor, 'FontName')).toBe(name(cidFont, 'BaseFont'));
    for (const key of ['Flags', 'ItalicAngle', 'Ascent', 'Descent', 'CapHeight', 'StemV']) {
      expect(descriptor.lookup(PDFName.of(key)), key).toBeInstanceOf(PDFNumber);
    }
    expect(descriptor.lookup(PDFName.of('FontBBox'), PDFArray).size()).toBe(4);
    expect(descriptor.lookup(PDFName.of('Descent'), PDFNumber).asNumber()).toBeLessThanOrEqual(0);

    // 9.7.4.2, Table 117: CIDToGIDMap maps to the glyphs of an embedded TrueType program, so only with FontFile2.
    const program = stream(descriptor, 'FontFile2');
    if (cidFont.has(PDFName.of('CIDToGIDMap'))) expect(program, 'CIDToGIDMap without FontFile2').toBeDefined();
    if (program) {
      // 9.9, Table 127: a TrueType program states its decoded length; an sfnt starts with version 1.0.
      const bytes = decodePDFRawStream(program).decode();
      expect(program.dict.lookup(PDFName.of('Length1'), PDFNumber).asNumber()).toBe(bytes.length);
      expect(Buffer.from(bytes.subarray(0, 4)).toString('hex')).toBe('00010000');
    }

    // 9.10.3 and Adobe TN 5411: the ToUnicode CMap's syntax.
    const toUnicode = stream(type0, 'ToUnicode');
    if (!toUnicode) throw new Error('no ToUnicode CMap');
    const cmap = Buffer.from(decodePDFRawStream(toUnicode).decode()).toString('latin1');
    expect(cmap).toMatch(/^\/CIDInit \/ProcSet findresource begin\n\d+ dict begin\nbegincmap\n/);
    expect(cmap).toContain('/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def');
    expect(cmap).toMatch(/1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n/);
    expect(cmap).toMatch(/endcmap\nCMapName currentdict \/CMap defineresource pop\nend\nend$/);
    const blocks = [...cmap.matchAll(/(\d+) begin(bfrange|bfchar)\n([\s\S]*?)\nend\2/g)];
    expect(blocks.length).toBeGreaterThan(0);
    const mapped = new Set<number>();
    const twice: string[] = [];
    for (const [, count, kind, body] of blocks) {
      const entries = (body ?? '').split('\n');
      expect(entries).toHaveLength(Number(count));
      expect(entries.length, 'at most 100 entries a block').toBeLessThanOrEqual(100);
      for (const entry of entries) {
        const parts = [...entry.matchAll(/<([0-9A-F]+)>/g)].map((match) => match[1] ?? '');
        expect(parts, entry).toHaveLength(kind === 'bfrange' ? 3 : 2);
        const [low, high, destination] = kind === 'bfrange' ? parts : [parts[0], parts[0], parts[1]];
        const first = Number.parseInt(low ?? '', 16);
        const last = Number.parseInt(high ?? '', 16);
        // A range varies only its last byte, and its destination's last byte does not overflow (TN 5411, 1.4.1).
        expect([low?.length, high?.length, first >> 8, first <= last], entry).toEqual([4, 4, last >> 8, true]);
        const target = Buffer.from(destination ?? '', 'hex');
        expect(target.length % 2, entry).toBe(0);
        expect((target.at(-1) ?? 0) + last - first, entry).toBeLessThanOrEqual(0xff);
        // Destinations are UTF-16BE: a lone surrogate is no character at all.
        const unicode = Buffer.from(target).swap16().toString('utf16le');
        expect(unicode, `${entry} maps to a lone surrogate`).not.toMatch(LONE_SURROGATE);
        for (let code = first; code <= last; code++) {
          if (mapped.has(code)) twice.push(code.toString(16));
          mapped.add(code);
        }
      }
    }
    expect(twice, 'codes mapped more than once').toEqual([]);
  });

  it('is read by pdf.js without a warning', async () => {
    const { text, messages } = await pdfjsText(redacted);
    expect(messages).toEqual([]);
    expectTextLayer(text, 'pdf.js');
  });

  withReader(poppler, 'is read by poppler (pdftotext) and drawn by it (pdftoppm), with nothing on stderr', async () => {
    const { text, messages } = await popplerText(redacted);
    expect(messages).toEqual([]);
    expectTextLayer(text, 'pdftotext');
    expect((await popplerRender(redacted)).messages).toEqual([]);
  });

  withReader(mupdf, 'is read by mupdf (mutool draw -F txt), without an error or a warning', async () => {
    const { text, messages } = await mupdfText(redacted);
    expect(messages).toEqual([]);
    expectTextLayer(text, 'mutool');
  });

  withReader(qpdf, 'holds no redacted string once qpdf --qdf has decompressed every stream', async () => {
    const { text, messages } = await qpdfDecompressed(redacted);
    expect(messages).toEqual([]);
    // The text layer itself is there in the decompressed file, as hex codes.
    const decoded = hexStringsAsUtf16(text);
    expect(flat(decoded)).toContain(KEPT[0]);
    expectNoSecret(text, 'qpdf --qdf');
    expectNoSecret(decoded, 'qpdf --qdf, hex strings as UTF-16');
  });
});

describe('a text layer of one line, with characters beyond the Basic Multilingual Plane', () => {
  let pdf: Uint8Array;

  beforeAll(async () => {
    const white = new Uint8Array(deflateSync(Buffer.alloc(4, 255)));
    const image = { format: 'flate', width: 2, height: 2, colorSpace: 'DeviceGray', data: white } as const;
    // One line only: mupdf drops a text object whose glyph boxes add up to no area, as blank glyphs on one baseline do.
    const line = { page: 1, text: ASTRAL, ox: 72, oy: 100, dx: 1, dy: 0, size: 12, width: 200 };
    pdf = await writeFlatPdf([{ width: 612, height: 792, image, text: [line] }]);
  });

  it('reads back whole in pdf.js', async () => {
    const { text, messages } = await pdfjsText(pdf);
    expect(messages).toEqual([]);
    expect(flat(text)).toContain(ASTRAL);
  });

  withReader(poppler, 'reads back whole in poppler (pdftotext)', async () => {
    const { text, messages } = await popplerText(pdf);
    expect(messages).toEqual([]);
    expect(flat(text)).toContain(ASTRAL);
  });

  withReader(mupdf, 'reads back whole in mupdf (mutool draw -F txt)', async () => {
    const { text, messages } = await mupdfText(pdf);
    expect(messages).toEqual([]);
    expect(flat(text)).toContain(ASTRAL);
  });
});
