import { type EnglishLanguageModel, isRareWord, type ScoredText } from '@candor/engine-ai-detect';
import type { Signal } from './report.schema.js';
import type { Thesaurus } from './thesaurus.js';

// Judged by the general-English model: the human-writing model's gaps ("working from") are its size, not English.

/** Most word-level signals a report lists (the screen marks them in the text). */
export const MAX_SIGNALS = 500;
// Pairs are weighed by PMI in English (natural log); thresholds chosen on fold 1, measured on fold 0 (bench/).
/** The written pair, not stored by English, is no likelier together than apart. */
const WRITTEN_PAIR_AT_MOST = 0;
/** A synonym's pair is a stored collocation of English at least this strong (e^2, about 7 times likelier). */
const SYNONYM_PAIR_AT_LEAST = 2;
/** And the synonym makes the pair at least this much more associated (e^3, 20 times). */
const SYNONYM_GAIN_AT_LEAST = 3;
/** And the synonym is about as common or commoner: spinners trade the usual word for a rarer one, people seldom do. */
const SYNONYM_COMMONNESS_AT_LEAST = -0.5;
/** Two common words English stores together at a twentieth of chance or less: "the of", "they to". */
const WORD_SALAD_AT_MOST = -3;
/** A surprisal spike: a word this unlikely in its English context between two likely ones. */
const SPIKE_SURPRISING = Math.log(1e-6);
const SPIKE_NEIGHBOUR_LIKELY = Math.log(0.01);
/** A spike's word must not open a collocation with the next word: "artificial" in "artificial intelligence". */
const SPIKE_NEXT_PAIR_AT_MOST = 1;
/** An odd word is rare in English at large too (Sphinx's unigram: at most one word in a million)… */
const RARE_IN_ENGLISH = Math.log(1e-6);
/** …and has a synonym at least e^3 (20) times commoner: the meaning kept, not the usual way of saying it. */
const COMMONER_SYNONYM_AT_LEAST = 3;

interface Context {
  scored: ScoredText;
  english: EnglishLanguageModel;
  thesaurus: Thesaurus;
  /** Indexes of the words that start a sentence. */
  starts: Set<number>;
}

/** PMI of the pair in English; undefined when a word is outside its vocabulary. */
function association(english: EnglishLanguageModel, first: string, second: string) {
  const pair = english.pair(first, second);
  if (!pair) return undefined;
  return { ...pair, pmi: pair.logProbability - (english.unigramLogProbabilityOf(second) as number) };
}

/** Whether word `i` exists and belongs to one sentence with the word before it (a pair across sentences is none). */
function pairsWithPrevious({ scored, starts }: Context, i: number): boolean {
  return i > 0 && i < scored.words.length && !starts.has(i);
}

/** The neighbour whose pair a synonym of word `i` would make a strong collocation ("gall duct" for "bile duct"). */
function brokenCollocation(context: Context, i: number): number | undefined {
  const { scored, english, thesaurus } = context;
  const word = scored.lower[i] as string;
  if (!/^[a-z]{3,}$/.test(word)) return undefined;
  const sides: { other: number; pairOf: (w: string) => [string, string] }[] = [];
  if (pairsWithPrevious(context, i)) sides.push({ other: i - 1, pairOf: (w) => [scored.lower[i - 1] as string, w] });
  if (pairsWithPrevious(context, i + 1))
    sides.push({ other: i + 1, pairOf: (w) => [w, scored.lower[i + 1] as string] });
  let synonyms: string[] | undefined;
  let best: { other: number; gain: number } | undefined;
  for (const side of sides) {
    const written = association(english, ...side.pairOf(word));
    // A pair English stores is one it has seen often enough to keep: "how companies work" is English.
    if (!written || written.stored || written.pmi > WRITTEN_PAIR_AT_MOST) continue;
    const commonness = english.unigramLogProbabilityOf(word) as number;
    synonyms ??= thesaurus.synonymsOf(word);
    for (const synonym of synonyms) {
      const swapped = association(english, ...side.pairOf(synonym));
      if (!swapped?.stored || swapped.pmi < SYNONYM_PAIR_AT_LEAST) continue;
      if ((english.unigramLogProbabilityOf(synonym) as number) - commonness < SYNONYM_COMMONNESS_AT_LEAST) continue;
      const gain = swapped.pmi - written.pmi;
      if (gain >= SYNONYM_GAIN_AT_LEAST && gain > (best?.gain ?? 0)) best = { other: side.other, gain };
    }
  }
  return best?.other;
}

