import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { analysePage, type FetchedPage } from '@candor/engine-site-scan';
import { afterEach, describe, expect, it } from 'vitest';
import { guardedGet } from '../sources/fetch-source-url.js';
import { type CrawlDeps, type CrawlLimits, crawlSite, RobotsCache, type ScanOutcome } from './crawler.js';
import { siteScanAddressPolicy } from './scan.js';

const limits: CrawlLimits = {
  maxPages: 50,
  maxDepth: 5,
  maxPageBytes: 1024 * 1024,
  maxRedirects: 5,
  maxSeconds: 60,
  requestsPerHost: 4,
  maxCrawlDelaySeconds: 2,
  pageTimeoutSeconds: 5,
};

const page = (links: string[]) =>
  `<html><head><title>A page</title></head><body><p>Some words.</p>${links.map((l) => `<a href="${l}">${l}</a>`).join('')}</body></html>`;

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

async function site(routes: Record<string, (response: http.ServerResponse, hits: number) => void>) {
  const hits = new Map<string, number>();
  const log: { path: string; at: number }[] = [];
  server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    log.push({ path, at: Date.now() });
    const route = routes[path];
    if (route) return route(response, hits.get(path) ?? 0);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.4', resolve));
  return { origin: `http://127.0.0.4:${(server.address() as AddressInfo).port}`, log };
}

function deps(origin: string, extra: Partial<CrawlDeps> = {}): CrawlDeps {
  const policyFor = siteScanAddressPolicy([origin]);
  return {
    get: (url, options) => guardedGet(url, { ...options, addressPolicyFor: policyFor, userAgent: 'test' }),
    // Scanned on this thread without the detectors: the crawl is what is tested here.
    scan: async (pages: FetchedPage[]): Promise<ScanOutcome[]> =>
      pages.map((fetched) => ({
        ...analysePage(fetched),
        ai: null,
        ai_label: null,
        ai_percent: null,
        humanized: null,
        humanized_label: null,
        pii: [],
      })),
    scanSlots: 2,
    progress: () => {},
    signal: new AbortController().signal,
    robotsCache: new RobotsCache(),
    ...extra,
  };
}

const html = (body: string) => (response: http.ServerResponse) => {
  response.writeHead(200, { 'content-type': 'text/html' });
  response.end(body);
};

describe('the crawler', () => {
  it('honours Crawl-delay up to its cap, one request at a time', async () => {
    const { origin, log } = await site({
      '/robots.txt': (response) =>
        response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nCrawl-delay: 30\n'),
      '/': html(page(['/a', '/b'])),
      '/a': html(page([])),
      '/b': html(page([])),
    });
    const waits: number[] = [];
    const result = await crawlSite(
      new URL(origin),
      { ...limits, maxCrawlDelaySeconds: 1 },
      deps(origin, {
        sleep: async (ms) => {
          waits.push(ms);
          await new Promise((resolve) => setTimeout(resolve, ms));
        },
      }),
    );
    expect(result.robots.crawl_delay_seconds).toBe(30);
    expect(result.pages.map((p) => new URL(p.url).pathname).sort()).toEqual(['/', '/a', '/b']);
    expect(Math.max(...waits)).toBeLessThanOrEqual(1_000);
    const pages = log.filter((entry) => ['/', '/a', '/b'].includes(entry.path));
    for (let i = 1; i < pages.length; i++) {
      expect((pages[i]?.at ?? 0) - (pages[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(900);
    }
  });

  it('backs off on 429 for as long as Retry-After says, then fetches the page', async () => {
    const { origin, log } = await site({
      '/': html(page(['/busy'])),
      '/busy': (response, hits) => {
        if (hits === 1) return void response.writeHead(429, { 'retry-after': '1' }).end();
        html(page([]))(response);
      },
    });
    const result = await crawlSite(new URL(origin), limits, deps(origin));
    expect(result.pages.map((p) => new URL(p.url).pathname).sort()).toEqual(['/', '/busy']);
    const busy = log.filter((entry) => entry.path === '/busy');
    expect(busy).toHaveLength(2);
    expect((busy[1]?.at ?? 0) - (busy[0]?.at ?? 0)).toBeGreaterThanOrEqual(900);
  });

  it('stays on the site and its www. twin, and follows no rel=nofollow link', async () => {
    const { origin, log } = await site({
      '/': html(
        `${page(['/in', 'http://elsewhere.invalid/out'])}<a href="/hidden" rel="nofollow">Hidden page of the site</a>`,
      ),
      '/in': html(page([])),
    });
    const result = await crawlSite(new URL(origin), limits, deps(origin));
    expect(result.pages).toHaveLength(2);
    expect(log.map((entry) => entry.path)).not.toContain('/hidden');
  });

  it('keeps out of a site whose robots.txt answers with a server error (RFC 9309)', async () => {
    const { origin, log } = await site({
      '/robots.txt': (response) => response.writeHead(503).end(),
      '/': html(page(['/a'])),
    });
    const result = await crawlSite(new URL(origin), limits, deps(origin));
    expect(result.pages).toEqual([]);
    expect(result.robots.found).toBe(false);
    expect(result.skipped_by_reason).toEqual({ robots: 1 });
    expect(log.map((entry) => entry.path)).toEqual(['/robots.txt']);
  });

  it('stops at the page limit and lists what it left, without fetching it', async () => {
    const { origin, log } = await site({
      '/': html(page(Array.from({ length: 20 }, (_, i) => `/p${i}`))),
      ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`/p${i}`, html(page([]))])),
    });
    const result = await crawlSite(new URL(origin), { ...limits, maxPages: 5 }, deps(origin));
    expect(result.pages).toHaveLength(5);
    expect(result.skipped_by_reason.page_limit).toBe(16);
    expect(log.filter((entry) => entry.path.startsWith('/p')).length).toBeLessThanOrEqual(8);
  });
});
