import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { SiteScanIssueId, SkipReason } from '../report.schema.js';

/**
 * A website for the scanner's tests and benchmarks, served on loopback: sitemaps (an index, one gzipped), robots
 * rules, redirect chains and a loop, a 404, a slow page, an oversized page, duplicates, a link to a private address,
 * AI-written and human pages, pages with personal data, and one page for each SEO problem the scanner checks. Every
 * problem planted is listed, so a test or a benchmark can check the share found.
 */

export interface TestSiteTexts {
  human: string[];
  ai: string[];
}

export interface PlantedIssue {
  /** Path on the site. */
  path: string;
  kind: { issue: SiteScanIssueId } | { skipped: SkipReason };
}

export interface TestSiteOptions {
  /** Article pages (half listed in the sitemaps, half reached only by links). */
  articles?: number;
  texts: TestSiteTexts;
  /** Interface to listen on; any 127.x address is loopback. */
  host?: string;
  /** Port to listen on (any free one by default). */
  port?: number;
  /** How long the slow page takes. */
  slowMs?: number;
  /** Size of the oversized page. */
  hugeBytes?: number;
  /** Where the page that redirects to a private address sends the crawler (defaults to 127.0.0.1:9). */
  privateTarget?: string;
  /** Another robots.txt (one that forbids everything, say). */
  robots?: string;
  /** Serves /sitemap-index.xml as one sitemap of this many URLs instead (generated as it is sent). */
  sitemapUrls?: number;
}

export interface TestSite {
  origin: string;
  planted: PlantedIssue[];
  /** Article paths by the writer of their text. */
  articles: { path: string; writer: 'human' | 'ai' }[];
  /** Paths of pages with personal data. */
  piiPages: string[];
  /** Paths every request asked for, in order (the tests check robots rules and politeness with them). */
  requests: string[];
  userAgents: Set<string>;
  close(): Promise<void>;
}

/**
 * The shared datasets (never shipped with the project): CANDOR_DATASETS_DIR, which `.ci/run` sets for a clone that sits
 * elsewhere, or `../shared/datasets` beside the repository. Undefined when neither exists (a machine without them).
 */
export function sharedDatasetsDir(): string | undefined {
  const dir = process.env.CANDOR_DATASETS_DIR || path.resolve(import.meta.dirname, '../../../../../../shared/datasets');
  return existsSync(path.join(dir, 'text', 'mixset.jsonl')) ? dir : undefined;
}

/** The shared datasets, or an error that says where they were looked for. */
export function requiredDatasetsDir(): string {
  const dir = sharedDatasetsDir();
  if (!dir) throw new Error('The test site needs ../shared/datasets beside the repository, or CANDOR_DATASETS_DIR');
  return dir;
}

