// Person names, places and organisations: capitalised runs scored by gazetteers (compromise's lexicon plus ours),
// shape and context words; compromise's tagger weighs in on runs the cheap evidence leaves undecided.
import nlp from 'compromise';
import { nearCues } from '../context.js';
import {
  BRANDS,
  isOrdinaryLowerWord,
  LEGAL_FORMS,
  NAME_PARTICLES,
  ORG_PREFIXES,
  ORG_SUFFIXES,
  PLACE_WORDS,
  phraseClass,
  STATE_CODES,
  type WordClass,
  wordClass,
} from '../gazetteers.js';
import type { Candidate, Recogniser } from '../types.js';

const TOKEN =
  "\\p{Lu}(?:['’]\\p{Lu})?[\\p{L}\\p{M}]*(?:-\\p{Lu}?[\\p{L}\\p{M}]+)*\\.?|(?:al|el)-\\p{Lu}[\\p{L}\\p{M}]+";
const PARTICLE = [...NAME_PARTICLES].join('|');
// Connectors join the parts of an organisation's name ("Bank of Montreal", "Smith & Wesson"); a run that is not an
// organisation is split at them again.
const CONNECTOR = 'of the|of|for the|for|and|&';
const SPACE = '[ \\t\\u00a0]+';
// A token ends where the word ends: "YMGD2000096" or "LP-8642B" are codes, not names.
const TOKEN_END = "(?![\\p{L}\\p{M}\\p{N}_@]|-\\p{N}|['’]t\\b)";
const RUN = new RegExp(
  `(?<![\\p{L}\\p{M}\\d'’_@/.-])(?:${TOKEN})${TOKEN_END}(?:${SPACE}(?:(?:${PARTICLE}|${CONNECTOR})${SPACE})*(?:${TOKEN})${TOKEN_END}){0,6}`,
  'gu',
);
const TOKEN_IN_RUN = new RegExp(`${TOKEN}|\\p{Ll}+|&`, 'gu');
const CONNECTORS = new Set(['of', 'the', 'for', 'and', '&']);

/** Capitalised words that are never part of a name, place or organisation. */
const NEVER = new Set(
  (
    'i the a an this that these those my our your his her their its we you he she they it in on at for from to with ' +
    'by and but or if when while as so then there here what who whom whose which why how where yes no not all any ' +
    'some every each also just please thanks thank hi hello hey dear regards best kind sincerely cheers ok okay ' +
    'monday tuesday wednesday thursday friday saturday sunday today tomorrow yesterday tonight january february ' +
    'march april june july august september october november december mon tue tues wed thu thurs fri sat sun jan feb ' +
    'mar apr jun jul aug sep sept oct nov dec re fw fwd subject note ps attn cc bcc name address email phone tel ' +
    'mobile dob ssn id number no date age patient client customer user account card password city state country ' +
    'street road avenue ' +
    // Pronouns, greetings and sign-offs of the languages the engine reads addresses in.
    'sie ich wir ihr bitte danke und oder der die das dem ein eine nicht mit für vielen liebe lieber sehr ' +
    'geehrte herzliche grüße gruß je nous vous elle ils merci bonjour cordialement pour avec dans hola gracias ' +
    'saludos atentamente para grazie ciao cordiali saluti het een hallo groeten vriendelijke jeg hej tak ' +
    'easter christmas xmas halloween thanksgiving hanukkah diwali ramadan eid passover pentecost ' +
    'unsere unser meine mein deine dein ihre euer eure'
  ).split(' '),
);

/** A set of cue phrases (one to four lower-case words) matched against the words just before a name. */
const cueSet = (list: string): ReadonlySet<string> => new Set(list.split('|'));

