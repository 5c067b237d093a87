import type { SiteScanOutput } from '@candor/contracts/tools';
import { buildSiteReport, type CrawlOutcome } from '@candor/engine-site-scan';
import { defineEngine } from '../engines/engine-module.js';

/** Runs in a worker thread: the crawl's pages into the site's report (duplicates, broken links, scores). */
export default defineEngine<CrawlOutcome, SiteScanOutput>((crawl, report) => {
  report({ percent: 92, stage: 'Comparing pages and scoring the site' });
  const { report: siteReport, details } = buildSiteReport(crawl);
  return { report: siteReport, pages: details };
});
