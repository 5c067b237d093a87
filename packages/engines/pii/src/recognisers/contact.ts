// Phone numbers and street addresses.
import { cueEvidence, findCue, notPiiCue, withCue } from '../context.js';
import { STATE_CODES } from '../gazetteers.js';
import type { Recogniser } from '../types.js';

const PHONE_SHAPE =
  /(?<![\w+/.:,=-]|\d[ .-])(?:\+|00)?\(?\d[\d ().-]{5,22}\d(?![\w]|[.-]\d)(?:\s?(?:x|ext\.?|extension)\s?\d{1,5}\b)?/g;
const PHONE_CUES =
  /\b(?:phone|phones|tel|telephone|mobile|mob|cell|cellphone|call|calling|called|ring|fax|contact|reach|reachable|text|texting|sms|whatsapp|signal|telegram|hotline|helpline|dial|ph|landline|extension|ext|voicemail|direct line|switchboard|mobile no|phone no|cell no)\b/g;
const NANP = /^(?:\+?1[ .-]?)?(?:\(([2-9]\d\d)\)|([2-9]\d\d))[ .-]?[2-9]\d\d[ .-]?\d{4}$/;
const DATE_LIKE = /^(?:\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\d{1,2}[./-]\d{4})$/;
const IP_LIKE = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Score of a phone-shaped string before context, with the reason; null when it cannot be a phone number. */
function phoneShape(raw: string): [number, string] | null {
  const main = raw.replace(/\s?(?:x|ext\.?|extension)\s?\d{1,5}$/, '');
  const digits = main.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return null;
  if (/\s{2}|\.\s|\s\.|\.\.|--|-\s|\s-|\(\s|\s\)/.test(main)) return null;
  if (DATE_LIKE.test(main) || IP_LIKE.test(main)) return null;
  const open = main.split('(').length - 1;
  const close = main.split(')').length - 1;
  if (open !== close || open > 1 || (open === 1 && !/\(\d{1,5}\)/.test(main))) return null;
  const international = /^(?:\+|00)/.test(main);
  const groups = main
    .replace(/^(?:\+|00)/, '')
    .split(/[ ().-]+/)
    .filter(Boolean);
  if (groups.length > 6) return null;
  // A one-digit group is a country code, the NANP trunk prefix or (after a country code) a mobile or area prefix.
  if (
    groups.some((g, i) => g.length === 1 && !((i === 0 && (international || g === '1')) || (i === 1 && international)))
  ) {
    return null;
  }
  if (!international && groups.length === 2 && main.includes('.')) return null;
  const separated = groups.length > 1;
  if (NANP.test(main)) {
    if (!separated) return [0.35, 'ten digits, NANP ranges'];
    return [main.includes('(') ? 0.85 : 0.75, 'NANP format'];
  }
  if (international) {
    if (/^00/.test(main) && (/^000/.test(main) || !separated)) return null;
    return digits.length >= 8 ? [0.8, 'international format'] : null;
  }
  if (!separated) return [0.2, 'digits only'];
  if (/^0\d/.test(digits) && digits.length >= 9 && digits.length <= 11) return [0.65, 'national trunk prefix 0'];
  if (digits.length === 7 && groups.length === 2 && groups[0]?.length === 3) return [0.5, 'local 3-4 format'];
  return [0.45, 'grouped digits'];
}

const isGrouped = (raw: string) => /\d[ ().-]+\d/.test(raw) || raw.startsWith('+');

export const phoneRecogniser: Recogniser = {
  types: ['PHONE_NUMBER'],
  find(text, out) {
    for (const match of text.matchAll(PHONE_SHAPE)) {
      let raw = match[0];
      let start = match.index;
      // The shape may take an opening bracket of the prose ("(1-800-…)"): keep brackets balanced.
      if (raw.startsWith('(') && !/^\(\d{1,5}\)/.test(raw)) {
        raw = raw.slice(1);
        start++;
      }
      while (raw.endsWith(')') && raw.split('(').length < raw.split(')').length) raw = raw.slice(0, -1);
      const shape = phoneShape(raw);
      if (!shape) continue;
      const [base, reason] = shape;
      const end = start + raw.length;
      const evidence = [reason];
      const cue = findCue(text, start, end, PHONE_CUES);
      if (cue) evidence.push(cueEvidence(cue));
      // Digits alone are a phone number only by context, and a weaker one than an identifier's own cue.
      let score = withCue(base, isGrouped(raw) ? 0.97 : 0.8, cue);
      const against = notPiiCue(text, start);
      if (against && (!cue || against.weight > cue.weight)) {
        score -= 0.4 * against.weight;
        evidence.push(`reference context: "${against.words}"`);
      }
      out.push({ start, end, type: 'PHONE_NUMBER', score, evidence });
    }
  },
};

const STREET_TYPES = [
  'Street',
  'Avenue',
  'Road',
  'Boulevard',
  'Lane',
  'Drive',
  'Court',
  'Place',
  'Way',
  'Terrace',
  'Crescent',
  'Close',
  'Square',
  'Parkway',
  'Highway',
  'Circle',
  'Trail',
  'Row',
  'Mews',
  'Gardens',
  'Grove',
  'Walk',
  'Alley',
  'Plaza',
  'Loop',
  'Pike',
  'Expressway',
  'Freeway',
  'Route',
  'Hill',
  'Park',
  'Green',
  'Rise',
  'Vale',
  'View',
  'Wharf',
  'Quay',
  'Crossing',
  'Point',
  'Ridge',
  'Path',
  'Commons',
  'Estate',
  'Heights',
  'Turnpike',
  'Causeway',
  'Embankment',
  'Parade',
];
// Abbreviated street types: only these keep a following dot ("St.", "Ave."); after a whole word ("Street.") the dot
// ends the sentence.
const STREET_TYPE_ABBREVIATIONS = [
  'St',
  'Ave',
  'Av',
  'Rd',
  'Blvd',
  'Ln',
  'Dr',
  'Ct',
  'Pl',
  'Ter',
  'Cres',
  'Sq',
  'Pkwy',
  'Hwy',
  'Cir',
  'Trl',
  'Rte',
];
// A word of a street name: a short capitalised abbreviation with its dot ("St. Mary's", "Dr. Martin Luther King Jr."),
// or a word whose dots are inside it. A longer word's trailing dot ends a sentence ("I have 2 Dogs. Park Lane…").
const STREET_WORD = "(?:\\p{Lu}\\p{Ll}{0,2}\\.|[\\p{Lu}\\d](?:[\\p{L}\\d'’-]|\\.(?=[\\p{L}\\d]))*)";
const STREET_TYPE = `(?:(?:${STREET_TYPES.join('|')})\\b|(?:${STREET_TYPE_ABBREVIATIONS.join('|')})\\b\\.?|Broadway\\b)`;
// A compass point after the street: the one-letter abbreviations keep their dot ("Main St. N."), "NW" and "West" do not.
const POST_DIRECTION = '(?:\\s+(?:(?:N|S|E|W)\\b\\.?|(?:NE|NW|SE|SW|North|South|East|West)\\b))?';
const STREET_CORE = new RegExp(
  `(?<![\\w-])\\d{1,6}[A-Za-z]?(?:[-/]\\d{1,6}[A-Za-z]?)?,?\\s+(?:(?:N|S|E|W|NE|NW|SE|SW|North|South|East|West)\\.?\\s+)?(?:(?:${STREET_WORD}\\s+){1,4}?${STREET_TYPE}|Broadway\\b)${POST_DIRECTION}`,
  'gu',
);
// Anchored on the street word, then widened to the whole word: cheaper than trying every capital letter.
const EUROPEAN_STREET_END =
  /(?:straße|strasse|str\.|weg|gasse|platz|allee|ring|damm|ufer|steig|laan|straat|gracht|plein|vej|gatan|gata|veien)\s+\d{1,4}[a-z]?\b/g;
const WORD_BEFORE = /\p{Lu}[\p{L}-]*$/u;
const ROMANCE_KEYWORD =
  /(?:[Rr]ue|[Aa]venue|[Bb]oulevard|[Bb]d|[Pp]lace|[Cc]hemin|[Aa]llée|[Ii]mpasse|[Qq]uai|[Cc]alle|[Aa]venida|[Aa]vda\.|[Pp]aseo|[Pp]laza|[Cc]arrer|[Vv]ia|[Vv]iale|[Pp]iazza|[Cc]orso|[Rr]ua|[Tt]ravessa|[Ll]argo)\s+/g;
const LETTER = /\p{L}/u;
const ROMANCE_NUMBER_BEFORE = /\d{1,4}(?:\s?bis|\s?ter)?,?\s+$/;
const ROMANCE_NAME =
  /(?:(?:de|du|des|la|le|les|del|los|las|della|dei|di|da|do|dos|das|l'|d')\s*)*\p{Lu}[\p{L}'’-]*(?:\s+(?:de|del|di|da|do)?\s*\p{Lu}[\p{L}'’-]*){0,3}(?:,?\s+(?:n[°º.]\s*)?(\d{1,4}[a-z]?)\b)?/uy;
