import { type DocxPackage, resolveTarget, sourceOfRelationships } from './docx-package.js';
import { isHiddenRun } from './docx-text.js';
import {
  childElements,
  clearContent,
  type Document,
  descendants,
  type Element,
  isElement,
  isW,
  remove,
  unwrap,
} from './xml.js';

/**
 * What a redacted .docx must not carry besides the redacted text: tracked changes (accepted, so deleted text is gone
 * and inserted text is plain text), hidden text, comments and their authors, document properties that name people
 * or the subject, custom properties and custom XML, the thumbnail (a picture of the first page), mail-merge data,
 * document variables and the template path.
 */

/** Elements whose mere presence records a change, or a range of one, with nothing to keep. */
const CHANGE_MARKERS = new Set([
  'rPrChange',
  'pPrChange',
  'sectPrChange',
  'tblPrChange',
  'tblGridChange',
  'tblPrExChange',
  'trPrChange',
  'tcPrChange',
  'numberingChange',
  'moveFromRangeStart',
  'moveFromRangeEnd',
  'moveToRangeStart',
  'moveToRangeEnd',
  'customXmlInsRangeStart',
  'customXmlInsRangeEnd',
  'customXmlDelRangeStart',
  'customXmlDelRangeEnd',
  'customXmlMoveFromRangeStart',
  'customXmlMoveFromRangeEnd',
  'customXmlMoveToRangeStart',
  'customXmlMoveToRangeEnd',
  'cellIns',
  'cellDel',
  'cellMerge',
]);

/** Comment anchors and editing permissions (which name their editors). */
const ANNOTATION_MARKERS = new Set([
  'commentRangeStart',
  'commentRangeEnd',
  'commentReference',
  'permStart',
  'permEnd',
]);

const PROPERTY_CONTAINERS = new Set(['rPr', 'trPr', 'pPr']);

/** Accepts every tracked change, drops hidden runs, comment anchors and permission ranges, in one part. */
export function cleanStory(document: Document, hiddenStyles: Set<string>): void {
  const root = document.documentElement;
  if (!root) return;
  for (const element of descendants(root, (node) => W_ELEMENT(node))) {
    if (!element.parentNode) continue;
    const name = element.localName ?? '';
    const parent = element.parentNode;
    if (name === 'del' || name === 'moveFrom') {
      // In a row's properties it deletes the row; elsewhere it holds the deleted content or marks a deleted mark.
      if (isW(parent, 'trPr')) removeRow(parent);
      else remove(element);
    } else if (name === 'ins' || name === 'moveTo') {
      if (isElement(parent) && PROPERTY_CONTAINERS.has(parent.localName ?? '')) remove(element);
      else unwrap(element);
    } else if (CHANGE_MARKERS.has(name) || ANNOTATION_MARKERS.has(name)) {
      remove(element);
    }
  }
  for (const run of descendants(root, (node) => isW(node, 'r'))) {
    if (run.parentNode && isHiddenRun(run, hiddenStyles)) remove(run);
  }
  // A run left with nothing but its properties (its comment reference removed) is dropped too.
  for (const run of descendants(root, (node) => isW(node, 'r'))) {
    if (childElements(run).every((child) => isW(child, 'rPr')) && run.parentNode) remove(run);
  }
}

function W_ELEMENT(node: Element): boolean {
  return isW(node, node.localName ?? '');
}

function removeRow(rowProperties: Element): void {
  const row = rowProperties.parentNode;
  if (isW(row, 'tr')) remove(row);
}

const REMOVED_RELATIONSHIP_TYPES = [
  '/comments',
  '/commentsExtended',
  '/commentsIds',
  '/commentsExtensible',
  '/people',
  '/custom-properties',
  '/customXml',
  '/customXmlProps',
  '/thumbnail',
  '/attachedTemplate',
  '/mailMergeSource',
  '/mailMergeHeaderSource',
  '/recipientData',
];

