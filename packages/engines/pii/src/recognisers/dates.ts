// Dates (numeric and written, in several languages, ranges, years in context), dates of birth (a date after a birth
// cue), times of day and ages.
import {
  type Cue,
  cueEvidence,
  digitRunsOf,
  findCue,
  matchesNearDigits,
  withCue,
  wordEnd,
  wordStartBefore,
} from '../context.js';
import type { Candidate, Recogniser } from '../types.js';

const FULL_MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const SHORT_MONTHS = 'Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec';
// In lower case only where the word is nothing else ("june 14" in a chat; "may", "march", "august" are words).
const LOWER_MONTHS = 'january|february|april|june|july|september|october|november|december';
// Month names of the languages whose addresses and forms the engine reads: German, French, Spanish, Italian,
// Portuguese, Dutch; written with a day ("3. Mai 2024", "15 de marzo", "4 juin"), in lower or upper case.
const FOREIGN_MONTH_LIST = [
  ['januar', 1],
  ['jänner', 1],
  ['februar', 2],
  ['märz', 3],
  ['mai', 5],
  ['juni', 6],
  ['juli', 7],
  ['oktober', 10],
  ['dezember', 12],
  ['janvier', 1],
  ['février', 2],
  ['fevrier', 2],
  ['mars', 3],
  ['avril', 4],
  ['juin', 6],
  ['juillet', 7],
  ['août', 8],
  ['aout', 8],
  ['septembre', 9],
  ['octobre', 10],
  ['novembre', 11],
  ['décembre', 12],
  ['decembre', 12],
  ['enero', 1],
  ['febrero', 2],
  ['marzo', 3],
  ['abril', 4],
  ['mayo', 5],
  ['junio', 6],
  ['julio', 7],
  ['agosto', 8],
  ['septiembre', 9],
  ['setiembre', 9],
  ['octubre', 10],
  ['noviembre', 11],
  ['diciembre', 12],
  ['gennaio', 1],
  ['febbraio', 2],
  ['aprile', 4],
  ['maggio', 5],
  ['giugno', 6],
  ['luglio', 7],
  ['settembre', 9],
  ['ottobre', 10],
  ['dicembre', 12],
  ['janeiro', 1],
  ['fevereiro', 2],
  ['março', 3],
  ['maio', 5],
  ['junho', 6],
  ['julho', 7],
  ['setembro', 9],
  ['outubro', 10],
  ['novembro', 11],
  ['dezembro', 12],
  ['januari', 1],
  ['februari', 2],
  ['maart', 3],
  ['mei', 5],
  ['augustus', 8],
] as const;
const FOREIGN_MONTH_NUMBER = new Map<string, number>(FOREIGN_MONTH_LIST);
const FOREIGN_MONTHS = FOREIGN_MONTH_LIST.map(([name]) => name)
  .flatMap((name) => [name, (name[0] as string).toUpperCase() + name.slice(1)])
  .join('|');
// Only an abbreviation takes a dot ("Mar."): after a full name the dot ends the sentence ("on 3 March.").
const MONTH = `(?:${FULL_MONTHS}|${LOWER_MONTHS}|${FOREIGN_MONTHS})(?![\\p{L}])|(?:${SHORT_MONTHS})\\b\\.?`;
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
const monthOf = (name: string) => {
  const lower = name.toLowerCase().replace(/\.$/, '');
  return FOREIGN_MONTH_NUMBER.get(lower) ?? MONTH_NUMBER[lower.slice(0, 3)] ?? 0;
};
const DAYS_IN_MONTH = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const validDay = (month: number, day: number) =>
  month >= 1 && month <= 12 && day >= 1 && day <= (DAYS_IN_MONTH[month] ?? 0);
const validYear = (year: string) => year.length === 2 || (Number(year) >= 1800 && Number(year) <= 2199);

