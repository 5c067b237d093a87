export { type ArticleDraft, assembleArticle, cutAtWord } from './article.js';
export { canRunOffline, type EnhanceInput, enhance, type ModelOutputs } from './enhance.js';
export { type AiJudge, type HumanizeOptions, humanize, protectedSpansFor } from './humanize.js';
export { defaultLanguageJudge, LanguageJudge } from './language.js';
export { defaultLexicon, Lexicon } from './lexicon.js';
export { type MeaningScore, meaningScore } from './meaning.js';
export * from './options.js';
export {
  NEUTRAL_STYLE,
  type ParaphraseOptions,
  type ParaphraseResult,
  type ParaphraseStyle,
  paraphrase,
  STRENGTH_TARGETS,
} from './paraphrase.js';
export {
  findProtectedSpans,
  keepsSpans,
  type ProtectedKind,
  type ProtectedSpan,
  protectedKinds,
} from './protected-spans.js';
export { cleanModelText, newFacts, reconcileRewrite } from './reconcile.js';
export * from './report.schema.js';
export { type Shortened, shorten } from './shorten.js';
export { humanizerStyle, toneStyle } from './style.js';
export { type Extract, rankSentences, summarize, type TargetLength } from './summarize.js';
export { TECHNICAL_TERMS } from './technical-terms.js';
export { countWords } from './text.js';
