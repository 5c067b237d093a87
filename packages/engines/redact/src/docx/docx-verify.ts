import { andList, NeedleSet } from '../text-search.js';
import type { Verification, VerificationCheck } from '../types.js';
import { foundInBytes, rawNeedles, searchCheck, verification } from '../verification.js';
import { DocxPackage, MAX_UNPACKED_BYTES, openNestedZip } from './docx-package.js';
import { isHiddenRun, hiddenStyles as stylesHiding } from './docx-text.js';
import { type Document, descendants, isText, isW, type Node, textOf } from './xml.js';

/**
 * Proves a written .docx holds none of the redacted strings: in the text of every part (hidden and deleted text
 * included), in every part inflated and searched as it is stored (with XML character references decoded), in the
 * document properties, and that no hidden text, tracked change or comment is left to carry any.
 */

const ENTITY = /&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot|apos));/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(xml: string): string {
  return xml.replace(ENTITY, (_, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
    if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
    if (decimal) return String.fromCodePoint(Number.parseInt(decimal, 10));
    return NAMED[(name ?? '').toLowerCase()] ?? '';
  });
}

function allText(node: Node): string {
  if (isText(node)) return textOf(node);
  let text = '';
  for (let child = node.firstChild; child; child = child.nextSibling) text += allText(child);
  // Element boundaries become spaces so words of adjacent runs still read as words.
  return node.nodeType === 1 ? `${text} ` : text;
}

async function textCheck(docx: DocxPackage, strings: string[]): Promise<VerificationCheck> {
  const parts: string[] = [];
  for (const name of docx.partNames) {
    if (!docx.isXml(name)) continue;
    const document = await docx.xml(name);
    // Runs split words anywhere, so the text of each paragraph is joined without separators, too.
    if (document?.documentElement) {
      parts.push(allText(document.documentElement));
      for (const paragraph of descendants(document.documentElement, (node) => isW(node, 'p'))) {
        parts.push(
          descendants(paragraph, (node) => isW(node, 't') || isW(node, 'delText') || isW(node, 'instrText'))
            .map((element) => allText(element).trimEnd())
            .join(''),
        );
      }
    }
  }
  const text = parts.join('\n');
  return searchCheck(
    'Text extraction',
    new NeedleSet(strings).foundIn(text),
    'the text of every part, hidden and deleted text included',
    strings.length,
  );
}

async function rawCheck(bytes: Uint8Array, docx: DocxPackage, strings: string[]): Promise<VerificationCheck> {
  const needles = rawNeedles(strings);
  const found = new Set(foundInBytes(needles, bytes, false));
  let parts = 0;
  const search = async (name: string, content: Uint8Array, depth: number) => {
    parts++;
    for (const needle of foundInBytes(needles, content, !/\.(png|jpe?g|gif|emf|wmf|tiff?|bmp)$/i.test(name))) {
      found.add(needle);
    }
    if (/\.(xml|rels|vml)$/i.test(name)) {
      const xml = new TextDecoder().decode(content);
      // Markup removed as well, so a string split over runs (<t>Jane</t></r><r><t> Doe</t>) reads whole.
      for (const view of [decodeEntities(xml), decodeEntities(xml.replace(/<[^>]*>/g, ''))]) {
        for (const needle of needles.foundIn(view)) found.add(needle);
      }
    } else if (depth > 0 && content[0] === 0x50 && content[1] === 0x4b) {
      const nested = await openNestedZip(content);
      for (const file of nested ? Object.values(nested.files) : []) {
        if (!file.dir) await search(file.name, await file.async('uint8array'), depth - 1);
      }
    }
  };
  for (const name of docx.partNames) await search(name, await docx.bytes(name), 2);
  return searchCheck(
    'Raw bytes (decompressed)',
    [...found],
    `all ${parts} parts inflated (embedded packages included) and searched as stored, with XML references decoded and with the markup removed`,
    needles.needles.length,
  );
}

const PERSONAL_FIELDS = [
  'title',
  'subject',
  'creator',
  'lastModifiedBy',
  'description',
  'keywords',
  'Company',
  'Manager',
];

async function metadataCheck(docx: DocxPackage, strings: string[]): Promise<VerificationCheck> {
  const name = 'Metadata';
  const filled: string[] = [];
  let text = '';
  for (const partName of ['docProps/core.xml', 'docProps/app.xml', 'docProps/custom.xml']) {
    const document = await docx.xml(partName);
    if (!document?.documentElement) continue;
    text += allText(document.documentElement);
    for (const element of descendants(document.documentElement, (node) =>
      PERSONAL_FIELDS.includes(node.localName ?? ''),
    )) {
      if (allText(element).trim() !== '') filled.push(element.localName ?? '');
    }
  }
  const found = new NeedleSet(strings).foundIn(text);
  if (found.length > 0) return searchCheck(name, found, 'the document properties', strings.length);
  if (docx.has('docProps/custom.xml'))
    return { name, passed: false, detail: 'The document still has custom properties.' };
  if (filled.length > 0) {
    return { name, passed: false, detail: `The document properties still name ${filled.join(', ')}.` };
  }
  return {
    name,
    passed: true,
    detail:
      'Title, subject, author, last editor, description, keywords, company and manager are empty; no custom properties.',
  };
}

const PROBLEMS = ['hidden text', 'tracked changes', 'comments', 'comment anchors'];

async function hiddenCheck(docx: DocxPackage): Promise<VerificationCheck> {
  const hidden = stylesHiding(await docx.xml('word/styles.xml'));
  const problems = new Set<string>();
  for (const name of docx.partNames) {
    if (!docx.isXml(name) || !name.startsWith('word/')) continue;
    if (/^word\/comments\w*\.xml$/i.test(name)) problems.add('comments');
    const document: Document | null = await docx.xml(name);
    if (!document?.documentElement) continue;
    for (const element of descendants(document.documentElement, (node) => isW(node, node.localName ?? ''))) {
      const local = element.localName ?? '';
      if (['del', 'ins', 'moveFrom', 'moveTo', 'delText'].includes(local)) problems.add('tracked changes');
      if (['commentReference', 'commentRangeStart'].includes(local)) problems.add('comment anchors');
      if (local === 'r' && isHiddenRun(element, hidden) && allText(element).trim() !== '') problems.add('hidden text');
    }
  }
  if (problems.size > 0) {
    const ordered = PROBLEMS.filter((problem) => problems.has(problem));
    return { name: 'Hidden text', passed: false, detail: `The document still has ${andList(ordered)}.` };
  }
  return { name: 'Hidden text', passed: true, detail: 'No hidden text, tracked changes or comments.' };
}

export async function verifyDocx(bytes: Uint8Array, strings: string[]): Promise<Verification> {
  let docx: DocxPackage;
  try {
    docx = await DocxPackage.open(bytes, MAX_UNPACKED_BYTES);
  } catch {
    return verification([
      { name: 'Readable output', passed: false, detail: 'The redacted document could not be opened.' },
    ]);
  }
  return verification([
    await textCheck(docx, strings),
    await rawCheck(bytes, docx, strings),
    await metadataCheck(docx, strings),
    await hiddenCheck(docx),
  ]);
}
