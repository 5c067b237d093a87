import type { WritingAnalysisResult } from '@candor/contracts/tools';

// Derived from the contract, so the web app depends on @candor/contracts only, not on the engine package.
export type WritingReport = WritingAnalysisResult;
export type WritingIssue = WritingReport['issues'][number];
export type IssueKind = WritingIssue['kind'];
export type Readability = WritingReport['readability'];
export type TextStatistics = Pick<WritingReport, 'counts' | 'readability' | 'sentenceLengths'>;
export type LexicalDiversity = WritingReport['lexicalDiversity'];
