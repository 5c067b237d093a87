import { createHash } from 'node:crypto';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { SiteScanIssueId } from './report.schema.js';
import { CRAWLER_TOKEN } from './robots.js';
import { minHashOf } from './shingles.js';
import { isSameSite, normalizePageUrl } from './url.js';

/** A fetched HTML page, as the crawler hands it over. */
export interface FetchedPage {
  url: string;
  /** After redirects. */
  final_url: string;
  status: number;
  depth: number;
  html: string;
  /** The X-Robots-Tag header, if any. */
  x_robots_tag: string | null;
  /** A rel=canonical Link header, if any. */
  link_canonical: string | null;
  /** The site's start URL: links to other sites are left out. */
  site: string;
}

export interface PageLink {
  url: string;
  nofollow: boolean;
}

/** A page's SEO facts and main text, before the detectors score it. */
export interface PageAnalysis {
  url: string;
  final_url: string;
  status: number;
  depth: number;
  title: string | null;
  description: string | null;
  h1: string[];
  canonical: string | null;
  hreflang: { lang: string; href: string }[];
  indexable: boolean;
  text: string;
  words: number;
  /** Links to pages of the same site, absolute, without fragments, each once. */
  links: PageLink[];
  issues: { id: SiteScanIssueId; detail: string }[];
  /** Hash of the normalised main text, '' when there is none. */
  content_hash: string;
  /** MinHash of the text's word 5-shingles (near-duplicates), empty for short texts. */
  minhash: number[];
}

export const THIN_CONTENT_WORDS = 200;
const TITLE_LENGTH = { min: 30, max: 60 };
const DESCRIPTION_LENGTH = { min: 70, max: 160 };

/** Lighthouse's link-text audit: words that say nothing about where a link goes (English subset). */
const VAGUE_LINK_TEXTS = new Set([
  'click here',
  'click this',
  'go',
  'here',
  'information',
  'learn more',
  'more',
  'more info',
  'more information',
  'right here',
  'read more',
  'see more',
  'start',
  'this',
  'this page',
  'link',
  'continue',
  'details',
]);

const HREFLANG = /^(x-default|[a-z]{2,3}(-[a-z0-9]{2,8})*)$/i;

const collapse = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

/** `noindex` or `none` in a robots directive list (meta content or X-Robots-Tag, optionally "agent: …"). */
function saysNoindex(directives: string): boolean {
  return directives
    .toLowerCase()
    .split(/[,\s]+/)
    .some((token) => token === 'noindex' || token === 'none');
}

function headerNoindex(header: string | null): boolean {
  if (!header) return false;
  // "googlebot: noindex" speaks to another crawler; a bare directive, or one naming us, speaks to us.
  return header.split(/\n|,(?=\s*[\w-]+\s*:)/).some((part) => {
    const agent = /^\s*([\w-]+)\s*:\s*(.*)$/.exec(part);
    if (agent && (agent[1] ?? '').toLowerCase() !== 'unavailable_after') {
      return (agent[1] ?? '').toLowerCase() === CRAWLER_TOKEN.toLowerCase() && saysNoindex(agent[2] ?? '');
    }
    return saysNoindex(part);
  });
}

function absolute(href: string, base: string): URL | null {
  try {
    return new URL(href, base);
  } catch {
    return null;
  }
}

/** The main text: readability's article, one block per paragraph; the body's text when it finds no article. */
function mainTextOf(document: ReturnType<typeof parseHTML>['document']): string {
  let article: { content?: string | null; textContent?: string | null } | null = null;
  try {
    article = new Readability(document as never, { charThreshold: 100 }).parse();
  } catch {
    article = null;
  }
  if (article?.content) {
    const { document: content } = parseHTML(`<html><body>${article.content}</body></html>`);
    const blocks = [...content.querySelectorAll('p, li, h1, h2, h3, h4, h5, h6, blockquote, pre, td, dd, figcaption')]
      .filter((block) => !block.querySelector('p, li, blockquote, pre, td, dd'))
      .map((block) => collapse(block.textContent))
      .filter(Boolean);
    if (blocks.length > 0) return blocks.join('\n\n');
    return collapse(article.textContent);
  }
  return collapse(document.body?.textContent);
}

