// Context words: how close a cue ("card", "SSN", "passport") stands to a candidate, as a weight in [0, 1].

/** Characters before a candidate searched for a cue; a cue further away rarely refers to it. */
export const CUE_WINDOW_BEFORE = 56;
const CUE_WINDOW_AFTER = 24;

export interface Cue {
  /** 1 when the cue is next to the candidate, falling to 0.5 at the edge of the window. */
  weight: number;
  /** The words that matched, for the evidence list. */
  words: string;
}

// Several recognisers look at the same position (a run of digits may be a card, a phone or an ID): remember the
// windows of the text being scanned.
let cachedText = '';
let cachedWindows = new Map<number, string>();

/** The text before `start` back to the window edge, the line break or the sentence end before it, in lower case. */
function windowBefore(text: string, start: number, size: number): string {
  if (text !== cachedText) {
    cachedText = text;
    cachedWindows = new Map();
  }
  const key = start * 128 + size;
  const cached = cachedWindows.get(key);
  if (cached !== undefined) return cached;
  const window = computeWindowBefore(text, start, size);
  cachedWindows.set(key, window);
  return window;
}

/** Forgets the scanned text (called when a detection ends, so a large text is not kept alive). */
export function clearContextCache() {
  cachedText = '';
  cachedWindows = new Map();
}

function computeWindowBefore(text: string, start: number, size: number): string {
  const from = Math.max(0, start - size);
  // Walk back to the window edge, a line break or a sentence end ("… MRN: 123. Your order number is 456": the cue in
  // the previous sentence is about something else).
  let cut = from;
  for (let i = start - 1; i >= from; i--) {
    const ch = text.charCodeAt(i);
    if (ch === 10) {
      cut = i + 1;
      break;
    }
    if ((ch === 46 || ch === 33 || ch === 63) && i + 2 < start && isSpace(text.charCodeAt(i + 1))) {
      let j = i + 1;
      while (j < start && isSpace(text.charCodeAt(j))) j++;
      const next = text[j] as string;
      if (j < start && next !== next.toLowerCase()) {
        cut = j;
        break;
      }
    }
  }
  const window = text.slice(cut, start).toLowerCase();
  return window.includes('_') ? window.replace(/_/g, ' ') : window;
}

const isSpace = (ch: number) => ch === 32 || ch === 9 || ch === 160;

function windowAfter(text: string, end: number, size: number): string {
  let slice = text.slice(end, end + size);
  const newline = slice.indexOf('\n');
  if (newline >= 0) slice = slice.slice(0, newline);
  const stop = slice.search(/[.!?]\s/);
  if (stop >= 0) slice = slice.slice(0, stop);
  return slice.toLowerCase().replace(/_/g, ' ');
}

/**
 * The nearest cue matching `pattern` (a global regex over lower-case text) before the candidate, or just after it.
 * `before` narrows the window for cues that are common words.
 */
export function findCue(
  text: string,
  start: number,
  end: number,
  pattern: RegExp,
  before = CUE_WINDOW_BEFORE,
  after = CUE_WINDOW_AFTER,
): Cue | null {
  const left = windowBefore(text, start, before);
  let best: Cue | null = null;
  pattern.lastIndex = 0;
  // The last match is the nearest one.
  let last: RegExpExecArray | null = null;
  for (let m = pattern.exec(left); m; m = pattern.exec(left)) {
    last = m;
    if (m[0].length === 0) pattern.lastIndex++;
  }
  if (last) {
    const distance = left.length - (last.index + last[0].length);
    const weight = 1 - 0.5 * Math.min(1, Math.max(0, distance - 12) / Math.max(1, before - 12));
    best = { weight, words: last[0].trim() };
  }
  if (best || after <= 0) return best;
  const right = windowAfter(text, end, after);
  pattern.lastIndex = 0;
  const match = pattern.exec(right);
  pattern.lastIndex = 0;
  if (!match) return null;
  return { weight: match.index <= 4 ? 0.8 : 0.6, words: match[0].trim() };
}

/** Raises a base score towards `max` by the cue's weight; no cue leaves it unchanged. */
export function withCue(base: number, max: number, cue: Cue | null): number {
  return cue ? base + (max - base) * cue.weight : base;
}

export const cueEvidence = (cue: Cue) => `context: "${cue.words}"`;

/** Words that say a number is a reference of some other kind (order, product, version). */
export const NOT_PII_CUES =
  /\b(?:order|orders|invoice|inv|sku|item|product|part|model|serial|s\/n|ref|reference|tracking|isbn|issn|ticket|case (?:no|number|id)|confirmation|booking|reservation|transaction|txn|version|ver|build|release|po|lot|batch|catalog|catalogue|article|page|pages|chapter|section|figure|table|doi|arxiv|patent|commit|sha|hash|checksum|uuid|guid|request|job|receipt|shipment|package|parcel|container|flight|quote|room|gate|seat|error|port|pid|isin|cusip|vin|imei|barcode|upc|ean|asin|product code|part number)\b/g;

/** A reference cue just before the candidate lowers its score (negative context). */
export function notPiiCue(text: string, start: number): Cue | null {
  return findCue(text, start, start, NOT_PII_CUES, 32, 0);
}

/**
 * Runs `shape` (a global regex) only near the matches of `locator` (a case-insensitive global regex for the cue
 * words): identifiers that need a cue are found without reading the whole text with their broad shape.
 */
export function* nearCues(
  text: string,
  locator: RegExp,
  shape: RegExp,
  before = CUE_WINDOW_BEFORE,
  after = CUE_WINDOW_BEFORE,
): Generator<{ index: number; text: string; groups: RegExpExecArray }> {
  let covered = 0;
  for (const cue of text.matchAll(locator)) {
    let from = Math.max(covered, cue.index - before);
    const to = Math.min(text.length, cue.index + cue[0].length + after);
    if (from >= to) continue;
    // Start and end the slice at whitespace so that a word is never cut in two.
    while (from > covered && !/\s/.test(text[from - 1] as string)) from--;
    let end = to;
    while (end < text.length && !/\s/.test(text[end] as string)) end++;
    const slice = text.slice(from, end);
    shape.lastIndex = 0;
    for (const m of slice.matchAll(shape)) yield { index: from + m.index, text: m[0], groups: m };
    covered = end;
  }
}
