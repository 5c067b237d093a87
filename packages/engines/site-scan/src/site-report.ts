import type { PageAnalysis } from './page.js';
import {
  type BrokenLink,
  type PageDetail,
  type ScannedPage,
  SITE_SCAN_ISSUES,
  type SiteScanIssueId,
  type SiteScanReport,
  type SkippedPage,
  type SkipReason,
} from './report.schema.js';
import type { PageScores } from './score.js';
import { MINHASH_SIZE, similarity } from './shingles.js';

/** A page fetched, analysed and scored: what the crawl hands to the report. */
export type ScannedPageResult = PageAnalysis & PageScores;

export interface CrawlOutcome {
  site: string;
  start_url: string;
  stopped: SiteScanReport['stopped'];
  found: number;
  fetched: number;
  pages: ScannedPageResult[];
  /** Every URL fetched and not scanned, and the first of those never fetched (the rest only counted). */
  skipped: SkippedPage[];
  skipped_by_reason: Partial<Record<SkipReason, number>>;
  robots: SiteScanReport['robots'];
  sitemaps: SiteScanReport['sitemaps'];
  previous_scan_id: string | null;
  finished_at: string;
}

export const LISTED_SKIPPED = 1_000;
const LISTED_REFERRERS = 20;
/** Screaming Frog's default near-duplicate threshold. */
export const NEAR_DUPLICATE_SIMILARITY = 0.9;
const BANDS = 16;
const ROWS = MINHASH_SIZE / BANDS;

/** Checks a page is scored on; a check fails when any of its issues is found. Weights are the issues'. */
const CHECKS: SiteScanIssueId[][] = [
  ['not_indexable'],
  ['missing_title'],
  ['missing_description'],
  ['bad_status'],
  ['vague_link_text'],
  ['uncrawlable_anchors'],
  ['image_missing_alt'],
  ['invalid_hreflang'],
  ['canonical_conflict'],
  ['missing_h1', 'multiple_h1'],
  ['title_length'],
  ['description_length'],
  ['thin_content'],
  ['duplicate_content'],
  ['near_duplicate_content'],
  ['broken_links'],
];
const checkWeight = (check: SiteScanIssueId[]) => Math.max(...check.map((id) => SITE_SCAN_ISSUES[id].weight));
const TOTAL_WEIGHT = CHECKS.reduce((sum, check) => sum + checkWeight(check), 0);

/** A page's SEO score before the indexability rule: the weighted share of checks it passes. */
function rawScore(issues: Set<SiteScanIssueId>): number {
  const failed = CHECKS.filter((check) => check.some((id) => issues.has(id)));
  return 100 * (1 - failed.reduce((sum, check) => sum + checkWeight(check), 0) / TOTAL_WEIGHT);
}

/**
 * Types a website shows on purpose (names in articles, dates, places, companies, links): found and shown in the
 * drill-down, but not counted as a leak, or every blog post that names a person would be flagged.
 */
const PUBLIC_TYPES = new Set(['PERSON_NAME', 'AGE', 'DATE', 'TIME', 'URL', 'ORGANIZATION_NAME', 'LOCATION']);

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

