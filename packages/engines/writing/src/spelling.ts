import dictionary from 'dictionary-en';
import nspell from 'nspell';
import type { RawIssue } from './retext.js';
import { isFamiliar } from './statistics.js';
import type { WordToken } from './tokenize.js';

type Speller = ReturnType<typeof nspell>;
let shared: Speller | undefined;

// Loading the Hunspell dictionary takes ~0.2 s: once per process, on first use.
function speller(): Speller {
  shared ??= nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) });
  return shared;
}

const correctCache = new Map<string, boolean>();
const suggestCache = new Map<string, string[]>();

function isCorrect(word: string): boolean {
  let ok = correctCache.get(word);
  if (ok === undefined) {
    ok = speller().correct(word);
    if (correctCache.size > 100_000) correctCache.clear();
    correctCache.set(word, ok);
  }
  return ok;
}

/** Tokens not worth checking: numbers, codes with digits, acronyms in capitals, single letters. */
function skip(word: string): boolean {
  return word.length < 2 || /\p{N}/u.test(word) || (word.length > 1 && word === word.toUpperCase());
}

function misspelt(word: string, personal: ReadonlySet<string>): boolean {
  const normal = word.replace(/\u2019/g, "'");
  if (personal.has(normal.toLowerCase()) || skip(normal)) return false;
  if (isCorrect(normal)) return false;
  // Hyphenated compounds ("well-known") are fine when every part is.
  if (normal.includes('-')) return !normal.split('-').every((p) => p === '' || skip(p) || isCorrect(p));
  return true;
}

/**
 * Two everyday words run together ("alot", "infact"): Hunspell suggests edits, never a split. Both halves must be on
 * the Dale–Chall list of familiar words, so "occured" is not read as "occur ed"; the split with the longer short half
 * comes first ("as well" before "a swell").
 */
function runTogetherSplit(word: string): string | undefined {
  let best: { split: string; shorterHalf: number } | undefined;
  for (let i = 1; i < word.length; i++) {
    const left = word.slice(0, i);
    const right = word.slice(i);
    const shorterHalf = Math.min(left.length, right.length);
    if (!isFamiliar(left) || !isFamiliar(right) || (best && best.shorterHalf >= shorterHalf)) continue;
    best = { split: `${left} ${right}`, shorterHalf };
  }
  return best?.split;
}

/** The endings a contraction's apostrophe comes before: don't, she's, they're, I've, we'll, you'd, I'm. */
const CONTRACTION_ENDINGS = ['t', 's', 're', 've', 'll', 'd', 'm'];

/**
 * A contraction typed without its apostrophe ("dont", "theyre"): Hunspell's edits never add one ("dont" gets "cont,
 * dent, dint"). The dictionary must know the contraction, so only real ones are offered.
 */
function missingApostrophe(word: string): string | undefined {
  for (const ending of CONTRACTION_ENDINGS) {
    if (word.length <= ending.length || !word.toLowerCase().endsWith(ending)) continue;
    const stem = word.slice(0, -ending.length);
    const candidate = `${stem}'${word.slice(-ending.length)}`;
    if (isCorrect(candidate)) return candidate;
    // "im", "ive": the pronoun is written in capitals.
    if (stem.toLowerCase() === 'i' && isCorrect(`I'${word.slice(-ending.length)}`))
      return `I'${word.slice(-ending.length)}`;
  }
  return undefined;
}

function suggest(word: string): string[] {
  const first = missingApostrophe(word) ?? runTogetherSplit(word);
  const edits = speller().suggest(word);
  return (first ? [first, ...edits.filter((edit) => edit !== first)] : edits).slice(0, 3);
}

export interface SpellingOptions {
  personalDictionary: readonly string[];
  maxSuggestions: number;
}

/** Words the en-US Hunspell dictionary (dictionary-en) does not know, with up to three suggestions each. */
export function spellingIssues(words: readonly WordToken[], options: SpellingOptions): RawIssue[] {
  const personal = new Set(options.personalDictionary.map((w) => w.toLowerCase()));
  const issues: RawIssue[] = [];
  let suggested = 0;
  for (const word of words) {
    if (!misspelt(word.text, personal)) continue;
    let suggestions = suggestCache.get(word.text);
    if (suggestions === undefined && suggested < options.maxSuggestions) {
      suggested++;
      suggestions = suggest(word.text);
      if (suggestCache.size > 10_000) suggestCache.clear();
      suggestCache.set(word.text, suggestions);
    }
    issues.push({
      kind: 'spelling',
      start: word.start,
      end: word.end,
      message: `“${word.text}” is not in the English dictionary.`,
      suggestions: suggestions ?? [],
      source: 'nspell',
      ruleId: 'dictionary-en',
    });
  }
  return issues;
}
