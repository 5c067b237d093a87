import type { Document, Element, Node, Text } from '@xmldom/xmldom';
// @xmldom/xmldom is CommonJS: Node's ESM loader (the built server) only sees its default export.
import xmldom from '@xmldom/xmldom';

const { DOMParser, onErrorStopParsing, XMLSerializer } = xmldom;

/** XML helpers for Office parts: strict parsing (a malformed part is a damaged file), namespace-aware lookups. */

/** WordprocessingML, in its transitional and strict namespaces. */
export const W_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
]);
export const A_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/drawingml/2006/main',
  'http://purl.oclc.org/ooxml/drawingml/main',
]);
export const S_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
  'http://purl.oclc.org/ooxml/spreadsheetml/main',
]);
export const MC_NAMESPACE = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

export type { Document, Element, Node, Text };

export function parseXml(source: string): Document {
  return new DOMParser({ locator: false, onError: onErrorStopParsing }).parseFromString(source, 'text/xml');
}

export function serializeXml(document: Document): string {
  const xml = new XMLSerializer().serializeToString(document);
  return xml.startsWith('<?xml') ? xml : `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${xml}`;
}

export function isElement(node: Node | null | undefined): node is Element {
  return node?.nodeType === ELEMENT_NODE;
}

export function isText(node: Node | null | undefined): node is Text {
  return node?.nodeType === TEXT_NODE || node?.nodeType === CDATA_SECTION_NODE;
}

/** Whether `node` is the WordprocessingML element `name`. */
export function isW(node: Node | null | undefined, name: string): node is Element {
  return isElement(node) && node.localName === name && W_NAMESPACES.has(node.namespaceURI ?? '');
}

/** The local name of a WordprocessingML element; null for anything else. */
export function wordName(node: Node): string | null {
  return isElement(node) && W_NAMESPACES.has(node.namespaceURI ?? '') ? (node.localName ?? null) : null;
}

export function children(node: Node): Node[] {
  const list: Node[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) list.push(child);
  return list;
}

export function childElements(node: Node): Element[] {
  return children(node).filter(isElement);
}

export function firstW(node: Node, name: string): Element | undefined {
  return childElements(node).find((child) => isW(child, name));
}

/** Every element below `root` (document order) that `match` accepts. */
export function descendants(root: Node, match: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (isElement(node) && node !== root && match(node)) found.push(node);
    const nodes = children(node);
    for (let index = nodes.length - 1; index >= 0; index--) stack.push(nodes[index] as Node);
  }
  return found;
}

/** The w:val of a toggle property (w:vanish, w:b): present and not "false", "0" or "off". */
export function toggleOn(element: Element | undefined): boolean | undefined {
  if (!element) return undefined;
  const value = attributeW(element, 'val');
  return value === null || !['false', '0', 'off'].includes(value.toLowerCase());
}

export function attributeW(element: Element, name: string): string | null {
  for (const namespace of W_NAMESPACES) {
    const value = element.getAttributeNS(namespace, name);
    if (value !== null && value !== '') return value;
  }
  return null;
}

export function remove(node: Node): void {
  node.parentNode?.removeChild(node);
}

/** Replaces an element by its children (accepting an insertion keeps what it inserted). */
export function unwrap(element: Element): void {
  const parent = element.parentNode;
  if (!parent) return;
  while (element.firstChild) parent.insertBefore(element.firstChild, element);
  parent.removeChild(element);
}

export function textOf(node: Text): string {
  return node.data;
}

export function setTextOf(node: Text, value: string): void {
  node.data = value;
  node.nodeValue = value;
  // Word trims leading and trailing spaces of w:t unless told to keep them.
  const parent = node.parentNode;
  if (isElement(parent) && /^\s|\s$/.test(value)) parent.setAttributeNS(XML_NAMESPACE, 'xml:space', 'preserve');
}

/** Empties an element's content (a document property's value). */
export function clearContent(element: Element): void {
  while (element.firstChild) element.removeChild(element.firstChild);
}
