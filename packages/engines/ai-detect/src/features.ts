import { type CanonicalText, canonicalText } from '@candor/engine-writing/canonical';
import { type SentenceSpan, segmentSentences, tokenizeWords, type WordToken } from '@candor/engine-writing/tokenize';
import type { EnglishLanguageModel, EnglishWordScores } from './english-language-model.js';
import type { LanguageModel, WordScores } from './language-model.js';

/**
 * The measurements the detectors' linear models weigh. Each is computed over any set of sentences, so the same
 * code scores a whole text, one sentence, or the text minus a block (for the confidence interval).
 * `label` says in plain words what a high value means; the screens show it as evidence. `absent`, for a count, names
 * the evidence when the text has none at all: "No double quotation marks — towards AI" says what "Double quotation
 * marks per word — towards AI" would leave the reader to guess. The unknown-word shares have none: typos are read as
 * the words they stand for before counting, so a text full of typos can have none of them.
 */
export const featureCatalogue = [
  { name: 'log_probability_mean', label: 'How predictable the words are to a model of human writing' },
  { name: 'log_probability_spread', label: 'How much predictability varies from word to word' },
  { name: 'surprising_words', label: 'Share of very surprising words', absent: 'No very surprising words' },
  { name: 'predictable_words', label: 'Share of highly predictable words', absent: 'No highly predictable words' },
  { name: 'word_commonness', label: 'How common the chosen words are' },
  { name: 'unknown_words', label: 'Share of words outside the vocabulary (names, rare words, typos)' },
  { name: 'lowercase_unknown_words', label: 'Share of misspelt-looking words' },
  {
    name: 'top_ranked_words',
    label: 'Share of words that are the most likely next word',
    absent: 'No words that are the most likely next word',
  },
  {
    name: 'top_ten_words',
    label: 'Share of words ranked second to tenth as the next word',
    absent: 'No words ranked second to tenth as the next word',
  },
  {
    name: 'top_hundred_words',
    label: 'Share of words ranked 11th to 100th as the next word',
    absent: 'No words ranked 11th to 100th as the next word',
  },
  {
    name: 'unseen_pairs',
    label: 'Share of word pairs never seen in human writing',
    absent: 'No word pairs never seen in human writing',
  },
  { name: 'log_rank_mean', label: 'Average rank of the next word' },
  { name: 'burstiness', label: 'How much predictability varies between sentences' },
  { name: 'sentence_length', label: 'Average sentence length' },
  { name: 'sentence_length_variation', label: 'How much sentence lengths vary' },
  { name: 'vocabulary_variety', label: 'Variety of vocabulary' },
  { name: 'word_length', label: 'Average word length' },
  { name: 'commas', label: 'Commas per word', absent: 'No commas' },
  { name: 'semicolons_colons', label: 'Semicolons and colons per word', absent: 'No semicolons or colons' },
  { name: 'exclamations', label: 'Exclamation marks per word', absent: 'No exclamation marks' },
  { name: 'questions', label: 'Question marks per word', absent: 'No question marks' },
  { name: 'quotes', label: 'Double quotation marks per word', absent: 'No double quotation marks' },
  { name: 'parentheses', label: 'Brackets per word', absent: 'No brackets' },
  { name: 'dashes', label: 'Dashes (— or –) per word', absent: 'No dashes (— or –)' },
  { name: 'ellipses', label: 'Ellipses per word', absent: 'No ellipses' },
  { name: 'lowercase_i', label: 'A lower-case “i” used as a word', absent: 'No lower-case “i” used as a word' },
  {
    name: 'lowercase_starts',
    label: 'Sentences starting in lower case',
    absent: 'No sentences starting in lower case',
  },
  { name: 'contractions', label: 'Contractions per word', absent: 'No contractions' },
  { name: 'first_person', label: 'First-person words (I, me, we)', absent: 'No first-person words (I, me, we)' },
  { name: 'second_person', label: 'Second-person words (you)', absent: 'No second-person words (you)' },
  { name: 'numbers', label: 'Numbers per word', absent: 'No numbers' },
  { name: 'capitalised_words', label: 'Words in all capitals', absent: 'No words in all capitals' },
  {
    name: 'repeated_phrases',
    label: 'Three-word phrases used more than once',
    absent: 'No three-word phrases used more than once',
  },
  {
    name: 'function_words',
    label: 'Share of function words (the, of, and, …)',
    absent: 'No function words (the, of, and, …)',
  },
  {
    name: 'surprisal_spikes',
    label: 'Surprising words amid predictable ones (swapped synonyms)',
    absent: 'No surprising words amid predictable ones',
  },
  { name: 'rare_words', label: 'Rare but real words (unusual word choices)', absent: 'No rare but real words' },
  { name: 'ai_likelihood_ratio', label: 'How much likelier the words are under a model of AI writing than of human' },
  { name: 'ai_likelihood_ratio_spread', label: 'How much that preference varies from word to word' },
  {
    name: 'ai_preferred_words',
    label: 'Share of words a model of AI writing finds likelier than one of human',
    absent: 'No words a model of AI writing finds likelier than one of human',
  },
  { name: 'ai_likelihood_ratio_burstiness', label: 'How much that preference varies between sentences' },
  { name: 'ai_log_probability_mean', label: 'How predictable the words are to a model of AI writing' },
  { name: 'english_log_probability_mean', label: 'How predictable the words are in English at large' },
  {
    name: 'english_log_probability_spread',
    label: 'How much predictability in English at large varies from word to word',
  },
  {
    name: 'english_surprising_words',
    label: 'Share of words very surprising in English at large',
    absent: 'No words very surprising in English at large',
  },
  {
    name: 'english_predictable_words',
    label: 'Share of words highly predictable in English at large',
    absent: 'No words highly predictable in English at large',
  },
  { name: 'english_context_gain', label: 'How much the words before each word make it predictable in English' },
  {
    name: 'english_unknown_words',
    label: 'Share of words outside a large English vocabulary',
  },
  { name: 'english_burstiness', label: 'How much predictability in English varies between sentences' },
  {
    name: 'english_over_human_model',
    label: 'How much likelier the words are in English at large than in the model of human writing',
  },
  {
    name: 'ai_model_over_english',
    label: 'How much likelier the words are to a model of AI writing than in English at large',
  },
  // Binoculars-style ratios: a text's surprise measured against what its own contexts make expected, so a plain topic
  // or a technical one doesn't pass for a writer's choices.
  {
    name: 'english_curvature',
    label: 'How much more predictable the words are than English expects in their contexts',
  },
  {
    name: 'english_surprise_ratio',
    label: 'Surprise of the words in English against the surprise their contexts lead it to expect',
  },
  { name: 'english_entropy', label: 'How open each context is: how many words English expects next' },
  {
    name: 'human_model_over_english_surprise',
    label: 'Surprise to the model of human writing against surprise in English at large',
  },
  {
    name: 'ai_model_over_english_surprise',
    label: 'Surprise to the model of AI writing against surprise in English at large',
  },
  {
    name: 'ai_model_over_human_model_surprise',
    label: 'Surprise to the model of AI writing against surprise to the model of human writing',
  },
] as const;