const REMOVED_CONTENT_TYPES = [
  'wordprocessingml.comments+xml',
  'wordprocessingml.commentsExtended+xml',
  'wordprocessingml.commentsIds+xml',
  'wordprocessingml.commentsExtensible+xml',
  'wordprocessingml.people+xml',
  'custom-properties+xml',
  'customXmlProperties+xml',
];

function removedByName(name: string): boolean {
  return (
    name.startsWith('customXml/') ||
    name === 'docProps/custom.xml' ||
    /^docProps\/thumbnail\.[a-z]+$/i.test(name) ||
    /^word\/(comments\w*|people)\.xml$/i.test(name)
  );
}

/** Removes comment, people, custom-property, custom-XML and thumbnail parts with their relationships and types. */
export async function removeSidecarParts(docx: DocxPackage): Promise<void> {
  const contentTypes = await docx.xml('[Content_Types].xml');
  const overrides = contentTypes?.documentElement ? childElements(contentTypes.documentElement) : [];
  for (const override of overrides) {
    const part = (override.getAttribute('PartName') ?? '').replace(/^\//, '');
    const type = override.getAttribute('ContentType') ?? '';
    if (part && REMOVED_CONTENT_TYPES.some((removed) => type.endsWith(removed))) docx.remove(part);
  }
  for (const name of docx.partNames) if (removedByName(name)) docx.remove(name);

  for (const name of docx.partNames.filter((part) => part.endsWith('.rels'))) {
    const source = sourceOfRelationships(name);
    if (source !== '' && !name.startsWith('_rels/') && !docx.has(source)) {
      docx.remove(name);
      continue;
    }
    const relationships = await docx.xml(name);
    if (!relationships?.documentElement) continue;
    for (const relationship of childElements(relationships.documentElement)) {
      const type = relationship.getAttribute('Type') ?? '';
      const target = relationship.getAttribute('Target') ?? '';
      const external = relationship.getAttribute('TargetMode') === 'External';
      const dropType = REMOVED_RELATIONSHIP_TYPES.some((removed) => type.endsWith(removed));
      const targetPart = external ? null : resolveTarget(source === name ? '' : source, target);
      if (dropType || (targetPart && docx.isRemoved(targetPart))) {
        if (targetPart && dropType) docx.remove(targetPart);
        remove(relationship);
      }
    }
  }
  // Parts removed through their relationship type also lose their own relationships and content-type entries.
  for (const name of docx.partNames) {
    if (name.endsWith('.rels') && !name.startsWith('_rels/') && docx.isRemoved(sourceOfRelationships(name))) {
      docx.remove(name);
    }
  }
  for (const override of overrides) {
    const part = (override.getAttribute('PartName') ?? '').replace(/^\//, '');
    if (part && docx.isRemoved(part)) remove(override);
  }
}

const CORE_FIELDS = [
  'title',
  'subject',
  'creator',
  'lastModifiedBy',
  'description',
  'keywords',
  'category',
  'contentStatus',
  'identifier',
];
const APP_FIELDS = ['Company', 'Manager', 'HyperlinkBase'];

/** Empties the document properties that name people, the title or the subject. */
export async function clearProperties(docx: DocxPackage): Promise<void> {
  const core = await docx.xml('docProps/core.xml');
  if (core?.documentElement) {
    for (const element of childElements(core.documentElement)) {
      if (CORE_FIELDS.includes(element.localName ?? '')) clearContent(element);
    }
  }
  const app = await docx.xml('docProps/app.xml');
  if (app?.documentElement) {
    for (const element of childElements(app.documentElement)) {
      if (APP_FIELDS.includes(element.localName ?? '')) clearContent(element);
      // TitlesOfParts lists the document's title.
      if (element.localName === 'TitlesOfParts') {
        for (const value of descendants(element, (node) => node.localName === 'lpstr')) clearContent(value);
      }
    }
  }
  const settings = await docx.xml('word/settings.xml');
  if (settings?.documentElement) {
    for (const element of childElements(settings.documentElement)) {
      if (['attachedTemplate', 'docVars', 'mailMerge'].includes(element.localName ?? '')) remove(element);
    }
  }
}
