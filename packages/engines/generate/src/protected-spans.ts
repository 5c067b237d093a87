import { TECHNICAL_TERMS } from './technical-terms.js';

/**
 * What a rewrite must never change: numbers, dates, names, quotations, citations, addresses, code, technical terms and
 * the user's own glossary. Found once on the input; every engine keeps each span's text byte for byte (or drops the
 * whole sentence that holds it, when summarising), and a rewrite that would alter one falls back to the original.
 */
export const protectedKinds = [
  'number',
  'date',
  'entity',
  'quotation',
  'citation',
  'url',
  'email',
  'code',
  'term',
  'glossary',
] as const;
export type ProtectedKind = (typeof protectedKinds)[number];

export interface ProtectedSpan {
  start: number;
  end: number;
  kind: ProtectedKind;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Word boundaries that know letters beyond ASCII ("café" is one word).
const B_START = '(?<![\\p{L}\\p{N}_])';
const B_END = '(?![\\p{L}\\p{N}_])';

const MONTHS =
  'January|February|March|April|May|June|July|August|September|October|November|December|Jan\\.?|Feb\\.?|Mar\\.?|Apr\\.?|Jun\\.?|Jul\\.?|Aug\\.?|Sept?\\.?|Oct\\.?|Nov\\.?|Dec\\.?';
const WEEKDAYS = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday';
const UNITS =
  'percent|per cent|million|billion|trillion|thousand|hundred|km|m|cm|mm|nm|kg|g|mg|µg|lb|lbs|oz|ml|l|mph|km/h|kWh|kW|MW|GW|W|V|Hz|kHz|MHz|GHz|GB|MB|KB|TB|ms|s|min|h|hours?|days?|weeks?|months?|years?|°C|°F|K|dollars?|euros?|pounds?|USD|EUR|GBP|people|patients|participants|times';
const NUMBER_WORDS =
  'zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|trillion|dozen|half|twice|thrice|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|once';
const TLDS = 'com|org|net|edu|gov|io|ai|co|uk|de|fr|info|dev|app|ly|me|us|eu|ca|au|in|jp|ru|nl';
const CODE_EXTENSIONS =
  'js|mjs|cjs|ts|tsx|jsx|py|json|md|txt|csv|tsv|html?|css|java|c|cpp|h|hpp|go|rs|rb|sh|ya?ml|xml|sql|toml|ini|lock|php|swift|kt|ipynb|gguf';

interface Pattern {
  kind: ProtectedKind;
  regex: RegExp;
}

const PATTERNS: Pattern[] = [
  // Code first: a fenced block or an inline span holds anything, numbers and names included.
  { kind: 'code', regex: /```[\s\S]*?```|`[^`\n]+`/g },
  { kind: 'code', regex: /^(?: {4}|\t).+$/gm },
  { kind: 'url', regex: /\b(?:https?:\/\/|www\.)[^\s<>"'`]+[^\s<>"'`.,;:!?)\]]/gi },
  { kind: 'email', regex: /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g },
  {
    kind: 'url',
    regex: new RegExp(
      `\\b[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9-]+)*\\.(?:${TLDS})(?:/[^\\s<>"'\`]*[^\\s<>"'\`.,;:!?)\\]])?\\b`,
      'gi',
    ),
  },
  { kind: 'quotation', regex: /"[^"\n]{1,1000}"|“[^”\n]{1,1000}”|«[^»\n]{1,1000}»/g },
  { kind: 'quotation', regex: /(?<=^|[\s([])‘[^’\n]{1,1000}’(?=$|[\s.,;:!?)\]])/gm },
  {
    kind: 'citation',
    regex:
      /\[\d+(?:\s*[,–-]\s*\d+)*\]|\((?:[^()\n]*?\b(?:1[5-9]|20)\d{2}[a-z]?\b[^()\n]*?)\)(?<=\b(?:1[5-9]|20)\d{2}[a-z]?(?:, pp?\. ?\d+(?:[–-]\d+)?)?\))/g,
  },
  {
    kind: 'citation',
    regex: /\b[A-Z][\p{L}'-]+(?: et al\.| and [A-Z][\p{L}'-]+| & [A-Z][\p{L}'-]+)? \((?:1[5-9]|20)\d{2}[a-z]?\)/gu,
  },
  {
    kind: 'citation',
    regex:
      /\b(?:Fig(?:ure)?s?\.?|Tables?|Sections?|Sec\.|Eq(?:uation)?s?\.?|Chapters?|Appendix|Ref\.?|pp?\.)\s?\(?\d+(?:\.\d+)*[a-z]?\)?/g,
  },
  { kind: 'code', regex: /\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b/g },
  { kind: 'code', regex: /\b[a-z]+[A-Z][A-Za-z0-9]*\b/g },
  { kind: 'code', regex: /\b\w+(?:\.\w+)*\(\w*\)|\b[a-z_]\w*(?:\.[a-z_]\w*){2,}\b/g },
  { kind: 'code', regex: new RegExp(`\\b[\\w-]+\\.(?:${CODE_EXTENSIONS})\\b`, 'g') },
  { kind: 'code', regex: /(?<![\w/])(?:~|\.{1,2})?(?:\/[\w.-]*[\w-]){2,}\/?/g },
  { kind: 'code', regex: /(?<![\w-])--?[a-z][\w-]*(?:=\S+)?/g },
  { kind: 'code', regex: /<\/?[a-z][\w-]*(?:\s[^<>\n]*)?>/g },
  {
    kind: 'date',
    regex: new RegExp(
      `${B_START}(?:(?:${WEEKDAYS}),?\\s+)?(?:(?:\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${MONTHS})(?:,?\\s+\\d{4})?)|(?:(?:${MONTHS})(?:\\s+\\d{1,2}(?:st|nd|rd|th)?)?(?:,?\\s+\\d{4})?))${B_END}`,
      'gu',
    ),
  },
  { kind: 'date', regex: new RegExp(`${B_START}(?:${WEEKDAYS})${B_END}`, 'gu') },
  { kind: 'date', regex: /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?)?\b|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/g },
  { kind: 'date', regex: /\b(?:the\s+)?(?:\d{2})?\d0s\b|\b\d{1,2}(?::\d{2})?\s?(?:a\.m\.|p\.m\.|am|pm)(?![\p{L}])/gu },
  {
    kind: 'number',
    regex: new RegExp(
      `(?:[$€£¥₹]\\s?)?${B_START}[+-−]?\\d(?:[\\d,]*\\d)?(?:\\.\\d+)?(?:[–-]\\d(?:[\\d,]*\\d)?(?:\\.\\d+)?)?(?:%|‰|st|nd|rd|th|x|k|K|M|bn)?(?:\\s?(?:${UNITS})${B_END})?`,
      'gu',
    ),
  },
  { kind: 'number', regex: new RegExp(`${B_START}(?:${NUMBER_WORDS})(?:[- ](?:${NUMBER_WORDS}))*${B_END}`, 'giu') },
];

