// Street addresses in the layouts of many countries (the UPU's addressing conventions: number before or after the
// street, postcode before or after the locality, unit and floor marks, several lines) and postal codes on their own.
import { cueEvidence, digitRunsOf, findCue, matchesNearDigits, withCue, wordEnd, wordStartBefore } from '../context.js';
import { phraseClass, STATE_CODES, wordClass } from '../gazetteers.js';
import type { Candidate, Recogniser } from '../types.js';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** lower, Capitalised and UPPER forms of each word, for regexes that must not ignore case everywhere. */
const cased = (words: readonly string[]) =>
  [...new Set(words.flatMap((w) => [w, (w[0] as string).toUpperCase() + w.slice(1), w.toUpperCase()]))].map(
    escapeRegex,
  );

// --- Pieces -----------------------------------------------------------------------------------------------------

/** A house number: 12, 12a, 231A, 27-2, 84/92, 47/2/14, "5 bis", or with staircase and door ("14 B 22"). */
const HOUSE_NUMBER =
  '\\d{1,5}[A-Za-z]?(?:[-/]\\d{1,4}[A-Za-z]?){0,3}(?:[ \\t]?(?:bis|ter)\\b|[ \\t][A-Z](?:[ \\t]?\\d{1,3})?(?![\\p{L}\\d]))?';
const NUMBER_PREFIX = '(?:(?:No|Nr|Nº|nº|n°|n)[.:º°]?[ \\t]*)?';
const NUMBER_END = '(?![\\p{L}\\d%°]|[.,:]\\d)';

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
  'Mall',
];
// Written in lower case too ("48 Willow street"); the others read as ordinary words in lower case ("2 Hard drive").
const LOWER_STREET_TYPES = ['street', 'avenue', 'road', 'lane', 'boulevard', 'crescent', 'terrace', 'mews', 'square'];
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
const STREET_TYPE = `(?:(?:${[...STREET_TYPES, ...LOWER_STREET_TYPES].join('|')})\\b|(?:${STREET_TYPE_ABBREVIATIONS.join('|')})\\b\\.?|Broadway\\b)`;
// A compass point after the street: the one-letter abbreviations keep their dot ("Main St. N."), "NW" and "West" do
// not; Dublin's "Upper" and Montréal's "Ouest" go there too. Singapore numbers some avenues ("Avenue 3,").
const POST_DIRECTION =
  '(?:\\s+(?:(?:N|S|E|W)\\b\\.?|(?:NE|NW|SE|SW|North|South|East|West|Upper|Lower|Ouest|Est|Nord|Sud)\\b))?(?:[ \\t]\\d{1,3}(?=,))?';
const STREET_CORE = new RegExp(
  `(?<![\\w-])\\d{1,6}[A-Za-z]?(?:[-/]\\d{1,6}[A-Za-z]?)?,?\\s+(?:(?:N|S|E|W|NE|NW|SE|SW|North|South|East|West)\\.?\\s+)?(?:(?:${STREET_WORD}\\s+){1,4}?${STREET_TYPE}|Broadway\\b)${POST_DIRECTION}`,
  'gu',
);
/** A street named by a type word alone, for addresses with a house name instead of a number ("Church Lane"). */
const TYPE_ONLY_STREET = new RegExp(
  `^(?:\\p{Lu}[\\p{L}'’-]*[ \\t]+){1,3}(?:${STREET_TYPES.join('|')}|${LOWER_STREET_TYPES.join('|')})$`,
  'u',
);

// Germanic, Nordic, Dutch, Finnish, Slavic, Hungarian and Turkish streets end in a type, then the number.
const COMPOUND_TYPES = [
  'straße',
  'strasse',
  'str.',
  'weg',
  'gasse',
  'platz',
  'allee',
  'ring',
  'damm',
  'ufer',
  'steig',
  'chaussee',
  'pfad',
  'markt',
  'zeile',
  'laan',
  'straat',
  'gracht',
  'plein',
  'kade',
  'singel',
  'dijk',
  'steeg',
  'vejen',
  'vej',
  'gaden',
  'gade',
  'stræde',
  'allé',
  'gatan',
  'gata',
  'gränd',
  'vägen',
  'väg',
  'veien',
  'vei',
  'vegen',
  'gaten',
  'gate',
  'katu',
  'tie',
  'kuja',
  'polku',
  'tori',
  'utca',
];
/** Types written as a word of their own after the name ("Mariahilfer Straße", "Karl Johans gate", "İstiklal Caddesi"). */
const SEPARATE_TYPES: ReadonlySet<string> = new Set([
  'Straße',
  'Strasse',
  'STRASSE',
  'STRAßE',
  'Str.',
  'Weg',
  'Gasse',
  'Platz',
  'Allee',
  'Ring',
  'Damm',
  'Ufer',
  'Chaussee',
  'Markt',
  'Steig',
  'Laan',
  'Straat',
  'Plein',
  'Kade',
  'gate',
  'gata',
  'gatan',
  'vei',
  'veien',
  'vej',
  'gade',
  'tie',
  'katu',
  'väg',
  'vägen',
  'náměstí',
  'nám.',
  'ulice',
  'třída',
  'út',
  'utca',
  'Caddesi',
  'Cad.',
  'Sokak',
  'Sokağı',
  'Sok.',
  'Bulvarı',
]);
const SEPARATE_ONLY = [...SEPARATE_TYPES].filter(
  (t) => !COMPOUND_TYPES.includes(t.toLowerCase()) || t !== t.toLowerCase(),
);
/** The type word and house number, tried where the word before a number ends in a street type. */
const TYPE_THEN_NUMBER = new RegExp(
  `(${[...new Set([...COMPOUND_TYPES, ...SEPARATE_ONLY])].map(escapeRegex).join('|')})[ \\t]+${NUMBER_PREFIX}${HOUSE_NUMBER}${NUMBER_END}`,
  'iuy',
);
/** The street types a word may end in, by their last letter (a quick test for the word before each number). */
const TYPE_ENDINGS = new Map<string, string[]>();
for (const type of new Set([...COMPOUND_TYPES, ...SEPARATE_ONLY].map((t) => t.toLowerCase()))) {
  const last = type[type.length - 1] as string;
  TYPE_ENDINGS.set(
    last,
    [...(TYPE_ENDINGS.get(last) ?? []), type].sort((a, b) => b.length - a.length),
  );
}
const NUMBER_PREFIX_WORD = /^(?:No|Nr|Nº|nº|n°|n)[.:º°]?$/;

