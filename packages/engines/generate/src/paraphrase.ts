import { defaultLanguageJudge, type LanguageJudge } from './language.js';
import { defaultLexicon, type Lexicon, type Reading } from './lexicon.js';
import type { Strength } from './options.js';
import { CONNECTIVES, CONTRACTIONS, MACHINE_VOCABULARY, type PhraseRule, PLAIN_PHRASES } from './phrases.js';
import { findProtectedSpans, keepsSpans, type ProtectedSpan } from './protected-spans.js';
import {
  capitalise,
  changedShare,
  commonSubsequence,
  hashString,
  lowerWords,
  matchCase,
  seededRandom,
  sentencesOf,
} from './text.js';

export type { Strength };

/**
 * How far each strength may go: the WordNet tier it draws on, how much fluency a swap may cost (nats over the word and
 * the two after it), whether the new word must be a pairing general English has seen beside a neighbour, and how much
 * earlier sentences are split and joined than the style alone asks.
 */
const REACH: Record<
  Strength,
  { loose: boolean; fluencyCost: number; seenPairing: boolean; structural: number; lengths: number }
> = {
  light: { loose: false, fluencyCost: 1, seenPairing: true, structural: 0.25, lengths: 0 },
  balanced: { loose: true, fluencyCost: 1.5, seenPairing: true, structural: 0.5, lengths: 2 },
  strong: { loose: true, fluencyCost: 2, seenPairing: false, structural: 0.85, lengths: 5 },
};

/** The share of words each strength aims to change; what a run changed is measured and reported. */
export const STRENGTH_TARGETS: Record<Strength, number> = { light: 0.12, balanced: 0.25, strong: 0.4 };

/** How a rewrite should read: set from the tone, the purpose and the reading level the user picked. */
export interface ParaphraseStyle {
  contractions: 'add' | 'expand' | 'keep';
  /** Casual connectives ("what's more", "plus") suit the purpose. */
  casual: boolean;
  /** Sentences longer than this many words are split where a clause boundary allows (0: never). */
  splitAbove: number;
  /** Two neighbouring sentences both shorter than this are joined (0: never). */
  mergeBelow: number;
  /** Prefer the more common of two synonyms (a lower reading level). */
  plainWords: boolean;
  /** Prefer choices that read like people's writing rather than a model's (the two n-gram models disagree). */
  humanize: boolean;
}

export const NEUTRAL_STYLE: ParaphraseStyle = {
  contractions: 'keep',
  casual: false,
  splitAbove: 32,
  mergeBelow: 0,
  plainWords: false,
  humanize: false,
};

export interface ParaphraseOptions {
  strength: Strength;
  style: ParaphraseStyle;
  /** Different seeds give different rewrites of the same text (variants, the humanizer's candidates). */
  seed?: number;
  glossary?: readonly string[];
  /** Spans found already (the humanizer finds them once for all its candidates). */
  spans?: readonly ProtectedSpan[];
  /** Overrides the strength's target share of changed words. */
  target?: number;
}

export const editKinds = [
  'phrase',
  'connective',
  'contraction',
  'synonym',
  'reorder',
  'split',
  'merge',
  'voice',
] as const;
export type EditKind = (typeof editKinds)[number];

export interface ParaphraseResult {
  text: string;
  /** Measured share of the original's words changed (see `changedShare`). */
  changedShare: number;
  /** How many edits of each kind were kept. */
  edits: Record<EditKind, number>;
  /** The input's protected spans: each is in `text` unchanged. */
  spans: ProtectedSpan[];
}

interface Unit {
  original: string;
  text: string;
  /** The protected texts of the original sentence, in order. */
  pieces: string[];
  spans: ProtectedSpan[];
  words: string[];
  gapAfter: string;
  paragraph: number;
  /** Words of the original changed so far (its words minus the common subsequence). */
  changed: number;
  /** Words put in by a synonym swap: never swapped again (back to the original, or further away). */
  placed: Set<string>;
}

const SUBJECT_PRONOUN =
  /^(?:I|we|you|he|she|it|they|this|that|these|those|there|the|a|an|our|their|its|his|her|my|your|some|many|most|each|every|no|such)$/i;
const LOWERABLE =
  /^(?:The|A|An|This|That|These|Those|It|We|You|He|She|They|There|Our|Their|Its|His|Her|My|Your|Some|Many|Most|Each|Every|No|Such|Both|All|One|Any|Few|Several|People|Students|Researchers|Users|Companies|Children)$/;