const TERM_REGEX = new RegExp(
  `${B_START}(?:${[...TECHNICAL_TERMS]
    .sort((a, b) => b.length - a.length)
    .map((term) => escapeRegExp(term).replace(/ /g, '[\\s-]+'))
    .join('|')})${B_END}`,
  'giu',
);

/** Words that start a sentence in their capitalised form without being names. */
const FUNCTION_CAPS = new Set(
  (
    'A An The This That These Those It Its I We You He She They Our Your Their His Her My There Here What When Where ' +
    'Why How Who Which While If But And Or So Yet For As At By In On Of To With From Into After Before Although Though ' +
    'Because Since Unless Until Once Every Each Some Many Most More Much Such No Not All Both Either Neither Any One ' +
    'Today However Moreover Furthermore Additionally Also Then Thus Therefore Finally First Second Third Overall ' +
    'Meanwhile Instead Still Even Just Only Perhaps Maybe Yes Do Does Did Is Are Was Were Be Can Could Will Would ' +
    'Should May Might Must Let Note Consider Imagine Over Under About Among Between Through During Without Within'
  ).split(' '),
);

/**
 * Names: runs of capitalised words ("New York", "University of Oxford"), acronyms ("NASA", "GDPR"), words with a
 * capital inside or a digit ("iPhone", "GPT-4", "COVID-19"). A capitalised word that opens a sentence counts when a
 * name follows it or it isn't a word that merely starts sentences.
 */
