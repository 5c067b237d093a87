import { createGunzip } from 'node:zlib';
import {
  type FetchedPage,
  isSameSite,
  LISTED_SKIPPED,
  normalizePageUrl,
  parseSitemap,
  type RobotsRules,
  readRobots,
  type ScannedPageResult,
  type SiteScanReport,
  type SkippedPage,
  type SkipReason,
} from '@candor/engine-site-scan';
import { AppError } from '../../../http/errors.js';
import { type GuardedResponse, sourceFetchErrorCodes } from '../sources/fetch-source-url.js';

/** Everything a crawl may spend; configured (README "Configuration") and narrowed by the user's plan. */
export interface CrawlLimits {
  maxPages: number;
  maxDepth: number;
  maxPageBytes: number;
  maxRedirects: number;
  /** The whole crawl; what was scanned by then is kept. */
  maxSeconds: number;
  requestsPerHost: number;
  /** A robots.txt Crawl-delay is honoured up to this. */
  maxCrawlDelaySeconds: number;
  pageTimeoutSeconds: number;
}

export interface CrawlProgress {
  found: number;
  fetched: number;
  scanned: number;
  skipped: number;
}

export interface CrawlDeps {
  /** A GET through the SSRF guard (sources/fetch-source-url.ts `guardedGet`), bound to this deployment's rules. */
  get(
    url: string,
    options: {
      accept: string;
      timeoutMs: number;
      maxRedirects: number;
      signal: AbortSignal;
      beforeRedirect?: (from: URL, to: URL) => void;
    },
  ): Promise<GuardedResponse>;
  /** Scans fetched pages in a worker thread (the detectors are CPU work). */
  scan(pages: FetchedPage[]): Promise<ScanOutcome[]>;
  /** Pages that may be scanned at once: one batch per engine thread keeps them all busy. */
  scanSlots: number;
  progress(counts: CrawlProgress, percent: number): void;
  /** Aborted by a cancel or the job's time-out: the crawl stops and keeps what it scanned. */
  signal: AbortSignal;
  robotsCache?: RobotsCache;
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
}

/** A page scanned, or one that stopped its reader (the rest of its batch is still scanned). */
export type ScanOutcome = ScannedPageResult | { url: string; status: number; failed: true };

export interface CrawlResult {
  site: string;
  start_url: string;
  stopped: SiteScanReport['stopped'];
  found: number;
  fetched: number;
  pages: ScannedPageResult[];
  skipped: SkippedPage[];
  skipped_by_reason: Partial<Record<SkipReason, number>>;
  robots: SiteScanReport['robots'];
  sitemaps: SiteScanReport['sitemaps'];
}

const PAGE_ACCEPT = 'text/html, application/xhtml+xml;q=0.9, */*;q=0.1';
const SITEMAP_MAX_BYTES = 10 * 1024 * 1024;
const MAX_SITEMAPS = 20;
const ROBOTS_MAX_BYTES = 512 * 1024;
const BATCH = 4;
const RETRIES = 2;
const MAX_RETRY_AFTER_MS = 30_000;
/** Fetches that fail still cost the site a request: at most this many per page the scan may take. */
const FETCHES_PER_PAGE = 3;
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** robots.txt per origin, kept a while so rescans and concurrent scans of one site don't fetch it again. */
export class RobotsCache {
  private readonly entries = new Map<string, { rules: RobotsRules; expires: number }>();
  constructor(
    private readonly ttlMs = 10 * 60_000,
    private readonly maxEntries = 1_000,
  ) {}
  get(origin: string, now: number): RobotsRules | undefined {
    const entry = this.entries.get(origin);
    if (entry && entry.expires > now) return entry.rules;
    this.entries.delete(origin);
    return undefined;
  }
  set(origin: string, rules: RobotsRules, now: number) {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(origin, { rules, expires: now + this.ttlMs });
  }
}
const sharedRobotsCache = new RobotsCache();

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/** The skip reason of a fetch that failed, from the guard's error codes. */
function reasonOf(error: unknown): { reason: SkipReason; detail: string } {
  if (error instanceof SkipError) return { reason: error.reason, detail: error.message };
  if (error instanceof AppError) {
    const byCode: Record<string, SkipReason> = {
      [sourceFetchErrorCodes.addressRefused]: 'address_refused',
      [sourceFetchErrorCodes.invalidUrl]: 'address_refused',
      [sourceFetchErrorCodes.timedOut]: 'timed_out',
      [sourceFetchErrorCodes.tooManyRedirects]: 'too_many_redirects',
      [sourceFetchErrorCodes.redirectLoop]: 'redirect_loop',
      [sourceFetchErrorCodes.tooLarge]: 'too_large',
      [sourceFetchErrorCodes.unsupportedType]: 'not_html',
    };
    return { reason: byCode[error.code] ?? 'unreachable', detail: error.message };
  }
  return { reason: 'unreachable', detail: error instanceof Error ? error.message : 'The page could not be fetched' };
}

