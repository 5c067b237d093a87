import { createHash } from 'node:crypto';
import { constants, inflateSync } from 'node:zlib';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib';
import { type StreamDecrypter, standardDecrypter } from './pdf-decrypt.js';

/**
 * What one page of an uploaded PDF may cost to read, checked on the file's own content streams before pdf.js reads
 * them. pdf.js has no such limits: a page that nests `q` 50,000 deep took 60 s of an engine thread to extract and
 * 114 s to analyse (its state stack copies grow with the depth), and one 20,000 × 20,000 image took 3 GB outside
 * the thread's heap cap while it was decoded (issue 25).
 *
 * Counted: every operator of the page's content, of the forms it paints (each time it paints them) and of its
 * annotations' appearances; how deep q/Q, BT/ET, arrays, dictionaries and forms nest; and the pixels of the images
 * it paints, each counted once a page. Not counted: Type 3 glyph procedures and tiling patterns (see docs/tool-runs.md).
 */
export const PDF_PAGE_BOUNDS = {
  /** A dense vector drawing (a map, a CAD plan) has tens of thousands; half a million reads in a few seconds. */
  maxOperatorsPerPage: 500_000,
  maxOperatorsPerDocument: 3_000_000,
  /** q/Q, BT/ET, arrays and dictionaries: Acrobat's own limit for q is 28. */
  maxNesting: 100,
  /** Forms painting forms. */
  maxFormNesting: 32,
  /** A 600 dpi scan of an A4 or Letter page is 35 megapixels. */
  maxImagePixelsPerPage: 50_000_000,
  /** A content stream that inflates further is a bomb, not a page. */
  maxContentBytes: 64 * 1024 * 1024,
} as const;
export type PdfPageBounds = typeof PDF_PAGE_BOUNDS;

export type PdfBoundsVerdict =
  | { ok: true }
  | { ok: false; page: number; reason: 'operators' | 'nesting' | 'image' | 'content'; detail: string };

class TooComplex extends Error {
  constructor(
    readonly reason: 'operators' | 'nesting' | 'image' | 'content',
    readonly detail: string,
  ) {
    super(detail);
  }
}

const count = (value: number) => value.toLocaleString('en-US');

/** The message a user reads for a page over the bounds. */
export function tooComplexMessage(verdict: Extract<PdfBoundsVerdict, { ok: false }>): string {
  return `This PDF's page ${verdict.page} is too complex to read (${verdict.detail}). Simplify or split the page, or export it again, and try once more.`;
}

const verdicts = new Map<string, Promise<PdfBoundsVerdict>>();
const REMEMBERED = 8;

/**
 * Whether every page of `bytes` is within `bounds`. Remembered by content for a few files, since the redactor opens
 * one upload several times. A file pdf-lib can't parse, or one encrypted other than by the standard handler with an
 * empty user password (its streams can't be read here), passes: pdf.js may still read it, under the time-out.
 */
export function checkPdfBounds(bytes: Uint8Array, bounds: PdfPageBounds = PDF_PAGE_BOUNDS): Promise<PdfBoundsVerdict> {
  const key = `${createHash('sha256').update(bytes).digest('hex')}:${JSON.stringify(bounds)}`;
  let verdict = verdicts.get(key);
  if (!verdict) {
    verdict = scan(bytes, bounds);
    verdicts.set(key, verdict);
    while (verdicts.size > REMEMBERED) verdicts.delete(verdicts.keys().next().value as string);
  }
  return verdict;
}

async function scan(bytes: Uint8Array, bounds: PdfPageBounds): Promise<PdfBoundsVerdict> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: false,
      updateMetadata: false,
    });
  } catch {
    return { ok: true };
  }
  let decrypt: StreamDecrypter | null = null;
  if (document.isEncrypted) {
    decrypt = standardDecrypter(document);
    if (!decrypt) return { ok: true };
  }
  const scanner = new Scanner(document, bounds, decrypt);
  let pageNumber = 0;
  try {
    for (const page of document.getPages()) {
      pageNumber++;
      scanner.page(page.node);
    }
  } catch (error) {
    if (error instanceof TooComplex) return { ok: false, page: pageNumber, reason: error.reason, detail: error.detail };
    // A structure pdf-lib can't walk is pdf.js's to judge.
    return { ok: true };
  }
  return { ok: true };
}