class UnionFind {
  private readonly parent: number[];
  constructor(size: number) {
    this.parent = Array.from({ length: size }, (_, i) => i);
  }
  find(i: number): number {
    let root = i;
    while (this.parent[root] !== root) root = this.parent[root] as number;
    let node = i;
    while (this.parent[node] !== root) {
      const next = this.parent[node] as number;
      this.parent[node] = root;
      node = next;
    }
    return root;
  }
  union(a: number, b: number) {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

/** Exact duplicates (same text hash) and near-duplicates (MinHash with banding), each group first page first. */
function duplicateGroups(pages: ScannedPageResult[]) {
  const exact = new Map<string, number[]>();
  pages.forEach((page, i) => {
    if (!page.content_hash || page.words < 30) return;
    pushTo(exact, page.content_hash, i);
  });
  const exactGroups = [...exact.values()].filter((group) => group.length > 1);
  const exactDuplicate = new Set(exactGroups.flatMap((group) => group.slice(1)));

  const near = new UnionFind(pages.length);
  const nearPaired = new Set<number>();
  for (let band = 0; band < BANDS; band++) {
    const buckets = new Map<string, number[]>();
    pages.forEach((page, i) => {
      if (page.minhash.length !== MINHASH_SIZE || exactDuplicate.has(i)) return;
      const key = page.minhash.slice(band * ROWS, (band + 1) * ROWS).join(',');
      pushTo(buckets, key, i);
    });
    for (const bucket of buckets.values()) {
      for (let a = 0; a < bucket.length; a++) {
        for (let b = a + 1; b < bucket.length; b++) {
          const i = bucket[a] as number;
          const j = bucket[b] as number;
          if (near.find(i) === near.find(j)) continue;
          const pageI = pages[i] as ScannedPageResult;
          const pageJ = pages[j] as ScannedPageResult;
          if (pageI.content_hash === pageJ.content_hash) continue;
          if (similarity(pageI.minhash, pageJ.minhash) >= NEAR_DUPLICATE_SIMILARITY) {
            near.union(i, j);
            nearPaired.add(i).add(j);
          }
        }
      }
    }
  }
  const nearGroups = new Map<number, number[]>();
  for (const i of nearPaired) {
    const root = near.find(i);
    pushTo(nearGroups, root, i);
  }
  // The original is the page nearest the start, then the one scanned first: the others copy it.
  const order = (group: number[]) =>
    [...group].sort((a, b) => (pages[a] as ScannedPageResult).depth - (pages[b] as ScannedPageResult).depth || a - b);
  return { exact: exactGroups.map(order), near: [...nearGroups.values()].map(order) };
}

/** Statuses that make a link broken: the page answered an error, or could not be reached at all. */
const BROKEN_REASONS = new Set<SkipReason>([
  'http_error',
  'unreachable',
  'timed_out',
  'redirect_loop',
  'too_many_redirects',
]);

/**
 * The site's report and each page's drill-down: duplicates, broken links with the pages linking to them, every
 * page's score and the site's (the mean of its pages', Lighthouse-weighted; a page that cannot be indexed scores 0).
 */
export function buildSiteReport(crawl: CrawlOutcome): { report: SiteScanReport; details: PageDetail[] } {
  const { pages } = crawl;
  const extraIssues = pages.map(() => [] as { id: SiteScanIssueId; detail: string }[]);
  const duplicateOf: (string | null)[] = pages.map(() => null);
  const nearDuplicateOf: (string | null)[] = pages.map(() => null);

  const groups = duplicateGroups(pages);
  for (const group of groups.exact) {
    const original = pages[group[0] as number] as ScannedPageResult;
    for (const i of group.slice(1)) {
      duplicateOf[i] = original.url;
      extraIssues[i]?.push({ id: 'duplicate_content', detail: `The main text is the same as ${original.url}.` });
    }
  }
  for (const group of groups.near) {
    const original = pages[group[0] as number] as ScannedPageResult;
    for (const i of group.slice(1)) {
      const percent = Math.round(similarity((pages[i] as ScannedPageResult).minhash, original.minhash) * 100);
      nearDuplicateOf[i] = original.url;
      extraIssues[i]?.push({
        id: 'near_duplicate_content',
        detail: `The main text is about ${percent}% the same as ${original.url}.`,
      });
    }
  }

  const brokenTargets = new Map<string, SkippedPage>();
  for (const skipped of crawl.skipped) if (BROKEN_REASONS.has(skipped.reason)) brokenTargets.set(skipped.url, skipped);
  const referrers = new Map<string, string[]>();
  const pageBroken = pages.map((page, i) => {
    const broken = page.links.flatMap((link) => {
      const target = brokenTargets.get(link.url);
      if (!target) return [];
      pushTo(referrers, link.url, page.url);
      return [{ url: link.url, status: target.status }];
    });
    if (broken.length > 0) {
      extraIssues[i]?.push({
        id: 'broken_links',
        detail: `${broken.length} ${broken.length === 1 ? 'link leads' : 'links lead'} to pages that answer with an error.`,
      });
    }
    return broken;
  });

  const details: PageDetail[] = pages.map((page, i) => {
    const personal = page.pii.filter((finding) => !PUBLIC_TYPES.has(finding.type));
    const issueDetails = [...page.issues, ...(extraIssues[i] ?? [])];
    if (page.ai_label === 'ai' || page.ai_label === 'mixed') {
      issueDetails.push({
        id: 'ai_written',
        detail:
          page.ai_label === 'ai'
            ? `The main text reads as AI-written (${page.ai_percent}%).`
            : 'Parts of the main text read as AI-written.',
      });
    }
    if (personal.length > 0) {
      const types = [...new Set(personal.map((finding) => finding.type))];
      issueDetails.push({
        id: 'pii_exposed',
        detail: `${personal.length} personal data ${personal.length === 1 ? 'finding' : 'findings'} (${types.join(', ')}).`,
      });
    }
    const issues = [...new Set(issueDetails.map((item) => item.id))];
    const score = page.indexable ? Math.round(rawScore(new Set(issues))) : 0;
    return {
      url: page.url,
      final_url: page.final_url === page.url ? null : page.final_url,
      status: page.status,
      depth: page.depth,
      title: page.title,
      words: page.words,
      ai_percent: page.ai_percent,
      ai_label: page.ai_label,
      humanized_label: page.humanized_label,
      pii_count: personal.length,
      pii_types: [...new Set(personal.map((finding) => finding.type))],
      issues,
      score,
      indexable: page.indexable,
      description: page.description,
      h1: page.h1,
      canonical: page.canonical,
      hreflang: page.hreflang,
      text: page.text,
      ai: page.ai,
      humanized: page.humanized,
      pii: page.pii,
      issue_details: issueDetails,
      broken_links: pageBroken[i] ?? [],
      duplicate_of: duplicateOf[i] ?? null,
      near_duplicate_of: nearDuplicateOf[i] ?? null,
    };
  });

  const rows: ScannedPage[] = details.map((detail) => ({
    url: detail.url,
    final_url: detail.final_url,
    status: detail.status,
    depth: detail.depth,
    title: detail.title,
    words: detail.words,
    ai_percent: detail.ai_percent,
    ai_label: detail.ai_label,
    humanized_label: detail.humanized_label,
    pii_count: detail.pii_count,
    pii_types: detail.pii_types,
    issues: detail.issues,
    score: detail.score,
    indexable: detail.indexable,
  }));

  const count = Math.max(rows.length, 1);
  const impacts = new Map<SiteScanIssueId, { pages: number; impact: number }>();
  for (const detail of details) {
    const issues = new Set(detail.issues);
    for (const id of issues) {
      const entry = impacts.get(id) ?? { pages: 0, impact: 0 };
      entry.pages += 1;
      // What fixing it would give back: the whole score of an unindexable page, else the check's weight.
      const gain =
        id === 'not_indexable'
          ? rawScore(new Set([...issues].filter((other) => other !== 'not_indexable')))
          : detail.indexable
            ? (100 * SITE_SCAN_ISSUES[id].weight) / TOTAL_WEIGHT
            : 0;
      entry.impact += gain / count;
      impacts.set(id, entry);
    }
  }
  const topIssues = [...impacts.entries()]
    .map(([id, { pages: affected, impact }]) => ({ id, pages: affected, impact: Math.round(impact * 10) / 10 }))
    .sort((a, b) => b.impact - a.impact || b.pages - a.pages);

  const brokenLinks: BrokenLink[] = [...referrers.entries()]
    .map(([url, from]) => {
      const target = brokenTargets.get(url) as SkippedPage;
      return {
        url,
        status: target.status,
        reason: target.detail,
        linked_from: from.slice(0, LISTED_REFERRERS),
        linked_from_count: from.length,
      };
    })
    .sort((a, b) => b.linked_from_count - a.linked_from_count || a.url.localeCompare(b.url));

  const scoredWords = rows.filter((row) => row.ai_percent !== null).reduce((sum, row) => sum + row.words, 0);
  const aiPercent =
    scoredWords === 0
      ? null
      : Math.round(
          rows.reduce((sum, row) => sum + (row.ai_percent ?? 0) * (row.ai_percent === null ? 0 : row.words), 0) /
            scoredWords,
        );
  const skippedTotal = Object.values(crawl.skipped_by_reason).reduce((sum, n) => sum + (n ?? 0), 0);

  return {
    report: {
      site: crawl.site,
      start_url: crawl.start_url,
      stopped: crawl.stopped,
      score: rows.length === 0 ? 0 : Math.round(rows.reduce((sum, row) => sum + row.score, 0) / rows.length),
      counts: { found: crawl.found, fetched: crawl.fetched, scanned: rows.length, skipped: skippedTotal },
      ai_percent: aiPercent,
      pages_with_pii: rows.filter((row) => row.pii_count > 0).length,
      top_issues: topIssues,
      pages: rows,
      skipped: crawl.skipped.slice(0, LISTED_SKIPPED),
      skipped_by_reason: crawl.skipped_by_reason,
      broken_links: brokenLinks,
      duplicates: [
        ...groups.exact.map((group) => ({
          kind: 'exact' as const,
          urls: group.map((i) => (pages[i] as ScannedPageResult).url),
        })),
        ...groups.near.map((group) => ({
          kind: 'near' as const,
          urls: group.map((i) => (pages[i] as ScannedPageResult).url),
        })),
      ],
      robots: crawl.robots,
      sitemaps: crawl.sitemaps,
      previous_scan_id: crawl.previous_scan_id,
      finished_at: crawl.finished_at,
    },
    details,
  };
}
