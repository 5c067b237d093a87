export type { AlignmentSettings } from './align.js';
export type { ExclusionOptions } from './exclusions.js';
export {
  createIndex,
  DEFAULT_SETTINGS,
  type IndexSettings,
  type IndexStats,
  MAX_DOCUMENTS,
  type PlagiarismIndex,
  type QueryOptions,
} from './plagiarism-index.js';
export * from './report.schema.js';