function entitySpans(text: string, isCommonWord: (lower: string) => boolean): ProtectedSpan[] {
  const spans: ProtectedSpan[] = [];
  const token = /[\p{L}\p{N}][\p{L}\p{N}'’&.-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;
  const words = [...text.matchAll(token)].map((m) => ({
    text: m[0],
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
  }));
  const isCapital = (w: string) => /^\p{Lu}/u.test(w);
  const isEntityWord = (w: string) =>
    /^\p{Lu}[\p{L}'’.-]*$/u.test(w) || /\p{Ll}\p{Lu}/u.test(w) || /^(?=.*\p{L})(?=.*\p{N})[\p{L}\p{N}.-]+$/u.test(w);
  const connectors = new Set(['of', 'de', 'la', 'du', 'van', 'von', 'der', 'the', 'and', '&', 'for', 'y', 'da', 'di']);
  const opensSentence = (index: number) => {
    if (index === 0) return true;
    const gap = text.slice((words[index - 1] as { end: number }).end, (words[index] as { start: number }).start);
    return /[.!?:]["'”’)\]]*\s|\n/.test(gap) || (/^\s*["“‘(]\s*$/.test(gap) && index > 0 && /[.!?]/.test(gap));
  };
  const capitalisedMidSentence = new Set<string>();
  for (let i = 1; i < words.length; i++) {
    const w = (words[i] as { text: string }).text;
    if (/^\p{Lu}\p{Ll}+$/u.test(w) && !opensSentence(i)) capitalisedMidSentence.add(w);
  }
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as { text: string; start: number; end: number };
    const acronym = /^\p{Lu}{2,}[\p{Lu}\p{N}&.-]*s?$/u.test(word.text);
    const inner = /\p{Ll}\p{Lu}/u.test(word.text) || /^(?=.*\p{L})(?=.*\p{N})[\p{L}\p{N}.-]+$/u.test(word.text);
    if (!isCapital(word.text) && !inner) continue;
    let end = i;
    // A run of names, through connectors ("Bank of England") when a name follows them.
    for (let j = i + 1; j < words.length; j++) {
      const next = words[j] as { text: string; start: number };
      const gap = text.slice((words[j - 1] as { end: number }).end, next.start);
      if (!/^[ \t]+$/.test(gap) && gap !== ' ') break;
      if (isEntityWord(next.text) && isCapital(next.text) && !opensSentence(j)) {
        end = j;
        continue;
      }
      if (connectors.has(next.text) && j + 1 < words.length && isCapital((words[j + 1] as { text: string }).text)) {
        const after = text.slice(next.start + next.text.length, (words[j + 1] as { start: number }).start);
        if (after === ' ') continue;
      }
      break;
    }
    const first = opensSentence(i);
    const single = end === i;
    if (first && single && !acronym && !inner && FUNCTION_CAPS.has(word.text)) continue;
    if (first && single && !acronym && !inner && /^\p{Lu}\p{Ll}+$/u.test(word.text)) {
      // A lone capitalised word opening a sentence is a name when it is capitalised mid-sentence elsewhere too, or
      // isn't a common word ("See", "Contact" and "Results" open sentences as words do).
      const lower = word.text.toLowerCase();
      const named = capitalisedMidSentence.has(word.text);
      if (!named && (COMMON_OPENERS.test(word.text) || isCommonWord(lower))) continue;
    }
    if (first && !single && FUNCTION_CAPS.has(word.text)) {
      const rest = words[i + 1] as { start: number };
      spans.push({ start: rest.start, end: (words[end] as { end: number }).end, kind: 'entity' });
      i = end;
      continue;
    }
    spans.push({ start: word.start, end: (words[end] as { end: number }).end, kind: 'entity' });
    i = end;
  }
  return spans;
}

// Capitalised sentence openers that read as ordinary words (verbs, adjectives, adverbs ending like them).
const COMMON_OPENERS = /^(?:\p{Lu}\p{Ll}*(?:ly|ing|ed|ion|ions|ment|ness|ity|ies|es|s|al|ful|ous|ive|able|ible))$/u;

export interface ProtectedSpanOptions {
  /** The user's own terms, matched whole and case-insensitively. */
  glossary?: readonly string[];
  /** Whether a lower-cased word is an ordinary English word (the general-English model knows it well). */
  isCommonWord?: (lower: string) => boolean;
}

/** Every protected span of `text`, merged where they overlap, in order. */
export function findProtectedSpans(text: string, options: ProtectedSpanOptions = {}): ProtectedSpan[] {
  const glossary = options.glossary ?? [];
  const found: ProtectedSpan[] = [];
  const add = (kind: ProtectedKind, regex: RegExp) => {
    for (const match of text.matchAll(regex)) {
      if (match[0].length === 0) continue;
      const start = match.index ?? 0;
      found.push({ start, end: start + match[0].length, kind });
    }
  };
  const terms = glossary.map((term) => term.trim()).filter((term) => term.length > 0);
  if (terms.length > 0) {
    const pattern = terms
      .sort((a, b) => b.length - a.length)
      .map((term) => escapeRegExp(term).replace(/\s+/g, '\\s+'))
      .join('|');
    add('glossary', new RegExp(`${B_START}(?:${pattern})${B_END}`, 'giu'));
  }
  for (const pattern of PATTERNS) add(pattern.kind, pattern.regex);
  add('term', TERM_REGEX);
  found.push(...entitySpans(text, options.isCommonWord ?? (() => false)));
  return mergeSpans(found);
}

/** Overlapping or touching-inside spans become one; the first found (by the order above) names the kind. */
export function mergeSpans(spans: readonly ProtectedSpan[]): ProtectedSpan[] {
  const priority = new Map(spans.map((span, index) => [span, index]));
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: ProtectedSpan[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.start < last.end) {
      if (span.end > last.end) last.end = span.end;
      if ((priority.get(span) ?? 0) < (priority.get(last) ?? 0)) last.kind = span.kind;
      continue;
    }
    merged.push({ ...span });
  }
  return merged;
}

/** Whether [start, end) touches any span (spans sorted by start). */
export function overlapsSpan(spans: readonly ProtectedSpan[], start: number, end: number): boolean {
  let low = 0;
  let high = spans.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const span = spans[mid] as ProtectedSpan;
    if (span.end <= start) low = mid + 1;
    else if (span.start >= end) high = mid - 1;
    else return true;
  }
  return false;
}

/**
 * Whether every protected text of `original` is still in `rewritten`, as many times: the check each rewritten
 * sentence passes before it is kept (a clause moved elsewhere keeps its spans; a changed digit or name does not).
 */
export function keepsSpans(original: string, spans: readonly ProtectedSpan[], rewritten: string): boolean {
  const needed = new Map<string, number>();
  for (const span of spans) {
    const piece = original.slice(span.start, span.end);
    needed.set(piece, (needed.get(piece) ?? 0) + 1);
  }
  for (const [piece, count] of needed) {
    let seen = 0;
    let at = rewritten.indexOf(piece);
    while (at >= 0 && seen < count) {
      seen++;
      at = rewritten.indexOf(piece, at + piece.length);
    }
    if (seen < count) return false;
  }
  return true;
}
