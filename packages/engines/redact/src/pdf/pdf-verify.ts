import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { andList, NeedleSet } from '../text-search.js';
import type { VerificationCheck } from '../types.js';
import { foundInBytes, rawNeedles, searchCheck, verification } from '../verification.js';
import { openPdf } from './pdf-open.js';

/**
 * Proves a written PDF holds none of the redacted strings: in the text pdf.js extracts (what copy and search see),
 * in every object and every stream decompressed (what a hex editor or qpdf sees), in the document information and
 * XMP metadata, and in the places text hides without being drawn (annotations, forms, attachments, scripts,
 * bookmarks).
 */

async function extractedText(bytes: Uint8Array): Promise<{ text: string; pages: number } | null> {
  const opening = await openPdf(bytes);
  if (!opening.ok) return null;
  try {
    const parts: string[] = [];
    for (let number = 1; number <= opening.document.numPages; number++) {
      const page = await opening.document.getPage(number);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if ('str' in item) parts.push((item as TextItem).str, (item as TextItem).hasEOL ? '\n' : ' ');
      }
      parts.push('\n');
      page.cleanup();
    }
    return { text: parts.join(''), pages: opening.document.numPages };
  } finally {
    await opening.close();
  }
}

async function textCheck(bytes: Uint8Array, strings: string[]): Promise<VerificationCheck> {
  const name = 'Text extraction';
  const extracted = await extractedText(bytes);
  if (!extracted) return { name, passed: false, detail: 'The redacted PDF could not be opened to extract its text.' };
  const found = new NeedleSet(strings).foundIn(extracted.text);
  const characters = extracted.text.replace(/\s+/g, '').length.toLocaleString('en-US');
  return searchCheck(
    name,
    found,
    `the text a PDF reader extracts (${characters} characters on ${extracted.pages} page${extracted.pages === 1 ? '' : 's'})`,
    strings.length,
  );
}

function isImage(stream: PDFRawStream): boolean {
  return stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image');
}

function decoded(stream: PDFRawStream): Uint8Array {
  try {
    return decodePDFRawStream(stream).decode();
  } catch {
    // A filter pdf-lib cannot undo (DCT, JPX, JBIG2) holds image data: its bytes are searched as they are.
    return stream.contents;
  }
}

function rawCheck(bytes: Uint8Array, document: PDFDocument, strings: string[]): VerificationCheck {
  const name = 'Raw bytes (decompressed)';
  const needles = rawNeedles(strings);
  const found = new Set(foundInBytes(needles, bytes, true));
  let streams = 0;
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    streams++;
    // Pixel data is searched byte by byte only; its UTF-8 and UTF-16 readings are noise.
    const content = decoded(object);
    const hits = isImage(object)
      ? needles.foundIn(Buffer.from(content).toString('latin1'))
      : foundInBytes(needles, content, true);
    for (const needle of hits) found.add(needle);
  }
  return searchCheck(
    name,
    [...found],
    `the file's ${bytes.length.toLocaleString('en-US')} bytes and its ${streams} streams, decompressed`,
    needles.needles.length,
  );
}

const INFO_FIELDS = ['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer'] as const;

function metadataCheck(document: PDFDocument, strings: string[]): VerificationCheck {
  const name = 'Metadata';
  const values = [
    document.getTitle(),
    document.getAuthor(),
    document.getSubject(),
    document.getKeywords(),
    document.getCreator(),
    document.getProducer(),
  ];
  const present = INFO_FIELDS.filter((_, index) => (values[index] ?? '').trim() !== '');
  const xmp = document.catalog.get(PDFName.of('Metadata')) !== undefined;
  const found = new NeedleSet(strings).foundIn(values.join('\n'));
  if (found.length > 0) return searchCheck(name, found, 'the document information', strings.length);
  if (xmp) return { name, passed: false, detail: 'The file carries an XMP metadata stream.' };
  return {
    name,
    passed: true,
    detail:
      present.length === 0
        ? 'No document information (title, author, subject, keywords, creator, producer) and no XMP metadata.'
        : `No XMP metadata; the document information (${present.join(', ').toLowerCase()}) holds none of the redacted values.`,
  };
}

function hiddenContentCheck(document: PDFDocument): VerificationCheck {
  const name = 'Hidden content';
  const catalog = document.catalog;
  const found: string[] = [];
  const annotations = document.getPages().some((page) => (page.node.Annots()?.size() ?? 0) > 0);
  if (annotations) found.push('annotations');
  if (catalog.get(PDFName.of('AcroForm'))) found.push('form fields');
  const names = catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  if (names?.get(PDFName.of('EmbeddedFiles'))) found.push('attachments');
  if (names?.get(PDFName.of('JavaScript')) || catalog.get(PDFName.of('OpenAction'))) found.push('scripts or actions');
  if (catalog.get(PDFName.of('Outlines'))) found.push('bookmarks');
  if (found.length > 0) return { name, passed: false, detail: `The file still has ${andList(found)}.` };
  return {
    name,
    passed: true,
    detail:
      'No annotations, form fields, attachments, scripts or bookmarks: each page is one image and its text layer.',
  };
}

export async function verifyPdf(bytes: Uint8Array, strings: string[]) {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    return verification([{ name: 'Readable output', passed: false, detail: 'The redacted PDF could not be parsed.' }]);
  }
  return verification([
    await textCheck(bytes, strings),
    rawCheck(bytes, document, strings),
    metadataCheck(document, strings),
    hiddenContentCheck(document),
  ]);
}
