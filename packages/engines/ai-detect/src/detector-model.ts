import type { ScoredText } from './features.js';
import { featuresOf, scoreText } from './features.js';
import { LanguageModel, type SerializedLanguageModel } from './language-model.js';
import { lexicalFeatures } from './lexical.js';
import { LinearModel, type SerializedLinearModel } from './linear-model.js';

/**
 * The file `npm run train:detectors` writes (model/detectors.json) and both detectors load: one language model of
 * human writing and the linear models over its features. docs/models/ai-detect.md and humanized-detect.md describe it.
 */
export interface DetectorModelFile {
  name: string;
  version: string;
  languageModel: SerializedLanguageModel;
  /** Hashed word and word-pair buckets appended to the named features (0: none). */
  lexicalBuckets: number;
  /** Human vs AI over whole texts. */
  document: SerializedLinearModel;
  /** Human vs AI over single sentences, for the highlights. */
  sentence: SerializedLinearModel;
  /** Which family wrote an AI text. */
  family: SerializedLinearModel;
  /** Human vs AI vs AI passed through a paraphraser. */
  humanized: SerializedLinearModel;
  /** AI probability at or above which a text is called AI: ≤ 1% false positives on held-out human text. */
  threshold: number;
  /**
   * AI probability below which a text is called human: at most 5% of held-out AI texts score lower. Between the two
   * thresholds the detector says "uncertain" rather than guess.
   */
  humanThreshold: number;
  /** Smallest standard error of the document log-odds for a 100-word text; shrinks with √words. */
  standardErrorAt100Words: number;
  /** Below this many words the label is "uncertain" whatever the score. */
  minimumWords: number;
}

export class DetectorModel {
  readonly languageModel: LanguageModel;
  readonly document: LinearModel;
  readonly sentence: LinearModel;
  readonly family: LinearModel;
  readonly humanized: LinearModel;

  constructor(readonly file: DetectorModelFile) {
    this.languageModel = new LanguageModel(file.languageModel);
    this.document = new LinearModel(file.document);
    this.sentence = new LinearModel(file.sentence);
    this.family = new LinearModel(file.family);
    this.humanized = new LinearModel(file.humanized);
  }

  score(text: string): ScoredText {
    return scoreText(text, this.languageModel);
  }

  /** Named features, then the lexical buckets, over sentences [from, to) minus [skipFrom, skipTo). */
  features(scored: ScoredText, from = 0, to = scored.sentences.length, skipFrom = 0, skipTo = 0): Float64Array {
    const named = featuresOf(scored, from, to, skipFrom, skipTo);
    if (this.file.lexicalBuckets === 0) return named;
    const lexical =
      skipTo > skipFrom
        ? mergeLexical(scored, this.file.lexicalBuckets, from, to, skipFrom, skipTo)
        : lexicalFeatures(scored, this.file.lexicalBuckets, from, to);
    const values = new Float64Array(named.length + lexical.length);
    values.set(named);
    values.set(lexical, named.length);
    return values;
  }
}

/** Lexical features of two ranges together, weighted by their word counts. */
function mergeLexical(scored: ScoredText, buckets: number, from: number, to: number, skipFrom: number, skipTo: number) {
  const words = (a: number, b: number) => {
    let count = 0;
    for (let s = a; s < b; s++) count += scored.sentences[s]?.wordCount ?? 0;
    return count;
  };
  const before = lexicalFeatures(scored, buckets, from, skipFrom);
  const after = lexicalFeatures(scored, buckets, skipTo, to);
  const wBefore = words(from, skipFrom);
  const wAfter = words(skipTo, to);
  const total = wBefore + wAfter || 1;
  return before.map((value, b) => (value * wBefore + (after[b] as number) * wAfter) / total);
}
