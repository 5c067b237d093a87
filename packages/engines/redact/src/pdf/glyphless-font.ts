// A blank TrueType program for the text layer, embedded as Tesseract does so no reader hunts for a substitute font.
export const GLYPH_WIDTH = 500;
export const BLANK_GLYPH = 1;
const UNITS_PER_EM = 1000;
const GLYPHS = 2;

type Field = [name: string, bytes: 2 | 4 | 8, value: number];

/** Big-endian fields, named as the OpenType specification names them. */
function pack(fields: Field[]): Uint8Array {
  const bytes = new Uint8Array(fields.reduce((size, [, length]) => size + length, 0));
  const view = new DataView(bytes.buffer);
  let offset = 0;
  for (const [, length, value] of fields) {
    if (length === 2) view.setUint16(offset, value & 0xffff);
    else if (length === 4) view.setUint32(offset, value >>> 0);
    else view.setBigUint64(offset, BigInt(value));
    offset += length;
  }
  return bytes;
}

const VERSION_1 = 0x00010000;

const head = () =>
  pack([
    ['majorVersion.minorVersion', 4, VERSION_1],
    ['fontRevision', 4, VERSION_1],
    ['checksumAdjustment', 4, 0],
    ['magicNumber', 4, 0x5f0f3cf5],
    ['flags', 2, 0b1011],
    ['unitsPerEm', 2, UNITS_PER_EM],
    // Zero dates, so the same text layer always makes the same bytes.
    ['created', 8, 0],
    ['modified', 8, 0],
    ['xMin', 2, 0],
    ['yMin', 2, 0],
    ['xMax', 2, GLYPH_WIDTH],
    ['yMax', 2, UNITS_PER_EM],
    ['macStyle', 2, 0],
    ['lowestRecPPEM', 2, 8],
    ['fontDirectionHint', 2, 2],
    ['indexToLocFormat', 2, 0],
    ['glyphDataFormat', 2, 0],
  ]);

const hhea = () =>
  pack([
    ['majorVersion.minorVersion', 4, VERSION_1],
    ['ascender', 2, UNITS_PER_EM],
    ['descender', 2, 0],
    ['lineGap', 2, 0],
    ['advanceWidthMax', 2, GLYPH_WIDTH],
    ['minLeftSideBearing', 2, 0],
    ['minRightSideBearing', 2, 0],
    ['xMaxExtent', 2, GLYPH_WIDTH],
    ['caretSlopeRise', 2, 1],
    ['caretSlopeRun', 2, 0],
    ['caretOffset', 2, 0],
    ['reserved', 8, 0],
    ['metricDataFormat', 2, 0],
    ['numberOfHMetrics', 2, GLYPHS],
  ]);

const hmtx = () =>
  pack(
    Array.from({ length: GLYPHS }, (): Field[] => [
      ['advanceWidth', 2, GLYPH_WIDTH],
      ['lsb', 2, 0],
    ]).flat(),
  );

// Version 1.0, the one for TrueType outlines (0.5 is for CFF).
const maxp = () =>
  pack([
    ['version', 4, VERSION_1],
    ['numGlyphs', 2, GLYPHS],
    ['maxPoints', 2, 2],
    ['maxContours', 2, 2],
    ['maxCompositePoints', 2, 0],
    ['maxCompositeContours', 2, 0],
    ['maxZones', 2, 1],
    ['maxTwilightPoints', 2, 0],
    ['maxStorage', 2, 0],
    ['maxFunctionDefs', 2, 0],
    ['maxInstructionDefs', 2, 0],
    ['maxStackElements', 2, 0],
    ['maxSizeOfInstructions', 2, 0],
    ['maxComponentElements', 2, 0],
    ['maxComponentDepth', 2, 0],
  ]);

// Two contours of one point each at opposite corners: a box for mupdf (which drops text of no area), no edge to paint.
const ON_CURVE = 0x01;
const glyf = () =>
  pack([
    ['numberOfContours', 2, 2],
    ['xMin', 2, 0],
    ['yMin', 2, 0],
    ['xMax', 2, GLYPH_WIDTH],
    ['yMax', 2, UNITS_PER_EM],
    ['endPtsOfContours[0]', 2, 0],
    ['endPtsOfContours[1]', 2, 1],
    ['instructionLength', 2, 0],
    ['flags[0..1]', 2, (ON_CURVE << 8) | ON_CURVE],
    ['xCoordinates[0]', 2, 0],
    ['xCoordinates[1]', 2, GLYPH_WIDTH],
    ['yCoordinates[0]', 2, 0],
    ['yCoordinates[1]', 2, UNITS_PER_EM],
  ]);

// Short offsets, halved: .notdef is empty (no CID maps to it), the blank glyph is all of glyf.
const loca = (glyphBytes: number) =>
  pack([
    ['.notdef', 2, 0],
    ['blank', 2, 0],
    ['end', 2, glyphBytes / 2],
  ]);

const padded = (length: number) => Math.ceil(length / 4) * 4;

function checksum(bytes: Uint8Array): number {
  const words = new Uint8Array(padded(bytes.length));
  words.set(bytes);
  const view = new DataView(words.buffer);
  let sum = 0;
  for (let offset = 0; offset < words.length; offset += 4) sum = (sum + view.getUint32(offset)) >>> 0;
  return sum;
}

let cached: Uint8Array | undefined;

/** head, hhea, hmtx, loca, glyf and maxp only: cmap, name, OS/2 and post serve fonts reached by character code. */
export function glyphlessFont(): Uint8Array {
  if (cached) return cached;
  const outline = glyf();
  // Sorted by tag, as readers may search the directory by bisection.
  const tables: Array<[string, Uint8Array]> = [
    ['glyf', outline],
    ['head', head()],
    ['hhea', hhea()],
    ['hmtx', hmtx()],
    ['loca', loca(outline.length)],
    ['maxp', maxp()],
  ];
  const searchPower = 2 ** Math.floor(Math.log2(tables.length));
  const directory = pack([
    ['sfntVersion', 4, VERSION_1],
    ['numTables', 2, tables.length],
    ['searchRange', 2, searchPower * 16],
    ['entrySelector', 2, Math.log2(searchPower)],
    ['rangeShift', 2, (tables.length - searchPower) * 16],
  ]);
  const recordsEnd = directory.length + 16 * tables.length;
  const font = new Uint8Array(tables.reduce((size, [, data]) => size + padded(data.length), recordsEnd));
  const view = new DataView(font.buffer);
  font.set(directory);
  let offset = recordsEnd;
  let headOffset = 0;
  tables.forEach(([tag, data], index) => {
    const record = directory.length + 16 * index;
    font.set(new TextEncoder().encode(tag), record);
    view.setUint32(record + 4, checksum(data));
    view.setUint32(record + 8, offset);
    view.setUint32(record + 12, data.length);
    font.set(data, offset);
    if (tag === 'head') headOffset = offset;
    offset += padded(data.length);
  });
  // The whole font sums to 0xB1B0AFBA once head's checksumAdjustment is set (OpenType, head table).
  view.setUint32(headOffset + 8, (0xb1b0afba - checksum(font)) >>> 0);
  cached = font;
  return font;
}