const OBJECT_TO_SUBJECT: Record<string, string> = { them: 'They', him: 'He', us: 'We', me: 'I', you: 'You', it: 'It' };
const SUBJECT_TO_OBJECT: Record<string, string> = {
  it: 'it',
  they: 'them',
  he: 'him',
  she: 'her',
  we: 'us',
  i: 'me',
  you: 'you',
};
const DETERMINERS = new Set(
  'the a an this that these those my your his her its our their some many several each every no any few more most much another other such'.split(
    ' ',
  ),
);
const VERB_CUES = new Set(
  'to will would can could should may might must shall do does did not never i we you they he she it who which that often also usually always'.split(
    ' ',
  ),
);
const BE = new Set('is are was were be been being am'.split(' '));
const HAVE = new Set('has have had having'.split(' '));
/** Words never replaced: their sense rests on a convention a thesaurus does not know. */
const KEEP = new Set(
  'after before about above below since until around through over under down up out off on in away back forth near past along across behind beyond inside outside within without like yet still just only even also too so then now here there well as more most less least very much many few all both either neither each every some any once twice first last next again ever never always often sometimes already soon later early late far near rather quite enough get got make made take took give gave go went come came put set run say said see saw know knew think thought way thing things lot kind part case point fact time times place world work works life people man men woman women day days year years state states order end means mean line lines term terms form forms value values level levels rate rates model models data system systems number numbers group groups result results process field fields type types'.split(
    ' ',
  ),
);

/**
 * A rule-based paraphrase: plain phrasing for stock phrases, contractions where the style allows them, synonyms from
 * WordNet filtered by part of speech and checked for fluency against general English, clauses brought forward or
 * back, long sentences split and short ones joined, and a passive with its agent turned active — up to the share of
 * words the strength asks for. Protected spans are never touched; a sentence whose rewrite lost one keeps its
 * original text.
 */
