import { boxFill } from '../ranges.js';
import { Replacer } from '../text-search.js';
import type { DocumentText, Rect, RedactionRange, TextRange } from '../types.js';
import { cleanStory, clearProperties, removeSidecarParts } from './docx-clean.js';
import { DocxPackage, MAX_UNPACKED_BYTES, openNestedZip } from './docx-package.js';
import { type Segment, StoryReader, segmentIndexAt, hiddenStyles as stylesHiding } from './docx-text.js';
import { docxUnpackLimit } from './docx-zip.js';
import {
  A_NAMESPACES,
  attributeW,
  children,
  type Document,
  descendants,
  type Element,
  isElement,
  isText,
  isW,
  type Node,
  parseXml,
  S_NAMESPACES,
  serializeXml,
  setTextOf,
  type Text,
  textOf,
} from './xml.js';

/**
 * .docx files are redacted by rewriting their XML, never by covering anything: the characters of each range are
 * replaced inside the w:t runs that hold them (a range may span runs), then the package is cleaned (see
 * docx-clean.ts), then every part — relationships included, where a mailto: link keeps an address — is searched for
 * the redacted strings and any occurrence left is replaced too.
 */

/** Story parts by content type, in the order a reader meets them on a page: header, body, footer, then the notes. */
const STORY_ORDER: ReadonlyArray<readonly string[]> = [
  ['header+xml'],
  ['document.main+xml', 'document.macroEnabled.main+xml', 'template.main+xml'],
  ['footer+xml'],
  ['footnotes+xml'],
  ['endnotes+xml'],
];
const BODY_PART = 'word/document.xml';
const BREAK_BETWEEN_PARTS = '\n';

/** The parts whose text is the document's text, in reading order: headers, body, footers, footnotes, endnotes. */
async function storyParts(docx: DocxPackage): Promise<string[]> {
  const contentTypes = await docx.xml('[Content_Types].xml');
  const typed = new Map<string, string>();
  for (const override of contentTypes?.documentElement ? children(contentTypes.documentElement) : []) {
    if (!isElement(override) || override.localName !== 'Override') continue;
    typed.set((override.getAttribute('PartName') ?? '').replace(/^\//, ''), override.getAttribute('ContentType') ?? '');
  }
  const rank = (name: string) => {
    const type = name === BODY_PART ? 'document.main+xml' : (typed.get(name) ?? '');
    return STORY_ORDER.findIndex((types) => types.some((story) => type.endsWith(story)));
  };
  return docx.partNames
    .filter((name) => docx.isXml(name) && rank(name) >= 0)
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'en', { numeric: true }));
}

interface Stories {
  text: string;
  segments: Segment[];
  documents: Document[];
  /** The main document part, which holds the page size. */
  body: Document | undefined;
  hidden: Set<string>;
}

async function readStories(docx: DocxPackage): Promise<Stories> {
  const hidden = stylesHiding(await docx.xml('word/styles.xml'));
  const reader = new StoryReader(hidden);
  const documents: Document[] = [];
  let body: Document | undefined;
  for (const name of await storyParts(docx)) {
    const document = await docx.xml(name);
    if (!document?.documentElement) continue;
    if (documents.length > 0) reader.append(BREAK_BETWEEN_PARTS);
    reader.read(document.documentElement);
    documents.push(document);
    if (name === BODY_PART) body = document;
  }
  const { text, segments } = reader.build();
  return { text, segments, documents, body, hidden };
}

const TWIPS_PER_POINT = 20;

function pageSize(body: Document | undefined): { width: number; height: number } {
  const size = body?.documentElement
    ? descendants(body.documentElement, (element) => isW(element, 'pgSz')).at(-1)
    : undefined;
  const width = Number(size ? attributeW(size, 'w') : NaN) / TWIPS_PER_POINT;
  const height = Number(size ? attributeW(size, 'h') : NaN) / TWIPS_PER_POINT;
  return Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0
    ? { width, height }
    : { width: 612, height: 792 };
}

export async function readDocx(bytes: Uint8Array, maxBytes: number): Promise<DocumentText> {
  const docx = await DocxPackage.open(bytes, docxUnpackLimit(maxBytes));
  const { text, body } = await readStories(docx);
  return { kind: 'docx', text, pages: [{ number: 1, ...pageSize(body), start: 0, end: text.length }] };
}

/** A .docx has no fixed pages to draw boxes on; findings are shown in its text. */
export function locateDocx(ranges: TextRange[]): Rect[][] {
  return ranges.map(() => []);
}

/** Replaces the characters of each range in the text nodes that hold them; the replacement goes where it starts. */
function applyRanges(segments: Segment[], ranges: Array<TextRange & { replacement: string }>): void {
  const edits = new Map<Segment, Array<{ from: number; to: number; insert: string }>>();
  for (const range of ranges) {
    let inserted = false;
    for (let index = segmentIndexAt(segments, range.start); index < segments.length; index++) {
      const segment = segments[index] as Segment;
      if (segment.start >= range.end) break;
      const from = Math.max(range.start, segment.start) - segment.start;
      const to = Math.min(range.end, segment.start + segment.length) - segment.start;
      if (to <= from) continue;
      const list = edits.get(segment) ?? [];
      list.push({ from, to, insert: inserted ? '' : range.replacement });
      edits.set(segment, list);
      inserted = true;
    }
  }
  for (const [segment, list] of edits) {
    let value = textOf(segment.node);
    for (const edit of list.sort((a, b) => b.from - a.from)) {
      value = value.slice(0, edit.from) + edit.insert + value.slice(edit.to);
    }
    setTextOf(segment.node, value);
  }
}