/**
 * A page's SEO checks (Lighthouse's SEO audits, plus H1, title and description length and thin content) and its
 * main text. Pure: the HTML and headers in, facts out. Site-wide checks (duplicates, broken links) come later.
 */
export function analysePage(page: FetchedPage): PageAnalysis {
  const { document } = parseHTML(page.html);
  const site = new URL(page.site);
  const baseHref = document.querySelector('base[href]')?.getAttribute('href');
  const base = (baseHref && absolute(baseHref, page.final_url)?.href) || page.final_url;
  const issues: PageAnalysis['issues'] = [];
  const issue = (id: SiteScanIssueId, detail: string) => issues.push({ id, detail });

  const title = collapse(document.querySelector('title')?.textContent) || null;
  if (!title) issue('missing_title', 'The page has no <title>, or an empty one.');
  else if (title.length < TITLE_LENGTH.min || title.length > TITLE_LENGTH.max)
    issue(
      'title_length',
      `The title has ${title.length} characters (aim for ${TITLE_LENGTH.min}–${TITLE_LENGTH.max}).`,
    );

  const description =
    collapse(
      [...document.querySelectorAll('meta[name]')]
        .find((meta) => meta.getAttribute('name')?.toLowerCase() === 'description')
        ?.getAttribute('content'),
    ) || null;
  if (!description) issue('missing_description', 'The page has no meta description, or an empty one.');
  else if (description.length < DESCRIPTION_LENGTH.min || description.length > DESCRIPTION_LENGTH.max)
    issue(
      'description_length',
      `The description has ${description.length} characters (aim for ${DESCRIPTION_LENGTH.min}–${DESCRIPTION_LENGTH.max}).`,
    );

  if (page.status >= 400) issue('bad_status', `The page answered ${page.status}.`);

  const robotsMeta = [...document.querySelectorAll('meta[name]')].filter((meta) => {
    const name = meta.getAttribute('name')?.toLowerCase();
    return name === 'robots' || name === CRAWLER_TOKEN.toLowerCase();
  });
  const metaNoindex = robotsMeta.some((meta) => saysNoindex(meta.getAttribute('content') ?? ''));
  const noindexHeader = headerNoindex(page.x_robots_tag);
  const indexable = !metaNoindex && !noindexHeader && page.status < 400;
  if (metaNoindex) issue('not_indexable', 'A robots meta tag says noindex.');
  else if (noindexHeader) issue('not_indexable', 'The X-Robots-Tag header says noindex.');

  const h1 = [...document.querySelectorAll('h1')].map((heading) => collapse(heading.textContent)).filter(Boolean);
  if (h1.length === 0) issue('missing_h1', 'The page has no H1 heading.');
  else if (h1.length > 1) issue('multiple_h1', `The page has ${h1.length} H1 headings.`);

  // Canonical: Lighthouse fails several conflicting ones, an invalid or relative URL, another site's, or the site's
  // root named by a deeper page.
  const canonicalLinks = [...document.querySelectorAll('link[rel]')]
    .filter((link) => (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).includes('canonical'))
    .map((link) => (link.getAttribute('href') ?? '').trim());
  const canonicalHrefs = [...new Set([...canonicalLinks, ...(page.link_canonical ? [page.link_canonical] : [])])];
  let canonical: string | null = null;
  if (canonicalHrefs.length > 1) {
    issue('canonical_conflict', `The page names ${canonicalHrefs.length} different canonical URLs.`);
  } else if (canonicalHrefs.length === 1) {
    const href = canonicalHrefs[0] ?? '';
    const resolved = absolute(href, base);
    canonical = resolved?.href ?? null;
    if (!resolved || !/^https?:$/.test(resolved.protocol)) issue('canonical_conflict', `"${href}" is not a valid URL.`);
    else if (!/^https?:\/\//i.test(href)) issue('canonical_conflict', `The canonical "${href}" is a relative URL.`);
    else if (!isSameSite(resolved, site))
      issue('canonical_conflict', `The canonical points to another site (${resolved.host}).`);
    else if (resolved.pathname === '/' && !resolved.search && new URL(page.final_url).pathname !== '/')
      issue('canonical_conflict', 'The canonical points to the home page instead of this page.');
  }

  const hreflang: { lang: string; href: string }[] = [];
  const badHreflang: string[] = [];
  for (const link of document.querySelectorAll('link[hreflang]')) {
    if ((link.getAttribute('rel') ?? '').toLowerCase() !== 'alternate') continue;
    const lang = (link.getAttribute('hreflang') ?? '').trim();
    const href = (link.getAttribute('href') ?? '').trim();
    hreflang.push({ lang, href });
    if (!HREFLANG.test(lang)) badHreflang.push(`"${lang}" is not a language code`);
    else if (!/^https?:\/\//i.test(href)) badHreflang.push(`the ${lang} alternate's URL is not absolute`);
  }
  if (badHreflang.length > 0) issue('invalid_hreflang', `${badHreflang.slice(0, 3).join('; ')}.`);

  const images = [...document.querySelectorAll('img')];
  const withoutAlt = images.filter((image) => !image.hasAttribute('alt')).length;
  if (withoutAlt > 0) issue('image_missing_alt', `${withoutAlt} of ${images.length} images have no alt attribute.`);

  const links = new Map<string, PageLink>();
  const vague: string[] = [];
  let uncrawlable = 0;
  for (const anchor of document.querySelectorAll('a')) {
    const rawHref = anchor.getAttribute('href');
    const rel = (anchor.getAttribute('rel') ?? '').toLowerCase();
    if (rawHref === null) {
      // An anchor with a click handler and no href is a link only script can follow.
      if (anchor.hasAttribute('onclick')) uncrawlable += 1;
      continue;
    }
    const href = rawHref.trim();
    if (/^javascript:/i.test(href)) {
      uncrawlable += 1;
      continue;
    }
    const target = absolute(href, base);
    if (!target) {
      uncrawlable += 1;
      continue;
    }
    if (!/^https?:$/.test(target.protocol)) continue;
    const samePage = href.startsWith('#');
    const text = collapse(anchor.textContent).toLowerCase();
    if (!samePage && VAGUE_LINK_TEXTS.has(text.replace(/[.!?…»›→]+$/u, '').trim())) vague.push(text);
    if (samePage || !isSameSite(target, site)) continue;
    const key = normalizePageUrl(target);
    const nofollow = rel.split(/\s+/).includes('nofollow');
    const known = links.get(key);
    if (!known) links.set(key, { url: key, nofollow });
    else if (!nofollow) known.nofollow = false;
  }
  if (vague.length > 0)
    issue(
      'vague_link_text',
      `${vague.length} links say only ${[...new Set(vague)]
        .slice(0, 3)
        .map((t) => `"${t}"`)
        .join(', ')}.`,
    );
  if (uncrawlable > 0) issue('uncrawlable_anchors', `${uncrawlable} links cannot be followed by a crawler.`);

  const text = mainTextOf(document);
  const words = tokenizeWords(text).length;
  if (words < THIN_CONTENT_WORDS)
    issue('thin_content', `The main text has ${words} words (under ${THIN_CONTENT_WORDS}).`);
  const normalised = text.toLowerCase().replace(/\s+/g, ' ').trim();

  return {
    url: page.url,
    final_url: page.final_url,
    status: page.status,
    depth: page.depth,
    title,
    description,
    h1,
    canonical,
    hreflang,
    indexable,
    text,
    words,
    links: [...links.values()],
    issues,
    content_hash: normalised ? createHash('sha1').update(normalised).digest('hex') : '',
    minhash: minHashOf(normalised),
  };
}