const ORDINAL = '(?:st|nd|rd|th|\\.)?';
const DAY_RANGE = `(?:[ \\t]*[-–][ \\t]*\\d{1,2}${ORDINAL})?`;
// "2024-05-03T10:22:31Z": a timestamp is one date.
const ISO_TIME = '(?:T\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?(?:Z|[+-]\\d{2}:?\\d{2})?)?';
// The shapes below are sticky: each is tried where a run of digits (or a month name) starts, after a check in code
// of the character before it, instead of being searched for through the whole text.
const ISO_DATE = new RegExp(`(\\d{4})([-/.])(\\d{1,2})\\2(\\d{1,2})${ISO_TIME}(?![\\w]|[-/.:]\\d)`, 'y');
const NUMERIC_DATE = /(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?![\w]|[-/.:]\d)/y;
// Czech, Slovak and German write "8. 4. 2024".
const SPACED_DATE = /(\d{1,2})\.[ \t](\d{1,2})\.[ \t](\d{4})(?![\w]|[-/.:]\d)/y;
const MONTH_DAY_YEAR = new RegExp(
  `(${MONTH})[ \\t]+(\\d{1,2})(?:st|nd|rd|th)?${DAY_RANGE}(?![\\p{L}\\d])(?:,?[ \\t]+(\\d{4})\\b)?(?![-/]\\d)`,
  'uy',
);
const DAY_MONTH_YEAR = new RegExp(
  `(\\d{1,2})${ORDINAL}${DAY_RANGE}(?:[ \\t]+(?:day[ \\t]+)?of|[ \\t]+de)?[\\s-]+(${MONTH})(?:,?(?:[ \\t]+de)?[\\s-]+(\\d{4})\\b)?`,
  'uy',
);
const MONTH_YEAR = new RegExp(`(${FULL_MONTHS}|${SHORT_MONTHS}),?\\s+(\\d{4})\\b`, 'uy');
// "moved to the 21st": a day of the month on its own, when nothing after it says it is a rank ("the 21st century").
const ORDINAL_AFTER = /(st|nd|rd|th)\b(?=[ \t]*(?:[.,;:!?)]|$|\n|at\b|of\b))/y;
const THE_BEFORE = /(?:^|[^\p{L}])the[ \t]+$/iu;
// A year alone is a date only in a date context: "in 2019", "since 1998", "class of 2004", "2019–2021".
const YEAR_CUE_BEFORE =
  /(?:^|[^\p{L}])(in|since|from|until|till|by|during|before|after|between|through|around|circa|year|class of|graduated|founded|established|joined|born|born in|b\.|birth year|year of birth|seit|depuis|desde|dal|sinds|sedan|siden|od|em|jahr|geboren|né|née|nato|nata|nacido|nacida):?[ \t]+(?:(?:early|late|mid|spring|summer|autumn|fall|winter)[ \t]+(?:of[ \t]+)?)?$/iu;
