export * from './catalogue.js';
export { type DetectOptions, detectPii } from './detect.js';
export { createPseudonymizer, type PseudonymEntries, type Pseudonymizer, restorePseudonyms } from './pseudonyms.js';
export { maskValue, type TransformOptions, type TransformResult, transformText } from './transform.js';
export type { PiiDetection } from './types.js';