export type FeatureName = (typeof featureCatalogue)[number]['name'];
export const featureNames: readonly FeatureName[] = featureCatalogue.map((feature) => feature.name);
export const featureLabels: Record<string, string> = Object.fromEntries(
  featureCatalogue.map((feature) => [feature.name, feature.label]),
);
/** The evidence's names for counts the text has none of. */
export const absentFeatureLabels: Record<string, string> = Object.fromEntries(
  featureCatalogue.flatMap((feature) => ('absent' in feature ? [[feature.name, feature.absent]] : [])),
);

/** What the evidence calls feature `name` when the text's value is `value`. */
export function evidenceLabel(name: string, value: number): string {
  return (value === 0 ? absentFeatureLabels[name] : undefined) ?? (featureLabels[name] as string);
}

const FUNCTION_WORDS = new Set(
  `a an the and or but if of to in on at by for with from as is are was were be been being it its this that these
  those there here not no so than then which who whom whose what when where while do does did have has had will would
  can could shall should may might must about into over under after before between through during because`.split(/\s+/),
);
const FIRST_PERSON = new Set(['i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours', 'ourselves']);
const SECOND_PERSON = new Set(['you', 'your', 'yours', 'yourself', 'yourselves']);
const CONTRACTION = /['’](?:s|t|re|ve|ll|d|m)$/i;
const SURPRISING = Math.log(1e-5);
const PREDICTABLE = Math.log(0.05);
const LIKELY_NEIGHBOUR = Math.log(0.01);
const RARE_WORD = Math.log(2e-7);

/** A surprising word whose neighbours are both likely: the mark of a word swapped in by a paraphraser. */
export function isSurprisalSpike(scores: WordScores, i: number): boolean {
  return (
    (scores.logProbability[i] as number) < SURPRISING &&
    !scores.unknown[i] &&
    (scores.logProbability[i - 1] ?? Number.NEGATIVE_INFINITY) > LIKELY_NEIGHBOUR &&
    (scores.logProbability[i + 1] ?? Number.NEGATIVE_INFINITY) > LIKELY_NEIGHBOUR
  );
}

/** A real word (in the vocabulary) that people rarely use. */
export function isRareWord(scores: WordScores, i: number): boolean {
  return !scores.unknown[i] && (scores.unigramLogProbability[i] as number) < RARE_WORD;
}
const TTR_WINDOW = 50;

// What featuresOf counts about each word, as bits: the same for every subset of sentences it reads.
const LOWERCASE_FORM = 1;
const SPIKE = 2;
const RARE_LOWERCASE = 4;
const LOWERCASE_I = 8;
const CONTRACTED = 16;
const FIRST_PERSON_WORD = 32;
const SECOND_PERSON_WORD = 64;
const HAS_DIGIT = 128;
const ALL_CAPITALS = 256;
const FUNCTION_WORD = 512;

/** Each word's facts, and its lower-case form as a number (equal forms, equal numbers). */
interface WordFacts {
  flags: Uint16Array;
  formIds: Int32Array;
  forms: number;
}

/**
 * The confidence interval and the sentence scores read the features of one text about twenty times over different
 * sentences; what a word is does not change between them, so it is worked out once per text.
 */
const factsOfText = new WeakMap<ScoredText, WordFacts>();

function wordFactsOf(scored: ScoredText): WordFacts {
  const known = factsOfText.get(scored);
  if (known) return known;
  const { words, lower, scores } = scored;
  const flags = new Uint16Array(words.length);
  const formIds = new Int32Array(words.length);
  const ids = new Map<string, number>();
  for (let i = 0; i < words.length; i++) {
    const text = (words[i] as WordToken).text;
    const form = lower[i] as string;
    let id = ids.get(form);
    if (id === undefined) {
      id = ids.size;
      ids.set(form, id);
    }
    formIds[i] = id;
    let f = 0;
    if (/^[a-z]+$/.test(text)) f |= LOWERCASE_FORM;
    if (isSurprisalSpike(scores, i)) f |= SPIKE;
    if (isRareWord(scores, i) && /^[a-z]/.test(text)) f |= RARE_LOWERCASE;
    if (text === 'i') f |= LOWERCASE_I;
    if (CONTRACTION.test(form)) f |= CONTRACTED;
    if (FIRST_PERSON.has(form)) f |= FIRST_PERSON_WORD;
    if (SECOND_PERSON.has(form)) f |= SECOND_PERSON_WORD;
    if (/\d/.test(form)) f |= HAS_DIGIT;
    if (text.length > 1 && /^[A-Z]+$/.test(text)) f |= ALL_CAPITALS;
    if (FUNCTION_WORDS.has(form)) f |= FUNCTION_WORD;
    flags[i] = f;
  }
  const facts = { flags, formIds, forms: ids.size };
  factsOfText.set(scored, facts);
  return facts;
}

/** A text tokenised and scored once; features are then read off any subset of its sentences. */
export interface ScoredText {
  /** The canonical text (hidden characters dropped, look-alike letters read as Latin): offsets are into it. */
  text: string;
  /** How it was read from the submitted text, and the way back to the submitted text's offsets. */
  canonical: CanonicalText;
  words: WordToken[];
  lower: string[];
  sentences: SentenceSpan[];
  /** Scores under the language model of human writing. */
  scores: WordScores;
  /** Each word's log-probability under the language model of AI writing. */
  aiLogProbability: Float64Array;
  /** Scores under the model of general English. */
  english: EnglishWordScores;
}

/** How the detector reads a text before scoring it: canonically, split words rejoined, typos read back. */
export interface ReadText {
  text: string;
  canonical: CanonicalText;
  words: WordToken[];
  lower: string[];
  sentences: SentenceSpan[];
  /** 1 where a word begins a sentence. */
  starts: Uint8Array;
}

/** Reads a text as the detector does; the model of human writing decides which typos and split words it undoes. */
export function readText(submitted: string, humanModel: LanguageModel): ReadText {
  const canonical = canonicalText(submitted);
  const text = canonical.text;
  const words = rejoinSplitWords(text, tokenizeWords(text), humanModel);
  const sentences = segmentSentences(text, words);
  // Typos in lower-case words are read as the word they stand for; capitalised unknown words are mostly names.
  const lower = words.map((word) => {
    const form = word.text.toLowerCase().replace(/’/g, "'");
    return form === word.text ? humanModel.spellingOf(form) : form;
  });
  return { text, canonical, words, lower, sentences, starts: sentenceStarts(words.length, sentences) };
}

/** Scores a text, read canonically, under the models of human writing, of AI writing and of general English. */
export function scoreText(
  submitted: string,
  humanModel: LanguageModel,
  aiModel: LanguageModel,
  englishModel: EnglishLanguageModel,
): ScoredText {
  const { starts, ...read } = readText(submitted, humanModel);
  return {
    ...read,
    scores: humanModel.score(read.lower, starts),
    aiLogProbability: aiModel.score(read.lower, starts).logProbability,
    english: englishModel.score(read.lower, starts),
  };
}

/**
 * Words with a space slipped inside them read as the words they are: a letters-only fragment followed, after one
 * space, by a lower-case one, when the model knows their concatenation and not both fragments. The joined word spans
 * both fragments and the space.
 */
function rejoinSplitWords(text: string, words: readonly WordToken[], model: LanguageModel): WordToken[] {
  const joined: WordToken[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as WordToken;
    const next = words[i + 1];
    const whole =
      next &&
      next.start === word.end + 1 &&
      text[word.end] === ' ' &&
      /^[A-Za-z]+$/.test(word.text) &&
      /^[a-z]+$/.test(next.text)
        ? model.joinedWord(word.text.toLowerCase(), next.text)
        : undefined;
    if (whole && next) {
      joined.push({ start: word.start, end: next.end, text: word.text + next.text });
      i++;
    } else joined.push(word);
  }
  return joined;
}

/** The same text scored by another model of AI writing (training: one left out a generator or a domain). */
export function withAiModel(scored: ScoredText, aiModel: LanguageModel): ScoredText {
  const starts = sentenceStarts(scored.words.length, scored.sentences);
  return { ...scored, aiLogProbability: aiModel.score(scored.lower, starts).logProbability };
}

function sentenceStarts(wordCount: number, sentences: readonly SentenceSpan[]): Uint8Array {
  const starts = new Uint8Array(wordCount);
  for (const sentence of sentences) starts[sentence.firstWord] = 1;
  return starts;
}

const PUNCTUATION_CLASSES: Record<string, number> = {
  ',': 0,
  ';': 1,
  ':': 1,
  '!': 2,
  '?': 3,
  '"': 4,
  '“': 4,
  '”': 4,
  '(': 5,
  ')': 5,
  '[': 5,
  ']': 5,
  '—': 6,
  '–': 6,
  '…': 7,
};

/** Features over the sentences `from` to `to` (exclusive), skipping `[skipFrom, skipTo)`. */
export function featuresOf(scored: ScoredText, from = 0, to = scored.sentences.length, skipFrom = 0, skipTo = 0) {
  const { text, words, sentences, scores, aiLogProbability, english } = scored;
  const facts = wordFactsOf(scored);
  const values = new Float64Array(featureCatalogue.length);
  let n = 0;
  let sum = 0;
  let sumSquares = 0;
  let surprising = 0;
  let predictable = 0;
  let commonness = 0;
  let unknown = 0;
  let lowercaseUnknown = 0;
  let rank1 = 0;
  let rank10 = 0;
  let rank100 = 0;
  let seenRanks = 0;
  let logRank = 0;
  let unseenPairs = 0;
  let characters = 0;
  let lowercaseI = 0;
  let contractions = 0;
  let firstPerson = 0;
  let secondPerson = 0;
  let numbers = 0;
  let capitals = 0;
  let functionWords = 0;
  let lowercaseStarts = 0;
  let spikes = 0;
  let rareWords = 0;
  let ratioSum = 0;
  let ratioSquares = 0;
  let aiPreferred = 0;
  let aiLogProbabilitySum = 0;
  const sentenceRatios: number[] = [];
  const englishTotals = {
    sum: 0,
    squares: 0,
    surprising: 0,
    predictable: 0,
    gain: 0,
    unknown: 0,
    overHuman: 0,
    aiOver: 0,
    /** Over words English knows: renormalised log-probability, its expectation and variance. */
    known: 0,
    likelihood: 0,
    expected: 0,
    variance: 0,
  };
  const englishSentenceMeans: number[] = [];
  const punctuation = new Float64Array(9);
  const sentenceMeans: number[] = [];
  const sentenceLengths: number[] = [];
  const included: number[] = [];
  for (let s = from; s < to; s++) {
    if (s >= skipFrom && s < skipTo) continue;
    const sentence = sentences[s] as SentenceSpan;
    let sentenceSum = 0;
    let sentenceRatio = 0;
    let sentenceEnglish = 0;
    for (let i = sentence.firstWord; i < sentence.firstWord + sentence.wordCount; i++) {
      included.push(i);
      const logProbability = scores.logProbability[i] as number;
      const aiLog = aiLogProbability[i] as number;
      const ratio = aiLog - logProbability;
      ratioSum += ratio;
      ratioSquares += ratio * ratio;
      sentenceRatio += ratio;
      aiLogProbabilitySum += aiLog;
      if (ratio > 0) aiPreferred++;
      const englishLog = english.logProbability[i] as number;
      englishTotals.sum += englishLog;
      englishTotals.squares += englishLog * englishLog;
      sentenceEnglish += englishLog;
      if (englishLog < SURPRISING) englishTotals.surprising++;
      if (englishLog > PREDICTABLE) englishTotals.predictable++;
      englishTotals.gain += englishLog - (english.unigramLogProbability[i] as number);
      englishTotals.unknown += english.unknown[i] as number;
      englishTotals.overHuman += englishLog - logProbability;
      englishTotals.aiOver += aiLog - englishLog;
      if (!english.unknown[i]) {
        englishTotals.known++;
        englishTotals.likelihood += englishLog - (english.logMass[i] as number);
        englishTotals.expected += english.expectedLogProbability[i] as number;
        englishTotals.variance += english.logProbabilityVariance[i] as number;
      }
      sum += logProbability;
      sentenceSum += logProbability;
      sumSquares += logProbability * logProbability;
      if (logProbability < SURPRISING) surprising++;
      if (logProbability > PREDICTABLE) predictable++;
      commonness += scores.unigramLogProbability[i] as number;
      const flags = facts.flags[i] as number;
      if (scores.unknown[i]) {
        unknown++;
        if (flags & LOWERCASE_FORM) lowercaseUnknown++;
      }
      const rank = scores.rank[i] as number;
      if (rank > 0) {
        seenRanks++;
        logRank += Math.log(rank);
        if (rank === 1) rank1++;
        else if (rank <= 10) rank10++;
        else if (rank <= 100) rank100++;
      }
      unseenPairs += scores.unseenBigram[i] as number;
      if (flags & SPIKE) spikes++;
      if (flags & RARE_LOWERCASE) rareWords++;
      characters += (words[i] as WordToken).text.length;
      if (flags & LOWERCASE_I) lowercaseI++;
      if (flags & CONTRACTED) contractions++;
      if (flags & FIRST_PERSON_WORD) firstPerson++;
      if (flags & SECOND_PERSON_WORD) secondPerson++;
      if (flags & HAS_DIGIT) numbers++;
      if (flags & ALL_CAPITALS) capitals++;
      if (flags & FUNCTION_WORD) functionWords++;
    }
    n += sentence.wordCount;
    if (sentence.wordCount > 0) {
      sentenceMeans.push(sentenceSum / sentence.wordCount);
      sentenceRatios.push(sentenceRatio / sentence.wordCount);
      englishSentenceMeans.push(sentenceEnglish / sentence.wordCount);
      sentenceLengths.push(sentence.wordCount);
      if (/^\p{Ll}/u.test((words[sentence.firstWord] as WordToken).text)) lowercaseStarts++;
    }
    for (let c = sentence.start; c < sentence.end; c++) {
      const character = text[c] as string;
      const kind = PUNCTUATION_CLASSES[character];
      if (kind !== undefined) punctuation[kind] = (punctuation[kind] as number) + 1;
      else if (character === '-' && text[c + 1] === '-') punctuation[6] = (punctuation[6] as number) + 1;
      else if (character === '.' && text[c + 1] === '.' && text[c + 2] === '.') {
        punctuation[7] = (punctuation[7] as number) + 1;
        c += 2;
      }
    }
  }
  if (n === 0) return values;
  const mean = sum / n;
  const sentenceCount = sentenceLengths.length;
  const lengthMean = n / sentenceCount;
  let lengthVariance = 0;
  const ratioMean = ratioSum / n;
  let burst = 0;
  let ratioBurst = 0;
  const englishMean = englishTotals.sum / n;
  let englishBurst = 0;
  for (let s = 0; s < sentenceCount; s++) {
    englishBurst += ((englishSentenceMeans[s] as number) - englishMean) ** 2;
    lengthVariance += ((sentenceLengths[s] as number) - lengthMean) ** 2;
    burst += ((sentenceMeans[s] as number) - mean) ** 2;
    ratioBurst += ((sentenceRatios[s] as number) - ratioMean) ** 2;
  }
  const set = (name: FeatureName, value: number) => {
    values[featureIndex[name]] = value;
  };
  set('log_probability_mean', mean);
  set('log_probability_spread', Math.sqrt(Math.max(sumSquares / n - mean * mean, 0)));
  set('surprising_words', surprising / n);
  set('predictable_words', predictable / n);
  set('word_commonness', commonness / n);
  set('unknown_words', unknown / n);
  set('lowercase_unknown_words', lowercaseUnknown / n);
  set('top_ranked_words', rank1 / n);
  set('top_ten_words', rank10 / n);
  set('top_hundred_words', rank100 / n);
  set('unseen_pairs', unseenPairs / n);
  set('log_rank_mean', seenRanks > 0 ? logRank / seenRanks : 0);
  set('burstiness', sentenceCount > 1 ? Math.sqrt(burst / sentenceCount) : 0);
  set('sentence_length', Math.log(lengthMean));
  set('sentence_length_variation', sentenceCount > 1 ? Math.sqrt(lengthVariance / sentenceCount) / lengthMean : 0);
  set('vocabulary_variety', movingTypeTokenRatio(facts, included));
  set('word_length', characters / n);
  set('commas', (punctuation[0] as number) / n);
  set('semicolons_colons', (punctuation[1] as number) / n);
  set('exclamations', (punctuation[2] as number) / n);
  set('questions', (punctuation[3] as number) / n);
  set('quotes', (punctuation[4] as number) / n);
  set('parentheses', (punctuation[5] as number) / n);
  set('dashes', (punctuation[6] as number) / n);
  set('ellipses', (punctuation[7] as number) / n);
  set('lowercase_i', lowercaseI / n);
  set('lowercase_starts', lowercaseStarts / sentenceCount);
  set('contractions', contractions / n);
  set('first_person', firstPerson / n);
  set('second_person', secondPerson / n);
  set('numbers', numbers / n);
  set('capitalised_words', capitals / n);
  set('repeated_phrases', repeatedTrigramShare(facts, included));
  set('function_words', functionWords / n);
  set('surprisal_spikes', spikes / n);
  set('rare_words', rareWords / n);
  set('ai_likelihood_ratio', ratioMean);
  set('ai_likelihood_ratio_spread', Math.sqrt(Math.max(ratioSquares / n - ratioMean * ratioMean, 0)));
  set('ai_preferred_words', aiPreferred / n);
  set('ai_likelihood_ratio_burstiness', sentenceCount > 1 ? Math.sqrt(ratioBurst / sentenceCount) : 0);
  set('ai_log_probability_mean', aiLogProbabilitySum / n);
  set('english_log_probability_mean', englishMean);
  set('english_log_probability_spread', Math.sqrt(Math.max(englishTotals.squares / n - englishMean * englishMean, 0)));
  set('english_surprising_words', englishTotals.surprising / n);
  set('english_predictable_words', englishTotals.predictable / n);
  set('english_context_gain', englishTotals.gain / n);
  set('english_unknown_words', englishTotals.unknown / n);
  set('english_burstiness', sentenceCount > 1 ? Math.sqrt(englishBurst / sentenceCount) : 0);
  set('english_over_human_model', englishTotals.overHuman / n);
  set('ai_model_over_english', englishTotals.aiOver / n);
  const { known, likelihood, expected, variance } = englishTotals;
  set('english_curvature', known > 0 && variance > 0 ? (likelihood - expected) / Math.sqrt(variance * known) : 0);
  set('english_surprise_ratio', expected < 0 ? likelihood / expected : 1);
  set('english_entropy', known > 0 ? -expected / known : 0);
  set('human_model_over_english_surprise', englishTotals.sum < 0 ? sum / englishTotals.sum : 1);
  set('ai_model_over_english_surprise', englishTotals.sum < 0 ? aiLogProbabilitySum / englishTotals.sum : 1);
  set('ai_model_over_human_model_surprise', sum < 0 ? aiLogProbabilitySum / sum : 1);
  return values;
}

const featureIndex = Object.fromEntries(featureCatalogue.map((feature, index) => [feature.name, index])) as Record<
  FeatureName,
  number
>;

/** Type-token ratio averaged over sliding windows, so it doesn't fall just because a text is long. */
function movingTypeTokenRatio({ formIds, forms }: WordFacts, included: readonly number[]): number {
  if (included.length === 0) return 0;
  if (included.length <= TTR_WINDOW) return new Set(included.map((i) => formIds[i])).size / included.length;
  const counts = new Int32Array(forms);
  let types = 0;
  let total = 0;
  for (let k = 0; k < included.length; k++) {
    const form = formIds[included[k] as number] as number;
    if (counts[form] === 0) types++;
    counts[form] = (counts[form] as number) + 1;
    if (k >= TTR_WINDOW) {
      const old = formIds[included[k - TTR_WINDOW] as number] as number;
      counts[old] = (counts[old] as number) - 1;
      if (counts[old] === 0) types--;
    }
    if (k >= TTR_WINDOW - 1) total += types / TTR_WINDOW;
  }
  return total / (included.length - TTR_WINDOW + 1);
}

/** Share of word trigrams that occur more than once: repetition loops are a mark of some generators. */
function repeatedTrigramShare({ formIds, forms }: WordFacts, included: readonly number[]): number {
  if (included.length < 3) return 0;
  // Three form numbers as one exact number while forms³ stays below 2^53 (forms up to 208,063), else as text.
  const asNumber = forms <= 208_063;
  const seen = new Set<number | string>();
  let repeated = 0;
  for (let k = 2; k < included.length; k++) {
    const a = formIds[included[k - 2] as number] as number;
    const b = formIds[included[k - 1] as number] as number;
    const c = formIds[included[k] as number] as number;
    const key = asNumber ? (a * forms + b) * forms + c : `${a} ${b} ${c}`;
    if (seen.has(key)) repeated++;
    else seen.add(key);
  }
  return repeated / (included.length - 2);
}
