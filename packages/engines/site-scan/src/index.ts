import type { DetectorModel } from '@candor/engine-ai-detect';
import { analysePage, type FetchedPage } from './page.js';
import { scoreText } from './score.js';
import type { ScannedPageResult } from './site-report.js';

export { analysePage, type FetchedPage, type PageAnalysis, type PageLink, THIN_CONTENT_WORDS } from './page.js';
export * from './report.schema.js';
export { CRAWLER_TOKEN, type RobotsRules, readRobots } from './robots.js';
export { MAX_PII_PER_PAGE, type PageScores, scoreText } from './score.js';
export { minHashOf, similarity } from './shingles.js';
export { buildSiteReport, type CrawlOutcome, LISTED_SKIPPED, type ScannedPageResult } from './site-report.js';
export { type ParsedSitemap, parseSitemap } from './sitemap.js';
export * from './url.js';

/** One fetched page end to end: its SEO checks and main text, scored by the detectors and the PII engine. */
export function scanPage(page: FetchedPage, model?: DetectorModel): ScannedPageResult {
  const analysis = analysePage(page);
  return { ...analysis, ...scoreText(analysis.text, model) };
}
