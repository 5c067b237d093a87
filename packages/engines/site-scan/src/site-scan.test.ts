import { describe, expect, it } from 'vitest';
import { analysePage, type FetchedPage } from './page.js';
import { readRobots } from './robots.js';
import { buildSiteReport, type CrawlOutcome, type ScannedPageResult } from './site-report.js';
import { parseSitemap } from './sitemap.js';
import { isSameSite, parseSiteUrl } from './url.js';

const SITE = 'https://example.com/';
const words = (n: number, seed = 'word') => Array.from({ length: n }, (_, i) => `${seed}${i}`).join(' ');

function fetched(html: string, extra: Partial<FetchedPage> = {}): FetchedPage {
  return {
    url: 'https://example.com/page',
    final_url: 'https://example.com/page',
    status: 200,
    depth: 1,
    html,
    x_robots_tag: null,
    link_canonical: null,
    site: SITE,
    ...extra,
  };
}

const GOOD = `<!doctype html><html><head><title>A good page title that is long enough here</title>
<meta name="description" content="A description of the page that is long enough to pass the length check we make.">
<link rel="canonical" href="https://example.com/page"></head>
<body><h1>Heading</h1><p>${words(250)}</p><a href="/other">The other page about gardens</a>
<a href="https://elsewhere.org/">Another site</a><img src="a.png" alt="A garden"></body></html>`;

describe('site addresses', () => {
  it.each([
    ['example.com', 'https://example.com/'],
    ['https://www.example.com', 'https://www.example.com/'],
    ['http://example.com/blog#top', 'http://example.com/blog'],
    ['example.com:8080/shop', 'https://example.com:8080/shop'],
    ['127.0.0.1', 'https://127.0.0.1/'],
  ])('reads %s as %s (https assumed)', (typed, href) => {
    expect(parseSiteUrl(typed)?.href).toBe(href);
  });

  it.each([
    '',
    'example',
    'ftp://example.com',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'https://a:b@example.com',
    'exa mple.com',
    'https://-x-.com',
    'mailto:a@example.com',
  ])('refuses %j', (typed) => {
    expect(parseSiteUrl(typed)).toBeNull();
  });

  it('treats www. as the same site, another port or host as another', () => {
    const root = new URL('https://example.com/');
    expect(isSameSite(new URL('http://www.example.com/a'), root)).toBe(true);
    expect(isSameSite(new URL('https://example.com:8443/'), root)).toBe(false);
    expect(isSameSite(new URL('https://blog.example.com/'), root)).toBe(false);
  });
});

describe('a page', () => {
  it('passes every check when it has what search engines need', () => {
    const page = analysePage(fetched(GOOD));
    expect(page.issues).toEqual([]);
    expect(page.indexable).toBe(true);
    expect(page.links).toEqual([{ url: 'https://example.com/other', nofollow: false }]);
    expect(page.words).toBeGreaterThanOrEqual(250);
  });

  it('finds each problem Lighthouse audits, and the others', () => {
    const html = `<html><head><meta name="robots" content="noindex">
      <link rel="canonical" href="/a"><link rel="canonical" href="/b">
      <link rel="alternate" hreflang="english" href="/en/"></head>
      <body><h1>One</h1><h1>Two</h1><p>Short.</p><a href="/x">click here</a><a href="javascript:void(0)">Menu</a>
      <img src="b.png"></body></html>`;
    const ids = analysePage(fetched(html)).issues.map((issue) => issue.id);
    expect(ids.sort()).toEqual(
      [
        'canonical_conflict',
        'image_missing_alt',
        'invalid_hreflang',
        'missing_description',
        'missing_title',
        'multiple_h1',
        'not_indexable',
        'thin_content',
        'uncrawlable_anchors',
        'vague_link_text',
      ].sort(),
    );
  });

  it('reads noindex from the X-Robots-Tag header, but not one addressed to another crawler', () => {
    expect(analysePage(fetched(GOOD, { x_robots_tag: 'noindex, nofollow' })).indexable).toBe(false);
    expect(analysePage(fetched(GOOD, { x_robots_tag: 'googlebot: noindex' })).indexable).toBe(true);
  });
});

