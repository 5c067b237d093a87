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

const STREET_SUFFIXES = [
  'Street',
  'St',
  'Avenue',
  'Ave',
  'Av',
  'Road',
  'Rd',
  'Boulevard',
  'Blvd',
  'Lane',
  'Ln',
  'Drive',
  'Dr',
  'Court',
  'Ct',
  'Place',
  'Pl',
  'Way',
  'Terrace',
  'Ter',
  'Crescent',
  'Cres',
  'Close',
  'Square',
  'Sq',
  'Parkway',
  'Pkwy',
  'Highway',
  'Hwy',
  'Circle',
  'Cir',
  'Trail',
  'Trl',
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
  'Rte',
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
const STREET_WORD = "(?:[\\p{Lu}\\d][\\p{L}\\d'’.-]*)";
const STREET_CORE = new RegExp(
  `(?<![\\w-])\\d{1,6}[A-Za-z]?(?:[-/]\\d{1,6}[A-Za-z]?)?,?\\s+(?:(?:N|S|E|W|NE|NW|SE|SW|North|South|East|West)\\.?\\s+)?(?:(?:${STREET_WORD}\\s+){1,4}?(?:${STREET_SUFFIXES.join('|')})|Broadway)\\b\\.?(?:\\s+(?:N|S|E|W|NE|NW|SE|SW|North|South|East|West)\\b\\.?)?`,
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
const CITY = "\\p{Lu}[\\p{L}'’.-]+(?:\\s+\\p{Lu}[\\p{L}'’.-]+){0,3}";
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

/** Extends an address over a unit, city, state and postcode that follow it. */
function extend(text: string, end: number): [number, string[]] {
  const parts: string[] = [];
  UNIT.lastIndex = end;
  const unit = UNIT.exec(text);
  if (unit) {
    end += unit[0].length;
    parts.push('unit');
  }
  US_TAIL.lastIndex = end;
  const us = US_TAIL.exec(text);
  if (us && STATE_CODES.has(us[2] ?? ''))
    return [end + us[0].length, [...parts, us[3] ? 'city, state, ZIP' : 'city, state']];
  POSTCODE_TAIL.lastIndex = end;
  const post = POSTCODE_TAIL.exec(text);
  if (post) return [end + post[0].length, [...parts, 'postcode']];
  CITY_TAIL.lastIndex = end;
  const city = CITY_TAIL.exec(text);
  if (city) return [end + city[0].length, [...parts, 'city']];
  return [end, parts];
}

export const addressRecogniser: Recogniser = {
  types: ['STREET_ADDRESS'],
  find(text, out) {
    const add = (start: number, coreEnd: number, base: number, reason: string) => {
      const [end, parts] = extend(text, coreEnd);
      const evidence = [reason, ...parts];
      let score = base + (parts.length > 0 ? 0.1 : 0) + (parts.some((p) => p !== 'unit' && p !== 'city') ? 0.05 : 0);
      const cue = findCue(text, start, end, ADDRESS_CUES, 40, 0);
      if (cue) evidence.push(cueEvidence(cue));
      score = withCue(score, 0.97, cue);
      out.push({ start, end, type: 'STREET_ADDRESS', score: Math.min(0.97, score), evidence });
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
