import { afterEach, describe, expect, it } from 'vitest';
import { rangeToOffsets, trimRange } from './text-offsets';

const PAGE_ONE = 'Dear Maria Garcia,\nthanks.\n';
const PAGE_TWO = 'Card 4111 was charged.';
const TEXT = PAGE_ONE + PAGE_TWO;

/** The text view as the options screen draws it: headings and a badge that are not the document's text. */
function renderView() {
  document.body.innerHTML = `
    <div id="root">
      <h3>Page 1</h3>
      <div data-text-base="0">Dear <mark id="name">Maria <span data-offset-ignore>Person name</span>Garcia</mark>,\nthanks.\n</div>
      <h3 id="second-heading">Page 2</h3>
      <div data-text-base="${PAGE_ONE.length}">Card <mark id="card">4111</mark> was charged.</div>
    </div>`;
  const root = document.getElementById('root') as HTMLElement;
  const byId = (id: string) => document.getElementById(id) as HTMLElement;
  return { root, byId };
}

const textOf = (node: Node | null | undefined, index = 0) => {
  const child = node?.childNodes[index];
  if (!child || child.nodeType !== Node.TEXT_NODE) throw new Error('no text node there');
  return child;
};

function range(startNode: Node, startOffset: number, endNode: Node, endOffset: number) {
  const r = document.createRange();
  r.setStart(startNode, startOffset);
  r.setEnd(endNode, endOffset);
  return r;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('rangeToOffsets', () => {
  it('maps a selection inside marks to the document’s offsets, skipping decorations', () => {
    const { root, byId } = renderView();
    const name = byId('name');
    // From "ria" in Maria to "Gar" in Garcia, across the ignored badge.
    const selected = rangeToOffsets(root, range(textOf(name, 0), 2, textOf(name, 2), 3));
    expect(selected).toEqual({ start: 7, end: 14 });
    expect(TEXT.slice(selected?.start, selected?.end)).toBe('ria Gar');
  });

  it('counts a boundary between elements as the text before it', () => {
    const { root, byId } = renderView();
    const block = byId('name').parentElement as HTMLElement;
    // The whole mark, as a triple-click or Select All would give it: (block, 1) to (block, 2).
    const selected = rangeToOffsets(root, range(block, 1, block, 2));
    expect(TEXT.slice(selected?.start, selected?.end)).toBe('Maria Garcia');
  });

  it('snaps an end on a page heading to the nearest page and reads across pages', () => {
    const { root, byId } = renderView();
    const heading = byId('second-heading');
    const card = byId('card');
    const acrossPages = rangeToOffsets(root, range(textOf(byId('name'), 2), 0, textOf(card), 4));
    expect(TEXT.slice(acrossPages?.start, acrossPages?.end)).toBe('Garcia,\nthanks.\nCard 4111');
    const fromHeading = rangeToOffsets(root, range(textOf(heading), 2, textOf(card), 2));
    expect(TEXT.slice(fromHeading?.start, fromHeading?.end)).toBe('Card 41');
  });

  it('gives nothing for a selection outside the text', () => {
    const { root, byId } = renderView();
    const heading = byId('second-heading');
    expect(rangeToOffsets(root, range(textOf(heading), 0, textOf(heading), 4))).toBeNull();
  });
});

describe('trimRange', () => {
  it('drops the white space at the edges, and blank selections', () => {
    expect(trimRange(TEXT, { start: 4, end: 11 })).toEqual({ start: 5, end: 10 });
    expect(trimRange(TEXT, { start: 17, end: 19 })).toEqual({ start: 17, end: 18 });
    expect(trimRange(TEXT, { start: 18, end: 19 })).toBeNull();
  });
});
