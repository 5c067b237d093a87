import type { RawIssue } from './retext.js';
import type { SentenceSpan, WordToken } from './tokenize.js';

// Words ending in -ly that are not manner adverbs (adjectives, nouns, verbs); the rest of the -ly words are flagged.
const NOT_ADVERBS = new Set(
  (
    'ally anomaly apply assembly belly bully butterfly chilly comply costly curly daily deadly elderly early family ' +
    'fly folly friendly gully hilly holy homily imply italy jelly july lily lively lonely lovely likely monthly ' +
    'multiply oily only orderly rally reply rely sly supply silly smelly ugly unlikely weekly wily woolly yearly ' +
    'jolly melancholy monopoly panoply quarterly rely ply reapply resupply dully hourly nightly timely kindly ' +
    'burly surly manly worldly ghastly ungodly godly scholarly'
  ).split(' '),
);

/** -ly adverbs: Hemingway-style, a hint to choose a stronger verb or adjective. */
export function adverbIssues(words: readonly WordToken[]): RawIssue[] {
  const issues: RawIssue[] = [];
  for (const word of words) {
    const lower = word.text.toLowerCase();
    if (lower.length < 5 || !lower.endsWith('ly') || NOT_ADVERBS.has(lower) || /[^\p{Ll}]/u.test(lower)) continue;
    issues.push({
      kind: 'adverb',
      start: word.start,
      end: word.end,
      message: `“${word.text}” is an adverb; a stronger verb or adjective often says it better.`,
      suggestions: [],
      source: 'candor',
      ruleId: 'ly-adverb',
    });
  }
  return issues;
}

// Function words repeat by nature; only content words of four or more letters count as repetition.
const STOP_WORDS = new Set(
  (
    'about above after again against also because been before being below between both could does doing down during ' +
    'each from further have having here into just more most much must only other over same should some such than ' +
    'that their theirs them then there these they this those through under until very were what when where which ' +
    'while whom with would your yours will shall said like make made many well even back still'
  ).split(' '),
);

/** The same content word used again within `window` words (immediate doubles are retext-repeated-words' job). */
export function nearbyRepetitionIssues(words: readonly WordToken[], window: number): RawIssue[] {
  const lastSeen = new Map<string, number>();
  const issues: RawIssue[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as WordToken;
    const key = word.text.toLowerCase();
    if (key.length < 4 || STOP_WORDS.has(key) || /\p{N}/u.test(key)) continue;
    const previous = lastSeen.get(key);
    lastSeen.set(key, i);
    if (previous === undefined || i - previous <= 1 || i - previous > window) continue;
    issues.push({
      kind: 'nearby-repetition',
      start: word.start,
      end: word.end,
      message: `“${word.text}” was used ${i - previous - 1} words earlier; consider a synonym or rephrasing.`,
      suggestions: [],
      source: 'candor',
      ruleId: 'nearby-repetition',
    });
  }
  return issues;
}

/** Sentences longer than `limit` words. */
export function longSentenceIssues(sentences: readonly SentenceSpan[], limit: number): RawIssue[] {
  return sentences
    .filter((s) => s.wordCount > limit)
    .map((s) => ({
      kind: 'long-sentence' as const,
      start: s.start,
      end: s.end,
      message: `This sentence has ${s.wordCount} words; consider splitting it (over ${limit} is hard to follow).`,
      suggestions: [],
      source: 'candor',
      ruleId: 'long-sentence',
    }));
}

const BE = new Set(['am', 'is', 'are', 'was', 'were', 'be', 'been', 'being', "isn't", "aren't", "wasn't", "weren't"]);
const BETWEEN = new Set(['not', 'never', 'also', 'often', 'always', 'just', 'still', 'already', 'usually', 'rarely']);
// Regular participles that after "be" are nearly always adjectives of feeling or state, not passives.
const STATE_ADJECTIVES = new Set(
  (
    'tired interested excited pleased worried bored married scared surprised ashamed annoyed amazed amused ' +
    'concerned confused convinced delighted depressed disappointed embarrassed exhausted frightened frustrated ' +
    'involved relaxed satisfied shocked supposed used related based prepared qualified talented skilled ' +
    'experienced advanced detailed complicated sophisticated crowded dedicated determined limited'
  ).split(' '),
);

/**
 * Passives with a regular participle ("was cleaned", "are stored"): retext-passive knows only irregular participles
 * ("thrown", "written"), so a form of "be", at most one adverb, then an -ed word, within one sentence, is flagged.
 */
export function regularPassiveIssues(text: string, words: readonly WordToken[]): RawIssue[] {
  const issues: RawIssue[] = [];
  for (let i = 0; i < words.length - 1; i++) {
    if (!BE.has((words[i] as WordToken).text.toLowerCase().replace(/\u2019/g, "'"))) continue;
    let j = i + 1;
    const middle = (words[j] as WordToken).text.toLowerCase();
    if ((BETWEEN.has(middle) || (middle.endsWith('ly') && middle.length > 4)) && j + 1 < words.length) j++;
    const candidate = words[j] as WordToken;
    const lower = candidate.text.toLowerCase();
    if (lower.length < 5 || !lower.endsWith('ed') || STATE_ADJECTIVES.has(lower)) continue;
    // The words must be in the same clause: nothing but spaces between them.
    if (/[^\s]/u.test(text.slice((words[j - 1] as WordToken).end, candidate.start))) continue;
    if (j > i + 1 && /[^\s]/u.test(text.slice((words[i] as WordToken).end, (words[i + 1] as WordToken).start)))
      continue;
    issues.push({
      kind: 'passive-voice',
      start: candidate.start,
      end: candidate.end,
      message: `“${candidate.text}” may be passive voice; an active verb usually reads more directly.`,
      suggestions: [],
      source: 'candor',
      ruleId: 'be-ed-participle',
    });
  }
  return issues;
}