/** Words right before a name that say it is a person's. */
const PERSON_CUES = cueSet(
  "name is|name's|names are|named|called|i am|i'm|i’m|this is|it's|dear|hi|hello|hey|thanks|thank you|" +
    'regards|sincerely|cheers|best|signed|patient|client|customer|employee|tenant|applicant|candidate|' +
    'attn|attention|cc|contact|ask|asked|tell|told|met|meet|meeting with|spoke to|spoke with|speak to|' +
    'speak with|talk to|talked to|talking to|according to|son|daughter|wife|husband|mother|father|mom|dad|' +
    'brother|sister|cousin|friend|colleague|manager|boss|doctor|nurse|physician|dr|author|authored by|' +
    'written by|assigned to|owner|holder|cardholder|beneficiary|recipient|sender|user|username|ceo|cto|' +
    'cfo|founder|director|nominee|guest|student|teacher|member|congratulations|congrats|welcome|ask for|' +
    'with mr|from mr|contact person|name|full name|first name|last name|surname|signed by|approved by|' +
    'requested by|submitted by|reported by|prepared by|sent by|referred by|attended by|treated by|seen by|' +
    'emailed|email|call|ping|text|message|invite|invited|thank|congratulate|introduce|introducing|hire|' +
    'hired|fire|fired|promote|promoted|married|marry|visiting|visited by',
);
/** Prepositions that go with people as often as with anything else. */
const WEAK_PERSON_CUES = cueSet('with|and|by|from|to|for|of|about|saw|see|like|as|than|via|help|helped|let|ask');
/** Words right before a name that say it is a place (a form label ends with ":"). */
const PLACE_CUES = cueSet(
  'city:|town:|village:|country:|state:|province:|region:|county:|location:|place of birth:|birthplace:|' +
    'hometown:|destination:|origin:|state of issue:|place of issue:|place:|residence:|nationality:|' +
    "municipality:|commutes from|commute from|commuting from|is from|am from|are from|i'm from|" +
    'originally from|hails from|came from|comes from|moved from|flew from|travelled from|traveled from|' +
    'drove from|office in|offices in|branch in|branches in|campus in|held in|headquarters in|hq in|' +
    'stationed in|posted to|based out of|in|near|lives in|live in|living in|lived in|based in|located in|' +
    'moved to|move to|moving to|born in|raised in|grew up in|relocated to|relocating to|travel to|' +
    'travelled to|traveled to|trip to|flew to|flight to|fly to|city of|town of|state of|province of|' +
    'county of|region of|suburbs of|headquartered in|resident of|residents of|citizen of|native of|' +
    'capital of|hometown',
);
/** Words right before a name that say it is an organisation. */
const ORG_CUES = cueSet(
  'works at|work at|working at|worked at|works for|work for|working for|worked for|employed by|' +
    'employed at|employer|employer is|joined|joining|company|firm|vendor|supplier|partner|insurer|carrier|' +
    'provider|hired by|acquired by|acquired|ceo of|cto of|cfo of|founder of|co-founder of|president of|' +
    'customer of|client of|contract with|agreement with|subsidiary of|intern at|interned at|position at|' +
    'role at|job at|team at|engineer at|manager at|analyst at|director at|studies at|studied at|' +
    'student at|graduated from|enrolled at|account with|bank|banks with|insured by|shares of|stock|' +
    'invested in|sponsored by|funded by|powered by|member of|volunteer at|volunteers at|bank with|banked with|' +
    'bank at|auditors are|auditor is|auditors|supplier is|partner is|insured with|insurer is|engineer at|' +
    'developer at|designer at|consultant at|offer from|interview at|interview with|customer at|shop at|' +
    'ordered from|bought from|subscribed to|formerly at|previously at|now at',
);
/** Cues after which a lower-case first name is taken for a name ("hi john"). */
const LOWER_CASE_CUES = cueSet(
  "my name is|name is|i am|i'm|i’m|this is|dear|hi|hello|hey|named|called|patient|customer|client|" +
    'contact|with|to|from|by|and|met',
);

/** The last one to four words before a name as phrases, and whether they end in a form label (":"). */
interface CueWords {
  phrases: string[];
  label: boolean;
}

// A run's person, place and organisation checks read the same words: remember the last ones split.
let memoLeft = '';
let memoWords: CueWords = { phrases: [], label: false };