/** Where a type word ("…straße", "gate", "Caddesi") that the number at `digit` follows starts, or -1. */
function typeBeforeNumber(text: string, digit: number): number {
  let start = wordStartBefore(text, digit);
  if (start < 0 || wordEnd === digit) return -1;
  let end = wordEnd;
  if (end - start <= 3 && NUMBER_PREFIX_WORD.test(text.slice(start, end))) {
    start = wordStartBefore(text, start);
    end = wordEnd;
    if (start < 0) return -1;
  }
  const candidates = TYPE_ENDINGS.get((text[end - 1] as string).toLowerCase());
  if (!candidates || end - start < 2) return -1;
  const lower = text.slice(start, end).toLowerCase();
  for (const type of candidates) if (lower.endsWith(type)) return end - type.length;
  return -1;
}

const WORD_CHAR = /[\p{L}\p{M}'’-]/u;
/** Capitalised words (with lower-case particles between) just before a separate type word, on the same line. */
const NAME_BEFORE_TYPE =
  /((?:\p{Lu}[\p{L}\p{M}'’.-]*|van|von|de|der|den|la|le|di|del)(?:[ \t]+(?:\p{Lu}[\p{L}\p{M}'’.-]*|van|von|de|der|den|la|le|di|del)){0,2})[ \t]+$/u;
/** Words before a compound street name that belong to it ("Am Mühlbach", "Van Baerlestraat", "Lange Voorhout"). */
const NAME_PREFIX_WORDS =
  /(?:^|[^\p{L}])((?:(?:Van|Von|Am|An|Auf|Im|In|Alte|Alter|Alten|Große|Großer|Kleine|Kleiner|Neue|Neuer|Obere|Untere|Hohe|Lange|Korte|Nieuwe|Oude|Sankt|St\.|Sint|Den|De|Der|Bad)[ \t]+)+)$/u;

// Romance and Slavic streets start with the type: "rue de Rivoli", "Via dei Mille 24", "ul. Marszałkowska 84/92".
const PREFIX_TYPES = [
  'rue',
  'avenue',
  'boulevard',
  'bd',
  'place',
  'chemin',
  'allée',
  'impasse',
  'quai',
  'cours',
  'calle',
  'avenida',
  'avda.',
  'av.',
  'paseo',
  'plaza',
  'carrer',
  'passeig',
  'via',
  'viale',
  'piazza',
  'piazzale',
  'corso',
  'largo',
  'vicolo',
  'strada',
  'rua',
  'travessa',
  'praça',
  'alameda',
  'estrada',
  'rodovia',
  'rambla',
  'ronda',
  'camino',
  'ulica',
  'ul.',
  'aleja',
  'al.',
  'plac',
  'pl.',
  'osiedle',
  'os.',
];
/** Prefix types that are also ordinary English words: in lower case they need a postcode or an address cue. */
const ENGLISH_PREFIX_TYPES = new Set(['via', 'place', 'avenue', 'boulevard', 'plaza', 'largo', 'corso', 'cours']);
const PREFIX_TYPE = new RegExp(`(?:${cased(PREFIX_TYPES).join('|')}|C/)(?=[ \\t])[ \\t]*`, 'uy');
const NUMBER_BEFORE_PREFIX = /\d{1,4}(?:[ \t]?bis|[ \t]?ter)?,?[ \t]+$/;
const PARTICLES = cased([
  'de',
  'du',
  'des',
  'la',
  'le',
  'les',
  'del',
  'los',
  'las',
  'della',
  'delle',
  'dello',
  'dei',
  'degli',
  'di',
  'da',
  'do',
  'dos',
  'das',
  'e',
  'y',
  'van',
  'von',
]);
const PARTICLE = `(?:(?:${PARTICLES.join('|')})[ \\t]+|[lLdD]['’])`;
const NAME_WORD = "(?:\\p{Lu}[\\p{L}\\p{M}'’-]*|\\d{1,2}(?:st|nd|rd|th|º|ª)?(?=[ \\t]+\\p{Lu}))";
const PREFIX_NAME = `${PARTICLE}*${NAME_WORD}(?:[ \\t]+${PARTICLE}*${NAME_WORD}){0,4}`;
const PREFIX_NAME_ONLY = new RegExp(PREFIX_NAME, 'uy');
const PREFIX_NAME_NUMBER = new RegExp(`${PREFIX_NAME},?[ \\t]+${NUMBER_PREFIX}(${HOUSE_NUMBER})${NUMBER_END}`, 'uy');

// Colombia numbers streets and the cross street: "Calle 72 # 10-34", "Carrera 7 No. 71-21".
const COLOMBIAN_STREET =
  /(?:Calle|Carrera|Cra\.?|Cr\.?|Cl\.?|Avenida|Av\.?|Diagonal|Dg\.?|Transversal|Tv\.?)[ \t]+\d{1,3}[A-Z]?(?:[ \t]?[Bb]is)?[ \t]*(?:#|No\.?|N[°º])[ \t]*\d{1,3}[A-Z]?[ \t]*-[ \t]*\d{1,3}\b/y;
const PO_BOX =
  /(?:P\.?[ \t]?O\.?[ \t]*Box|Post Office Box|PO Box|Postfach|Postbus|Apartado de Correos|Apartado|Apdo\.|Caixa Postal|Casella [Pp]ostale|Boîte [Pp]ostale)[ \t]+\d(?:[\d]|[ \t]\d\d){0,7}\b/y;
/** "BP 4512" is a French PO box only when a locality follows (BP is also blood pressure). */
const WEAK_PO_BOX = /(?:BP|B\.P\.|CP|Box)[ \t]+\d{1,6}\b/y;
const MILITARY = /(?:PSC|CMR|Unit|UNIT)[ \t]+\d{1,6},?[ \t]+Box[ \t]+\d{1,6}\b/y;
const SHIP =
  /(?:USS|USNS|USCGC)[ \t]+\p{Lu}[\p{L}.'’-]+(?:[ \t]+\p{Lu}[\p{L}.'’-]+){0,3}(?:[ \t]+\([A-Z]{1,4}[- ]?\d{1,4}\))?/uy;