describe('robots.txt and sitemaps', () => {
  it('obeys the rules for every crawler and reads the crawl delay and sitemaps', () => {
    const robots = readRobots(
      'https://example.com/robots.txt',
      'User-agent: *\nDisallow: /private/\nCrawl-delay: 2\nSitemap: https://example.com/map.xml\n',
    );
    expect(robots.isAllowed('https://example.com/private/a')).toBe(false);
    expect(robots.isAllowed('https://example.com/public')).toBe(true);
    expect(robots.crawlDelay).toBe(2);
    expect(robots.sitemaps).toEqual(['https://example.com/map.xml']);
    expect(readRobots('https://example.com/robots.txt', null, true).isAllowed('https://example.com/')).toBe(false);
  });

  it('reads an index and a urlset, and the addresses of one cut off mid-way', () => {
    const index = parseSitemap(
      '<sitemapindex><sitemap><loc>https://example.com/a.xml</loc></sitemap></sitemapindex>',
      10,
    );
    expect(index).toEqual({ kind: 'index', locations: ['https://example.com/a.xml'], total: 1 });
    const cut = parseSitemap(
      '<urlset><url><loc>https://example.com/1?a=1&amp;b=2</loc></url><url><loc>https://exa',
      10,
    );
    expect(cut).toEqual({ kind: 'urlset', locations: ['https://example.com/1?a=1&b=2'], total: 1 });
    expect(parseSitemap(`<urlset>${'<url><loc>https://example.com/x</loc></url>'.repeat(50)}</urlset>`, 5).total).toBe(
      50,
    );
  });
});

describe('the site report', () => {
  const result = (url: string, html: string, extra: Partial<ScannedPageResult> = {}): ScannedPageResult => ({
    ...analysePage(fetched(html, { url, final_url: url })),
    ai: null,
    ai_label: null,
    ai_percent: null,
    humanized: null,
    humanized_label: null,
    pii: [],
    ...extra,
  });
  const crawl = (pages: ScannedPageResult[], skipped: CrawlOutcome['skipped'] = []): CrawlOutcome => ({
    site: 'example.com',
    start_url: SITE,
    stopped: null,
    found: pages.length + skipped.length,
    fetched: pages.length + skipped.length,
    pages,
    skipped,
    skipped_by_reason: skipped.length ? { http_error: skipped.length } : {},
    robots: { found: true, crawl_delay_seconds: null },
    sitemaps: [],
    previous_scan_id: null,
    finished_at: '2026-11-27T00:00:00.000Z',
  });
  const withText = (text: string, link = '') =>
    GOOD.replace(/<p>.*<\/p>/s, `<p>${text}</p>${link}`).replace(
      '<link rel="canonical" href="https://example.com/page">',
      '',
    );

  it('finds exact and near duplicates, broken links with the pages linking to them, and scores the site', () => {
    const text = words(300, 'garden');
    const nearly = text.replace('garden150', 'changed');
    const pages = [
      result('https://example.com/a', withText(text, '<a href="/gone">A removed page about soil</a>')),
      result('https://example.com/b', withText(text)),
      result('https://example.com/c', withText(nearly)),
      result('https://example.com/d', withText(words(300, 'other'))),
      result(
        'https://example.com/e',
        withText(words(300, 'third')).replace('<head>', '<head><meta name="robots" content="noindex">'),
      ),
    ];
    const { report, details } = buildSiteReport(
      crawl(pages, [
        { url: 'https://example.com/gone', reason: 'http_error', detail: 'example.com answered 404', status: 404 },
      ]),
    );
    expect(details[1]?.duplicate_of).toBe('https://example.com/a');
    expect(details[2]?.near_duplicate_of).toBe('https://example.com/a');
    expect(report.broken_links).toEqual([
      expect.objectContaining({ url: 'https://example.com/gone', status: 404, linked_from: ['https://example.com/a'] }),
    ]);
    expect(details[0]?.issues).toContain('broken_links');
    expect(details[3]?.score).toBe(100);
    expect(details[4]?.score).toBe(0);
    expect(report.score).toBe(Math.round(details.reduce((sum, d) => sum + d.score, 0) / details.length));
    expect(report.top_issues[0]?.id).toBe('not_indexable');
  });
});