class SkipError extends Error {
  constructor(
    readonly reason: SkipReason,
    message: string,
  ) {
    super(message);
  }
}

/** Retry-After in milliseconds (seconds or an HTTP date), capped; a doubling back-off when absent. */
function retryAfterMs(header: string | undefined, attempt: number, now: number): number {
  const fallback = 1_000 * 2 ** attempt;
  if (!header) return fallback;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1_000 : Date.parse(header) - now;
  return Math.min(Math.max(Number.isFinite(ms) ? ms : fallback, 0), MAX_RETRY_AFTER_MS);
}

async function gunzipUpTo(bytes: Buffer, maxBytes: number): Promise<Buffer> {
  const gunzip = createGunzip();
  const chunks: Buffer[] = [];
  let size = 0;
  gunzip.end(bytes);
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= maxBytes) break;
    }
  } catch {
    // A cut-off gzip stream ends in an error; what came out before it is kept.
  }
  gunzip.destroy();
  return Buffer.concat(chunks).subarray(0, maxBytes);
}

interface QueuedUrl {
  url: string;
  depth: number;
}

/**
 * Crawls one site: robots.txt first (cached), then its sitemaps (indexes and gzip too), then the links of the pages
 * it scans, breadth first; the same host and its www. twin only; within the limits; a few requests in flight, slower
 * when robots.txt asks or the site answers 429/503. Every fetch goes through the SSRF guard. A cancel or the time
 * limit stops it, and what was scanned is returned.
 */
