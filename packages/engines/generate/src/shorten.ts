import { FILLER_OPENERS, FILLER_WORDS, PLAIN_PHRASES } from './phrases.js';
import type { ProtectedSpan } from './protected-spans.js';
import {
  type ExtractionStrategy,
  joinSentences,
  type RankedSentence,
  rankSentences,
  selectSentences,
  type TargetLength,
  targetWords,
} from './summarize.js';
import { capitalise, countWords } from './text.js';

export interface Shortened {
  text: string;
  /** Sentences kept (possibly compressed), by index. */
  kept: number[];
  sentences: number;
  /** Words removed by compressing sentences, before any sentence was dropped. */
  compressedWords: number;
}

const FILLER = new RegExp(`\\s(?:${FILLER_WORDS.join('|')})(?=\\s+[\\p{L}])`, 'giu');

/**
 * Sentence compression, then extraction: each sentence loses what it can without changing what it claims — a
 * parenthetical aside, a filler opener ("In fact,"), intensifiers ("very", "really"), wordy phrasing ("in order to" →
 * "to"), a non-restrictive "which" clause in the middle — never a protected span. When that is not short enough, the
 * least central sentences go too (TextRank), keeping the order.
 */
export function shorten(
  text: string,
  spans: readonly ProtectedSpan[],
  target: TargetLength,
  strategy: ExtractionStrategy = 'textrank',
): Shortened {
  const ranked = rankSentences(text);
  const total = ranked.reduce((sum, sentence) => sum + sentence.words, 0);
  const budget = targetWords(total, target);
  const compressed = ranked.map((sentence) => compressSentence(text, sentence, spans));
  const compressedWords = compressed.map((piece) => countWords(piece));
  const afterCompression = compressedWords.reduce((sum, words) => sum + words, 0);
  let kept = ranked.map((_, index) => index);
  if (afterCompression > budget) {
    const resized: RankedSentence[] = ranked.map((sentence, index) => ({
      ...sentence,
      words: compressedWords[index] as number,
    }));
    kept = selectSentences(resized, budget, strategy);
  }
  return {
    text: joinSentences(
      text,
      ranked,
      kept,
      kept.map((index) => compressed[index] as string),
    ),
    kept,
    sentences: ranked.length,
    compressedWords: total - afterCompression,
  };
}

/** One sentence with its dispensable parts removed (each removal skipped where it would touch a protected span). */
export function compressSentence(
  text: string,
  sentence: { start: number; end: number },
  spans: readonly ProtectedSpan[],
) {
  const local = spans
    .filter((span) => span.end > sentence.start && span.start < sentence.end)
    .map((span) => [span.start - sentence.start, span.end - sentence.start] as [number, number]);
  let current = text.slice(sentence.start, sentence.end);
  let ranges = local;
  /** Applies `edit` to [start, end) when it touches no protected span, shifting the spans after it. */
  const cut = (start: number, end: number, replacement: string) => {
    if (ranges.some(([s, e]) => start < e && end > s)) return false;
    const delta = replacement.length - (end - start);
    current = current.slice(0, start) + replacement + current.slice(end);
    ranges = ranges.map(([s, e]) => (s >= end ? [s + delta, e + delta] : [s, e]));
    return true;
  };
  const apply = (regex: RegExp, replace: (match: RegExpExecArray) => string) => {
    regex.lastIndex = 0;
    let match = regex.exec(current);
    let guard = 0;
    while (match && guard++ < 50) {
      const replacement = replace(match);
      const changed = cut(match.index, match.index + match[0].length, replacement);
      regex.lastIndex = changed ? match.index + replacement.length : match.index + match[0].length;
      match = regex.exec(current);
    }
  };
  // An opener that says nothing; the next word takes the capital.
  const opener = FILLER_OPENERS.exec(current);
  if (opener && opener.index === 0 && current.length > opener[0].length + 10) {
    const next = current.slice(opener[0].length);
    cut(0, opener[0].length + 1, capitalise(next.slice(0, 1)));
  }
  for (const rule of PLAIN_PHRASES) {
    const short = rule.to.reduce((best, choice) => (choice.length < best.length ? choice : best));
    apply(new RegExp(rule.pattern.source, 'giu'), (match) => {
      if (short === '') return '';
      return /^\p{Lu}/u.test(match[0]) ? capitalise(short) : short;
    });
  }
  // Parenthetical asides without a protected span (a citation in brackets is protected and stays).
  apply(/\s\([^()]{1,120}\)/g, () => '');
  // A non-restrictive clause between commas: ", which …," → "".
  apply(/, (?:which|who) [^,;:]{3,80},/g, () => '');
  apply(FILLER, () => '');
  // Spaces a removal left before punctuation, or doubled (never inside a protected span: code keeps its spacing).
  apply(/[ \t]+(?=[,.;:!?])/g, () => '');
  apply(/ {2,}/g, () => ' ');
  return current;
}