class Scanner {
  private documentOperators = 0;
  private pageOperators = 0;
  private pageImages = new Set<PDFObject>();
  private pagePixels = 0;
  private formDepth = 0;
  private readonly decoded = new Map<PDFObject, Uint8Array>();
  private readonly refs = new Map<PDFObject, PDFRef>();

  constructor(
    private readonly document: PDFDocument,
    private readonly bounds: PdfPageBounds,
    private readonly decrypt: StreamDecrypter | null,
  ) {
    if (decrypt) for (const [ref, object] of document.context.enumerateIndirectObjects()) this.refs.set(object, ref);
  }

  page(node: PDFDict & { Resources(): PDFDict | undefined; Contents(): unknown; Annots(): PDFArray | undefined }) {
    this.pageOperators = 0;
    this.pageImages = new Set();
    this.pagePixels = 0;
    const resources = node.Resources();
    const contents = node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((entry) => this.lookup(entry))
        : [contents instanceof PDFRawStream ? contents : undefined];
    // A page's content streams are one stream cut in pieces: nesting runs across them.
    const parts = streams.filter((s): s is PDFRawStream => s instanceof PDFRawStream).map((s) => this.decode(s));
    this.content(concat(parts), resources);
    for (const annotation of node.Annots()?.asArray() ?? []) {
      const appearance = this.dict(this.dict(annotation)?.get(PDFName.of('AP')));
      const normal = this.lookup(appearance?.get(PDFName.of('N')));
      if (normal instanceof PDFRawStream) this.form(normal, resources);
      else if (normal instanceof PDFDict) {
        for (const state of normal.values()) {
          const stream = this.lookup(state);
          if (stream instanceof PDFRawStream) this.form(stream, resources);
        }
      }
    }
  }

  private lookup(object: PDFObject | undefined): PDFObject | undefined {
    return object instanceof PDFRef ? this.document.context.lookup(object) : object;
  }

  private dict(object: PDFObject | undefined): PDFDict | undefined {
    const found = this.lookup(object);
    if (found instanceof PDFDict) return found;
    if (found instanceof PDFRawStream) return found.dict;
    return undefined;
  }

  private numberOf(dict: PDFDict, ...keys: string[]): number {
    for (const key of keys) {
      const value = this.lookup(dict.get(PDFName.of(key)));
      if (value instanceof PDFNumber) return value.asNumber();
    }
    return 0;
  }

  private decode(stream: PDFRawStream): Uint8Array {
    const cached = this.decoded.get(stream);
    if (cached) return cached;
    const filter = this.lookup(stream.dict.get(PDFName.of('Filter')));
    const filters = filter instanceof PDFArray ? filter.asArray().map((f) => this.lookup(f)) : filter ? [filter] : [];
    const names = filters.map((f) => (f instanceof PDFName ? f.asString() : ''));
    const ref = this.refs.get(stream);
    const contents = this.decrypt && ref ? this.decrypt(stream.contents, ref) : stream.contents;
    let data: Uint8Array;
    if (names.length === 0) data = contents;
    else if (names.length === 1 && (names[0] === '/FlateDecode' || names[0] === '/Fl')) {
      data = this.inflate(contents);
    } else {
      try {
        data = decodePDFRawStream(PDFRawStream.of(stream.dict, contents)).decode();
      } catch {
        data = new Uint8Array();
      }
    }
    if (data.length > this.bounds.maxContentBytes) {
      throw new TooComplex(
        'content',
        `its drawing instructions unpack to more than ${megabytes(this.bounds.maxContentBytes)}`,
      );
    }
    this.decoded.set(stream, data);
    return data;
  }

