// Dates (numeric and written), dates of birth (a date after a birth cue) and ages.
import { cueEvidence, findCue, notPiiCue, withCue } from '../context.js';
import type { Candidate, Recogniser } from '../types.js';

const FULL_MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const SHORT_MONTHS = 'Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec';
// Only an abbreviation takes a dot ("Mar."): after a full name the dot ends the sentence ("on 3 March.").
const MONTH = `(?:${FULL_MONTHS})\\b|(?:${SHORT_MONTHS})\\b\\.?`;
const MONTH_NUMBER: Readonly<Record<string, number>> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const monthOf = (name: string) => MONTH_NUMBER[name.slice(0, 3).toLowerCase()] ?? 0;
const DAYS_IN_MONTH = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const validDay = (month: number, day: number) =>
  month >= 1 && month <= 12 && day >= 1 && day <= (DAYS_IN_MONTH[month] ?? 0);
const validYear = (year: string) => year.length === 2 || (Number(year) >= 1800 && Number(year) <= 2199);

const ISO_DATE = /(?<![\w/.:-])(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![\w]|[-/.:]\d)/g;
const NUMERIC_DATE = /(?<![\w/.:-])(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?![\w]|[-/.:]\d)/g;
const MONTH_DAY_YEAR = new RegExp(
  `\\b(${MONTH})\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4})\\b)?(?![-/]\\d)`,
  'g',
);
const DAY_MONTH_YEAR = new RegExp(
  `\\b(\\d{1,2})(?:st|nd|rd|th)?(?:\\s+of)?[\\s-]+(${MONTH})(?:,?[\\s-]+(\\d{4})\\b)?`,
  'g',
);
const MONTH_YEAR = new RegExp(`\\b(${MONTH}),?\\s+(\\d{4})\\b`, 'g');

const DOB_CUES =
  /\b(?:dob|d\.o\.b|date of birth|birth ?date|birthday|born|birth|geboren|née|fecha de nacimiento)(?![a-z])/g;

interface DateSpan {
  start: number;
  end: number;
  score: number;
  reason: string;
}

function findDates(text: string): DateSpan[] {
  const spans: DateSpan[] = [];
  for (const m of text.matchAll(ISO_DATE)) {
    const [raw, year = '', , month = '', day = ''] = m;
    if (!validYear(year) || !validDay(Number(month), Number(day))) continue;
    spans.push({ start: m.index, end: m.index + raw.length, score: 0.85, reason: 'year-month-day' });
  }
  for (const m of text.matchAll(NUMERIC_DATE)) {
    const [raw, a = '', separator = '', b = '', year = ''] = m;
    const monthFirst = validDay(Number(a), Number(b));
    const dayFirst = validDay(Number(b), Number(a));
    if (!(monthFirst || dayFirst) || !validYear(year)) continue;
    // Two-digit years with dots read like version numbers (1.2.10): weaker.
    const score = year.length === 4 ? 0.85 : separator === '.' ? 0.4 : 0.65;
    spans.push({
      start: m.index,
      end: m.index + raw.length,
      score,
      reason: monthFirst ? 'month/day/year' : 'day/month/year',
    });
  }
  for (const m of text.matchAll(MONTH_DAY_YEAR)) {
    const [raw, month = '', day = '', year] = m;
    if (!validDay(monthOf(month), Number(day))) continue;
    // "May 5" may be the modal verb; a year or a full month name makes it a date.
    const score = year ? 0.9 : month === 'May' ? 0.45 : 0.7;
    spans.push({ start: m.index, end: m.index + raw.length, score, reason: 'written month and day' });
  }
  for (const m of text.matchAll(DAY_MONTH_YEAR)) {
    const [raw, day = '', month = '', year] = m;
    if (!validDay(monthOf(month), Number(day))) continue;
    spans.push({ start: m.index, end: m.index + raw.length, score: year ? 0.9 : 0.7, reason: 'written day and month' });
  }
  for (const m of text.matchAll(MONTH_YEAR)) {
    spans.push({ start: m.index, end: m.index + m[0].length, score: 0.6, reason: 'written month and year' });
  }
  return spans;
}

export const dateRecogniser: Recogniser = {
  types: ['DATE', 'DATE_OF_BIRTH'],
  find(text, out) {
    for (const span of findDates(text)) {
      const evidence = [span.reason];
      let score = span.score;
      const against = notPiiCue(text, span.start);
      if (against) {
        score -= 0.3 * against.weight;
        evidence.push(`reference context: "${against.words}"`);
      }
      out.push({ start: span.start, end: span.end, type: 'DATE', score, evidence });
      const cue = findCue(text, span.start, span.end, DOB_CUES, 40, 0);
      if (cue) {
        const birth: Candidate = {
          start: span.start,
          end: span.end,
          type: 'DATE_OF_BIRTH',
          score: withCue(Math.max(0.3, score - 0.2), 0.97, cue),
          evidence: [span.reason, cueEvidence(cue)],
        };
        out.push(birth);
      }
    }
  },
};

// The age is the number; the words around it are the evidence.
const AGE_PATTERNS: readonly [RegExp, string][] = [
  [/\b(\d{1,3})(?:\s+|-)(?:years?|yrs?)(?:\s+|-)old\b/gi, 'N years old'],
  [/\b(\d{1,3})[\s-]?(?:y\.?o\.?|y\/o|yo)\b/gi, 'N y/o'],
  [/\b(\d{1,3})\s+(?:years?|yrs?)\s+of\s+age\b/gi, 'N years of age'],
  [
    /\b(?:aged|age|ages|age of|age:|aged about|age is|turned|turns|turning)\s*:?\s+(\d{1,3})\b(?![.,/:-]?\d|%)/gi,
    'age cue + N',
  ],
  [/\b(\d{1,3})(?:-| )?(?:year|yr)-old\b/gi, 'N-year-old'],
  [/\bage\b[^.!?\n\d]{0,40}?\b(?:is|was|of|:|=)\s*(\d{1,3})\b(?![.,/:-]?\d|%)/gi, 'age … is N'],
  [/,\s(\d{1,3})(?=\s*,|\s*\(|\s+(?:years|yrs|y\/o|yo|male|female|man|woman|boy|girl|m|f)\b)/g, 'Name, N,'],
  [
    /\b(?:i am|i'm|i’m|she is|he is|she's|he's|they are|who is|is now)\s+(\d{1,3})\b(?=\s*(?:[.,;!?]|$|and\b|but\b|now\b|today\b|this\b|next\b|years?\b))/gi,
    'is + N',
  ],
];

const NAME_BEFORE = /\p{Lu}[\p{L}'’-]+$/u;

export const ageRecogniser: Recogniser = {
  types: ['AGE'],
  find(text, out) {
    for (const [pattern, reason] of AGE_PATTERNS) {
      for (const m of text.matchAll(pattern)) {
        const number = m[1] ?? '';
        const age = Number(number);
        if (age > 125) continue;
        // "Priya Raman, 29, …": the word before the comma must be a capitalised name.
        if (reason === 'Name, N,' && !NAME_BEFORE.test(text.slice(Math.max(0, m.index - 30), m.index))) continue;
        const start = m.index + m[0].indexOf(number, m[0].search(/\d/));
        const score =
          reason === 'is + N' || reason === 'Name, N,'
            ? 0.55
            : reason === 'age cue + N' || reason === 'age … is N'
              ? 0.75
              : 0.9;
        out.push({ start, end: start + number.length, type: 'AGE', score, evidence: [reason] });
      }
    }
  },
};

export const dateRecognisers: readonly Recogniser[] = [dateRecogniser, ageRecogniser];
