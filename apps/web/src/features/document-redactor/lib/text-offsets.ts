import type { TextRange } from './ranges';

/** On an element whose text is the document's text from this offset on (a page of the text view). */
export const TEXT_BASE_ATTRIBUTE = 'data-text-base';
/** On decorations inside a text block (labels, markers) whose text is not the document's. */
export const OFFSET_IGNORE_ATTRIBUTE = 'data-offset-ignore';

const ignored = (node: Node, block: Element) => {
  for (let parent = node.parentElement; parent && parent !== block; parent = parent.parentElement) {
    if (parent.hasAttribute(OFFSET_IGNORE_ATTRIBUTE)) return true;
  }
  return false;
};

/** The document's text nodes in a block, in order, without decorations. */
function textNodes(block: Element): Text[] {
  const walker = block.ownerDocument.createTreeWalker(block, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!ignored(node, block)) nodes.push(node as Text);
  }
  return nodes;
}

/** Whether a text node lies before the boundary point (container, offset) of a DOM Range. */
function beforePoint(text: Text, container: Node, offset: number): boolean {
  const child = container.childNodes[offset];
  if (child) return (child.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_PRECEDING) !== 0;
  return container.contains(text) || (container.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_PRECEDING) !== 0;
}

/** Characters of the document's text in `block` before the boundary point (container, offset). */
export function offsetInBlock(block: Element, container: Node, offset: number): number {
  let count = 0;
  for (const text of textNodes(block)) {
    if (text === container) return count + Math.min(offset, text.length);
    if (container.nodeType === Node.TEXT_NODE) {
      if ((container.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_PRECEDING) === 0) return count;
    } else if (!beforePoint(text, container, offset)) {
      return count;
    }
    count += text.length;
  }
  return count;
}

const blockBase = (block: Element) => Number(block.getAttribute(TEXT_BASE_ATTRIBUTE));
const blockLength = (block: Element) => textNodes(block).reduce((sum, text) => sum + text.length, 0);

/**
 * The part of the document's text a DOM selection covers, in text offsets. Each end inside a text block is counted
 * exactly; an end outside one (on a page heading) snaps to the edge of the nearest block the selection covers.
 */
export function rangeToOffsets(root: Element, range: Range): TextRange | null {
  const blocks = [...root.querySelectorAll(`[${TEXT_BASE_ATTRIBUTE}]`)].filter((block) => range.intersectsNode(block));
  const first = blocks[0];
  const last = blocks.at(-1);
  if (!first || !last) return null;
  const start = first.contains(range.startContainer)
    ? blockBase(first) + offsetInBlock(first, range.startContainer, range.startOffset)
    : blockBase(first);
  const end = last.contains(range.endContainer)
    ? blockBase(last) + offsetInBlock(last, range.endContainer, range.endOffset)
    : blockBase(last) + blockLength(last);
  return end > start ? { start, end } : null;
}

/** A selection without the white space at its edges (a double-click takes the space after a word); null if blank. */
export function trimRange(text: string, range: TextRange): TextRange | null {
  let { start, end } = range;
  start = Math.max(0, start);
  end = Math.min(text.length, end);
  while (start < end && /\s/.test(text.charAt(start))) start += 1;
  while (end > start && /\s/.test(text.charAt(end - 1))) end -= 1;
  return end > start ? { start, end } : null;
}