  private inflate(data: Uint8Array): Uint8Array {
    try {
      // Like pdf.js, keep what a damaged stream yields before the damage.
      return inflateSync(data, {
        maxOutputLength: this.bounds.maxContentBytes + 1,
        finishFlush: constants.Z_SYNC_FLUSH,
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new TooComplex(
          'content',
          `its drawing instructions unpack to more than ${megabytes(this.bounds.maxContentBytes)}`,
        );
      }
      return new Uint8Array();
    }
  }

  private form(stream: PDFRawStream, inherited: PDFDict | undefined) {
    if (this.formDepth >= this.bounds.maxFormNesting) {
      throw new TooComplex('nesting', `its forms are nested more than ${this.bounds.maxFormNesting} deep`);
    }
    this.formDepth++;
    try {
      const resources = this.dict(stream.dict.get(PDFName.of('Resources'))) ?? inherited;
      this.content(this.decode(stream), resources);
    } finally {
      this.formDepth--;
    }
  }

  private xobject(name: string, resources: PDFDict | undefined) {
    const xobjects = this.dict(resources?.get(PDFName.of('XObject')));
    const stream = this.lookup(xobjects?.get(PDFName.of(name)));
    if (!(stream instanceof PDFRawStream)) return;
    const subtype = this.lookup(stream.dict.get(PDFName.of('Subtype')));
    if (subtype === PDFName.of('Form')) this.form(stream, resources);
    else if (subtype === PDFName.of('Image')) this.image(stream, stream.dict);
  }

  private image(key: PDFObject, dict: PDFDict) {
    if (this.pageImages.has(key)) return;
    this.pageImages.add(key);
    const width = this.numberOf(dict, 'Width', 'W');
    const height = this.numberOf(dict, 'Height', 'H');
    const pixels = Math.max(0, width) * Math.max(0, height);
    this.pagePixels += pixels;
    if (this.pagePixels > this.bounds.maxImagePixelsPerPage) {
      throw new TooComplex(
        'image',
        `its images have ${count(Math.round(this.pagePixels / 1e6))} megapixels${pixels === this.pagePixels ? `, one of ${count(width)} × ${count(height)}` : ''}; the most Candor reads is ${count(this.bounds.maxImagePixelsPerPage / 1e6)} megapixels a page`,
      );
    }
    const mask = this.lookup(dict.get(PDFName.of('SMask')));
    if (mask instanceof PDFRawStream) this.image(mask, mask.dict);
  }

  private operator() {
    this.pageOperators++;
    this.documentOperators++;
    if (this.pageOperators > this.bounds.maxOperatorsPerPage) {
      throw new TooComplex('operators', `more than ${count(this.bounds.maxOperatorsPerPage)} drawing operations`);
    }
    if (this.documentOperators > this.bounds.maxOperatorsPerDocument) {
      throw new TooComplex(
        'operators',
        `the document passes ${count(this.bounds.maxOperatorsPerDocument)} drawing operations there`,
      );
    }
  }

  /** Walks one content stream's tokens: counts its operators, follows `Do`, and tracks nesting. */
  private content(data: Uint8Array, resources: PDFDict | undefined) {
    const max = this.bounds.maxNesting;
    const tooDeep = (what: string) => new TooComplex('nesting', `${what} nested more than ${count(max)} deep`);
    let saves = 0;
    let texts = 0;
    let brackets = 0;
    let lastName = '';
    let index = 0;
    const length = data.length;
    while (index < length) {
      const byte = data[index] as number;
      if (isWhite(byte)) {
        index++;
      } else if (byte === 0x25 /* % */) {
        while (index < length && data[index] !== 0x0a && data[index] !== 0x0d) index++;
      } else if (byte === 0x28 /* ( */) {
        index = skipString(data, index);
      } else if (byte === 0x3c /* < */ && data[index + 1] !== 0x3c) {
        while (index < length && data[index] !== 0x3e) index++;
        index++;
      } else if (byte === 0x3c || byte === 0x5b /* << [ */) {
        if (++brackets > max) throw tooDeep('its arrays and dictionaries are');
        index += byte === 0x3c ? 2 : 1;
      } else if (byte === 0x3e || byte === 0x5d /* >> ] */) {
        brackets = Math.max(0, brackets - 1);
        index += byte === 0x3e ? 2 : 1;
      } else if (byte === 0x2f /* / */) {
        const end = tokenEnd(data, index + 1);
        lastName = latin1(data, index + 1, end);
        index = end;
      } else if (isNumberStart(byte)) {
        index = tokenEnd(data, index + 1);
      } else if (isDelimiter(byte)) {
        index++;
      } else {
        const end = tokenEnd(data, index + 1);
        const word = latin1(data, index, Math.min(end, index + 8));
        index = end;
        if (word === 'true' || word === 'false' || word === 'null') continue;
        this.operator();
        if (word === 'q') {
          if (++saves > max) throw tooDeep('its saved graphics states are');
        } else if (word === 'Q') saves = Math.max(0, saves - 1);
        else if (word === 'BT') {
          if (++texts > max) throw tooDeep('its text objects are');
        } else if (word === 'ET') texts = Math.max(0, texts - 1);
        else if (word === 'Do') this.xobject(lastName, resources);
        else if (word === 'BI') index = this.inlineImage(data, index);
      }
    }
  }

  /** Reads an inline image's dictionary (for its size) and skips its data; returns where the content goes on. */
  private inlineImage(data: Uint8Array, start: number): number {
    const at = indexOfOperator(data, start, 'ID');
    if (at < 0) return data.length;
    const entries = latin1(data, start, at).match(/\/[^\s/[\]<>()]+|[^\s/[\]<>()]+/g) ?? [];
    const dict = PDFDict.withContext(this.document.context);
    for (let i = 0; i + 1 < entries.length; i += 2) {
      const key = entries[i] as string;
      const value = Number(entries[i + 1]);
      if (key.startsWith('/') && Number.isFinite(value)) dict.set(PDFName.of(key.slice(1)), PDFNumber.of(value));
    }
    this.image(dict, dict);
    const end = indexOfOperator(data, at + 3, 'EI');
    return end < 0 ? data.length : end + 2;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length + 1, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    joined[offset + part.length] = 0x0a;
    offset += part.length + 1;
  }
  return joined;
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

function isWhite(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
}

function isDelimiter(byte: number): boolean {
  return (
    byte === 0x28 ||
    byte === 0x29 ||
    byte === 0x3c ||
    byte === 0x3e ||
    byte === 0x5b ||
    byte === 0x5d ||
    byte === 0x7b ||
    byte === 0x7d ||
    byte === 0x2f ||
    byte === 0x25
  );
}

function isNumberStart(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || byte === 0x2b || byte === 0x2d || byte === 0x2e;
}

function tokenEnd(data: Uint8Array, from: number): number {
  let index = from;
  while (index < data.length && !isWhite(data[index] as number) && !isDelimiter(data[index] as number)) index++;
  return index;
}

function latin1(data: Uint8Array, start: number, end: number): string {
  return Buffer.from(data.buffer, data.byteOffset + start, Math.max(0, end - start)).toString('latin1');
}

/** Skips a literal string: balanced parentheses, backslash escapes. */
function skipString(data: Uint8Array, start: number): number {
  let depth = 0;
  let index = start;
  while (index < data.length) {
    const byte = data[index];
    if (byte === 0x5c) index += 2;
    else {
      if (byte === 0x28) depth++;
      else if (byte === 0x29 && --depth === 0) return index + 1;
      index++;
    }
  }
  return index;
}

/** Where the operator `word` stands alone (white space or the end around it) at or after `from`; -1 if nowhere. */
function indexOfOperator(data: Uint8Array, from: number, word: string): number {
  const first = word.charCodeAt(0);
  const second = word.charCodeAt(1);
  for (let index = from; index + 1 < data.length; index++) {
    if (
      data[index] === first &&
      data[index + 1] === second &&
      (index === 0 || isWhite(data[index - 1] as number)) &&
      (index + 2 >= data.length || isWhite(data[index + 2] as number) || isDelimiter(data[index + 2] as number))
    ) {
      return index;
    }
  }
  return -1;
}