/** Common words English stores as a pair far below chance: words thrown together in an order people don't use. */
function wordSalad(context: Context, i: number): boolean {
  const { scored, english } = context;
  if (!pairsWithPrevious(context, i)) return false;
  const pair = association(english, scored.lower[i - 1] as string, scored.lower[i] as string);
  if (pair === undefined || !pair.stored || pair.pmi > WORD_SALAD_AT_MOST) return false;
  // The two words before may make the pair ordinary: "than I used to in a week".
  const inContext = (scored.english.logProbability[i] as number) - (scored.english.unigramLogProbability[i] as number);
  return inContext <= WORD_SALAD_AT_MOST;
}

/** A word English finds very unlikely where it stands, between two likely ones, and not the start of a set phrase. */
function surprisalSpike(context: Context, i: number): boolean {
  const { scored, english } = context;
  const { logProbability, unknown } = scored.english;
  if (unknown[i] || (logProbability[i] as number) >= SPIKE_SURPRISING) return false;
  if (!pairsWithPrevious(context, i) || !pairsWithPrevious(context, i + 1)) return false;
  if ((logProbability[i - 1] as number) <= SPIKE_NEIGHBOUR_LIKELY) return false;
  if ((logProbability[i + 1] as number) <= SPIKE_NEIGHBOUR_LIKELY) return false;
  const next = association(english, scored.lower[i] as string, scored.lower[i + 1] as string);
  return next !== undefined && next.pmi <= SPIKE_NEXT_PAIR_AT_MOST;
}

/** A rare word whose meaning English usually puts in a far commoner word: "utilize" where it says "use". */
function oddWord({ scored, english, thesaurus }: Context, i: number): boolean {
  const word = scored.words[i] as { text: string };
  if (!/^[a-z]/.test(word.text) || !isRareWord(scored.scores, i) || scored.english.unknown[i]) return false;
  const commonness = scored.english.unigramLogProbability[i] as number;
  if (commonness >= RARE_IN_ENGLISH) return false;
  return thesaurus
    .synonymsOf(scored.lower[i] as string)
    .some(
      (synonym) => (english.unigramLogProbabilityOf(synonym) ?? -Infinity) - commonness >= COMMONER_SYNONYM_AT_LEAST,
    );
}

/** Word-level marks: broken collocations (swapped synonyms, word salad), surprisal spikes and odd word choices. */
export function wordChoiceSignals(scored: ScoredText, english: EnglishLanguageModel, thesaurus: Thesaurus): Signal[] {
  const starts = new Set(scored.sentences.map((sentence) => sentence.firstWord));
  const context: Context = { scored, english, thesaurus, starts };
  const { words, canonical } = scored;
  const signals: Signal[] = [];
  const seen = new Set<string>();
  const push = (first: number, last: number, kind: Signal['kind']) => {
    const key = `${first}:${last}`;
    if (seen.has(key) || signals.length >= MAX_SIGNALS) return;
    seen.add(key);
    const start = (words[first] as { start: number }).start;
    const end = (words[last] as { end: number }).end;
    signals.push({ ...canonical.originalSpan(start, end), kind });
  };
  for (let i = 0; i < words.length && signals.length < MAX_SIGNALS; i++) {
    const neighbour = brokenCollocation(context, i);
    if (neighbour !== undefined) push(Math.min(i, neighbour), Math.max(i, neighbour), 'collocation_break');
    else if (wordSalad(context, i)) push(i - 1, i, 'collocation_break');
    else if (surprisalSpike(context, i)) push(i, i, 'surprisal_spike');
    else if (oddWord(context, i)) push(i, i, 'odd_word');
  }
  return signals;
}