export function paraphrase(text: string, options: ParaphraseOptions): ParaphraseResult {
  const judge = defaultLanguageJudge();
  const lexicon = defaultLexicon();
  const spans = options.spans
    ? [...options.spans]
    : findProtectedSpans(text, { glossary: options.glossary ?? [], isCommonWord: (w) => judge.isCommonWord(w) });
  const seed = options.seed ?? 0;
  const random = seededRandom(hashString(text, seed + 1));
  const reach = REACH[options.strength];
  const style = {
    ...options.style,
    splitAbove: options.style.splitAbove > 0 ? Math.max(12, options.style.splitAbove - reach.lengths) : 0,
    mergeBelow: options.style.mergeBelow > 0 ? options.style.mergeBelow + reach.lengths : 0,
  };
  const edits = Object.fromEntries(editKinds.map((kind) => [kind, 0])) as Record<EditKind, number>;

  const sentences = sentencesOf(text);
  if (sentences.length === 0) return { text, changedShare: 0, edits, spans };
  const prefix = text.slice(0, sentences[0]?.start ?? 0);
  const units: Unit[] = sentences.map((sentence, index) => {
    const original = text.slice(sentence.start, sentence.end);
    const local = spans
      .filter((span) => span.start >= sentence.start && span.end <= sentence.end)
      .map((span) => ({ ...span, start: span.start - sentence.start, end: span.end - sentence.start }));
    // A span that crosses a sentence boundary (a quotation of two sentences) freezes both sentences.
    const crossing = spans.some(
      (span) =>
        span.start < sentence.end &&
        span.end > sentence.start &&
        (span.start < sentence.start || span.end > sentence.end),
    );
    return {
      original,
      text: original,
      pieces: crossing ? [original] : local.map((span) => original.slice(span.start, span.end)),
      spans: crossing ? [{ start: 0, end: original.length, kind: 'quotation' }] : local,
      words: lowerWords(original),
      gapAfter: text.slice(sentence.end, sentences[index + 1]?.start ?? text.length),
      paragraph: sentence.paragraph,
      changed: 0,
      placed: new Set<string>(),
    };
  });
  const totalWords = units.reduce((sum, unit) => sum + unit.words.length, 0);
  const target = Math.max(0, Math.min(1, options.target ?? STRENGTH_TARGETS[options.strength]));
  const budget = Math.ceil(target * totalWords);
  let changed = 0;
  const done = () => changed >= budget;

  /** Keeps `next` as the unit's text when it keeps every protected span; updates the changed-word count. */
  const commit = (unit: Unit, next: string, kind: EditKind): boolean => {
    if (next === unit.text || !keepsSpans(unit.original, unit.spans, next)) return false;
    const nowChanged = unit.words.length - commonSubsequence(unit.words, lowerWords(next));
    changed += nowChanged - unit.changed;
    unit.changed = nowChanged;
    unit.text = next;
    edits[kind]++;
    return true;
  };
  const order = shuffled(units.length, random);

  // 1. Stock and wordy phrases.
  for (const index of order) {
    if (done()) break;
    const unit = units[index] as Unit;
    const rules = style.humanize || options.strength !== 'light' ? [...PLAIN_PHRASES, ...CONNECTIVES] : PLAIN_PHRASES;
    for (const rule of rules) {
      if (rule.register === 'casual' && !style.casual) continue;
      const kind = CONNECTIVES.includes(rule) ? 'connective' : 'phrase';
      const next = applyRule(unit, rule, random, style);
      if (next !== unit.text) commit(unit, next, kind);
    }
  }
  // 2. Contractions (or their expansion, for formal writing).
  if (style.contractions !== 'keep') {
    for (const index of order) {
      if (done()) break;
      const unit = units[index] as Unit;
      const next = contract(unit, style.contractions === 'add');
      if (next !== unit.text) commit(unit, next, 'contraction');
    }
  }
  // 3. Clauses moved and split, passives made active.
  const structural = reach.structural;
  for (const index of order) {
    if (done()) break;
    const unit = units[index] as Unit;
    if (random() > structural && unit.words.length <= (style.splitAbove || Infinity)) continue;
    const voice = activeVoice(unit.text, lexicon);
    if (voice && commit(unit, voice, 'voice')) continue;
    if (style.splitAbove > 0 && unit.words.length > style.splitAbove) {
      const split = splitSentence(unit.text, protectedRanges(unit));
      if (split && commit(unit, split, 'split')) continue;
    }
    const reordered = reorderClauses(unit.text, protectedRanges(unit));
    if (reordered) commit(unit, reordered, 'reorder');
  }
  // 4. Synonyms, a few words per sentence at a time, until the share is reached.
  for (let round = 0; round < 6 && !done(); round++) {
    for (const index of order) {
      if (done()) break;
      const unit = units[index] as Unit;
      const next = substituteWords(unit, judge, lexicon, style, random, 1 + round, reach);
      if (next !== unit.text) commit(unit, next, 'synonym');
    }
  }
  // 5. Short neighbours joined, for the variety of lengths people's writing has.
  if (style.mergeBelow > 0 && !done()) {
    for (let i = 0; i + 1 < units.length && !done(); i++) {
      const first = units[i] as Unit;
      const second = units[i + 1] as Unit;
      if (first.paragraph !== second.paragraph || first.gapAfter !== ' ') continue;
      if (first.words.length >= style.mergeBelow || second.words.length >= style.mergeBelow) continue;
      if (random() > structural) continue;
      const merged = mergeSentences(first.text, second.text, style);
      if (!merged) continue;
      const combined: Unit = {
        original: `${first.original}${first.gapAfter}${second.original}`,
        text: `${first.text}${first.gapAfter}${second.text}`,
        pieces: [...first.pieces, ...second.pieces],
        spans: [
          ...first.spans,
          ...second.spans.map((span) => ({
            ...span,
            start: span.start + first.original.length + first.gapAfter.length,
            end: span.end + first.original.length + first.gapAfter.length,
          })),
        ],
        words: [...first.words, ...second.words],
        gapAfter: second.gapAfter,
        paragraph: first.paragraph,
        changed: first.changed + second.changed,
        placed: new Set([...first.placed, ...second.placed]),
      };
      if (commit(combined, merged, 'merge')) units.splice(i, 2, combined);
    }
  }

  const out = prefix + units.map((unit) => unit.text + unit.gapAfter).join('');
  return { text: out, changedShare: changedShare(lowerWords(text), lowerWords(out)), edits, spans };
}

