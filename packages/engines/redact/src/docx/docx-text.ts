import {
  attributeW,
  children,
  type Document,
  type Element,
  firstW,
  isElement,
  isText,
  isW,
  MC_NAMESPACE,
  type Node,
  type Text,
  textOf,
  toggleOn,
  wordName,
} from './xml.js';

/**
 * The visible text of WordprocessingML parts, with where each character lives: `segments` map offsets of the text
 * to the w:t text nodes they came from, so a redaction edits exactly the characters the caller found. Deleted text
 * (w:del, w:moveFrom) and hidden text (w:vanish, directly or through a style) are not part of the text — they are
 * removed from the output anyway — nor are comments, field codes or the fallback copy of alternate content.
 * Paragraphs end with '\n', w:tab is '\t', w:br/w:cr are '\n'.
 */

export interface Segment {
  start: number;
  node: Text;
  length: number;
}

export interface StoryText {
  text: string;
  segments: Segment[];
}

/** Style ids whose run properties hide text, following basedOn chains. */
export function hiddenStyles(styles: Document | null): Set<string> {
  const hidden = new Set<string>();
  if (!styles?.documentElement) return hidden;
  const own = new Map<string, { hidden: boolean | undefined; basedOn: string | null }>();
  for (const style of children(styles.documentElement)) {
    if (!isW(style, 'style')) continue;
    const id = attributeW(style, 'styleId');
    if (!id) continue;
    const runProperties = firstW(style, 'rPr');
    const basedOn = firstW(style, 'basedOn');
    own.set(id, {
      hidden: runProperties ? toggleOn(firstW(runProperties, 'vanish')) : undefined,
      basedOn: basedOn ? attributeW(basedOn, 'val') : null,
    });
  }
  for (const id of own.keys()) {
    const seen = new Set<string>();
    let current: string | null = id;
    while (current && !seen.has(current)) {
      seen.add(current);
      const style = own.get(current);
      if (style?.hidden !== undefined) {
        if (style.hidden) hidden.add(id);
        break;
      }
      current = style?.basedOn ?? null;
    }
  }
  return hidden;
}

function styleOf(properties: Element | undefined, name: string): string | null {
  const reference = properties ? firstW(properties, name) : undefined;
  return reference ? attributeW(reference, 'val') : null;
}

/** Whether a run is hidden: its own w:vanish, else its character style, else its paragraph's style. */
export function isHiddenRun(run: Element, hidden: Set<string>): boolean {
  const properties = firstW(run, 'rPr');
  const own = properties ? toggleOn(firstW(properties, 'vanish')) : undefined;
  if (own !== undefined) return own;
  const runStyle = styleOf(properties, 'rStyle');
  if (runStyle && hidden.has(runStyle)) return true;
  let paragraph = run.parentNode;
  while (paragraph && !isW(paragraph, 'p')) paragraph = paragraph.parentNode;
  const paragraphStyle = isElement(paragraph) ? styleOf(firstW(paragraph, 'pPr'), 'pStyle') : null;
  return paragraphStyle !== null && hidden.has(paragraphStyle);
}

/** A table row deleted with track changes on: its properties carry w:del. */
export function isDeletedRow(row: Element): boolean {
  const properties = firstW(row, 'trPr');
  return (
    properties !== undefined &&
    (firstW(properties, 'del') !== undefined || firstW(properties, 'moveFrom') !== undefined)
  );
}

/** Elements whose content is never visible text. */
const SKIPPED = new Set([
  'del',
  'moveFrom',
  'delText',
  'instrText',
  'delInstrText',
  'rPr',
  'pPr',
  'sectPr',
  'tblPr',
  'trPr',
  'tcPr',
  'tblGrid',
  'commentReference',
  'footnoteReference',
  'endnoteReference',
  'annotationRef',
]);

export class StoryReader {
  text = '';
  readonly segments: Segment[] = [];

  constructor(private readonly hidden: Set<string>) {}

  /** Appends the text of one part (its root element). */
  read(root: Node): void {
    this.walk(root);
  }

  append(text: string): void {
    this.text += text;
  }

  private walk(node: Node): void {
    if (!isElement(node)) return;
    if (node.namespaceURI === MC_NAMESPACE && node.localName === 'Fallback') return;
    const name = wordName(node);
    if (name === 't') {
      for (const child of children(node)) {
        if (!isText(child)) continue;
        const value = textOf(child);
        if (value === '') continue;
        this.segments.push({ start: this.text.length, node: child, length: value.length });
        this.text += value;
      }
      return;
    }
    if (name !== null) {
      if (SKIPPED.has(name)) return;
      if (name === 'r' && isHiddenRun(node, this.hidden)) return;
      if (name === 'tr' && isDeletedRow(node)) return;
      if (name === 'tab' || name === 'ptab') {
        if (isW(node.parentNode, 'r')) this.text += '\t';
        return;
      }
      if (name === 'br' || name === 'cr') {
        this.text += '\n';
        return;
      }
      if (name === 'noBreakHyphen') {
        this.text += '-';
        return;
      }
    }
    for (const child of children(node)) this.walk(child);
    if (name === 'p') this.text += '\n';
  }

  build(): StoryText {
    return { text: this.text, segments: this.segments };
  }
}

/** The segment holding offset `offset`, if a character of a w:t is there. */
export function segmentIndexAt(segments: Segment[], offset: number): number {
  let low = 0;
  let high = segments.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const segment = segments[middle] as Segment;
    if (offset < segment.start) high = middle - 1;
    else if (offset >= segment.start + segment.length) low = middle + 1;
    else return middle;
  }
  return low;
}
