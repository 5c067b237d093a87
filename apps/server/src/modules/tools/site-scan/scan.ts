import type { SiteScanInput } from '@candor/contracts/tools';
import { historyItems } from '@candor/db';
import { type CrawlOutcome, type FetchedPage, parseSiteUrl, skipReasonLabels } from '@candor/engine-site-scan';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { SiteScanConfig } from '../../../config/env.js';
import { AppError } from '../../../http/errors.js';
import { builtInEngine } from '../engines/engine-pool.js';
import { type AddressPolicy, guardedGet, isPublicAddress } from '../sources/fetch-source-url.js';
import type { PrepareContext, ReservingPlan } from '../tool-definition.js';
import { type CrawlResult, crawlSite, RobotsCache, type ScanOutcome } from './crawler.js';

const PAGES_ENGINE = builtInEngine('site-scan-pages');
/** Pages scanned in one worker task time out after this: a page built to stall the parser loses its batch only. */
const BATCH_TIMEOUT_MS = 120_000;
/** Plans stored before page limits existed: a free plan's limit, else the server's. */
const FREE_PLAN_PAGES = 50;

const allowAnyAddress: AddressPolicy = () => true;

// One robots.txt cache per configuration: what one deployment's address rules let through is no other's.
const robotsCaches = new WeakMap<SiteScanConfig, RobotsCache>();
function robotsCacheOf(config: SiteScanConfig): RobotsCache {
  let cache = robotsCaches.get(config);
  if (!cache) {
    cache = new RobotsCache();
    robotsCaches.set(config, cache);
  }
  return cache;
}

/** The SSRF guard's rule per URL: public addresses, plus the private origins this deployment names. */
export function siteScanAddressPolicy(privateOrigins: readonly string[]): (url: URL) => AddressPolicy {
  const allowed = new Set(privateOrigins);
  return (url) => (allowed.has(url.origin) ? allowAnyAddress : isPublicAddress);
}

/** The most pages a scan may take: the input's, within the plan's limit and the server's. */
export function pagesFor(input: SiteScanInput, plan: ReservingPlan | null, config: SiteScanConfig): number {
  const planPages = plan?.limits.maxPagesPerScan ?? (plan?.tab === 'free' ? FREE_PLAN_PAGES : config.maxPages);
  const limit = Math.min(planPages, config.maxPages);
  if (input.max_pages !== undefined && input.max_pages > limit) {
    throw new AppError(
      'payload_too_large',
      413,
      `Your plan scans up to ${limit.toLocaleString('en-US')} pages at a time. Ask for fewer pages or upgrade your plan.`,
      { max_pages: limit },
    );
  }
  return input.max_pages ?? limit;
}

/** Why nothing could be scanned, in words; nothing was charged. */
function nothingScanned(crawl: CrawlResult): AppError {
  const host = new URL(crawl.start_url).host;
  const reasons = Object.entries(crawl.skipped_by_reason).filter(([, n]) => (n ?? 0) > 0);
  if (reasons.length > 0 && reasons.every(([reason]) => reason === 'robots') && !crawl.robots.found) {
    return new AppError(
      'site_scan_robots',
      422,
      `The robots.txt of ${host} could not be read (the site answered with an error), and crawlers must then keep out. Nothing was scanned or charged; try again later.`,
    );
  }
  if (reasons.length > 0 && reasons.every(([reason]) => reason === 'robots')) {
    return new AppError(
      'site_scan_robots',
      422,
      `The robots.txt of ${host} does not allow Candor's crawler (CandorSiteScanner) to read any page. Nothing was scanned or charged.`,
    );
  }
  const first = crawl.skipped[0];
  const why = first ? `${skipReasonLabels[first.reason]}: ${first.detail}` : 'no page was found';
  return new AppError(
    'site_scan_nothing_scanned',
    422,
    `No page of ${host} could be scanned (${why}). Nothing was charged.`,
    { skipped_by_reason: crawl.skipped_by_reason },
  );
}

/** The user's latest earlier scan of the same site, for the report to compare with. */
async function previousScanOf(context: PrepareContext, site: string): Promise<string | null> {
  const [row] = await context.db
    .select({ id: historyItems.id })
    .from(historyItems)
    .where(
      and(
        eq(historyItems.userId, context.userId),
        eq(historyItems.modelName, 'SITE_SCAN'),
        isNull(historyItems.parentId),
        sql`${historyItems.result}->>'site' = ${site}`,
      ),
    )
    .orderBy(desc(historyItems.createdAt), desc(historyItems.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The scan's `prepare` step, on the main thread (it is I/O): crawl the site through the SSRF guard, sending each batch
 * of fetched pages to a worker to be checked and scored. A cancel or the time-out stops the crawl and keeps what was
 * scanned; a scan that could scan nothing fails and charges nothing.
 */
export async function runSiteScan(input: SiteScanInput, context: PrepareContext): Promise<CrawlOutcome> {
  const config = context.config.siteScan;
  const parsed = parseSiteUrl(input.url);
  if (!parsed) throw new AppError('validation_failed', 400, 'Please enter a valid URL');
  const start = new URL(parsed.href);
  const policyFor = siteScanAddressPolicy(config.privateOrigins);
  context.progress({ percent: 2, stage: `Reading robots.txt and the sitemaps of ${start.host}` });
  const crawl = await crawlSite(
    start,
    { ...config, maxPages: context.units },
    {
      get: (url, options) => guardedGet(url, { ...options, addressPolicyFor: policyFor, userAgent: config.userAgent }),
      // Not stopped by a cancel: a batch takes a moment, and its pages are kept with the rest.
      scan: (pages: FetchedPage[]) =>
        context.runInWorker<ScanOutcome[]>(PAGES_ENGINE, pages, AbortSignal.timeout(BATCH_TIMEOUT_MS)),
      scanSlots: Math.max(1, context.config.engineThreads),
      progress: (counts, percent) =>
        context.progress({
          percent,
          stage: `Scanned ${counts.scanned.toLocaleString('en-US')} of ${counts.found.toLocaleString('en-US')} pages found`,
          partial: counts,
        }),
      signal: context.signal,
      robotsCache: robotsCacheOf(config),
    },
  );
  if (crawl.pages.length === 0) {
    // Stopped before any page was scanned: an ordinary cancel (or time-out), nothing stored.
    if (context.signal.aborted) throw context.signal.reason;
    throw nothingScanned(crawl);
  }
  return {
    ...crawl,
    previous_scan_id: await previousScanOf(context, crawl.site),
    finished_at: new Date().toISOString(),
  };
}
