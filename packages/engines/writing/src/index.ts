export { analyzeWriting, DEFAULT_OPTIONS } from './analyze.js';
export { lexicalDiversity, MTLD_MINIMUM_TOKENS, MTLD_THRESHOLD, mtldPass } from './mtld.js';
export { type ReadabilityCounts, readability } from './readability.js';
export * from './report.schema.js';
export { READING_WPM, SENTENCE_BUCKETS, SPEAKING_WPM, syllables, textStatistics } from './statistics.js';
export { segmentParagraphs, segmentSentences, tokenizeWords } from './tokenize.js';