function cueWords(left: string): CueWords {
  if (left === memoLeft) return memoWords;
  const trimmed = left.replace(/[\s,;(\-–—]+$/, '');
  const words = /[.!?]$/.test(trimmed) ? [] : (trimmed.match(/[\p{L}\p{N}'’&]+/gu) ?? []);
  const phrases: string[] = [];
  for (let n = Math.min(4, words.length); n >= 1; n--) phrases.push(words.slice(-n).join(' '));
  memoLeft = left;
  memoWords = { phrases, label: trimmed.endsWith(':') || trimmed.endsWith('=') };
  return memoWords;
}

/** True when the words just before a name (`left`, lower case) end with one of `cues`; a form label keeps its ":". */
function endsWithCue(left: string, cues: ReadonlySet<string>): boolean {
  const { phrases, label } = cueWords(left);
  for (const phrase of phrases) if (cues.has(phrase) || (label && cues.has(`${phrase}:`))) return true;
  return false;
}

const AFTER_PERSON =
  /^(?:\s*[,(]?\s*(?:said|says|wrote|writes|asked|asks|told|tells|replied|replies|called|calls|emailed|texted|phoned|explained|added|noted|confirmed|agreed|thinks|thought|believes|wants|wanted|needs|needed|will|would|can|could|has|had|was|is|lives|lived|works|worked|joined|left|arrived|died|born|who|whose|himself|herself|and his|and her|\(he|\(she|\(they|age|aged|dob|mrn|ssn|\d{1,3}\s*(?:years|y\/o|yo))\b|['’]s\b|\s*,\s*(?:who|aged|age|\d{1,3}\b|a\s|an\s|the\s|our\s|my\s|his\s|her\s|m\.?d\.?|ph\.?d|jr|sr|esq|mba|rn)\b)/i;
const ID_AFTER =
  /^\s*(?:number|numbers|no\.?|nr\.?|#|id|card|code|account|acct|key|token|identifier|ref|reference|[:=]?\s*[+(]?\d)(?![a-z])/i;
const ID_NOUN_AFTER = /^\s*(?:number|numbers|no\.|nr\.|#|id|card|code|account|acct|identifier)(?![a-z])/i;
const SENTENCE_START = /(?:^|[.!?:;\n•·*>|"“([]|\s[-–—]|\d[.)])\s*$/;

interface Token {
  text: string;
  start: number;
  end: number;
  cls: WordClass | 'initial' | 'particle' | 'connector' | 'never';
}

function classify(token: string): Token['cls'] {
  const bare = token.replace(/\.$/, '');
  if (bare === '&' || (CONNECTORS.has(bare) && /^\p{Ll}/u.test(bare))) return 'connector';
  if (/^\p{Ll}/u.test(bare)) return NAME_PARTICLES.has(bare) ? 'particle' : 'connector';
  if (token === 'I' || token === 'A') return 'never';
  if (/^\p{Lu}$/u.test(bare)) return 'initial';
  if (NEVER.has(bare.toLowerCase())) return 'never';
  return wordClass(bare);
}

/** The lower-case words before `start` (at most 40 characters; a sign-off on the line above counts). */
function before(text: string, start: number): string {
  return text
    .slice(Math.max(0, start - 40), start)
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

interface Span {
  start: number;
  end: number;
  score: number;
  evidence: string[];
  /** Held down by a rule the tagger must not overturn (the name labels an identifier). */
  capped?: boolean;
}

type Topic = 'person' | 'place' | 'org';

interface Scored {
  person: Span | null;
  place: Span | null;
  org: Span | null;
  /** Undecided by cheap evidence: worth a look by compromise's tagger. */
  ambiguous: boolean;
}

const isNameLike = (cls: Token['cls']) =>
  cls === 'first' || cls === 'last' || cls === 'person' || cls === 'unknown' || cls === 'initial' || cls === 'particle';
const EDGE_NOISE = new Set<Token['cls']>(['never', 'title', 'connector', 'particle']);
const PLACE_FIRST_WORDS = new Set([
  'lake',
  'mount',
  'mt',
  'port',
  'fort',
  'san',
  'santa',
  'saint',
  'st',
  'los',
  'las',
  'new',
  'north',
  'south',
  'east',
  'west',
  'upper',
  'lower',
  'greater',
  'isle',
]);

/** Drops never-words, titles and connectors from both ends; returns the title seen at the front, if any. */
function trimEdges(tokens: Token[]): { tokens: Token[]; title: string | null } {
  let from = 0;
  let title: string | null = null;
  while (from < tokens.length && EDGE_NOISE.has((tokens[from] as Token).cls)) {
    if ((tokens[from] as Token).cls === 'title') title = (tokens[from] as Token).text;
    from++;
  }
  let to = tokens.length;
  while (to > from && EDGE_NOISE.has((tokens[to - 1] as Token).cls)) to--;
  return { tokens: tokens.slice(from, to), title };
}

/** The end of a span over `tokens`, leaving out a full stop that ends the sentence rather than an abbreviation. */
function spanEnd(text: string, tokens: Token[]): number {
  const last = tokens[tokens.length - 1] as Token;
  const end = last.end;
  if (text[end - 1] !== '.' || last.cls === 'initial') return end;
  return /^(?:jr|sr|st|mt|co|inc|ltd|corp|bros|assn|univ|dept)\.$/i.test(last.text) ? end : end - 1;
}

function orgEvidence(text: string, tokens: Token[], left: string): Span | null {
  if (tokens.length === 0) return null;
  const words = tokens.filter((t) => t.cls !== 'connector' && t.cls !== 'particle');
  const first = tokens[0] as Token;
  const last = tokens[tokens.length - 1] as Token;
  const start = first.start;
  const end = spanEnd(text, tokens);
  const phrase = text.slice(start, end);
  const lowerLast = last.text.toLowerCase().replace(/\.$/, '');
  const evidence: string[] = [];
  let score = 0;
  const hasConnector = tokens.some((t) => t.cls === 'connector');
  const singleAcronym = words.length === 1 && /^\p{Lu}{2,}$/u.test(first.text);
  if (words.length >= 2 && (ORG_SUFFIXES.has(lowerLast) || ORG_SUFFIXES.has(last.text.toLowerCase()))) {
    score = 0.85;
    evidence.push(`organisation word "${last.text}"`);
  } else if (phraseClass(phrase) === 'org' || (words.length === 1 && first.cls === 'org')) {
    score = singleAcronym && /^\s*(?:number|no\.?|id|#)/i.test(text.slice(end, end + 10)) ? 0.3 : 0.75;
    evidence.push('organisation gazetteer');
  } else if (words.length === 1 && /^\p{Lu}\p{Ll}{2,}bank$/u.test(first.text) && first.cls !== 'word') {
    // "Rabobank", "Commerzbank", "Sparebank": a bank named as one word.
    score = 0.7;
    evidence.push('"…bank"');
  } else if (words.length >= 2 && ORG_PREFIXES.has(first.text.toLowerCase()) && hasConnector) {
    score = 0.8;
    evidence.push(`"${first.text} of …"`);
  } else if (words.length >= 2 && tokens.some((t) => t.text === '&')) {
    score = 0.7;
    evidence.push('"… & …"');
  }
  // "WhatsApp me", "Venmo us": a brand used as a verb names a channel, not the company.
  if (words.length === 1 && /^[ \t]+(?:me|us|him|her|them)\b/i.test(text.slice(end, end + 6))) score = 0;
  // "NHS number", "Visa 4111 …", "National Insurance no.": the name labels an identifier, it is not one.
  const labelsId = ID_AFTER.test(text.slice(end, end + 24));
  if (labelsId) {
    score = Math.min(score, 0.3);
    evidence.push('names an identifier that follows');
  }
  if (endsWithCue(left, ORG_CUES)) {
    score =
      score > 0 ? score + 0.1 : words.every((t) => isNameLike(t.cls) || t.cls === 'word' || t.cls === 'org') ? 0.55 : 0;
    if (score > 0) evidence.push('context: organisation');
  }
  return score > 0 ? { start, end, score: Math.min(0.97, score), evidence, capped: labelsId } : null;
}

const isSentenceStart = (text: string, at: number) =>
  at === 0 || SENTENCE_START.test(text.slice(Math.max(0, at - 6), at));

/** `context`: the words before a coordination ("based in X and Y"), which apply to every part of it. */
function scoreRun(text: string, group: Token[], context?: string): Scored | null {
  const trimmed = trimEdges(group);
  const title = trimmed.title;
  let tokens = trimmed.tokens;
  if (tokens.length === 0) return null;
  const scored: Scored = { person: null, place: null, org: null, ambiguous: false };
  const orgStart = (tokens[0] as Token).start;
  const leftOfOrg = before(text, orgStart);
  scored.org = title ? null : orgEvidence(text, tokens, leftOfOrg);

  // Place: a gazetteer phrase ("New York") is checked before ordinary words are trimmed from its front.
  const placePhrase = phraseClass(text.slice(orgStart, spanEnd(text, tokens))) === 'place';
  // Ordinary words at the front ("Yesterday", "Verdant") are not part of a person's or a place's name.
  const initial = isSentenceStart(text, orgStart);
  while (tokens.length > 0 && (tokens[0] as Token).cls === 'word' && (initial || tokens.length > 1) && !placePhrase) {
    tokens = tokens.slice(1);
  }
  tokens = trimEdges(tokens).tokens;
  if (tokens.length === 0) return scored.org ? scored : null;
  const sentenceStart = isSentenceStart(text, (tokens[0] as Token).start);
  const first = tokens[0] as Token;
  const last = tokens[tokens.length - 1] as Token;
  const start = first.start;
  const end = spanEnd(text, tokens);
  const words = tokens.filter((t) => t.cls !== 'particle' && t.cls !== 'connector');
  const lowerLast = last.text.toLowerCase().replace(/\.$/, '');
  const lowerFirst = first.text.toLowerCase().replace(/\.$/, '');
  const titleToken = title ? group.find((t) => t.cls === 'title') : undefined;
  const left = context !== undefined && !titleToken ? context : before(text, start);
  const leftOfTitle = titleToken ? before(text, titleToken.start) : left;
  const right = text.slice(end, end + 40);
  const allCaps = words.every((t) => t.text.replace(/[^\p{L}]/gu, '').length > 1 && t.text === t.text.toUpperCase());

  // Place: compromise's and our place lists, "City, ST", place words ("Lake …", "… County").
  const place: Span = { start, end, score: 0, evidence: [] };
  const placeTokens = words.filter((t) => t.cls === 'place').length;
  if (
    placePhrase ||
    phraseClass(text.slice(start, end)) === 'place' ||
    (placeTokens === words.length && words.length <= 3)
  ) {
    place.score = 0.75;
    place.evidence.push('place gazetteer');
  } else if (words.length >= 2 && (PLACE_WORDS.has(lowerLast) || PLACE_FIRST_WORDS.has(lowerFirst))) {
    place.score = 0.6;
    place.evidence.push('place word');
  }
  // "Turkey sandwiches for lunch": a place that is also an ordinary word, capitalised only as a sentence's first.
  const homograph = place.score > 0 && words.length === 1 && sentenceStart && isOrdinaryLowerWord(first.text);
  if (homograph) place.score = 0.45;
  if (placePhrase) place.start = orgStart;
  const region = /^,\s*(\p{Lu}[\p{L}]+(?:\s\p{Lu}[\p{L}]+)?)\b/u.exec(right)?.[1] ?? '';
  if (region && (STATE_CODES.has(region) || phraseClass(region) === 'place' || wordClass(region) === 'place')) {
    place.score = Math.max(place.score, 0.6) + 0.25;
    place.evidence.push('followed by ", region"');
  }
  // "from Paris to X", "Leeds and X": a place just before a linking word makes the next name a place too.
  const linked = /([\p{L}'’-]+)\s+(?:to|and|or|via|through|near)\s*$/u.exec(left)?.[1];
  const afterPlace = linked !== undefined && wordClass(linked) === 'place';
  if (!title && (endsWithCue(left, PLACE_CUES) || afterPlace)) {
    if (place.score > 0) place.score += 0.15;
    else if (words.length <= 3 && words.every((t) => t.cls === 'unknown' || t.cls === 'place' || t.cls === 'last')) {
      place.score = 0.5;
      scored.ambiguous = true;
    }
    if (place.score > 0) place.evidence.push('context: place preposition');
  }
  if (place.score > 0) scored.place = { ...place, score: Math.min(0.97, place.score), capped: homograph };

  // Person: title, first-name lexicon, shape of the run and the words around it.
  const person: Span = { start, end, score: 0, evidence: [] };
  // After a first name or a title an ordinary word is a surname ("Grace Green", "Dr. Stone").
  const surnameWords = first.cls === 'first' || title !== null;
  const wordTokens = words.filter((t, i) => t.cls === 'word' && !(surnameWords && i > 0)).length;
  const placeOrOrg = words.filter((t) => t.cls === 'place' || t.cls === 'org').length;
  const nameLike = words.filter((t, i) => isNameLike(t.cls) || (surnameWords && i > 0 && t.cls === 'word')).length;
  const acronym = words.length === 1 && /^\p{Lu}{2,}$/u.test(first.text);
  let score = 0;
  if (title) {
    score += 0.5;
    person.evidence.push(`title "${title}"`);
  }
  if (first.cls === 'first') {
    score += words.length === 1 ? 0.35 : 0.4;
    person.evidence.push(`first name "${first.text}"`);
  }
  if (words.slice(1).some((t) => t.cls === 'last' || t.cls === 'person')) {
    score += 0.15;
    person.evidence.push('surname');
  } else if (first.cls === 'person' || first.cls === 'last') {
    score += 0.25;
    person.evidence.push('name gazetteer');
  }
  const strongCue = endsWithCue(leftOfTitle, PERSON_CUES);
  if (words.length >= 2 && words.length <= 4 && nameLike === words.length) {
    // Two to four capitalised words none of which is an ordinary English word: a proper name, wherever it stands.
    score += 0.5;
    person.evidence.push(`${words.length} capitalised name-like words`);
  } else if (words.length === 1 && nameLike === 1 && !acronym) {
    // One capitalised word outside the English lexicon is a proper name; mid-sentence that is more telling.
    score += sentenceStart && !strongCue ? 0.2 : 0.3;
    person.evidence.push('capitalised word outside the lexicon');
    if (/^\s*\d/.test(right)) score -= 0.2;
  }
  if (strongCue) {
    score += acronym ? 0 : 0.35;
    person.evidence.push('context: person');
  } else if (endsWithCue(leftOfTitle, WEAK_PERSON_CUES)) {
    score += 0.1;
  }
  if (AFTER_PERSON.test(right)) {
    score += 0.2;
    person.evidence.push('followed by a verb or possessive');
  }
  score -= 0.25 * wordTokens + 0.25 * placeOrOrg;
  // "Bauer Logistik GmbH arrived": a legal form makes the run a company whatever the words around it say.
  if (words.length >= 2 && LEGAL_WORDS.has(lowerLast)) score -= 0.6;
  // "Grant Thornton", "Ernst & Young": a firm named after people is the firm.
  if (words.length >= 2 && phraseClass(text.slice(start, end)) === 'org') score -= 0.5;
  if (ID_NOUN_AFTER.test(right)) score -= 0.4;
  // "John 3:16": a book of the Bible and a verse.
  if (/^[ \t]\d{1,3}:\d{1,3}\b/.test(right)) score -= 0.4;
  if (acronym && !title) score -= 0.3;
  if (allCaps && !title && !endsWithCue(leftOfTitle, PERSON_CUES)) score -= 0.15;
  if (words.length > 4) score -= 0.3;
  if (score > 0) scored.person = { ...person, score: Math.min(0.97, score) };

  const best = Math.max(scored.person?.score ?? 0, scored.place?.score ?? 0, scored.org?.score ?? 0);
  if (best === 0) return null;
  if (best >= 0.25 && best < 0.6 && !title) scored.ambiguous = true;
  return scored;
}

/** Splits a run into tokens with classes; a never-word after a name ends it and starts another group. */
function tokensOf(run: string, offset: number): Token[][] {
  const groups: Token[][] = [[]];
  for (const m of run.matchAll(TOKEN_IN_RUN)) {
    const token: Token = {
      text: m[0],
      start: offset + m.index,
      end: offset + m.index + m[0].length,
      cls: classify(m[0]),
    };
    const current = groups[groups.length - 1] as Token[];
    const previous = current[current.length - 1];
    // A full stop after a word (not an initial, a title or "St.") ends the sentence, and the run with it.
    const sentenceEnded =
      previous?.text.endsWith('.') &&
      previous.cls !== 'initial' &&
      previous.cls !== 'title' &&
      previous.text.length > 3;
    if (sentenceEnded || (token.cls === 'never' && current.some((t) => t.cls !== 'never' && t.cls !== 'title'))) {
      groups.push([token]);
    } else current.push(token);
  }
  return groups.filter((g) => g.length > 0);
}

/** Parts of a group between connectors ("Acme Corp and John Smith" → two parts). */
function splitAtConnectors(group: Token[]): Array<{ tokens: Token[]; after: string }> {
  const parts: Array<{ tokens: Token[]; after: string }> = [{ tokens: [], after: '' }];
  for (const token of group) {
    if (token.cls === 'connector') parts.push({ tokens: [], after: token.text.toLowerCase() });
    else (parts[parts.length - 1] as { tokens: Token[] }).tokens.push(token);
  }
  return parts.filter((p) => p.tokens.length > 0);
}

/** Legal forms written as one word ("GmbH", "Oy", "LLC"), in lower case without dots. */
const LEGAL_WORDS: ReadonlySet<string> = new Set(
  LEGAL_FORMS.filter((form) => !/\s/.test(form)).map((form) => form.toLowerCase().replace(/\./g, '')),
);

/** Connectors that coordinate ("based in X and Y"); "for", "of" and "the" start a different phrase ("X for Easter"). */
const COORDINATING = new Set(['and', '&', 'or']);

/** Ambiguous runs per text that may go to compromise's tagger (~2 ms a call, so it is rationed). */
const TAGGER_BUDGET = (length: number) => 4 + Math.floor(length / 20_000);

/** The clause around a run, at most 60 characters either side: what the tagger reads. */
function sentenceAround(text: string, start: number, end: number): [number, string] {
  let from = start;
  while (from > 0 && start - from < 60 && !/[.!?\n]/.test(text[from - 1] as string)) from--;
  while (from < start && from > 0 && !/\s/.test(text[from - 1] as string)) from++;
  let to = end;
  while (to < text.length && to - end < 60 && !/[.!?\n]/.test(text[to] as string)) to++;
  while (to > end && to < text.length && !/\s/.test(text[to] as string)) to--;
  return [from, text.slice(from, Math.min(text.length, to + 1))];
}

function taggerTopics(sentence: string): Array<{ start: number; end: number; topic: Topic }> {
  const doc = nlp(sentence);
  const spans: Array<{ start: number; end: number; topic: Topic }> = [];
  const collect = (list: Array<{ offset?: { start: number; length: number } }>, topic: Topic) => {
    for (const item of list)
      if (item.offset) spans.push({ start: item.offset.start, end: item.offset.start + item.offset.length, topic });
  };
  collect(doc.people().json({ offset: true }), 'person');
  collect(doc.places().json({ offset: true }), 'place');
  collect(doc.organizations().json({ offset: true }), 'org');
  return spans;
}

const LOWER_NAME = /(?<![\p{L}\d'’-])(\p{Ll}{2,})(?=[ \t]+(\p{Ll}{2,})(?![\p{L}\d'’-]))/gu;
const GAP = /[ \t]+/y;
const LOWER_CASE_LOCATOR =
  /\b(?:name is|i am|i'm|i’m|this is|dear|hi|hello|hey|named|called|patient|customer|client|contact|with|to|from|by|and|met)\b/gi;

export interface NameOptions {
  /** Lets compromise's tagger decide ambiguous runs (off to measure what it adds). */
  tagger?: boolean;
}

export function createNameRecogniser(options: NameOptions = {}): Recogniser {
  const useTagger = options.tagger ?? true;
  return {
    types: ['PERSON_NAME', 'LOCATION', 'ORGANIZATION_NAME'],
    find(text, out) {
      let budget = TAGGER_BUDGET(text.length);
      const taggedSentences = new Map<number, Array<{ start: number; end: number; topic: Topic }>>();
      const consider = (scored: Scored) => {
        if (useTagger && scored.ambiguous && budget > 0) {
          const span = scored.person ?? scored.place ?? scored.org;
          if (span) {
            const [from, sentence] = sentenceAround(text, span.start, span.end);
            let topics = taggedSentences.get(from);
            if (!topics) {
              budget--;
              topics = taggerTopics(sentence);
              taggedSentences.set(from, topics);
            }
            for (const topic of topics) {
              const a = from + topic.start;
              const b = from + topic.end;
              const own = scored[topic.topic] ?? { ...span, score: 0, evidence: [] };
              if (a < own.end && b > own.start && !own.capped) {
                scored[topic.topic] = {
                  ...own,
                  score: Math.min(0.97, own.score + 0.2),
                  evidence: [...own.evidence, `compromise: ${topic.topic}`],
                };
              }
            }
          }
        }
        emit(scored, out);
      };
      for (const match of text.matchAll(RUN)) {
        for (const group of tokensOf(match[0], match.index)) {
          const trimmed = trimEdges(group).tokens;
          if (trimmed.some((t) => t.cls === 'connector')) {
            // A whole organisation name with "of" or "&" inside; otherwise score the parts on their own.
            const org = orgEvidence(text, trimmed, before(text, (trimmed[0] as Token).start));
            if (org && org.score >= 0.6) {
              emit({ person: null, place: null, org, ambiguous: false }, out);
              continue;
            }
            const context = before(text, (trimmed[0] as Token).start);
            splitAtConnectors(group).forEach((part, i) => {
              const scored = scoreRun(text, part.tokens, i > 0 && COORDINATING.has(part.after) ? context : undefined);
              if (scored) consider(scored);
            });
            continue;
          }
          const scored = scoreRun(text, group);
          if (scored) consider(scored);
        }
      }
      findLowerCaseNames(text, out);
      findLegalForms(text, out);
      findLowerCaseBrandsAndPlaces(text, out);
    },
  };
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const LEGAL_FORM = new RegExp(
  `(?<=[ \\t,])(${[...LEGAL_FORMS]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegex)
    .join('|')})(?![\\p{L}\\p{M}\\d&]|[ \\t]+[A-Z]\\d)`,
  'gu',
);
/** Forms that may follow a comma ("Acme Widgets, Inc."); a comma before the others separates a list. */
const AFTER_COMMA = new Set([
  'Inc.',
  'Inc',
  'Ltd.',
  'Ltd',
  'LLC',
  'L.L.C.',
  'LLP',
  'Limited',
  'Corp.',
  'S.A.',
  'S.L.',
  'Ltda.',
]);
const NAME_BEFORE_FORM =
  /(?:^|[^\p{L}\p{M}\d'’.&-])((?:\p{Lu}[\p{L}\p{M}'’-]*\.?|\d+)(?:[ \t]+(?:(?:&|and|und|et|e|y|i|og|och|en|van|von|der|den|de|del|della|di|da|du|des|la|le)[ \t]+)*(?:\p{Lu}[\p{L}\p{M}'’-]*\.?|\d+)){0,4})(,?)[ \t]+$/u;
const NAME_INITIAL_PARTICLE = new Set(['Van', 'Von', 'De', 'Di', 'Da', 'Le', 'La', 'Du', 'Des', 'Del', 'Della']);
const SHORT_CAPS_FORMS = new Set(['AG', 'KG', 'AB', 'AS', 'ASA', 'BV', 'NV', 'SAS', 'SIA', 'UAB', 'PLC', 'LLP', 'LLC']);

/** Companies by their legal form: "Bauer Logistik GmbH", "Rossi Costruzioni S.p.A.", "Kowalski i Syn Sp. z o.o.". */
function findLegalForms(text: string, out: Candidate[]) {
  for (const m of text.matchAll(LEGAL_FORM)) {
    const form = m[1] as string;
    const name = NAME_BEFORE_FORM.exec(text.slice(Math.max(0, m.index - 80), m.index));
    if (!name) continue;
    if (name[2] === ',' && !AFTER_COMMA.has(form)) continue;
    let words = name[1] as string;
    let start = m.index - (name[0].length - name[0].indexOf(words));
    // "Factura de Castillo Hermanos S.L.": an ordinary first word joined by a particle is the sentence, not the name.
    const lead = /^(\p{Lu}[\p{L}\p{M}'’-]*)[ \t]+(?:de|da|di|del|della|du|des|van|von)[ \t]+/u.exec(words);
    if (lead && !NAME_INITIAL_PARTICLE.has(lead[1] as string)) {
      start += lead[0].length;
      words = words.slice(lead[0].length);
    }
    const tokens = words.split(/[ \t]+/).filter((w) => /^\p{Lu}/u.test(w));
    if (tokens.length === 0 || tokens.every((w) => NEVER.has(w.toLowerCase().replace(/\.$/, '')))) continue;
    if (SHORT_CAPS_FORMS.has(form) && tokens.every((w) => w === w.toUpperCase())) continue;
    const end = m.index + form.length;
    out.push({
      start,
      end,
      type: 'ORGANIZATION_NAME',
      score: 0.9,
      evidence: [`legal form "${form}"`],
    });
  }
}

const LOWER_BRAND = new RegExp(
  `(?<![\\p{L}\\d'’.&-])(${[...BRANDS]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegex)
    .join('|')})(?![\\p{L}\\d'’&-]|\\.\\p{L})`,
  'gu',
);
const BRAND_BEFORE =
  /\b(?:at|from|via|through|with|on|my|our|your|his|her|their|for|by|joined|left|ordered|bought|booked|paid|use|using|used|love|hate|called|emailed|and|or)[ \t]+$/;
const BRAND_AFTER =
  /^[ \t]+(?:account|accounts|order|orders|subscription|app|contract|card|prime|premium|customer|support|delivery|package|parcel|shares|stock|job|offer|interview|gift|voucher|store|shop|page|profile|password|login|team|office|headquarters|hq|plan|bill|invoice)\b/;
const LOWER_PLACE =
  /\b(in|to|from|near|visiting|visit|around|outside|across|via|into)[ \t]+(?:(?:sunny|rainy|beautiful|lovely|gorgeous|downtown|central|old|greater|northern|southern|eastern|western)[ \t]+)?(\p{Ll}[\p{Ll}\p{M}'’-]+)(?:(?=[ \t]+(\p{Ll}[\p{Ll}\p{M}'’-]+)))?/gu;

/** Names typed in lower case: a brand after a cue ("works at google", "my netflix account"), a place after one. */
function findLowerCaseBrandsAndPlaces(text: string, out: Candidate[]) {
  for (const m of text.matchAll(LOWER_BRAND)) {
    const end = m.index + m[0].length;
    const cueBefore = BRAND_BEFORE.test(text.slice(Math.max(0, m.index - 12), m.index));
    const cueAfter = BRAND_AFTER.test(text.slice(end, end + 16));
    if ((!cueBefore && !cueAfter) || /^[ \t]+(?:me|us|him|her|them)\b/.test(text.slice(end, end + 6))) continue;
    out.push({
      start: m.index,
      end,
      type: 'ORGANIZATION_NAME',
      score: cueAfter ? 0.75 : 0.65,
      evidence: ['brand in lower case', cueAfter ? 'followed by a product word' : 'after a preposition'],
    });
  }
  for (const m of text.matchAll(LOWER_PLACE)) {
    const one = m[2] as string;
    const two = m[3] ? `${one} ${m[3]}` : '';
    const start = m.index + m[0].length - one.length;
    let end: number;
    if (two && phraseClass(two) === 'place') end = start + two.length;
    else if (wordClass(one) === 'place' && !isOrdinaryLowerWord(one)) end = start + one.length;
    else continue;
    out.push({
      start,
      end,
      type: 'LOCATION',
      score: 0.6,
      evidence: ['place in lower case', `after "${(m[1] as string).toLowerCase()}"`],
    });
  }
}

const TOPIC_TYPES: Readonly<Record<Topic, Candidate['type']>> = {
  person: 'PERSON_NAME',
  place: 'LOCATION',
  org: 'ORGANIZATION_NAME',
};

function emit(scored: Scored, out: Candidate[]) {
  const ranked = (['person', 'place', 'org'] as const)
    .map((topic) => [topic, scored[topic]] as const)
    .filter((entry): entry is readonly [Topic, Span] => entry[1] !== null && entry[1].score > 0.1)
    .sort((a, b) => b[1].score - a[1].score);
  const [winner, runnerUp] = ranked;
  if (!winner) return;
  out.push({ ...winner[1], type: TOPIC_TYPES[winner[0]] });
  // The runner-up is reported a little lower, so a policy that leaves out the winner's type still sees the span.
  if (runnerUp && runnerUp[1].score > 0.3) {
    out.push({
      ...runnerUp[1],
      type: TOPIC_TYPES[runnerUp[0]],
      score: Math.min(runnerUp[1].score, winner[1].score - 0.01),
    });
  }
}

/** Names typed in lower case ("talked to john smith"): a known first name followed by a surname, or after a cue. */
function findLowerCaseNames(text: string, out: Candidate[]) {
  for (const m of nearCues(text, LOWER_CASE_LOCATOR, LOWER_NAME, 0, 24)) {
    const [, a = '', b = ''] = m.groups;
    if (wordClass(a) !== 'first') continue;
    GAP.lastIndex = m.index + a.length;
    if (m.index > 0 && /[\p{L}\d'’-]/u.test(text[m.index - 1] as string)) continue;
    const end = m.index + a.length + (GAP.exec(text)?.[0].length ?? 1) + b.length;
    const bClass = wordClass(b);
    const cue = endsWithCue(before(text, m.index), LOWER_CASE_CUES);
    if (bClass === 'last') {
      out.push({
        start: m.index,
        end,
        type: 'PERSON_NAME',
        score: cue ? 0.75 : 0.55,
        evidence: ['lower-case first name + surname'],
      });
    } else if (cue && (bClass === 'unknown' || bClass === 'first')) {
      out.push({ start: m.index, end, type: 'PERSON_NAME', score: 0.6, evidence: ['lower-case name after a cue'] });
    }
  }
}