const PO_BOX = /\b(?:P\.?\s?O\.?\s*Box|Post Office Box|PO Box)\s+\d{1,6}\b/gi;

const UNIT =
  /,?\s*(?:Apt|Apartment|Suite|Ste|Unit|Flat|Fl|Floor|Room|Rm|Bldg|Building|#)\.?\s*#?\s*[A-Za-z0-9-]{1,6}\b/uy;
// A place name of one to four capitalised words on one line. A dot belongs to it only inside a word ("D.C") or after
// a saint's or mount's abbreviation that a word follows ("St. Louis", "Ft. Worth"): any other dot ends the sentence, and
// the capitalised word after it ("London. Best, Anna") starts the next one. A line break ends it too (a signature).
const CITY_WORD = "(?:(?:St|Ste|Ft|Mt|Pt)\\.(?=[ \\t]+\\p{Lu})|\\p{Lu}(?:[\\p{L}'’-]|\\.(?=\\p{L}))+)";
const CITY = `${CITY_WORD}(?:[ \\t]+${CITY_WORD}){0,3}`;
const US_TAIL = new RegExp(`,?\\s+(${CITY}),?\\s+([A-Z]{2})(?:,?\\s+(\\d{5}(?:-\\d{4})?))?\\b`, 'uy');
const UK_POSTCODE = '[A-Z]{1,2}\\d[A-Z\\d]?\\s*\\d[A-Z]{2}';
const CA_POSTCODE = '[A-Z]\\d[A-Z]\\s?\\d[A-Z]\\d';
const POSTCODE_TAIL = new RegExp(
  `,?\\s+(?:(${CITY}),?\\s+)?(?:${UK_POSTCODE}|${CA_POSTCODE}|\\d{4,5}\\s+${CITY}|\\d{5}(?:-\\d{4})?)\\b`,
  'uy',
);
const CITY_TAIL = new RegExp(
  `,\\s+(${CITY})(?:,\\s+(${CITY}))?(?=\\s*(?:[.;!?)\\n]|$|,\\s|\\s(?:and|or|but)\\s))`,
  'uy',
);
const ADDRESS_CUES =
  /\b(?:address|addresses|addr|live at|lives at|living at|located at|ship to|shipping|deliver to|delivery|mail to|mailing|residence|resides at|reside at|home|office|billing|postal|visit us at|moved to|at)\b/g;

/**
 * Extends an address over a unit, city, state and postcode that follow it: the end of the street line (with its
 * unit), the end of the whole address and what was added.
 */
function extend(text: string, end: number): { lineEnd: number; end: number; parts: string[] } {
  const parts: string[] = [];
  UNIT.lastIndex = end;
  const unit = UNIT.exec(text);
  if (unit) {
    end += unit[0].length;
    parts.push('unit');
  }
  const lineEnd = end;
  US_TAIL.lastIndex = end;
  const us = US_TAIL.exec(text);
  if (us && STATE_CODES.has(us[2] ?? ''))
    return { lineEnd, end: end + us[0].length, parts: [...parts, us[3] ? 'city, state, ZIP' : 'city, state'] };
  POSTCODE_TAIL.lastIndex = end;
  const post = POSTCODE_TAIL.exec(text);
  if (post) return { lineEnd, end: end + post[0].length, parts: [...parts, 'postcode'] };
  CITY_TAIL.lastIndex = end;
  const city = CITY_TAIL.exec(text);
  if (city) return { lineEnd, end: end + city[0].length, parts: [...parts, 'city'] };
  return { lineEnd, end, parts };
}

export const addressRecogniser: Recogniser = {
  types: ['STREET_ADDRESS'],
  find(text, out) {
    const push = (start: number, end: number, score: number, evidence: string[]) => {
      const cue = findCue(text, start, end, ADDRESS_CUES, 40, 0);
      if (cue) evidence.push(cueEvidence(cue));
      out.push({ start, end, type: 'STREET_ADDRESS', score: Math.min(0.97, withCue(score, 0.97, cue)), evidence });
    };
    const add = (start: number, coreEnd: number, base: number, reason: string) => {
      const { lineEnd, end, parts } = extend(text, coreEnd);
      const score = base + (parts.length > 0 ? 0.1 : 0) + (parts.some((p) => p !== 'unit' && p !== 'city') ? 0.05 : 0);
      push(start, end, score, [reason, ...parts]);
      // The street line alone as well: when the city or postcode overlaps a better finding (a name after it), the
      // whole address loses, and this shorter candidate still masks the street. Inside a winning address it drops out.
      if (lineEnd < end) {
        const unit = lineEnd > coreEnd;
        push(start, lineEnd, base + (unit ? 0.1 : 0), unit ? [reason, 'unit'] : [reason]);
      }
    };
    for (const match of text.matchAll(STREET_CORE))
      add(match.index, match.index + match[0].length, 0.75, 'number + street type');
    for (const match of text.matchAll(EUROPEAN_STREET_END)) {
      const word = WORD_BEFORE.exec(text.slice(Math.max(0, match.index - 40), match.index));
      if (!word) continue;
      const start = match.index - word[0].length;
      add(start, match.index + match[0].length, 0.75, 'street + number');
    }
    for (const match of text.matchAll(ROMANCE_KEYWORD)) {
      if (match.index > 0 && LETTER.test(text[match.index - 1] as string)) continue;
      const number = ROMANCE_NUMBER_BEFORE.exec(text.slice(Math.max(0, match.index - 12), match.index));
      ROMANCE_NAME.lastIndex = match.index + match[0].length;
      const name = ROMANCE_NAME.exec(text);
      if (!name || (!number && !name[1])) continue;
      const start = number ? match.index - number[0].length : match.index;
      add(start, ROMANCE_NAME.lastIndex, 0.75, 'street type + name + number');
    }
    for (const match of text.matchAll(PO_BOX)) add(match.index, match.index + match[0].length, 0.8, 'PO box');
  },
};

export const contactRecognisers: readonly Recogniser[] = [phoneRecogniser, addressRecogniser];