const APO = /(?:APO|FPO|DPO)[ \t]+(?:AA|AE|AP)[ \t]+\d{5}(?:-\d{4})?\b/y;

// A flat, suite or unit line. Capitalised "Apt"/"Suite"/"Flat" are addresses on their own; "Unit", "Studio" and lower
// case forms ("a flat 20 dollars") need an address cue.
const UNIT_ALONE =
  /(Apt|APT|Apartment|APARTMENT|Appt|Apto|Suite|SUITE|Ste|Flat|FLAT|Penthouse|Wohnung|Whg|Appartement|Unit|UNIT|Studio|apt|apartment|apto|suite|flat|unit|appartement|wohnung)\.?[ \t]*(?:#|No\.?|Nr\.?)?[ \t]*(\d{1,5}[A-Za-z]?|[A-Za-z]\d{0,4}|\d{1,3}-\d{1,3})(?![\p{L}\d%]|[.,]\d)/uy;
/** Every word an address shape starts with, found in one pass; the shapes are then tried where one stands. */
const ADDRESS_KEYWORD = new RegExp(
  `\\b(?:${[
    ...PREFIX_TYPES.map(escapeRegex),
    'c/',
    'apt',
    'apartment',
    'appt',
    'apto',
    'suite',
    'ste',
    'flat',
    'penthouse',
    'wohnung',
    'whg',
    'appartement',
    'unit',
    'studio',
    'p\\.?[ \\t]?o\\.?[ \\t]*box',
    'post office box',
    'postfach',
    'postbus',
    'apartado',
    'apdo\\.',
    'caixa postal',
    'casella postale',
    'boîte postale',
    'bp',
    'b\\.p\\.',
    'cp',
    'box',
    'psc',
    'cmr',
    'uss',
    'usns',
    'uscgc',
    'carrera',
    'cra',
    'cr',
    'cl',
    'diagonal',
    'dg',
    'transversal',
    'tv',
  ].join('|')})(?![A-Za-z\\u00c0-\\u024f])`,
  'gi',
);
const STRONG_UNITS = new Set([
  'Apt',
  'APT',
  'Apartment',
  'APARTMENT',
  'Appt',
  'Apto',
  'Suite',
  'SUITE',
  'Ste',
  'Flat',
  'FLAT',
  'Penthouse',
  'Wohnung',
  'Whg',
  'Appartement',
]);
const UNIT_KEYWORDS = [
  'Apt',
  'APT',
  'Apartment',
  'apartment',
  'Apto',
  'apto',
  'apt',
  'Appt',
  'Suite',
  'SUITE',
  'Ste',
  'Unit',
  'UNIT',
  'Flat',
  'FLAT',
  'Fl',
  'Floor',
  'Room',
  'Rm',
  'Bldg',
  'Building',
  'Block',
  'Blk',
  'Whg',
  'Wohnung',
  'Top',
  'Stiege',
  'Tür',
  'piso',
  'Piso',
  'planta',
  'Planta',
  'puerta',
  'Puerta',
  'pta',
  'esc',
  'Esc',
  'étage',
  'Étage',
  'bât',
  'Bât',
  'Bâtiment',
  'escalier',
  'Escalier',
  'interno',
  'int',
  'scala',
  'lok',
  'Lok',
  'Haus',
  'Tower',
  'Torre',
  'of',
  'Of',
  'oficina',
  'Oficina',
  'depto',
  'Depto',
  'dpto',
  'Dpto',
];
const UNIT_PART_BODY =
  `(?:(?:${UNIT_KEYWORDS.join('|')})\\.?[ \\t]*(?:#|No\\.?|Nr\\.?)?[ \\t]*[A-Za-z0-9][A-Za-z0-9-]{0,5}` +
  `|\\d{1,2}\\.?[ \\t]?[ºª°](?:[ \\t]?(?:[A-Z]|izda|izq|izqda|dcha|der|drcha|esq|Esq|dto|Dto|frente|centro)\\.?)?` +
  '|\\d{1,2}\\.[ \\t]?(?:OG|EG|DG|UG|Stock|Etage|tv|th|mf|sal)\\.?' +
  '|m\\.[ \\t]?\\d{1,4}' +
  '|#\\d{1,3}-\\d{1,4}' +
  '|#[ \\t]?\\d{1,5}[A-Za-z]?)(?![\\p{L}\\d])';
const SEP = '(?:[ \\t]*,[ \\t]*(?:\\n[ \\t]*)?|[ \\t]*\\n[ \\t]*|[ \\t]+[-–][ \\t]+|[ \\t]+)';
const UNIT_PART = new RegExp(`${SEP}${UNIT_PART_BODY}`, 'uy');
/** A unit line just before a street line ("Apt. 12C\n350 Fifth Avenue", "Flat 2, 18 Marlborough Road"). */
const UNIT_BEFORE = new RegExp(`(?:^|[^\\p{L}\\d])(${UNIT_PART_BODY})(?:[ \\t]*,[ \\t]*|[ \\t]*\\n[ \\t]*)$`, 'u');
const SEP_Y = new RegExp(SEP, 'y');

/** A unit word whose number starts the street match ("Flat 2, 18 Marlborough Road" read from the "2"). */
const UNIT_WORD_BEFORE = new RegExp(
  `(?:^|[^\\p{L}])((?:${UNIT_KEYWORDS.join('|')})\\.?[ \\t]*(?:#|No\\.?|Nr\\.?)?[ \\t]*)$`,
  'u',
);

/** The start of a unit line just before a street line, or `start` when there is none. */
function unitBefore(text: string, start: number): number {
  const word = UNIT_WORD_BEFORE.exec(text.slice(Math.max(0, start - 16), start));
  if (word) return start - (word[1] as string).length;
  const from = Math.max(0, start - 40);
  const m = UNIT_BEFORE.exec(text.slice(from, start));
  if (!m) return start;
  return from + m.index + (m[0].startsWith(m[1] as string) ? 0 : 1);
}

// Localities: a postcode with its town, in either order.
const CITY_WORD =
  "(?:(?:St|Ste|Ft|Mt|Pt)\\.(?=[ \\t]+\\p{Lu})|\\p{Lu}(?:[\\p{L}\\p{M}'’-]|\\.(?=\\p{L}))*(?:/\\p{Lu}[\\p{L}\\p{M}'’-]*)?)";
const CITY_PARTICLE =
  '(?:de|del|do|da|di|am|an|der|im|sur|sous|la|le|les|en|upon|on|y|i|bei|ob|De|Del|Do|Da|Di|La|Le|Les)';
const CITY = `${CITY_WORD}(?:[ \\t]+(?:${CITY_PARTICLE}[ \\t]+)?${CITY_WORD}){0,3}`;
const UK_POSTCODE = '(?:[A-PR-UWYZ][A-HK-Y]?\\d[A-Z\\d]?|GIR)[ \\t]?\\d[ABD-HJLNP-UW-Z]{2}';
// After a street and a town any two letters end a UK postcode; on its own it must have a real one's letters.
const UK_POSTCODE_TAIL = '[A-Z]{1,2}\\d[A-Z\\d]?[ \\t]?\\d[A-Z]{2}';
const CA_POSTCODE = '[ABCEGHJ-NPRSTVXY]\\d[ABCEGHJ-NPRSTV-Z][ \\t]?\\d[ABCEGHJ-NPRSTV-Z]\\d';
const IE_EIRCODE = '(?:[AC-FHKNPRTV-Y]\\d{2}|D6W)[ \\t]?[0-9AC-FHKNPRTV-Y]{4}';
const POSTCODE_FIRST =
  /(?:\d{5}-\d{3}|\d{4}-\d{3}|\d{2}-\d{3}|\d{3}[ \t]\d{2}|[A-HJ-NP-Z]\d{4}[A-Z]{3}|[1-9]\d{3}[ \t]?(?!SA|SD|SS)[A-Z]{2}(?![\p{L}\d])|\d{4,6})(?![\p{L}\d]|[-/.,:]\d)/uy;
const AU_STATES = new Set(['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'NT', 'ACT']);
const REGION_CODE = '[A-Z]{2,3}';
const POSTCODE_LAST = new RegExp(
  `(${CITY})(?:[ \\t]+\\d{1,2}|[ \\t]+[-–][ \\t]+[A-Z]{2})?(?:,?[ \\t]+|,?[ \\t]*\\n[ \\t]*)(?:(${REGION_CODE}),?[ \\t]+)?(${UK_POSTCODE_TAIL}|${CA_POSTCODE}|${IE_EIRCODE}|\\d{5}-\\d{3}|\\d{5}(?:-\\d{4})?|\\d{6}|\\d{3}-\\d{4}|\\d{4})(?![\\p{L}\\d]|[-/.,:]\\d)`,
  'uy',
);
const CITY_BEFORE_CODE = new RegExp(
  `(?:^|[\\s,:;(])(${CITY}(?:[ \\t]+\\d{1,2})?(?:,?[ \\t]+|,?[ \\t]*\\n[ \\t]*)(?:${REGION_CODE},?[ \\t]+)?)$`,
  'u',
);
const REGION_AFTER = /(?:[ \t]+[A-Z]{2}(?![\p{L}\d])|[ \t]+[-–][ \t]+[A-Z]{2}(?![\p{L}\d])|,[ \t]*CDMX\b)/uy;
const CITY_WORD_Y = new RegExp(CITY_WORD, 'uy');
const CITY_PARTICLE_Y = new RegExp(`${CITY_PARTICLE}[ \\t]+`, 'y');
const CITY_SUFFIX = /[ \t]+(?:(?:CEDEX|Cedex)(?:[ \t]+\d{1,2})?|[A-Z](?![\p{L}\d])|\d{1,2}(?![\p{L}\d]|[.,:/]\d))/uy;
const DISTRICT = new RegExp(
  `(?:(?:Col\\.|Colonia|Bairro|Barrio|Quartier)[ \\t]+)?${CITY_WORD}(?:[ \\t]+(?:${CITY_PARTICLE}[ \\t]+)?${CITY_WORD}){0,2}`,
  'uy',
);

// The existing English tails: "City, ST 12345", "City POSTCODE", ", City".
const US_TAIL = new RegExp(`,?\\s+(${CITY}),?\\s+([A-Z]{2})(?:,?\\s+(\\d{5}(?:-\\d{4})?))?\\b`, 'uy');
const POSTCODE_TAIL = new RegExp(
  `,?\\s+(?:(${CITY}),?\\s+)?(?:${UK_POSTCODE_TAIL}|${CA_POSTCODE}|\\d{4,5}\\s+${CITY}|\\d{5}(?:-\\d{4})?)\\b`,
  'uy',
);
const CITY_TAIL = new RegExp(
  `,\\s+(${CITY})(?:,\\s+(${CITY}))?(?=\\s*(?:[.;!?)\\n]|$|,\\s|\\s(?:and|or|but)\\s))`,
  'uy',
);
const ADDRESS_CUES =
  /\b(?:address|addresses|addr|adresse|adres|adresa|indirizzo|dirección|direccion|endereço|morada|osoite|lieferadresse|live at|lives at|living at|located at|ship to|shipping|deliver to|delivery|mail to|mailing|residence|resides at|reside at|home|office|billing|postal|visit us at|moved to|at|(?:i'?m|i’m|i am|we'?re|we are|live|lives|living|staying|stay)\s+in|line 2)\b/g;

// --- Localities -------------------------------------------------------------------------------------------------

interface Locality {
  end: number;
  kind: 'postcode' | 'city';
}

/** A town after a postcode on the same line ("10115 Berlin", "75024 Paris Cedex 01", "06600 Ciudad de México"). */
function cityAfter(text: string, pos: number): { end: number; known: boolean; common: boolean } | null {
  let i = pos;
  while (text[i] === ' ' || text[i] === '\t') i++;
  if (i === pos) return null;
  const start = i;
  const ends: number[] = [];
  let first = '';
  for (let n = 0; n < 4; n++) {
    let j = i;
    if (n > 0) {
      while (text[j] === ' ' || text[j] === '\t') j++;
      if (j === i) break;
      CITY_PARTICLE_Y.lastIndex = j;
      if (CITY_PARTICLE_Y.test(text)) j = CITY_PARTICLE_Y.lastIndex;
    }
    CITY_WORD_Y.lastIndex = j;
    const word = CITY_WORD_Y.exec(text);
    if (!word) break;
    if (n === 0) first = word[0];
    i = j + word[0].length;
    ends.push(i);
  }
  if (ends.length === 0) return null;
  let end = ends[0] as number;
  let known = false;
  for (let k = ends.length - 1; k >= 0; k--) {
    if (phraseClass(text.slice(start, ends[k])) === 'place' || (k === 0 && wordClass(first) === 'place')) {
      end = ends[k] as number;
      known = true;
      break;
    }
  }
  // The whole rest of the line is the town: "Ciudad de México", "Alice Springs".
  if (!known && ends.length > 1) {
    const last = ends[ends.length - 1] as number;
    if (/^[ \t]*(?:[,.;:!?)\n]|$)/.test(text.slice(last, last + 3))) end = last;
  }
  CITY_SUFFIX.lastIndex = end;
  if (CITY_SUFFIX.test(text)) end = CITY_SUFFIX.lastIndex;
  return { end, known, common: !known && wordClass(first) === 'word' };
}

/** The locality that starts at `pos`: a postcode and its town in either order, or a US military APO/FPO/DPO line. */
function localityAt(text: string, pos: number): Locality | null {
  APO.lastIndex = pos;
  if (APO.test(text)) return { end: APO.lastIndex, kind: 'postcode' };
  POSTCODE_FIRST.lastIndex = pos;
  const code = POSTCODE_FIRST.exec(text);
  if (code) {
    const city = cityAfter(text, pos + code[0].length);
    if (city) {
      let end = city.end;
      REGION_AFTER.lastIndex = end;
      if (REGION_AFTER.test(text)) end = REGION_AFTER.lastIndex;
      return { end, kind: 'postcode' };
    }
  }
  POSTCODE_LAST.lastIndex = pos;
  const last = POSTCODE_LAST.exec(text);
  if (last) {
    // A region between town and postcode must be a US state, Canadian province or Australian state.
    const region = last[2];
    // A town right after the code means the code starts the locality ("Jardins\n01426-001 São Paulo"): the word before
    // it is a district line, for the caller to step over.
    const end = pos + last[0].length;
    if ((!region || STATE_CODES.has(region) || AU_STATES.has(region)) && !cityAfter(text, end))
      return { end, kind: 'postcode' };
  }
  return null;
}

// --- Street lines and their tails ---------------------------------------------------------------------------------

/**
 * Extends an address over units, a district, the locality and its region that follow the street line: the end of the
 * street line (with its units), the end of the whole address and what was added.
 */
function extend(text: string, end: number): { lineEnd: number; end: number; parts: string[] } {
  const coreEnd = end;
  const parts: string[] = [];
  let lineEnd = end;
  let onStreetLine = true;
  for (let n = 0; n < 4; n++) {
    UNIT_PART.lastIndex = end;
    const unit = UNIT_PART.exec(text);
    if (!unit) break;
    if (unit[0].includes('\n')) onStreetLine = false;
    end += unit[0].length;
    if (onStreetLine) lineEnd = end;
    if (!parts.includes('unit')) parts.push('unit');
  }
  // A locality right after, or after one or two district lines ("Jardins", "Col. Juárez", "Shinjuku-ku").
  let at = end;
  for (let districts = 0; districts <= 2; districts++) {
    SEP_Y.lastIndex = at;
    if (!SEP_Y.test(text)) break;
    const from = SEP_Y.lastIndex;
    if (text.slice(at, from).includes('\n\n')) break;
    const locality = localityAt(text, from);
    if (locality) return { lineEnd, end: locality.end, parts: [...parts, 'locality'] };
    DISTRICT.lastIndex = from;
    if (!DISTRICT.test(text)) break;
    at = DISTRICT.lastIndex;
  }
  US_TAIL.lastIndex = end;
  const us = US_TAIL.exec(text);
  if (us && STATE_CODES.has(us[2] ?? ''))
    return { lineEnd, end: end + us[0].length, parts: [...parts, us[3] ? 'city, state, ZIP' : 'city, state'] };
  POSTCODE_TAIL.lastIndex = end;
  const post = POSTCODE_TAIL.exec(text);
  if (post) return { lineEnd, end: end + post[0].length, parts: [...parts, 'postcode'] };
  // A unit on the next line belongs to the address only inside a block ("…Street\nSuite 200\nCity, ST"); with no
  // locality after it, it is the next sentence's ("…Rd\nRoom T918 is booked").
  if (!onStreetLine) {
    end = lineEnd;
    if (lineEnd === coreEnd) parts.length = 0;
  }
  CITY_TAIL.lastIndex = end;
  const city = CITY_TAIL.exec(text);
  if (city) return { lineEnd, end: end + city[0].length, parts: [...parts, 'city'] };
  return { lineEnd, end, parts };
}

const hasLocality = (parts: string[]) => parts.some((p) => p !== 'unit' && p !== 'city');

/** A street segment before a locality, for streets without a type word ("Am Mühlbach 3a", "71 Cheapside"). */
const NAME_THEN_NUMBER = new RegExp(
  `(?:^|[ \\t])((?:(?:\\p{Lu}[\\p{L}\\p{M}'’.-]*|van|von|de|der|den|la|le|di|del|am|an)[ \\t]+){0,3}\\p{Lu}[\\p{L}\\p{M}'’.-]*[ \\t]+${NUMBER_PREFIX}${HOUSE_NUMBER})$`,
  'u',
);
const NUMBER_THEN_NAME = new RegExp(
  `(?:^|[ \\t])(${HOUSE_NUMBER}(?:-\\d{1,4})*,?[ \\t]+(?:[\\p{L}\\p{M}'’.-]+[ \\t]+){0,4}\\p{Lu}[\\p{L}\\p{M}'’.-]*)$`,
  'u',
);
const CAPITALISED = /\p{Lu}[\p{L}\p{M}'’.-]*/gu;
const SEGMENT_END = /(?:[ \t]*,[ \t]*(?:\n[ \t]*)?|[ \t]*\n[ \t]*|[ \t]+[-–][ \t]+)$/;

/** True when one of the segment's capitalised words is not an ordinary English word ("Version 3" is not a street). */
function hasProperWord(segment: string): boolean {
  for (const m of segment.matchAll(CAPITALISED)) {
    const word = m[0].replace(/[.'’-]+$/, '');
    if (word.length > 1 && wordClass(word) !== 'word') return true;
  }
  return false;
}

const UNIT_SEGMENT = new RegExp(`^${UNIT_PART_BODY}$`, 'u');
const DISTRICT_SEGMENT = /^(?:(?:Col\.|Colonia|Bairro|Barrio)[ \t]+)?(?:\p{Lu}[\p{L}\p{M}'’.-]*[ \t]*){1,3}$/u;

/** Where a street line before `pos` (the start of a locality) begins, skipping unit and district segments. */
function streetBefore(text: string, pos: number, strong: boolean): { start: number; reason: string } | null {
  let at = pos;
  for (let hop = 0; hop < 4; hop++) {
    const sep = SEGMENT_END.exec(text.slice(Math.max(0, at - 8), at));
    if (!sep) return null;
    const segEnd = at - sep[0].length;
    // The segment runs back to the previous comma, line break or label colon.
    let segStart = segEnd;
    while (segStart > 0 && segEnd - segStart < 80 && !/[,\n:;]/.test(text[segStart - 1] as string)) segStart--;
    const segment = text.slice(segStart, segEnd);
    const named = NAME_THEN_NUMBER.exec(segment);
    const numbered = named ? null : NUMBER_THEN_NAME.exec(segment);
    const match = named ?? numbered;
    // "71 Cheapside" before a full postcode is a street even when its words are ordinary ("8 South Mall, Cork T12…").
    if (match && (hasProperWord(match[1] as string) || (numbered !== null && strong))) {
      return { start: segEnd - (match[1] as string).length, reason: named ? 'street + number' : 'number + street' };
    }
    const bare = segment.trim();
    if (bare === '') return null;
    if (strong && TYPE_ONLY_STREET.test(bare)) return { start: segEnd - bare.length, reason: 'street' };
    if (!UNIT_SEGMENT.test(bare) && !DISTRICT_SEGMENT.test(bare)) return null;
    at = segEnd - bare.length;
  }
  return null;
}

// --- Postcodes --------------------------------------------------------------------------------------------------

/** Every postcode shape, tried where one may start: at a run of digits or one or two letters before it. */
const POSTCODE_SCAN = new RegExp(
  `(?:(${UK_POSTCODE})|(${CA_POSTCODE})|(${IE_EIRCODE})|([A-HJ-NP-Z]\\d{4}[A-Z]{3})|([1-9]\\d{3}[ \\t]?(?!SA|SD|SS)[A-Z]{2})|(\\d{5}-\\d{4}|\\d{5}-\\d{3}|\\d{4}-\\d{3}|\\d{3}-\\d{4}|\\d{2}-\\d{3}|\\d{3}[ \\t]\\d{2}|\\d{4,6}))(?![\\p{L}\\p{N}_@]|[-/.,:]\\d|[ \\t]?%)`,
  'uy',
);
type Shape = 'uk' | 'ca' | 'ie' | 'ar' | 'nl' | 'digits';
const SHAPES: readonly Shape[] = ['uk', 'ca', 'ie', 'ar', 'nl', 'digits'];

interface Postcode {
  start: number;
  end: number;
  shape: Shape;
}

let scannedText = '';
let scanned: Postcode[] = [];

/** Every postcode-shaped string of the text (remembered: the address and postcode recognisers both read them). */
function postcodes(text: string): Postcode[] {
  if (text === scannedText) return scanned;
  const found: Postcode[] = [];
  const runs = digitRunsOf(text);
  let reached = 0;
  for (let k = 0; k < runs.length; k += 2) {
    const digit = runs[k] as number;
    // No postcode holds a run of more than six digits; one of one or two digits follows letters ("SW1A", "EH12")
    // or, for Poland's "00-950", comes before a hyphen.
    const length = (runs[k + 1] as number) - digit;
    const lead = text.charCodeAt(digit - 1);
    if (length > 6) continue;
    if (length <= 2 && !(lead >= 65 && lead <= 90) && text.charCodeAt(digit + length) !== 45) continue;
    for (let at = Math.max(reached, digit - 2); at <= digit; at++) {
      // Letters may lead (UK, Canadian, Irish, Argentine shapes); nothing else but the digit itself.
      const c = text.charCodeAt(at);
      if (at < digit && (c < 65 || c > 90)) continue;
      POSTCODE_SCAN.lastIndex = at;
      const m = POSTCODE_SCAN.exec(text);
      if (!m) continue;
      // Not inside a word, a path, a version, a price or a run of digit groups (a phone number).
      const before = at > 0 ? (text[at - 1] as string) : ' ';
      if (/[\p{L}\p{N}_\-/.:+#@]/u.test(before)) continue;
      if (/[ \t.]/.test(before) && at > 1 && /\d/.test(text[at - 2] as string)) continue;
      const group = m.findIndex((g, i) => i > 0 && g !== undefined);
      found.push({ start: at, end: at + m[0].length, shape: SHAPES[group - 1] as Shape });
      reached = at + m[0].length;
      break;
    }
  }
  scannedText = text;
  scanned = found;
  return found;
}

const POSTAL_CUES =
  /\b(?:zip|zip ?code|zipcode|postcode|post ?code|postal(?: code)?|postleitzahl|plz|code postal|cp|c\.p\.|cap|c\.a\.p\.|código postal|codigo postal|cep|kod pocztowy|kod|postnummer|postnr|post nr|postinumero|psč|pincode|pin code|eircode|irányítószám|posta kodu|postnumer)\b/g;
const POSTAL_CUE_ANYWHERE =
  /zip|post|plz|code|cp|c\.p|cap|cep|kod|psč|pin|eircode|irányítószám|〒|[A-Z]{2},?[ \t]+\d{5}/i;
/**
 * What a postcode-shaped number may be instead ("order 10115", "version 10115"). Delivery words (parcel, shipment,
 * tracking, delivery) are left out: they are where postcodes are written.
 */
const POSTAL_REFERENCE_CUES =
  /\b(?:order|orders|invoice|inv|sku|item|product|part|model|serial|s\/n|ref|reference|isbn|issn|ticket|case (?:no|number|id)|confirmation|transaction|txn|version|ver|build|release|po|lot|batch|catalog|catalogue|article|page|pages|chapter|section|figure|table|doi|patent|commit|request|job|quote|room|gate|seat|error|port|pid|vin|imei|barcode|upc|ean|asin|product code|part number)\b/g;
const STATE_BEFORE = /(?:^|[^\p{L}])([A-Z]{2,3}),?[ \t]+$/u;
const YEAR = /^(?:19|20)\d\d$/;

// --- Recognisers --------------------------------------------------------------------------------------------------

export const addressRecogniser: Recogniser = {
  types: ['STREET_ADDRESS'],
  find(text, out) {
    const covered: Array<[number, number]> = [];
    const push = (start: number, end: number, score: number, evidence: string[]) => {
      const cue = findCue(text, start, end, ADDRESS_CUES, 40, 0);
      if (cue) evidence.push(cueEvidence(cue));
      out.push({ start, end, type: 'STREET_ADDRESS', score: Math.min(0.97, withCue(score, 0.97, cue)), evidence });
      covered.push([start, end]);
    };
    const add = (start: number, coreEnd: number, base: number, reason: string, needsLocality = false) => {
      const { lineEnd, end, parts } = extend(text, coreEnd);
      if (needsLocality && !hasLocality(parts)) return;
      const from = unitBefore(text, start);
      const unit = from < start || lineEnd > coreEnd;
      const score = base + (parts.length > 0 || from < start ? 0.1 : 0) + (hasLocality(parts) ? 0.05 : 0);
      push(from, end, score, [reason, ...(from < start ? ['unit'] : []), ...parts]);
      // The street line alone as well: when the city or postcode overlaps a better finding (a name after it), the
      // whole address loses, and this shorter candidate still masks the street. Inside a winning address it drops out.
      if (lineEnd < end) push(from, lineEnd, base + (unit ? 0.1 : 0), unit ? [reason, 'unit'] : [reason]);
    };

    for (const match of text.matchAll(STREET_CORE))
      add(match.index, match.index + match[0].length, 0.75, 'number + street type');

    const runs = digitRunsOf(text);
    for (let k = 0; k < runs.length; k += 2) {
      const typeStart = typeBeforeNumber(text, runs[k] as number);
      if (typeStart < 0) continue;
      TYPE_THEN_NUMBER.lastIndex = typeStart;
      const match = TYPE_THEN_NUMBER.exec(text);
      if (!match) continue;
      const type = match[1] as string;
      let wordStart = match.index;
      while (wordStart > 0 && WORD_CHAR.test(text[wordStart - 1] as string)) wordStart--;
      const prefix = text.slice(wordStart, match.index);
      let start: number;
      if (prefix === '') {
        if (!SEPARATE_TYPES.has(type)) continue;
        const name = NAME_BEFORE_TYPE.exec(text.slice(Math.max(0, match.index - 60), match.index));
        if (!name || !/\p{Lu}/u.test(name[1] as string)) continue;
        start = match.index - name[0].length;
      } else {
        const word = prefix + type;
        const casing =
          type === type.toLowerCase() || (prefix.endsWith('-') && /^\p{Lu}/u.test(type)) || word === word.toUpperCase();
        if (!/^\p{Lu}/u.test(prefix) || prefix.replace(/[-'’]/g, '').length < 2 || !casing) continue;
        if (wordClass(word.replace(/\.$/, '')) === 'word') continue;
        start = wordStart;
        const before = NAME_PREFIX_WORDS.exec(text.slice(Math.max(0, start - 30), start));
        if (before) start -= (before[1] as string).length;
      }
      add(start, match.index + match[0].length, 0.75, 'street + number');
    }

    const addUnit = (match: RegExpExecArray) => {
      const keyword = match[1] as string;
      let end = match.index + match[0].length;
      // "Flat 7, Block C": further unit marks on the same line belong to it.
      for (UNIT_PART.lastIndex = end; ; UNIT_PART.lastIndex = end) {
        const more = UNIT_PART.exec(text);
        if (!more || more[0].includes('\n')) break;
        end += more[0].length;
      }
      const cue = findCue(text, match.index, end, ADDRESS_CUES, 40, 0);
      const base = STRONG_UNITS.has(keyword) ? 0.55 : 0.35;
      const evidence = ['unit line'];
      if (cue) evidence.push(cueEvidence(cue));
      out.push({ start: match.index, end, type: 'STREET_ADDRESS', score: withCue(base, 0.8, cue), evidence });
    };

    const addPrefixStreet = (at: number, found: string) => {
      const keywordText = found.trim();
      const number = NUMBER_BEFORE_PREFIX.exec(text.slice(Math.max(0, at - 12), at));
      const nameAt = at + found.length;
      let end: number;
      if (number) {
        PREFIX_NAME_ONLY.lastIndex = nameAt;
        if (!PREFIX_NAME_ONLY.test(text)) return;
        end = PREFIX_NAME_ONLY.lastIndex;
      } else {
        PREFIX_NAME_NUMBER.lastIndex = nameAt;
        if (!PREFIX_NAME_NUMBER.test(text)) return;
        end = PREFIX_NAME_NUMBER.lastIndex;
      }
      const start = number ? at - number[0].length : at;
      // "via Amazon 3 times": an English word for a street type needs the locality that makes it an address.
      const english = ENGLISH_PREFIX_TYPES.has(keywordText) && !number;
      add(start, end, 0.75, 'street type + name + number', english);
    };

    for (const keyword of matchesNearDigits(text, ADDRESS_KEYWORD)) {
      const at = keyword.index;
      if (at > 0 && /[\p{L}\p{N}]/u.test(text[at - 1] as string)) continue;
      const tryAt = (shape: RegExp) => {
        shape.lastIndex = at;
        return shape.exec(text);
      };
      const prefix = /^et[ \t]$/.test(text.slice(at - 3, at)) ? null : tryAt(PREFIX_TYPE);
      if (prefix) addPrefixStreet(at, prefix[0]);
      let match = tryAt(COLOMBIAN_STREET);
      if (match) add(at, at + match[0].length, 0.8, 'street + number + cross street');
      const strongBox = tryAt(PO_BOX);
      const box = strongBox ?? tryAt(WEAK_PO_BOX);
      // "BP 4512" is a PO box only with the locality after it: BP is also blood pressure.
      if (box) add(at, at + box[0].length, strongBox ? 0.8 : 0.75, 'PO box', !strongBox);
      match = tryAt(MILITARY);
      if (match) add(at, at + match[0].length, 0.8, 'military PSC/Unit + box');
      match = tryAt(SHIP);
      if (match) add(at, at + match[0].length, 0.75, 'ship', true);
      match = tryAt(UNIT_ALONE);
      if (match) addUnit(match);
    }

    // Streets with no type word, found from the locality after them ("Am Mühlbach 3a, 83714 Miesbach"). A postcode
    // inside an address found above is skipped: a sweep over the addresses by start keeps the furthest end reached.
    covered.sort((a, b) => a[0] - b[0]);
    let next = 0;
    let reach = -1;
    for (const code of postcodes(text)) {
      while (next < covered.length && (covered[next] as [number, number])[0] <= code.start) {
        reach = Math.max(reach, (covered[next] as [number, number])[1]);
        next++;
      }
      if (reach >= code.end) continue;
      let localityStart = code.start;
      let locality = localityAt(text, code.start);
      if (!locality) {
        const city = CITY_BEFORE_CODE.exec(text.slice(Math.max(0, code.start - 60), code.start));
        if (!city) continue;
        localityStart = code.start - (city[1] as string).length;
        locality = localityAt(text, localityStart);
        if (!locality) continue;
      }
      const value = text.slice(code.start, code.end);
      const street = streetBefore(text, localityStart, code.shape !== 'digits' || /^\d{5}(?:-\d{4})?$/.test(value));
      if (!street) continue;
      push(street.start, locality.end, YEAR.test(value) ? 0.7 : 0.8, [street.reason, 'locality']);
    }
  },
};

export const postalCodeRecogniser: Recogniser = {
  types: ['POSTAL_CODE'],
  find(text, out) {
    const list = postcodes(text);
    if (list.length === 0) return;
    const anyCue = POSTAL_CUE_ANYWHERE.test(text);
    for (const code of list) {
      const value = text.slice(code.start, code.end);
      const evidence: string[] = [];
      let score: number;
      switch (code.shape) {
        case 'uk':
        case 'ca':
          score = 0.6;
          evidence.push(code.shape === 'uk' ? 'UK postcode' : 'Canadian postal code');
          break;
        case 'ie':
        case 'ar':
          score = 0.35;
          evidence.push(code.shape === 'ie' ? 'Irish Eircode' : 'Argentine CPA');
          break;
        case 'nl':
          score = 0.35;
          evidence.push('Dutch postcode');
          break;
        default:
          score = 0.1;
          evidence.push('digits');
      }
      const prev = text[code.start - 1];
      if (prev === '〒') {
        score = 0.95;
        evidence.push('〒');
      }
      const city = cityAfter(text, code.end);
      if (city && !city.common) {
        const separated = /[- ]/.test(value);
        const boost =
          code.shape === 'digits'
            ? city.known
              ? YEAR.test(value)
                ? 0.55
                : 0.65
              : separated || value.length === 5
                ? 0.45
                : 0.25
            : city.known
              ? score + 0.3
              : score + 0.2;
        if (boost > score) {
          score = boost;
          evidence.push(city.known ? 'before a known town' : 'before a town');
        }
      }
      const state = STATE_BEFORE.exec(text.slice(Math.max(0, code.start - 8), code.start));
      if (state && (STATE_CODES.has(state[1] as string) || AU_STATES.has(state[1] as string))) {
        if (/^\d{4,5}(?:-\d{4})?$/.test(value) || code.shape === 'ca') {
          score = Math.max(score, 0.85);
          evidence.push('after a state code');
        }
      }
      // The raw 40 characters before are checked first: most digit runs of a dense text have no cue near them, and
      // cutting the cue window out of the text costs more than the test.
      if (anyCue && POSTAL_CUE_ANYWHERE.test(text.slice(Math.max(0, code.start - 40), code.start))) {
        const cue = findCue(text, code.start, code.end, POSTAL_CUES, 40, 0);
        if (cue) {
          score = withCue(Math.max(score, 0.3), 0.95, cue);
          evidence.push(cueEvidence(cue));
        }
      }
      if (score < 0.2) continue;
      const against = findCue(text, code.start, code.start, POSTAL_REFERENCE_CUES, 40, 0);
      if (against) {
        score -= 0.4 * against.weight;
        evidence.push(`reference context: "${against.words}"`);
      }
      if (score < 0.2) continue;
      out.push({ start: code.start, end: code.end, type: 'POSTAL_CODE', score, evidence } satisfies Candidate);
    }
  },
};