function shuffled(length: number, random: () => number): number[] {
  const order = Array.from({ length }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}

/** Where the protected texts sit in the unit's current text (they keep their order within a sentence). */
function protectedRanges(unit: Unit): [number, number][] {
  const ranges: [number, number][] = [];
  let from = 0;
  for (const piece of unit.pieces) {
    let at = unit.text.indexOf(piece, from);
    if (at < 0) at = unit.text.indexOf(piece);
    if (at < 0) continue;
    ranges.push([at, at + piece.length]);
    from = at + piece.length;
  }
  return ranges;
}

const touches = (ranges: readonly [number, number][], start: number, end: number) =>
  ranges.some(([s, e]) => start < e && end > s);

function applyRule(unit: Unit, rule: PhraseRule, random: () => number, style: ParaphraseStyle): string {
  const ranges = protectedRanges(unit);
  let output = '';
  let last = 0;
  const text = unit.text;
  rule.pattern.lastIndex = 0;
  for (const match of text.matchAll(rule.pattern)) {
    const start = match.index ?? 0;
    const end = start + match[0].length;
    if (touches(ranges, start, end)) continue;
    const options = rule.to.filter(
      (choice) => style.casual || !/'|plus|say,|lots of|digs into|what's/.test(choice) || choice === '',
    );
    if (options.length === 0) continue;
    let replacement = options[Math.floor(random() * options.length)] as string;
    let stop = end;
    const atStart = text.slice(0, start).trim() === '';
    if (replacement === '') {
      // A deleted opener leaves the sentence to start with its next word, capitalised.
      stop = end + (text.slice(end).match(/^\s*/)?.[0].length ?? 0);
      if (atStart) {
        const rest = text.slice(stop);
        output += text.slice(last, start) + capitalise(rest.slice(0, 1));
        last = stop + 1;
        continue;
      }
      output += text.slice(last, start);
      last = stop;
      continue;
    }
    // "However," → "But" loses its comma: the connective must not leave "But, the …".
    if (!replacement.endsWith(',') && match[0].endsWith(',')) {
      replacement = replacement.trim();
    }
    output += text.slice(last, start) + (atStart ? capitalise(replacement) : matchCase(match[0], replacement));
    last = stop;
  }
  return last === 0 ? text : output + text.slice(last);
}

function contract(unit: Unit, add: boolean): string {
  let text = unit.text;
  for (const [long, short] of CONTRACTIONS) {
    const ranges = protectedRanges({ ...unit, text });
    const from = add ? long : short;
    const to = add ? short : long;
    // "it is" at a clause's end ("I know what it is.") must stay whole.
    const pattern = new RegExp(
      `(?<![\\p{L}'’])${from.replace(/'/g, "['’]")}(?![\\p{L}'’])(?=\\s+[\\p{L}\\p{N}])`,
      'giu',
    );
    text = text.replace(pattern, (match, offset: number) => {
      if (touches(ranges, offset, offset + match.length)) return match;
      // "There is" and "It is" before "not" contract better as "isn't" (handled by its own rule first).
      if (add && /^(?:it|that|there|what) is$/i.test(match) && /^\s+not\b/i.test(text.slice(offset + match.length))) {
        return match;
      }
      return matchCase(match, to);
    });
  }
  return text;
}

const SUBORDINATORS = 'because|since|although|though|while|if|when|once|unless|after|before|whenever|as soon as';

/** "X because Y." ↔ "Because Y, X." — when neither clause holds a comma and the words that change case may change. */
export function reorderClauses(sentence: string, ranges: readonly [number, number][]): string | null {
  const end = /([.!?]["”’']?)\s*$/.exec(sentence);
  if (!end) return null;
  const body = sentence.slice(0, end.index);
  const closing = end[1] as string;
  const fronted = new RegExp(`^(${SUBORDINATORS}) ([^,;:]+), ([^,;:]+)$`, 'i').exec(body);
  if (fronted) {
    const [, conj, sub, main] = fronted as unknown as [string, string, string, string];
    if (sub.split(' ').length < 3 || main.split(' ').length < 3) return null;
    if (touches(ranges, 0, 1)) return null;
    const mainFirst = main.split(' ')[0] as string;
    // The main clause's first word becomes the sentence's first: a name keeps its capital anyway.
    const moved = `${capitalise(main)} ${conj.toLowerCase()} ${lowerOpening(sub)}${closing}`;
    if (/^\p{Lu}/u.test(mainFirst) || mainFirst === mainFirst.toLowerCase()) return moved;
    return null;
  }
  const trailing = new RegExp(`^([^,;:]+?) (${SUBORDINATORS}) ([^,;:]+)$`, 'i').exec(body);
  if (trailing) {
    const [, main, conj, sub] = trailing as unknown as [string, string, string, string];
    if (main.split(' ').length < 4 || sub.split(' ').length < 3) return null;
    const first = main.split(' ')[0] as string;
    // Only a word that merely opens the sentence may lose its capital ("The", "It"), never a name.
    if (/^\p{Lu}/u.test(first) && !LOWERABLE.test(first)) return null;
    if (touches(ranges, 0, first.length)) return null;
    return `${capitalise(conj.toLowerCase())} ${sub}, ${lowerOpening(main)}${closing}`;
  }
  return null;
}

const lowerOpening = (clause: string) => {
  const first = clause.split(' ')[0] as string;
  return LOWERABLE.test(first) ? first.toLowerCase() + clause.slice(first.length) : clause;
};

/** A long sentence split at a clause boundary: "; ", ", but ", ", so ", ", which " or ", and " before a subject. */
export function splitSentence(sentence: string, ranges: readonly [number, number][]): string | null {
  const candidates: { at: number; length: number; opener: string }[] = [];
  for (const match of sentence.matchAll(/; |, (but|so|yet) |, which |, and (?=(\w+))/g)) {
    const at = match.index ?? 0;
    if (touches(ranges, at, at + match[0].length)) continue;
    const word = match[1];
    if (match[0] === '; ') candidates.push({ at, length: 2, opener: '' });
    else if (word) candidates.push({ at, length: match[0].length, opener: `${capitalise(word)} ` });
    else if (match[0] === ', which ') candidates.push({ at, length: match[0].length, opener: 'This ' });
    else if (SUBJECT_PRONOUN.test(match[2] ?? '')) candidates.push({ at, length: match[0].length, opener: '' });
  }
  const words = sentence.split(/\s+/).length;
  // The split nearest the middle, leaving both halves at least five words.
  let best: (typeof candidates)[number] | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const left = sentence.slice(0, candidate.at).split(/\s+/).length;
    if (left < 5 || words - left < 5) continue;
    const distance = Math.abs(left - words / 2);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (!best) return null;
  const head = sentence.slice(0, best.at);
  const tail = sentence.slice(best.at + best.length);
  const second = best.opener ? best.opener + tail : capitaliseOpening(tail);
  if (!second) return null;
  return `${head}. ${second}`;
}

const capitaliseOpening = (clause: string) => {
  const first = clause.split(' ')[0] ?? '';
  return /^[a-z]/.test(first) ? capitalise(clause) : clause;
};

/** Two short sentences joined: "X. It Y." → "X, and it Y." (a question or an exclamation stays alone). */
export function mergeSentences(first: string, second: string, style: ParaphraseStyle): string | null {
  if (!/[^.]\.$/.test(first) || !/\.$/.test(second)) return null;
  const opener = second.split(' ')[0] as string;
  if (/^(?:However|But|Yet|Still)[,]?$/.test(opener)) {
    const rest = second.slice(opener.length).trimStart();
    return `${first.slice(0, -1)}, but ${lowerOpening(rest)}`;
  }
  if (!LOWERABLE.test(opener)) return null;
  const joiner = style.casual ? ', and ' : '; ';
  return `${first.slice(0, -1)}${joiner}${lowerOpening(second)}`;
}

const PARTICIPLE = /^(\w+(?:ed|en|wn|ung|ught|one|ade|id|ept|elt|ent|ilt|ot|it|ut|et|un|ew))$/;

/** "The report was written by the team." → "The team wrote the report." (past tense, a short agent, nothing after). */
export function activeVoice(sentence: string, lexicon: Lexicon): string | null {
  const match =
    /^((?:The|This|That|These|Those|A|An|Our|Their|Its|His|Her|My|It|They|He|She)(?: [\w'-]+){0,5}) (?:was|were) (\w+) by ((?:the |a |an |our |their |its |his |her |my )?[\w'-]+(?: [\w'-]+){0,3})([.!?])$/.exec(
      sentence,
    );
  if (!match) return null;
  const [, subject, participle, agent, closing] = match as unknown as [string, string, string, string, string];
  if (!PARTICIPLE.test(participle)) return null;
  if (/\b(?:and|or|of|with|in|on|at|for|to|from)\b/.test(agent.split(' ').slice(-1)[0] ?? '')) return null;
  const past = pastOf(participle, lexicon);
  if (!past) return null;
  const agentWords = agent.split(' ');
  let newSubject: string;
  if (agentWords.length === 1 && OBJECT_TO_SUBJECT[agent.toLowerCase()])
    newSubject = OBJECT_TO_SUBJECT[agent.toLowerCase()] as string;
  else if (/^(?:the|a|an|our|their|its|his|her|my)$/.test(agentWords[0] as string)) newSubject = capitalise(agent);
  else if (/^\p{Lu}/u.test(agent)) newSubject = agent;
  else return null;
  const subjectWords = subject.split(' ');
  let object: string;
  if (subjectWords.length === 1) {
    const pronoun = SUBJECT_TO_OBJECT[subject.toLowerCase()];
    if (!pronoun) return null;
    object = pronoun;
  } else object = lowerOpening(subject);
  return `${newSubject} ${past} ${object}${closing}`;
}

function pastOf(participle: string, lexicon: Lexicon): string | null {
  for (const reading of lexicon.readingsOf(participle)) {
    if (reading.pos !== 'verb' || reading.form !== 'participle') continue;
    const past = lexicon.formOf(reading.lemma, 'verb', 'past');
    if (past) return past;
  }
  if (/ed$/.test(participle)) return participle;
  return IRREGULAR_PAST[participle] ?? null;
}

const IRREGULAR_PAST: Record<string, string> = {
  written: 'wrote',
  given: 'gave',
  taken: 'took',
  made: 'made',
  found: 'found',
  built: 'built',
  done: 'did',
  seen: 'saw',
  known: 'knew',
  shown: 'showed',
  drawn: 'drew',
  chosen: 'chose',
  driven: 'drove',
  eaten: 'ate',
  held: 'held',
  led: 'led',
  paid: 'paid',
  sold: 'sold',
  told: 'told',
  taught: 'taught',
  thought: 'thought',
  bought: 'bought',
  brought: 'brought',
  caught: 'caught',
  sent: 'sent',
  spent: 'spent',
  won: 'won',
  begun: 'began',
  broken: 'broke',
  spoken: 'spoke',
  stolen: 'stole',
  grown: 'grew',
  thrown: 'threw',
  hidden: 'hid',
  forgotten: 'forgot',
  run: 'ran',
  set: 'set',
  put: 'put',
  cut: 'cut',
  read: 'read',
  kept: 'kept',
  left: 'left',
  felt: 'felt',
  met: 'met',
};

/** Tokens of a sentence with their offsets; words are ASCII letters with an inner apostrophe. */
const WORD = /[A-Za-z]+(?:['’][a-z]+)?/g;

/** Replaces up to `limit` words of the sentence with synonyms that fit their context, best candidates first. */
function substituteWords(
  unit: Unit,
  judge: LanguageJudge,
  lexicon: Lexicon,
  style: ParaphraseStyle,
  random: () => number,
  limit: number,
  reach: { loose: boolean; fluencyCost: number; seenPairing: boolean },
): string {
  const text = unit.text;
  const ranges = protectedRanges(unit);
  const tokens = [...text.matchAll(WORD)].map((m) => ({
    text: m[0],
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
  }));
  const lower = tokens.map((t) => t.text.toLowerCase());
  const choices: { index: number; replacement: string; gain: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as { text: string; start: number; end: number };
    const word = lower[i] as string;
    if (token.text !== word || word.length < 3 || KEEP.has(word) || word.includes("'") || word.includes('’')) continue;
    if (unit.placed.has(word)) continue;
    if (touches(ranges, token.start, token.end)) continue;
    // Part of a hyphenated compound, or glued to a symbol: leave it.
    const before = text[token.start - 1] ?? ' ';
    const after = text[token.end] ?? ' ';
    if (before === '-' || after === '-' || before === '/' || after === '/' || before === '_' || after === '_') continue;
    const readings = readingsInContext(lexicon.readingsOf(word), lower[i - 1], lower[i + 1], lexicon.isAmbiguous(word));
    if (readings.length === 0) continue;
    // A fixed expression ("take place", "deep learning") loses its sense when either word changes.
    const previous = lower[i - 1];
    const next = lower[i + 1];
    const adjacentBefore = previous !== undefined && /^\s+$/.test(text.slice(tokens[i - 1]?.end ?? 0, token.start));
    const adjacentAfter = next !== undefined && /^\s+$/.test(text.slice(token.end, tokens[i + 1]?.start ?? 0));
    if (adjacentBefore && judge.association(previous as string, word) > 3) continue;
    if (adjacentAfter && judge.association(word, next as string) > 3) continue;
    const windowStart = Math.max(0, i - 2);
    const window = lower.slice(windowStart, Math.min(lower.length, i + 3));
    const at = i - windowStart;
    const sentenceStart = windowStart === 0;
    const base = judge.windowScores(window, at, sentenceStart);
    let best: { replacement: string; gain: number } | null = null;
    for (const reading of readings) {
      for (const candidate of lexicon.synonymsOf(reading, reach.loose)) {
        if (candidate === word || (style.humanize && MACHINE_VOCABULARY.has(candidate))) continue;
        if (!judge.knows(candidate)) continue;
        window[at] = candidate;
        const scored = judge.windowScores(window, at, sentenceStart);
        window[at] = word;
        const fluency = scored.english - base.english;
        // English must have seen the new word beside at least one of its neighbours: a pairing it never saw is how
        // thesaurus swaps turn into nonsense.
        const left = adjacentBefore ? judge.association(previous as string, candidate) : 0;
        const right = adjacentAfter ? judge.association(candidate, next as string) : 0;
        if (reach.seenPairing && (adjacentBefore || adjacentAfter) && left === 0 && right === 0) continue;
        // Fluency: the swap may cost a little probability, never much.
        if (fluency < -reach.fluencyCost) continue;
        let gain = fluency + random() * 0.5;
        if (style.plainWords) gain += 0.3 * (judge.frequency(candidate) - judge.frequency(word));
        // Reads more like people's writing than a model's: the human model gains on the AI model.
        if (style.humanize) gain += 0.7 * (scored.human - scored.ai - (base.human - base.ai));
        if (!best || gain > best.gain) best = { replacement: candidate, gain };
      }
    }
    if (best) choices.push({ index: i, ...best });
  }
  if (choices.length === 0) return text;
  choices.sort((a, b) => b.gain - a.gain);
  const picked = choices.slice(0, limit).sort((a, b) => a.index - b.index);
  let output = '';
  let last = 0;
  for (const choice of picked) {
    const token = tokens[choice.index] as { start: number; end: number };
    const previous = tokens[choice.index - 1];
    // "a" and "an" follow the new word's first sound (by its first letter; "an hour" cases are rare in swaps).
    if (previous && /^an?$/i.test(previous.text) && previous.end + 1 === token.start) {
      const article = /^[aeiou]/.test(choice.replacement) ? 'an' : 'a';
      output +=
        text.slice(last, previous.start) + matchCase(previous.text, article) + text.slice(previous.end, token.start);
    } else output += text.slice(last, token.start);
    output += choice.replacement;
    unit.placed.add(choice.replacement);
    last = token.end;
  }
  return output + text.slice(last);
}

/** The readings a word's neighbours allow: after a determiner a noun or adjective, after "to" or a pronoun a verb. */
function readingsInContext(
  readings: readonly Reading[],
  previous: string | undefined,
  next: string | undefined,
  ambiguous: boolean,
): Reading[] {
  if (readings.length === 0) return [];
  let allowed = [...readings];
  let decided = !ambiguous;
  if (previous && DETERMINERS.has(previous)) {
    allowed = allowed.filter((r) => r.pos === 'noun' || r.pos === 'adj');
    decided ||= allowed.every((r) => r.pos === 'noun') && next !== undefined && !/^(?:of|and|or|,)$/.test(next);
  } else if (previous && VERB_CUES.has(previous)) {
    allowed = allowed.filter((r) => r.pos === 'verb' || r.pos === 'adv');
    decided = true;
  } else if (previous && BE.has(previous)) {
    allowed = allowed.filter((r) => r.pos === 'adj' || r.pos === 'adv' || (r.pos === 'verb' && r.form !== 'base'));
  } else if (previous && HAVE.has(previous)) {
    allowed = allowed.filter((r) => r.pos === 'verb' && r.form === 'participle');
    decided = true;
  }
  if (next && DETERMINERS.has(next)) {
    allowed = allowed.filter((r) => r.pos === 'verb' || r.pos === 'adv');
    decided = true;
  }
  // A word that could be a noun or a verb ("purchase methods") with nothing around it to say which: it stays.
  if (!decided) return [];
  // Still more than one part of speech: the context does not say which, so the word stays.
  const kinds = new Set(allowed.map((r) => r.pos));
  if (kinds.size !== 1) return [];
  return allowed;
}

export { changedShare };