export async function crawlSite(startUrl: URL, limits: CrawlLimits, deps: CrawlDeps): Promise<CrawlResult> {
  const sleep = deps.sleep ?? defaultSleep;
  const robotsCache = deps.robotsCache ?? sharedRobotsCache;
  const root = new URL(startUrl.href);
  const deadline = AbortSignal.timeout(limits.maxSeconds * 1_000);
  const stop = AbortSignal.any([deps.signal, deadline]);

  const seen = new Set<string>();
  const queue: QueuedUrl[] = [];
  const pages: ScannedPageResult[] = [];
  const skipped: SkippedPage[] = [];
  const skippedByReason: Partial<Record<SkipReason, number>> = {};
  let listedUnfetched = 0;
  let found = 0;
  let fetched = 0;
  let fetchAttempts = 0;
  let htmlTaken = 0;
  let scanning = 0;
  const sitemaps: SiteScanReport['sitemaps'] = [];

  const skip = (url: string, reason: SkipReason, detail: string, status: number | null = null, wasFetched = true) => {
    skippedByReason[reason] = (skippedByReason[reason] ?? 0) + 1;
    // Pages fetched are all listed (broken links need them); those never fetched only up to the listing limit.
    if (wasFetched || listedUnfetched < LISTED_SKIPPED) {
      if (!wasFetched) listedUnfetched += 1;
      skipped.push({ url, reason, detail, status });
    }
  };
  const counts = (): CrawlProgress => ({
    found,
    fetched,
    scanned: pages.length,
    skipped: Object.values(skippedByReason).reduce((sum, n) => sum + (n ?? 0), 0),
  });
  let lastProgress = 0;
  const report = (force = false) => {
    const now = Date.now();
    if (!force && now - lastProgress < 250) return;
    lastProgress = now;
    const done = Math.min(pages.length / Math.max(Math.min(limits.maxPages, found || 1), 1), 1);
    deps.progress(counts(), 5 + Math.round(done * 85));
  };

  // robots.txt of each origin (the site and its www. twin), fetched once; a site that cannot be reached fails here.
  const robotsFor = async (url: URL, required: boolean): Promise<RobotsRules> => {
    const cached = robotsCache.get(url.origin, Date.now());
    if (cached) return cached;
    const robotsUrl = `${url.origin}/robots.txt`;
    let rules: RobotsRules;
    try {
      const response = await deps.get(robotsUrl, {
        accept: 'text/plain, */*;q=0.1',
        timeoutMs: limits.pageTimeoutSeconds * 1_000,
        maxRedirects: limits.maxRedirects,
        signal: stop,
      });
      if (response.status >= 200 && response.status < 300) {
        rules = readRobots(robotsUrl, await response.readText(ROBOTS_MAX_BYTES, true));
      } else {
        response.discard();
        // A missing robots.txt allows everything; a site error means "keep out for now" (RFC 9309).
        rules = readRobots(robotsUrl, null, response.status >= 500 || response.status === 429);
      }
    } catch (error) {
      if (stop.aborted) throw error;
      // The site itself is refused (a private address) or unreachable: the scan cannot start.
      if (required) throw error;
      rules = readRobots(robotsUrl, null, true);
    }
    robotsCache.set(url.origin, rules, Date.now());
    return rules;
  };

  const rootRobots = await robotsFor(root, true);
  const robots: SiteScanReport['robots'] = {
    found: rootRobots.found,
    crawl_delay_seconds: rootRobots.crawlDelay,
  };
  const crawlDelayMs = Math.min(rootRobots.crawlDelay ?? 0, limits.maxCrawlDelaySeconds) * 1_000;
  const inFlightLimit = crawlDelayMs > 0 ? 1 : Math.max(1, limits.requestsPerHost);
  let nextRequestAt = 0;
  // A 429 or 503 pauses every request to the site until then.
  let pausedUntil = 0;

  const enqueue = (raw: string, depth: number, base?: string) => {
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      return;
    }
    if (!isSameSite(url, root)) return;
    const key = normalizePageUrl(url);
    if (seen.has(key)) return;
    seen.add(key);
    found += 1;
    if (depth > limits.maxDepth) {
      skip(key, 'depth_limit', `More than ${limits.maxDepth} links away from the start page`, null, false);
      return;
    }
    queue.push({ url: key, depth });
  };

  // Sitemaps first: those robots.txt names on this site, else /sitemap.xml; indexes are followed.
  // A sitemap robots.txt names may be read even where it disallows crawling; the guessed /sitemap.xml may not.
  const guessed = `${root.origin}/sitemap.xml`;
  const sitemapQueue = (
    rootRobots.sitemaps.length > 0 ? rootRobots.sitemaps : rootRobots.isAllowed(guessed) ? [guessed] : []
  ).filter((url) => {
    try {
      return isSameSite(new URL(url), root);
    } catch {
      return false;
    }
  });
  const sitemapsSeen = new Set<string>();
  enqueue(root.href, 0);
  const urlBudget = limits.maxPages * FETCHES_PER_PAGE;
  while (sitemapQueue.length > 0 && sitemapsSeen.size < MAX_SITEMAPS && !stop.aborted) {
    const sitemapUrl = sitemapQueue.shift() as string;
    if (sitemapsSeen.has(sitemapUrl)) continue;
    sitemapsSeen.add(sitemapUrl);
    try {
      const response = await deps.get(sitemapUrl, {
        accept: 'application/xml, text/xml, application/gzip, */*;q=0.1',
        timeoutMs: limits.pageTimeoutSeconds * 1_000,
        maxRedirects: limits.maxRedirects,
        signal: stop,
      });
      if (response.status < 200 || response.status >= 300) {
        response.discard();
        if (rootRobots.sitemaps.length > 0)
          sitemaps.push({ url: sitemapUrl, urls: 0, note: `It answered ${response.status}.` });
        continue;
      }
      let bytes = await response.read(SITEMAP_MAX_BYTES, true);
      let note: string | null = bytes.length >= SITEMAP_MAX_BYTES ? 'Only its first 10 MB were read.' : null;
      // A .gz sitemap arrives as a gzip file (not a gzip-encoded response): its own bytes are unpacked, capped too.
      if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
        bytes = await gunzipUpTo(bytes, SITEMAP_MAX_BYTES);
        if (bytes.length >= SITEMAP_MAX_BYTES) note = 'Only its first 10 MB unpacked were read.';
      }
      const parsed = parseSitemap(bytes.toString('utf8'), Math.max(urlBudget - found, 0) + MAX_SITEMAPS);
      if (parsed.kind === 'index') {
        for (const child of parsed.locations) sitemapQueue.push(child);
      } else {
        for (const location of parsed.locations) enqueue(location, 1);
        const beyond = parsed.total - parsed.locations.length;
        if (beyond > 0) {
          skippedByReason.page_limit = (skippedByReason.page_limit ?? 0) + beyond;
          found += beyond;
          note = `${note ? `${note} ` : ''}${beyond.toLocaleString('en-US')} of its URLs are over the page limit and were not read.`;
        }
      }
      sitemaps.push({ url: sitemapUrl, urls: parsed.total, note });
    } catch (error) {
      if (stop.aborted) break;
      sitemaps.push({ url: sitemapUrl, urls: 0, note: reasonOf(error).detail });
    }
  }

  // The crawl: fetchers take URLs breadth first; fetched pages are scanned in batches in worker threads.
  const waitingToScan: FetchedPage[] = [];
  const scans: Promise<void>[] = [];
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const waitForChange = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
      setTimeout(resolve, 50);
    });

  const flushScans = (all = false) => {
    while (
      waitingToScan.length > 0 &&
      scanning < deps.scanSlots &&
      (all || waitingToScan.length >= BATCH || fetchersIdle())
    ) {
      const batch = waitingToScan.splice(0, BATCH);
      scanning += 1;
      const task = deps
        .scan(batch)
        .then((results) => {
          for (const result of results) {
            if ('failed' in result) {
              skip(result.url, 'no_text', 'Candor could not read this page', result.status);
              continue;
            }
            pages.push(result);
            for (const link of result.links) if (!link.nofollow) enqueue(link.url, result.depth + 1);
          }
        })
        .catch(() => {
          // A page that stops its reader (or a thread that dies) is skipped; the rest of the site is still scanned.
          if (stop.aborted) return;
          for (const page of batch) skip(page.url, 'no_text', 'Candor could not read this page', page.status);
        })
        .finally(() => {
          scanning -= 1;
          report();
          notify();
        });
      scans.push(task);
    }
  };

  let activeFetches = 0;
  const fetchersIdle = () => activeFetches === 0 && queue.length === 0;
  const budgetLeft = () => htmlTaken < limits.maxPages && fetchAttempts < urlBudget;

  const fetchOne = async ({ url, depth }: QueuedUrl) => {
    const target = new URL(url);
    const rules = await robotsFor(target, false);
    if (!rules.isAllowed(url)) {
      skip(url, 'robots', `robots.txt of ${target.host} does not allow crawling it`, null, false);
      return;
    }
    for (let attempt = 0; ; attempt++) {
      const wait = Math.max(nextRequestAt, pausedUntil) - Date.now();
      nextRequestAt = Math.max(Date.now(), nextRequestAt) + crawlDelayMs;
      if (wait > 0) await sleep(wait, stop);
      if (stop.aborted) return;
      fetchAttempts += 1;
      let response: GuardedResponse;
      try {
        response = await deps.get(url, {
          accept: PAGE_ACCEPT,
          timeoutMs: limits.pageTimeoutSeconds * 1_000,
          maxRedirects: limits.maxRedirects,
          signal: stop,
          beforeRedirect: (_from, to) => {
            if (!isSameSite(to, root)) throw new SkipError('off_site', `It redirects to another site (${to.host})`);
            const cached = robotsCache.get(to.origin, Date.now());
            if (cached && !cached.isAllowed(to.href))
              throw new SkipError('robots', `It redirects to ${to.pathname}, which robots.txt does not allow`);
          },
        });
      } catch (error) {
        if (stop.aborted) return;
        fetched += 1;
        const { reason, detail } = reasonOf(error);
        skip(url, reason, detail);
        return;
      }
      fetched += 1;
      if ((response.status === 429 || response.status === 503) && attempt < RETRIES) {
        response.discard();
        pausedUntil =
          Date.now() + retryAfterMs(response.headers['retry-after'] as string | undefined, attempt, Date.now());
        fetched -= 1;
        continue;
      }
      const finalKey = normalizePageUrl(response.url);
      if (response.status < 200 || response.status >= 300) {
        response.discard();
        skip(url, 'http_error', `${target.host} answered ${response.status}`, response.status);
        return;
      }
      if (!HTML_TYPES.has(response.mediaType)) {
        response.discard();
        skip(url, 'not_html', `It is ${response.mediaType || 'of no stated type'}, not a web page`, response.status);
        return;
      }
      if (finalKey !== url) {
        // A redirect to a page already queued or scanned: that page stands for both.
        if (seen.has(finalKey) && response.redirects.length > 0) {
          response.discard();
          return;
        }
        seen.add(finalKey);
      }
      if (!budgetLeft()) {
        response.discard();
        skip(url, 'page_limit', `The scan reached its limit of ${limits.maxPages} pages`, null, false);
        return;
      }
      htmlTaken += 1;
      let html: string;
      try {
        html = await response.readText(limits.maxPageBytes);
      } catch (error) {
        htmlTaken -= 1;
        if (stop.aborted) return;
        const { reason, detail } = reasonOf(error);
        skip(url, reason, detail, response.status);
        return;
      }
      const header = (name: string) => {
        const value = response.headers[name];
        return Array.isArray(value) ? value.join('\n') : (value ?? null);
      };
      const linkCanonical = /<([^>]+)>\s*;[^,]*rel="?canonical"?/i.exec(header('link') ?? '')?.[1] ?? null;
      waitingToScan.push({
        url,
        final_url: response.url.href,
        status: response.status,
        depth,
        html,
        x_robots_tag: header('x-robots-tag'),
        link_canonical: linkCanonical,
        site: root.href,
      });
      flushScans();
      return;
    }
  };

  while (!stop.aborted) {
    flushScans();
    const backlog = waitingToScan.length + scanning * BATCH;
    const canFetch =
      queue.length > 0 && activeFetches < inFlightLimit && budgetLeft() && backlog < deps.scanSlots * BATCH * 2;
    if (canFetch) {
      const next = queue.shift() as QueuedUrl;
      activeFetches += 1;
      void fetchOne(next)
        .catch((error: unknown) => {
          if (!stop.aborted) skip(next.url, 'unreachable', reasonOf(error).detail);
        })
        .finally(() => {
          activeFetches -= 1;
          report();
          notify();
        });
      continue;
    }
    if (activeFetches === 0 && scanning === 0 && waitingToScan.length === 0 && (queue.length === 0 || !budgetLeft()))
      break;
    flushScans(fetchersIdle() || !budgetLeft());
    await waitForChange();
  }

  const stopped: SiteScanReport['stopped'] = deps.signal.aborted ? 'cancelled' : deadline.aborted ? 'time_limit' : null;
  // In-flight scans finish (they are short); pages fetched and not yet scanned are given up when the crawl stopped.
  while (activeFetches > 0) await waitForChange();
  if (stopped === null) flushScans(true);
  await Promise.all(scans);
  const leftReason: SkipReason =
    stopped === 'cancelled' ? 'cancelled' : stopped === 'time_limit' ? 'time_limit' : 'page_limit';
  for (const page of waitingToScan.splice(0))
    skip(page.url, leftReason, 'Fetched but not scanned before the scan ended', page.status);
  for (const { url } of queue.splice(0)) {
    skip(
      url,
      leftReason,
      leftReason === 'page_limit'
        ? `The scan reached its limit of ${limits.maxPages} pages`
        : leftReason === 'time_limit'
          ? `The scan reached its time limit of ${limits.maxSeconds} seconds`
          : 'The scan was stopped before it got here',
      null,
      false,
    );
  }
  report(true);
  return {
    site: root.host,
    start_url: root.href,
    stopped,
    found,
    fetched,
    pages,
    skipped,
    skipped_by_reason: skippedByReason,
    robots,
    sitemaps,
  };
}
