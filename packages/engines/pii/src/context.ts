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
  digitText = '';
  digitRuns = [];
  digitWindows = null;
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

// The digit runs of the text being scanned and the windows around them, shared by every shape that holds a digit.
let digitText = '';
let digitRuns: number[] = [];
let digitWindows: number[] | null = null;
const DIGIT_RUN = /\d+/g;
/** Characters before and after a run of digits that a shape holding it may reach. */
const REACH_BEFORE = 90;
const REACH_AFTER = 32;

const isWhite = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 160;

/** Start and end of every run of digits, flat: [start, end, start, end, …]. */
export function digitRunsOf(text: string): number[] {
  if (text === digitText) return digitRuns;
  const runs: number[] = [];
  DIGIT_RUN.lastIndex = 0;
  for (let m = DIGIT_RUN.exec(text); m; m = DIGIT_RUN.exec(text)) runs.push(m.index, m.index + m[0].length);
  digitText = text;
  digitRuns = runs;
  digitWindows = null;
  return runs;
}

/** The windows around the digit runs, merged where they touch; the whole text when they cover most of it. */
function windowsNearDigits(text: string): number[] {
  const runs = digitRunsOf(text);
  if (digitWindows) return digitWindows;
  const windows: number[] = [];
  let covered = 0;
  let from = -1;
  let to = -1;
  for (let k = 0; k < runs.length; k += 2) {
    let a = Math.max(0, (runs[k] as number) - REACH_BEFORE);
    let b = Math.min(text.length, (runs[k + 1] as number) + REACH_AFTER);
    if (to >= 0 && a <= to) {
      if (b > to) {
        while (b < text.length && !isWhite(text.charCodeAt(b))) b++;
        to = b;
      }
      continue;
    }
    // Widen to whitespace so that a word is never cut in two.
    while (a > 0 && !isWhite(text.charCodeAt(a - 1))) a--;
    while (b < text.length && !isWhite(text.charCodeAt(b))) b++;
    if (to >= 0 && a <= to) {
      to = Math.max(to, b);
      continue;
    }
    if (to >= 0) {
      windows.push(from, to);
      covered += to - from;
    }
    from = a;
    to = b;
  }
  if (to >= 0) {
    windows.push(from, to);
    covered += to - from;
  }
  // Dense text (a table, a form) is read whole: slicing it into windows would cost more than it saves.
  digitWindows = covered > text.length / 2 ? [0, text.length] : windows;
  return digitWindows;
}

/**
 * The matches of `shape` (a global regex) near runs of digits (90 characters before, 32 after), in text order, with
 * their index into the whole text: a shape that always holds a digit is not searched for through all of a text's
 * prose. Windows that touch are merged first, so a match is never cut at a window's edge.
 */
export function* matchesNearDigits(text: string, shape: RegExp): Generator<RegExpExecArray> {
  const windows = windowsNearDigits(text);
  for (let k = 0; k < windows.length; k += 2) {
    const a = windows[k] as number;
    const b = windows[k + 1] as number;
    const slice = a === 0 && b === text.length ? text : text.slice(a, b);
    shape.lastIndex = 0;
    for (let m = shape.exec(slice); m; m = shape.exec(slice)) {
      if (m[0].length === 0) shape.lastIndex++;
      m.index += a;
      yield m;
    }
  }
}

const isLetterCode = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c > 191 && c !== 215 && c !== 247);

/** Where the word found by the last wordStartBefore ends (kept outside the result: it runs once per digit run). */
export let wordEnd = -1;

/**
 * The start of the word just before `pos` (blanks, and `skip` characters such as a comma, stepped over first), or -1:
 * letters with the dots, colons, hyphens, apostrophes and ordinal marks inside or after them ("Str.", "No:", "n°").
 * Its end is left in `wordEnd`.
 */
export function wordStartBefore(text: string, pos: number, skip = ''): number {
  let end = pos;
  while (end > 0) {
    const c = text.charCodeAt(end - 1);
    if (c === 32 || c === 9 || (skip !== '' && skip.includes(text[end - 1] as string))) end--;
    else break;
  }
  let start = end;
  while (start > 0 && pos - start < 48) {
    const c = text.charCodeAt(start - 1);
    if (isLetterCode(c) || c === 46 || c === 58 || c === 45 || c === 39 || c === 0x2019 || c === 0xba || c === 0xb0)
      start--;
    else break;
  }
  wordEnd = end;
  return start === end ? -1 : start;
}