/** The text elements of a paragraph that belong to it and not to a paragraph nested in it (a text box). */
function paragraphTexts(
  paragraph: Element,
  isParagraph: (node: Node) => boolean,
  isTextElement: (node: Node) => boolean,
) {
  const texts: Text[] = [];
  const walk = (node: Node) => {
    for (const child of children(node)) {
      if (isParagraph(child)) continue;
      if (isTextElement(child)) {
        for (const text of children(child)) if (isText(text)) texts.push(text);
      } else {
        walk(child);
      }
    }
  };
  walk(paragraph);
  return texts;
}

const inNamespace = (namespaces: Set<string>) => (node: Node, names: string[]) =>
  isElement(node) && names.includes(node.localName ?? '') && namespaces.has(node.namespaceURI ?? '');
const isA = inNamespace(A_NAMESPACES);
const isS = inNamespace(S_NAMESPACES);

/**
 * Finds what is left of the redacted strings paragraph by paragraph, so an occurrence split across runs is caught
 * (WordprocessingML w:p/w:t, DrawingML a:p/a:t, an embedded workbook's shared and inline strings), then in every
 * text node and attribute of the part.
 */
function scrubPart(document: Document, replacer: Replacer): void {
  const root = document.documentElement;
  if (!root) return;
  const kinds: Array<[(node: Node) => boolean, (node: Node) => boolean]> = [
    [(node) => isW(node, 'p'), (node) => isW(node, 't') || isW(node, 'delText') || isW(node, 'instrText')],
    [(node) => isA(node, ['p']), (node) => isA(node, ['t'])],
    [(node) => isS(node, ['si', 'is']), (node) => isS(node, ['t'])],
  ];
  for (const [isParagraph, isTextElement] of kinds) {
    for (const paragraph of descendants(root, isParagraph)) {
      const texts = paragraphTexts(paragraph, isParagraph, isTextElement);
      let joined = '';
      const segments: Segment[] = texts.map((node) => {
        const segment = { start: joined.length, node, length: textOf(node).length };
        joined += textOf(node);
        return segment;
      });
      const found = replacer.occurrences(joined);
      if (found.length > 0) applyRanges(segments, found);
    }
  }
  scrubNode(root, replacer);
}

function scrubNode(node: Node, replacer: Replacer): void {
  if (isText(node)) {
    const value = textOf(node);
    const replaced = replacer.replace(value);
    if (replaced !== value) setTextOf(node, replaced);
    return;
  }
  if (!isElement(node)) return;
  for (const attribute of Array.from(node.attributes)) {
    const replaced = replacer.replace(attribute.value);
    if (replaced !== attribute.value) node.setAttributeNS(attribute.namespaceURI, attribute.name, replaced);
  }
  for (const child of children(node)) scrubNode(child, replacer);
}

/** Embedded packages (a chart's workbook, an embedded document) get the same scrub, part by part. */
async function scrubNestedPackage(bytes: Uint8Array, replacer: Replacer, depth: number): Promise<Uint8Array | null> {
  const zip = await openNestedZip(bytes);
  if (!zip) return null;
  let changed = false;
  for (const file of Object.values(zip.files)) {
    if (file.dir) continue;
    const content = await file.async('uint8array');
    if (/\.(xml|rels|vml)$/i.test(file.name)) {
      let document: Document;
      try {
        document = parseXml(new TextDecoder().decode(content));
      } catch {
        continue;
      }
      const before = serializeXml(document);
      scrubPart(document, replacer);
      const after = serializeXml(document);
      if (after !== before) {
        zip.file(file.name, after);
        changed = true;
      }
    } else if (depth > 0 && content[0] === 0x50 && content[1] === 0x4b) {
      const nested = await scrubNestedPackage(content, replacer, depth - 1);
      if (nested) {
        zip.file(file.name, nested);
        changed = true;
      }
    }
  }
  if (!changed) return null;
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', comment: '' });
}

const NESTED_DEPTH = 1;
/** Root elements of parts that hold runs of text (the glossary holds building blocks: text the user may insert). */
const STORY_ROOTS = new Set(['document', 'hdr', 'ftr', 'footnotes', 'endnotes', 'glossaryDocument']);

export async function redactDocx(
  bytes: Uint8Array,
  prepare: (text: string) => Array<RedactionRange>,
): Promise<Uint8Array> {
  const docx = await DocxPackage.open(bytes, MAX_UNPACKED_BYTES);
  const { text, segments, documents, hidden } = await readStories(docx);
  const ranges = prepare(text).map((range) => ({
    ...range,
    replacement: range.replacement === '' ? boxFill(text.slice(range.start, range.end)) : range.replacement,
  }));
  applyRanges(segments, ranges);

  for (const document of documents) cleanStory(document, hidden);
  await removeSidecarParts(docx);
  await clearProperties(docx);

  const replacements = new Map<string, string>();
  for (const range of ranges) replacements.set(text.slice(range.start, range.end), range.replacement);
  const replacer = new Replacer(replacements);
  for (const name of docx.partNames) {
    if (docx.isXml(name)) {
      const document = await docx.xml(name);
      if (!document) continue;
      // Glossary entries and other Word parts outside the stories get the same structural cleaning.
      if (STORY_ROOTS.has(document.documentElement?.localName ?? '') && !documents.includes(document)) {
        cleanStory(document, hidden);
      }
      if (!replacer.empty) scrubPart(document, replacer);
    } else if (!replacer.empty) {
      const content = await docx.bytes(name);
      if (content[0] === 0x50 && content[1] === 0x4b) {
        const nested = await scrubNestedPackage(content, replacer, NESTED_DEPTH);
        if (nested) docx.replaceBytes(name, nested);
      }
    }
  }
  return docx.write();
}