const LINK_BEFORE = /(?:^|[^\p{L}])(?:to|and|until|till|through)[ \t]+$/iu;
const YEAR_END = /(?![\w%]|[.,:/]\d)/y;
const SECOND_YEAR = /[ \t]*[-–][ \t]*((?:18|19|20)?\d\d)(?![\w%]|[.,:/-]\d)/y;
/** Cues after which a year is a date whatever follows it ("class of 2004 reunion"). */
const STRONG_YEAR_CUES = new Set([
  'since',
  'class of',
  'graduated',
  'founded',
  'established',
  'born',
  'born in',
  'b.',
  'birth year',
  'year of birth',
  'seit',
  'depuis',
  'desde',
  'sinds',
  'geboren',
  'né',
  'née',
  'nato',
  'nata',
  'nacido',
  'nacida',
]);
// What may follow a year in a date context; a noun ("in 2000 calories") makes it a quantity.
const AFTER_YEAR =
  /^(?:[ \t]*(?:$|[\n.,;:!?)\]'"’”–-]|(?:and|or|to|until|till|through|when|while|after|before|where|as|at|in|on|for|with|the|a|an|we|i|he|she|they|it|our|my|his|her|their|but|so|because|onwards|already|ago|alone|\p{Lu}|\d)\b))/iu;
const WEEKDAY_BEFORE =
  /(?:^|[^\p{L}])((?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun|Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag|[Ll]undi|[Mm]ardi|[Mm]ercredi|[Jj]eudi|[Vv]endredi|[Ss]amedi|[Dd]imanche|[Ll]unes|[Mm]artes|[Mm]iércoles|[Jj]ueves|[Vv]iernes|[Ss]ábado|[Dd]omingo|[Ll]unedì|[Mm]artedì|[Mm]ercoledì|[Gg]iovedì|[Vv]enerdì|[Ss]abato|[Dd]omenica|[Mm]aandag|[Dd]insdag|[Ww]oensdag|[Dd]onderdag|[Vv]rijdag|[Zz]aterdag|[Zz]ondag)\.?,?[ \t]+(?:(?:the|den|le|el|il)[ \t]+)?)$/u;

const DOB_CUES =
  /\b(?:dob|d\.o\.b|date of birth|birth ?date|birthday|born|birth|birth year|year of birth|geboren|geb\.|geburtsdatum|geburtstag|née|né|nee|nata|nato|nacido|nacida|nascido|nascida|nascimento|nacimiento|naissance|nascita|geboortedatum|født|född|urodzony|urodzona|data urodzenia|fecha de nacimiento|date de naissance|data di nascita|data de nascimento)(?![a-z])|\(b\.|\bb\.(?=\s*$)/g;

/**
 * References a date- or time-shaped number may be ("version 2.10.13", "batch 20240115", "section 4.12"). Unlike the
 * identifiers' reference cues, travel and order words are left out: a flight, a booking or an invoice has a date.
 */
const DATE_REFERENCE_CUES =
  /\b(?:version|ver|build|release|sku|item|product|part|model|serial|s\/n|ref|reference|tracking|isbn|issn|ticket|case (?:no|number|id)|po|lot|batch|catalog|catalogue|article|page|pages|chapter|section|figure|table|doi|arxiv|patent|commit|sha|hash|checksum|uuid|guid|error|port|pid|isin|cusip|vin|imei|barcode|upc|ean|asin|product code|part number|room|gate|seat)\b/g;
/** One window for every cue a date or time reads, so the text before it is cut out once. */
const CUE_WINDOW = 40;
const referenceCue = (text: string, start: number): Cue | null =>
  findCue(text, start, start, DATE_REFERENCE_CUES, CUE_WINDOW, 0);

interface DateSpan {
  start: number;
  end: number;
  score: number;
  reason: string;
}

/** True when the character before `at` may precede a numeric date: not a letter, digit or one of `also`. */
function freeBefore(text: string, at: number, also: string): boolean {
  if (at === 0) return true;
  const c = text.charCodeAt(at - 1);
  if (c === 32 || c === 10 || c === 9 || c === 40 || c === 44) return true;
  const ch = text[at - 1] as string;
  return !/[\p{L}\p{N}_]/u.test(ch) && !also.includes(ch);
}
/** Letters a month's name may start with, in any of the languages read (a quick test before the look-up). */
const MONTH_INITIALS = new Set('jfmasondgplbecuJFMASONDGPLBECU');

function findDates(text: string): DateSpan[] {
  const spans: DateSpan[] = [];
  const tryAt = (shape: RegExp, at: number) => {
    shape.lastIndex = at;
    return shape.exec(text);
  };
  const runs = digitRunsOf(text);
  const years: number[] = [];
  for (let k = 0; k < runs.length; k += 2) {
    const at = runs[k] as number;
    const length = (runs[k + 1] as number) - at;
    const plain = freeBefore(text, at, '/.:-');
    if (length === 4 && plain) {
      const iso = tryAt(ISO_DATE, at);
      if (iso) {
        const [raw, year = '', separator = '', month = '', day = ''] = iso;
        if (validYear(year) && validDay(Number(month), Number(day))) {
          // "2024.1.3" reads like a version number; "2024.01.03" does not.
          const score = separator === '.' && (month.length === 1 || day.length === 1) ? 0.6 : 0.85;
          spans.push({ start: at, end: at + raw.length, score, reason: 'year-month-day' });
        }
      }
      if (/^(?:18|19|20)/.test(text.slice(at, at + 2))) years.push(at);
    }
    if (length > 2) continue;
    // The character after the digits says which shapes can follow ("3/4", "8. 4.", "3 May", "3rd"): a quick test
    // before each regex, since a dense text has tens of thousands of digit runs.
    const end = runs[k + 1] as number;
    const next = text.charCodeAt(end);
    const separator = next === 45 || next === 47 || next === 46;
    if (plain && separator) {
      const numeric = tryAt(NUMERIC_DATE, at);
      if (numeric) {
        const [raw, a = '', separator = '', b = '', year = ''] = numeric;
        const monthFirst = validDay(Number(a), Number(b));
        const dayFirst = validDay(Number(b), Number(a));
        if ((monthFirst || dayFirst) && validYear(year)) {
          // Two-digit years with dots read like version numbers (1.2.10): weaker.
          const score = year.length === 4 ? 0.85 : separator === '.' ? 0.4 : 0.65;
          spans.push({
            start: at,
            end: at + raw.length,
            score,
            reason: monthFirst ? 'month/day/year' : 'day/month/year',
          });
        }
      }
      const spaced = next === 46 ? tryAt(SPACED_DATE, at) : null;
      if (spaced) {
        const [raw, day = '', month = '', year = ''] = spaced;
        if (validDay(Number(month), Number(day)) && validYear(year))
          spans.push({ start: at, end: at + raw.length, score: 0.8, reason: 'day. month. year' });
      }
    }
    const ordinal = next === 115 || next === 110 || next === 114 || next === 116;
    if (
      (separator || ordinal || next === 32 || next === 9 || next === 10 || next === 0x2013) &&
      freeBefore(text, at, '.')
    ) {
      const written = tryAt(DAY_MONTH_YEAR, at);
      if (written) {
        const [raw, day = '', month = '', year] = written;
        // "3. Mai" keeps its dot; a full stop after the day with no month is a sentence end ("in March. 5 people").
        if (validDay(monthOf(month), Number(day)))
          spans.push({ start: at, end: at + raw.length, score: year ? 0.9 : 0.7, reason: 'written day and month' });
      }
    }
    if (ordinal && tryAt(ORDINAL_AFTER, end) && THE_BEFORE.test(text.slice(Math.max(0, at - 6), at))) {
      const day = Number(text.slice(at, end));
      if (day >= 1 && day <= 31)
        spans.push({ start: at, end: ORDINAL_AFTER.lastIndex, score: 0.55, reason: 'ordinal day' });
    }
  }
  // Month first ("May 3", "Jan 3, 2025", "March 2021"): the word before a day or a year is a month's name.
  for (let k = 0; k < runs.length; k += 2) {
    const length = (runs[k + 1] as number) - (runs[k] as number);
    if (length > 2 && length !== 4) continue;
    // A month's name ends in a letter or an abbreviation's dot, then a blank (and a comma before a year).
    const before = text.charCodeAt((runs[k] as number) - 1);
    if (before !== 32 && before !== 9) continue;
    const start = wordStartBefore(text, runs[k] as number, ',');
    if (start < 0 || wordEnd - start < 3 || wordEnd - start > 11 || !MONTH_INITIALS.has(text[start] as string))
      continue;
    if (monthOf(text.slice(start, wordEnd)) === 0 || (start > 0 && /\p{L}/u.test(text[start - 1] as string))) continue;
    const written = length <= 2 ? tryAt(MONTH_DAY_YEAR, start) : null;
    if (written) {
      const [raw, month = '', day = '', year] = written;
      if (validDay(monthOf(month), Number(day))) {
        // "May 5" may be the modal verb at the start of a question; mid-sentence the capital says it is the month.
        const modal = month === 'May' && isSentenceStart(text, start);
        const score = year ? 0.9 : modal ? 0.45 : month === month.toLowerCase() ? 0.6 : 0.7;
        spans.push({ start, end: start + raw.length, score, reason: 'written month and day' });
      }
    }
    const monthYear = length === 4 ? tryAt(MONTH_YEAR, start) : null;
    if (monthYear)
      spans.push({ start, end: start + monthYear[0].length, score: 0.6, reason: 'written month and year' });
  }
  for (const at of years) {
    YEAR_END.lastIndex = at + 4;
    const second = tryAt(SECOND_YEAR, at + 4);
    const end = second ? SECOND_YEAR.lastIndex : at + 4;
    if (!second && !YEAR_END.test(text)) continue;
    const secondYear = second?.[1];
    const fromYear = Number(text.slice(at, at + 4));
    const toYear = secondYear
      ? secondYear.length === 2
        ? Number(text.slice(at, at + 2) + secondYear)
        : Number(secondYear)
      : 0;
    const validRange = secondYear !== undefined && toYear > fromYear && toYear - fromYear <= 60;
    const before = text.slice(Math.max(0, at - 40), at);
    const cue = YEAR_CUE_BEFORE.exec(before);
    if (cue) {
      const word = (cue[1] as string).toLowerCase();
      const yearEnd = validRange ? end : at + 4;
      if (validRange || STRONG_YEAR_CUES.has(word) || AFTER_YEAR.test(text.slice(yearEnd, yearEnd + 12))) {
        spans.push({ start: at, end: yearEnd, score: validRange ? 0.75 : 0.6, reason: `year after "${word}"` });
        continue;
      }
    }
    if (validRange && fromYear >= 1900 && freeBefore(text, at, './:-')) {
      spans.push({ start: at, end, score: 0.55, reason: 'range of years' });
      continue;
    }
    // "from 2015 to 2019": a year after a date and a linking word is a date too.
    const link = LINK_BEFORE.exec(before);
    YEAR_END.lastIndex = at + 4;
    if (link && YEAR_END.test(text)) {
      const linkStart = at - link[0].length + (link[0].length - link[0].trimStart().length);
      const linked = spans.some((s) => s.end <= linkStart && /^[ \t]*$/.test(text.slice(s.end, linkStart)));
      if (linked) spans.push({ start: at, end: at + 4, score: 0.6, reason: 'year in a range' });
    }
  }
  return mergeRanges(text, withWeekdays(text, spans));
}

const isSentenceStart = (text: string, at: number) =>
  at === 0 || /(?:^|[.!?\n]\s*|\n)$/.test(text.slice(Math.max(0, at - 3), at));

/** A weekday written just before a date is part of it ("Tuesday, 14 May 2024", "mardi 4 juin"). */
function withWeekdays(text: string, spans: DateSpan[]): DateSpan[] {
  for (const span of spans) {
    const weekday = WEEKDAY_BEFORE.exec(text.slice(Math.max(0, span.start - 16), span.start));
    if (weekday) span.start -= (weekday[1] as string).length;
  }
  return spans;
}

/** Joins spans a dash links into one range ("Dec 22, 2024 – Jan 3, 2025", "22:00–06:00"). */
function mergeRanges<T extends { start: number; end: number; score: number; reason: string }>(
  text: string,
  spans: T[],
): T[] {
  if (spans.length < 2) return spans;
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: T[] = [];
  for (const span of sorted) {
    const previous = merged[merged.length - 1];
    if (previous && span.start <= previous.end) {
      if (span.end > previous.end && span.start === previous.start) merged[merged.length - 1] = span;
      else if (span.end <= previous.end) continue;
      else merged.push(span);
      continue;
    }
    if (previous && /^[ \t]*[-–—][ \t]*$/.test(text.slice(previous.end, span.start))) {
      merged.push({ ...span, start: previous.start, score: Math.max(previous.score, span.score), reason: 'range' });
      continue;
    }
    merged.push(span);
  }
  // Overlapping spans stay for the overlap resolution; a range adds its joined span beside its parts.
  return [...spans, ...merged.filter((s) => s.reason === 'range')];
}

/** True when another date stands between the birth cue before `span` and the span ("DOB 1/2/90, moving in 1 April"). */
function cueBelongsToEarlierDate(text: string, span: DateSpan, all: readonly DateSpan[]): boolean {
  const from = Math.max(0, span.start - 40);
  const window = text.slice(from, span.start).toLowerCase();
  let cueEnd = -1;
  DOB_CUES.lastIndex = 0;
  for (let m = DOB_CUES.exec(window); m; m = DOB_CUES.exec(window)) cueEnd = from + m.index + m[0].length;
  DOB_CUES.lastIndex = 0;
  return cueEnd >= 0 && all.some((other) => other.start >= cueEnd && other.end <= span.start);
}

export const dateRecogniser: Recogniser = {
  types: ['DATE', 'DATE_OF_BIRTH'],
  find(text, out) {
    const spans = findDates(text);
    for (const span of spans) {
      const evidence = [span.reason];
      let score = span.score;
      const against = referenceCue(text, span.start);
      if (against) {
        score -= 0.3 * against.weight;
        evidence.push(`reference context: "${against.words}"`);
      }
      out.push({ start: span.start, end: span.end, type: 'DATE', score, evidence });
      const cue = findCue(text, span.start, span.end, DOB_CUES, CUE_WINDOW, 0);
      if (cue && !cueBelongsToEarlierDate(text, span, spans)) {
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

// Times of day: "14:30", "2:30 pm", "7.30pm", "10h30", "18 Uhr", "9–11am".
const AM_PM = '(?:[ \\t]?(?:[AaPp]\\.[Mm]\\.|[AaPp][Mm]\\b))';
const CLOCK =
  /(?<![\w.,:/$€£¥#+])(?<!(?:^|[^\d\s])[-–])([01]?\d|2[0-3])([:.])([0-5]\d)(?::([0-5]\d))?((?:[ \t]?(?:[AaPp]\.[Mm]\.|[AaPp][Mm]\b))|[ \t]?Uhr\b|[ \t]?h\b)?(?![\d%]|[.,:]\d|[ \t]?(?:%|€|\$|£|EUR|USD|GBP|CHF|kg|km|mm|cm|ml|mg|m\b|g\b|kPa|°))/g;
const HOUR_AM_PM = new RegExp(
  `(?<![\\w.,:/$€£¥#+-])((?:1[0-2]|0?[1-9])(?:[:.][0-5]\\d)?[ \\t]?[-–][ \\t]?)?(1[0-2]|0?[1-9])${AM_PM}(?![\\p{L}\\d])`,
  'gu',
);
const FRENCH_HOUR = /(?<![\w.,:/-])([01]?\d|2[0-3])h([0-5]\d)?(?![\w]|[.,:]\d)/g;
const GERMAN_HOUR = /(?<![\w.,:/-])([01]?\d|2[0-3])[ \t]Uhr\b/g;
const TIME_CUES =
  /(?<![\p{L}])(?:at|@|um|à|a las|alle|om|by|from|until|till|til|before|after|around|about|starts?|ends?|opens?|closes?|leaves?|lands?|arrives?|departs?|meeting|call|lunch|dinner|breakfast|time|o'clock|between|kl\.?|klo|godz\.?)(?![\p{L}])/gu;

export const timeRecogniser: Recogniser = {
  types: ['TIME'],
  find(text, out) {
    const spans: DateSpan[] = [];
    for (const m of matchesNearDigits(text, CLOCK)) {
      const [raw, hour = '', separator = '', , seconds, suffix] = m;
      let score: number;
      let reason: string;
      if (suffix && /[AaPp]/.test(suffix)) {
        if (Number(hour) > 12 || Number(hour) === 0) continue;
        score = 0.9;
        reason = 'hh:mm am/pm';
      } else if (suffix?.trim() === 'Uhr' || suffix?.trim() === 'h') {
        score = 0.85;
        reason = 'hh:mm Uhr';
      } else if (separator === '.') {
        // "12.15" is a time only with a cue ("lunch at 12.15"); otherwise a decimal.
        score = 0.3;
        reason = 'hh.mm';
      } else {
        score = seconds ? 0.8 : hour.length === 2 ? 0.7 : 0.55;
        reason = seconds ? 'hh:mm:ss' : 'hh:mm';
      }
      // "John 3:16", "Psalm 23:4": a verse, not a time.
      if (!suffix && /\p{Lu}[\p{L}]+[ \t]$/u.test(text.slice(Math.max(0, m.index - 12), m.index)) && hour.length === 1)
        score -= 0.3;
      spans.push({ start: m.index, end: m.index + raw.length, score, reason });
    }
    for (const m of matchesNearDigits(text, HOUR_AM_PM)) {
      spans.push({ start: m.index, end: m.index + m[0].length, score: 0.85, reason: m[1] ? 'range am/pm' : 'h am/pm' });
    }
    for (const m of matchesNearDigits(text, FRENCH_HOUR)) {
      spans.push({ start: m.index, end: m.index + m[0].length, score: m[2] ? 0.8 : 0.4, reason: 'hhhmm' });
    }
    for (const m of matchesNearDigits(text, GERMAN_HOUR)) {
      spans.push({ start: m.index, end: m.index + m[0].length, score: 0.85, reason: 'hh Uhr' });
    }
    for (const span of mergeRanges(text, spans)) {
      const evidence = [span.reason];
      let score = span.score;
      if (score < 0.7) {
        const cue = findCue(text, span.start, span.end, TIME_CUES, CUE_WINDOW, 0);
        if (cue) {
          score = withCue(score, 0.8, cue);
          evidence.push(cueEvidence(cue));
        }
      }
      const against = referenceCue(text, span.start);
      if (against) {
        score -= 0.3 * against.weight;
        evidence.push(`reference context: "${against.words}"`);
      }
      out.push({ start: span.start, end: span.end, type: 'TIME', score, evidence });
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

export const dateRecognisers: readonly Recogniser[] = [dateRecogniser, timeRecogniser, ageRecogniser];
