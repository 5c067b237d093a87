import { defaultDetectorModel } from '@candor/engine-ai-detect';
import { type FetchedPage, scanPage } from '@candor/engine-site-scan';
import { defineEngine } from '../engines/engine-module.js';
import type { ScanOutcome } from '../site-scan/crawler.js';

/** Runs in a worker thread: a batch of a site scan's fetched pages, checked and scored (site-scan/crawler.ts). */
export default defineEngine<FetchedPage[], ScanOutcome[]>((pages) => {
  const model = defaultDetectorModel();
  return pages.map((page) => {
    try {
      return scanPage(page, model);
    } catch {
      // A page built to break the parser is skipped on its own; the batch's other pages are still scanned.
      return { url: page.url, status: page.status, failed: true as const };
    }
  });
});