/** Human and AI texts from the shared datasets (MixSet: "original" human texts and AI texts of the same topics). */
export function loadTestSiteTexts(datasetsDir: string, perKind = 150): TestSiteTexts {
  const rows = readFileSync(path.join(datasetsDir, 'text', 'mixset.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { text: string; label: string });
  const pick = (label: string) =>
    rows
      .filter((row) => row.label === label && row.text.split(/\s+/).length >= 60)
      .slice(0, perKind)
      .map((row) => row.text.trim());
  return { human: pick('human'), ai: pick('ai') };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

interface PageParts {
  title?: string | null;
  description?: string | null;
  head?: string;
  h1?: string[];
  body: string;
  links?: { href: string; text: string }[];
}

function page(parts: PageParts): string {
  const title =
    parts.title === null ? '' : `<title>${escapeHtml(parts.title ?? 'A page of the Candor test site')}</title>`;
  const description =
    parts.description === null
      ? ''
      : `<meta name="description" content="${escapeHtml(parts.description ?? 'A page of the site the website scanner is tested on, with articles, people and news.')}">`;
  const h1 = (parts.h1 ?? ['Candor test site']).map((heading) => `<h1>${escapeHtml(heading)}</h1>`).join('');
  const links = (parts.links ?? [])
    .map((link) => `<li><a href="${link.href}">${escapeHtml(link.text)}</a></li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">${title}${description}${parts.head ?? ''}</head><body><header><nav><a href="/">Home page of the test site</a></nav></header><main><article>${h1}${parts.body}</article></main><aside><ul>${links}</ul></aside><footer>Candor test site footer</footer></body></html>`;
}

const paragraphs = (text: string) =>
  text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('');

export async function startTestSite(options: TestSiteOptions): Promise<TestSite> {
  const count = options.articles ?? 300;
  const slowMs = options.slowMs ?? 1_000;
  const hugeBytes = options.hugeBytes ?? 6 * 1024 * 1024;
  const { human, ai } = options.texts;
  if (human.length < 4 || ai.length < 4) throw new Error('the test site needs at least four texts of each kind');
  const planted: PlantedIssue[] = [];
  const plant = (pathName: string, kind: PlantedIssue['kind']) => planted.push({ path: pathName, kind });
  const requests: string[] = [];
  const userAgents = new Set<string>();
  let origin = '';

  // Articles: two texts of one writer each, so every page has a few hundred words and no two share both.
  const articles = Array.from({ length: count }, (_, i) => {
    const writer: 'human' | 'ai' = i % 2 === 0 ? 'human' : 'ai';
    const pool = writer === 'human' ? human : ai;
    const k = Math.floor(i / 2);
    const text = `${pool[k % pool.length]}\n${pool[(k + 1 + Math.floor(k / pool.length)) % pool.length]}`;
    return { path: `/articles/${i + 1}`, writer, text };
  });
  const inSitemaps = articles.filter((_, i) => i % 2 === 0);

  const routes = new Map<string, (response: http.ServerResponse) => void>();
  const html =
    (body: string, headers: Record<string, string> = {}) =>
    (response: http.ServerResponse) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
      response.end(body);
    };
  const redirect = (status: number, location: () => string) => (response: http.ServerResponse) => {
    response.writeHead(status, { location: location() });
    response.end();
  };

  const piiPages = ['/people/alice', '/people/contact'];
  const home = page({
    title: 'Candor test site: articles, people and news',
    h1: ['Candor test site'],
    body: `<p>${escapeHtml(human[0] ?? '')}</p>`,
    links: [
      { href: '/articles/', text: 'Every article on this site' },
      { href: '/old/start', text: 'The archive from the old site' },
      { href: '/loop/a', text: 'The circular page' },
      { href: '/private/secret', text: 'The private area' },
      { href: '/slow', text: 'The slow page' },
      { href: '/huge', text: 'The very long page' },
      { href: '/files/report.pdf', text: 'The annual report as a PDF' },
      { href: '/go/private', text: 'The intranet' },
      { href: '/go/file', text: 'The file on disk' },
      { href: '/issues/', text: 'The pages with SEO problems' },
      ...piiPages.map((p) => ({ href: p, text: `The page about ${p.slice(8)}` })),
      { href: '/dup/copy', text: 'A copy of the first article' },
      { href: '/dup/near', text: 'A near copy of the third article' },
      { href: 'http://10.0.0.1/admin', text: 'The router of the office network' },
    ],
  });
  routes.set('/', html(home));
  routes.set(
    '/articles/',
    html(
      page({
        title: 'Every article on the Candor test site',
        h1: ['Articles'],
        body: `<p>${escapeHtml(human[1] ?? '')}</p>`,
        links: articles.map((article, i) => ({ href: article.path, text: `Article number ${i + 1} of the test site` })),
      }),
    ),
  );
  articles.forEach((article, i) => {
    const links = [
      { href: articles[(i + 1) % count]?.path ?? '/', text: `The next article, number ${((i + 1) % count) + 1}` },
      ...(i % 50 === 7 ? [{ href: '/articles/missing', text: 'An article that was removed' }] : []),
    ];
    routes.set(
      article.path,
      html(
        page({
          title: `Article ${i + 1} of the Candor test site about writing`,
          h1: [`Article ${i + 1}`],
          body: paragraphs(article.text),
          links,
        }),
      ),
    );
  });
  plant('/articles/missing', { skipped: 'http_error' });
  plant(articles[7]?.path ?? '/', { issue: 'broken_links' });

  // robots.txt, and sitemaps: an index naming a plain and a gzipped sitemap.
  routes.set('/robots.txt', (response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end(options.robots ?? `User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap-index.xml\n`);
  });
  plant('/private/secret', { skipped: 'robots' });
  routes.set('/private/secret', html(page({ body: '<p>Nobody should crawl this.</p>' })));
  const urlset = (paths: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`;
  const half = Math.ceil(inSitemaps.length / 2);
  const streamSitemap = (response: http.ServerResponse, total: number) => {
    response.writeHead(200, { 'content-type': 'application/xml' });
    response.write(
      '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    );
    let next = 0;
    const write = () => {
      while (next < total) {
        const entries: string[] = [];
        for (let i = 0; i < 1_000 && next < total; i++, next++)
          entries.push(`<url><loc>${origin}/listed/${next}</loc></url>`);
        if (!response.write(entries.join(''))) return void response.once('drain', write);
      }
      response.end('</urlset>');
    };
    response.on('error', () => {});
    response.on('close', () => {
      next = total;
    });
    write();
  };
  routes.set('/sitemap-index.xml', (response) => {
    if (options.sitemapUrls !== undefined) return streamSitemap(response, options.sitemapUrls);
    response.writeHead(200, { 'content-type': 'application/xml' });
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemaps/pages-1.xml</loc></sitemap><sitemap><loc>${origin}/sitemaps/pages-2.xml.gz</loc></sitemap></sitemapindex>`,
    );
  });
  routes.set('/sitemaps/pages-1.xml', (response) => {
    response.writeHead(200, { 'content-type': 'application/xml' });
    response.end(urlset(['/', ...inSitemaps.slice(0, half).map((a) => a.path)]));
  });
  routes.set('/sitemaps/pages-2.xml.gz', (response) => {
    response.writeHead(200, { 'content-type': 'application/gzip' });
    response.end(gzipSync(urlset(inSitemaps.slice(half).map((a) => a.path))));
  });

  // Redirects: a chain that ends on an article, a loop, and hops to a private address and to a file.
  routes.set(
    '/old/start',
    redirect(301, () => '/old/step-2'),
  );
  routes.set(
    '/old/step-2',
    redirect(302, () => `${origin}/articles/1`),
  );
  routes.set(
    '/loop/a',
    redirect(301, () => '/loop/b'),
  );
  routes.set(
    '/loop/b',
    redirect(301, () => '/loop/a'),
  );
  plant('/loop/a', { skipped: 'redirect_loop' });
  routes.set(
    '/go/private',
    redirect(302, () => options.privateTarget ?? 'http://127.0.0.1:9/admin'),
  );
  plant('/go/private', { skipped: 'address_refused' });
  routes.set(
    '/go/file',
    redirect(302, () => 'file:///etc/passwd'),
  );
  plant('/go/file', { skipped: 'address_refused' });

  routes.set('/slow', (response) => {
    setTimeout(
      html(page({ title: 'The slow page of the Candor test site', body: paragraphs(human[2] ?? '') })),
      slowMs,
      response,
    );
  });
  routes.set('/huge', (response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    const chunk = `<p>${'All work and no play makes a very long page. '.repeat(200)}</p>`;
    let sent = 0;
    const write = () => {
      while (sent < hugeBytes) {
        sent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', write);
      }
      response.end();
    };
    response.on('error', () => {});
    write();
  });
  plant('/huge', { skipped: 'too_large' });
  routes.set('/files/report.pdf', (response) => {
    response.writeHead(200, { 'content-type': 'application/pdf' });
    response.end('%PDF-1.4 not really');
  });
  plant('/files/report.pdf', { skipped: 'not_html' });

  // Duplicates: an exact copy of the first article's text and a near copy of the third's (a few words changed).
  const first = articles[0]?.text ?? '';
  routes.set(
    '/dup/copy',
    html(page({ title: 'A copy of the first article of the test site', h1: ['A copy'], body: paragraphs(first) })),
  );
  plant('/dup/copy', { issue: 'duplicate_content' });
  const third = (articles[2]?.text ?? '').split(' ');
  for (let w = 40; w < third.length; w += 130) third[w] = 'changed';
  routes.set(
    '/dup/near',
    html(
      page({
        title: 'A near copy of the third article of the site',
        h1: ['Near copy'],
        body: paragraphs(third.join(' ')),
      }),
    ),
  );
  plant('/dup/near', { issue: 'near_duplicate_content' });

  // Personal data.
  routes.set(
    '/people/alice',
    html(
      page({
        title: 'Alice Johnson, our head of customer care',
        h1: ['Alice Johnson'],
        body: `<p>Alice Johnson leads customer care. Write to her at alice.johnson@example.org or call +1 415 555 0132.</p><p>${escapeHtml(human[3] ?? '')}</p>`,
      }),
    ),
  );
  plant('/people/alice', { issue: 'pii_exposed' });
  routes.set(
    '/people/contact',
    html(
      page({
        title: 'Contact the Candor test site team by mail or phone',
        h1: ['Contact'],
        body: `<p>Our office manager, Robert Miller, answers at robert.miller@example.net. His social security number 536-22-8814 was printed here by mistake.</p><p>${escapeHtml(human[4] ?? '')}</p>`,
      }),
    ),
  );
  plant('/people/contact', { issue: 'pii_exposed' });

  // One page per SEO problem.
  // Texts paired two apart, so no issue page repeats an article's pair (neighbours) or another issue page.
  const long = (i: number) =>
    paragraphs(`${human[(20 + 3 * i) % human.length]}\n${human[(22 + 3 * i) % human.length]}`);
  const issuePages: [string, SiteScanIssueId, PageParts, Record<string, string>?][] = [
    ['/issues/no-title', 'missing_title', { title: null, body: long(0) }],
    ['/issues/no-description', 'missing_description', { description: null, body: long(1) }],
    ['/issues/noindex', 'not_indexable', { head: '<meta name="robots" content="noindex, follow">', body: long(2) }],
    ['/issues/noindex-header', 'not_indexable', { body: long(3) }, { 'x-robots-tag': 'noindex' }],
    ['/issues/vague-links', 'vague_link_text', { body: long(4), links: [{ href: '/articles/2', text: 'click here' }] }],
    [
      '/issues/script-link',
      'uncrawlable_anchors',
      { body: `${long(5)}<a href="javascript:void(0)">Open the menu</a>` },
    ],
    ['/issues/no-alt', 'image_missing_alt', { body: `${long(6)}<img src="/photo.jpg">` }],
    [
      '/issues/hreflang',
      'invalid_hreflang',
      { head: '<link rel="alternate" hreflang="english" href="/en/">', body: long(7) },
    ],
    [
      '/issues/canonicals',
      'canonical_conflict',
      { head: '<link rel="canonical" href="/a"><link rel="canonical" href="/b">', body: long(8) },
    ],
    ['/issues/no-h1', 'missing_h1', { h1: [], body: long(9) }],
    ['/issues/two-h1', 'multiple_h1', { h1: ['One heading', 'Another heading'], body: long(10) }],
    ['/issues/short-title', 'title_length', { title: 'Short', body: long(11) }],
    ['/issues/short-description', 'description_length', { description: 'Too short.', body: long(12) }],
    ['/issues/thin', 'thin_content', { title: 'A page with almost nothing on it at all', body: '<p>Coming soon.</p>' }],
  ];
  routes.set(
    '/issues/',
    html(
      page({
        title: 'Pages with SEO problems on the Candor test site',
        h1: ['SEO problems'],
        body: paragraphs(`${human[10]}\n${human[12]}`),
        links: issuePages.map(([p]) => ({ href: p, text: `The page ${p.slice(8)}` })),
      }),
    ),
  );
  for (const [pathName, issue, parts, headers] of issuePages) {
    routes.set(pathName, html(page(parts), headers));
    plant(pathName, { issue });
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://test.invalid');
    requests.push(url.pathname);
    userAgents.add(request.headers['user-agent'] ?? '');
    const route = routes.get(url.pathname);
    if (route) return route(response);
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end(page({ title: 'Not found', body: '<p>There is no such page.</p>' }));
  });
  const host = options.host ?? '127.0.0.2';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  origin = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    planted,
    articles: articles.map(({ path: p, writer }) => ({ path: p, writer })),
    piiPages,
    requests,
    userAgents,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
