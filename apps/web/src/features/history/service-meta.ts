import type { ServiceName } from '@candor/contracts';

/** Human names of the services (model_name values, spec §3), for filters and badges; the server's reports share them. */
export { serviceLabels } from '@candor/contracts';

/** Where a run of each service opens; `withHistory` when that screen reopens a run from ?history_id= (spec §2). */
export const serviceTools: Record<ServiceName, { to: string; withHistory: boolean }> = {
  AI_DETECTION: { to: '/ai-detector', withHistory: true },
  AI_DETECTION_HIGHLIGHTER: { to: '/ai-detector', withHistory: true },
  SOURCE_DETECTION: { to: '/copyright-detector', withHistory: true },
  PLAGIARISM: { to: '/copyright-detector', withHistory: true },
  QUILLBOT_ANALYSIS: { to: '/humanized-text-detector', withHistory: true },
  WRITING_ANALYSIS: { to: '/writing-analysis', withHistory: true },
  HUMANIZER: { to: '/content-humanizer', withHistory: true },
  AI_WRITER: { to: '/stealth-ai-writer/result', withHistory: true },
  REWRITE: { to: '/content-enhancer', withHistory: false },
  SUMMARIZE: { to: '/content-enhancer', withHistory: false },
  EXPAND: { to: '/content-enhancer', withHistory: false },
  SHORTEN: { to: '/content-enhancer', withHistory: false },
  ADD_CONTENT: { to: '/content-enhancer', withHistory: false },
  PII_TEXT_DETECT: { to: '/document-redactor/result', withHistory: true },
  VEXON: { to: '/vexon/result', withHistory: true },
  SITE_SCAN: { to: '/seo-scanner', withHistory: true },
};

/** The link that reopens a run in its tool, e.g. `/writing-analysis?history_id=…`. */
export function toolHref(item: { model_name: ServiceName; history_id: string }): string {
  const tool = serviceTools[item.model_name];
  return tool.withHistory ? `${tool.to}?history_id=${encodeURIComponent(item.history_id)}` : tool.to;
}
