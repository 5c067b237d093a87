import type { ServiceName } from '@candor/contracts';

/** Human names of the services (model_name values, spec §3), for filters and badges. */
export const serviceLabels: Record<ServiceName, string> = {
  AI_DETECTION: 'AI Detection',
  SOURCE_DETECTION: 'Source Detection',
  WRITING_ANALYSIS: 'Writing Analysis',
  QUILLBOT_ANALYSIS: 'Humanized Text Detection',
  AI_DETECTION_HIGHLIGHTER: 'AI Highlighter',
  PLAGIARISM: 'Copyright Detection',
  HUMANIZER: 'AI Humanizer',
  AI_WRITER: 'Stealth AI Writer',
  REWRITE: 'Rewrite',
  SUMMARIZE: 'Summarize',
  EXPAND: 'Expand',
  SHORTEN: 'Shorten',
  ADD_CONTENT: 'Add Content',
  PII_TEXT_DETECT: 'PII Detection',
  VEXON: 'Deepfake Audio',
};
