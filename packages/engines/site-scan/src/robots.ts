import robotsParser from 'robots-parser';

/** The product token robots.txt groups are matched on (the full user agent names the site to read about it). */
export const CRAWLER_TOKEN = 'CandorSiteScanner';

export interface RobotsRules {
  /** Whether robots.txt was found (a missing one allows everything). */
  found: boolean;
  isAllowed(url: string): boolean;
  /** Seconds between requests the site asks of this crawler, if any. */
  crawlDelay: number | null;
  sitemaps: string[];
}

/**
 * A site's robots.txt read for this crawler. `text` null means none was found (404 and other 4xx allow everything,
 * as Google reads them); `unreachable` (5xx or no answer) disallows everything, as RFC 9309 asks.
 */
export function readRobots(robotsUrl: string, text: string | null, unreachable = false): RobotsRules {
  if (unreachable) return { found: false, isAllowed: () => false, crawlDelay: null, sitemaps: [] };
  if (text === null) return { found: false, isAllowed: () => true, crawlDelay: null, sitemaps: [] };
  const robots = robotsParser(robotsUrl, text);
  const delay = robots.getCrawlDelay(CRAWLER_TOKEN);
  return {
    found: true,
    // undefined means the URL is not of this robots.txt's origin: not ours to judge.
    isAllowed: (url) => robots.isAllowed(url, CRAWLER_TOKEN) !== false,
    crawlDelay: typeof delay === 'number' && Number.isFinite(delay) && delay > 0 ? delay : null,
    sitemaps: robots.getSitemaps(),
  };
}
