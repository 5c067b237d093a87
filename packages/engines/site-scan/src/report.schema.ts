import { aiLabelSchema } from '@candor/engine-ai-detect/report';
import { humanizedLabelSchema } from '@candor/engine-humanized-detect/report';
import { piiEntityTypes } from '@candor/engine-pii/catalogue';
import { z } from 'zod';

/**
 * What a website scan reports. Importable without the engine (no DOM, no detector model), so the contracts and the
 * screens can validate and render results.
 */

/** Where an issue comes from: one of Lighthouse's SEO audits, or a check Lighthouse does not make. */
export const issueSources = ['lighthouse', 'content', 'links', 'ai', 'privacy'] as const;

export interface IssueInfo {
  title: string;
  /** What the user should do about it, one sentence. */
  advice: string;
  source: (typeof issueSources)[number];
  severity: 'error' | 'warning' | 'notice';
  /** Weight in a page's SEO score: Lighthouse's own weights for its audits (v12), 0 where the check is not SEO. */
  weight: number;
}

/** Every issue a page can have; the ids are stable (stored reports and CSV exports use them). */
export const SITE_SCAN_ISSUES = {
  not_indexable: {
    title: 'Page cannot be indexed',
    advice: 'Remove the noindex directive or the robots.txt rule if this page should appear in search.',
    source: 'lighthouse',
    severity: 'error',
    weight: 4.043,
  },
  missing_title: {
    title: 'Missing <title>',
    advice: 'Give every page a unique, descriptive title.',
    source: 'lighthouse',
    severity: 'error',
    weight: 1,
  },
  missing_description: {
    title: 'Missing meta description',
    advice: 'Add a meta description that summarises the page in one or two sentences.',
    source: 'lighthouse',
    severity: 'warning',
    weight: 1,
  },
  bad_status: {
    title: 'Unsuccessful HTTP status',
    advice: 'Pages that answer with an error status may not be indexed.',
    source: 'lighthouse',
    severity: 'error',
    weight: 1,
  },
  vague_link_text: {
    title: 'Links without descriptive text',
    advice: 'Replace link text such as "click here" or "read more" with words that say where the link goes.',
    source: 'lighthouse',
    severity: 'warning',
    weight: 1,
  },
  uncrawlable_anchors: {
    title: 'Links that are not crawlable',
    advice: 'Give every link an href a crawler can follow (not javascript: or an empty one).',
    source: 'lighthouse',
    severity: 'warning',
    weight: 1,
  },
  image_missing_alt: {
    title: 'Images without alt text',
    advice: 'Describe every informative image in its alt attribute.',
    source: 'lighthouse',
    severity: 'warning',
    weight: 1,
  },
  invalid_hreflang: {
    title: 'Invalid hreflang',
    advice: 'Use valid language codes and absolute URLs in hreflang links.',
    source: 'lighthouse',
    severity: 'warning',
    weight: 1,
  },
  canonical_conflict: {
    title: 'Invalid or conflicting canonical',
    advice: 'Point rel=canonical to one valid, absolute URL of this site.',
    source: 'lighthouse',
    severity: 'warning',
    weight: 1,
  },
  missing_h1: {
    title: 'Missing H1',
    advice: 'Give the page one main heading.',
    source: 'content',
    severity: 'warning',
    weight: 0.5,
  },
  multiple_h1: {
    title: 'More than one H1',
    advice: 'Keep one main heading and make the others H2 or lower.',
    source: 'content',
    severity: 'notice',
    weight: 0.5,
  },
  title_length: {
    title: 'Title too short or too long',
    advice: 'Keep titles between 30 and 60 characters so search results show them whole.',
    source: 'content',
    severity: 'notice',
    weight: 0.5,
  },
  description_length: {
    title: 'Meta description too short or too long',
    advice: 'Keep descriptions between 70 and 160 characters.',
    source: 'content',
    severity: 'notice',
    weight: 0.5,
  },
  thin_content: {
    title: 'Thin content',
    advice: 'Pages with little text rarely rank; expand them or merge them into others.',
    source: 'content',
    severity: 'warning',
    weight: 0.5,
  },
  duplicate_content: {
    title: 'Duplicate content',
    advice: 'Make the page unique, or point its canonical at the original.',
    source: 'content',
    severity: 'warning',
    weight: 0.5,
  },
  near_duplicate_content: {
    title: 'Near-duplicate content',
    advice: 'Pages that are almost the same compete with each other; merge them or make them distinct.',
    source: 'content',
    severity: 'notice',
    weight: 0.5,
  },
  broken_links: {
    title: 'Links to broken pages',
    advice: 'Fix or remove links to pages of this site that answer with an error.',
    source: 'links',
    severity: 'error',
    weight: 0.5,
  },
  ai_written: {
    title: 'Reads as AI-written',
    advice: 'Review the highlighted sentences; search engines and readers value first-hand writing.',
    source: 'ai',
    severity: 'notice',
    weight: 0,
  },
  pii_exposed: {
    title: 'Personal data on the page',
    advice: 'Check that every name, address or number found may be published.',
    source: 'privacy',
    severity: 'warning',
    weight: 0,
  },
} as const satisfies Record<string, IssueInfo>;

export type SiteScanIssueId = keyof typeof SITE_SCAN_ISSUES;
export const siteScanIssueIds = Object.keys(SITE_SCAN_ISSUES) as [SiteScanIssueId, ...SiteScanIssueId[]];
export const siteScanIssueIdSchema = z.enum(siteScanIssueIds);

/** Why a URL the crawler found was not scanned (and not charged). */
export const skipReasons = [
  'robots',
  'page_limit',
  'depth_limit',
  'time_limit',
  'cancelled',
  'not_html',
  'too_large',
  'http_error',
  'redirect_loop',
  'too_many_redirects',
  'off_site',
  'address_refused',
  'unreachable',
  'timed_out',
  'no_text',
] as const;
export const skipReasonSchema = z.enum(skipReasons);
export type SkipReason = z.infer<typeof skipReasonSchema>;

export const skipReasonLabels: Record<SkipReason, string> = {
  robots: 'Blocked by robots.txt',
  page_limit: 'Over the page limit',
  depth_limit: 'Deeper than the depth limit',
  time_limit: 'Not reached within the time limit',
  cancelled: 'Not reached before the scan was stopped',
  not_html: 'Not an HTML page',
  too_large: 'Larger than the page size limit',
  http_error: 'Answered with an error status',
  redirect_loop: 'Redirects in a loop',
  too_many_redirects: 'Too many redirects',
  off_site: 'Redirects off the site',
  address_refused: 'Private or local address refused',
  unreachable: 'Could not be reached',
  timed_out: 'Took too long to answer',
  no_text: 'Could not be read',
};

export const skippedPageSchema = z.object({
  url: z.string(),
  reason: skipReasonSchema,
  /** The message behind the reason ("example.com answered 404 (page not found)"). */
  detail: z.string(),
  status: z.number().int().nullable(),
});
export type SkippedPage = z.infer<typeof skippedPageSchema>;

/** One scanned page as the pages table shows it. */
export const scannedPageSchema = z.object({
  url: z.string(),
  /** Where the page was served from after redirects, when it differs. */
  final_url: z.string().nullable(),
  status: z.number().int(),
  depth: z.number().int().nonnegative(),
  title: z.string().nullable(),
  words: z.number().int().nonnegative(),
  /** Share of the main text that reads as AI-written (0–100), null when it is too short to judge. */
  ai_percent: z.number().min(0).max(100).nullable(),
  ai_label: aiLabelSchema.nullable(),
  humanized_label: humanizedLabelSchema.nullable(),
  pii_count: z.number().int().nonnegative(),
  pii_types: z.array(z.enum(piiEntityTypes)),
  issues: z.array(siteScanIssueIdSchema),
  /** SEO score 0–100, weighted as Lighthouse weighs its audits; 0 for a page that cannot be indexed. */
  score: z.number().int().min(0).max(100),
  indexable: z.boolean(),
});
export type ScannedPage = z.infer<typeof scannedPageSchema>;

/** A page's drill-down: stored as the scan's child item, one per page. */
export const pageDetailSchema = scannedPageSchema.extend({
  description: z.string().nullable(),
  h1: z.array(z.string()),
  canonical: z.string().nullable(),
  hreflang: z.array(z.object({ lang: z.string(), href: z.string() })),
  /** The main text (readability), as scored. */
  text: z.string(),
  ai: z
    .object({
      probability: z.number().min(0).max(1),
      verdict: z.string(),
      /** Sentences with their AI probability; offsets into `text`. */
      sentences: z.array(
        z.object({ start: z.number().int(), end: z.number().int(), ai_probability: z.number().min(0).max(1) }),
      ),
    })
    .nullable(),
  humanized: z
    .object({
      verdict: z.string(),
      probabilities: z.object({ human: z.number(), ai: z.number(), ai_humanized: z.number() }),
    })
    .nullable(),
  pii: z.array(
    z.object({
      start: z.number().int(),
      end: z.number().int(),
      type: z.enum(piiEntityTypes),
      score: z.number(),
      text: z.string(),
    }),
  ),
  /** What each issue found on this page, in words ("3 of 7 images have no alt text"). */
  issue_details: z.array(z.object({ id: siteScanIssueIdSchema, detail: z.string() })),
  /** Links of this page to pages of the site that answered with an error. */
  broken_links: z.array(z.object({ url: z.string(), status: z.number().int().nullable() })),
  duplicate_of: z.string().nullable(),
  near_duplicate_of: z.string().nullable(),
});
export type PageDetail = z.infer<typeof pageDetailSchema>;

export const issueSummarySchema = z.object({
  id: siteScanIssueIdSchema,
  pages: z.number().int().nonnegative(),
  /** Points of site score the issue costs, so the biggest wins come first. */
  impact: z.number().nonnegative(),
});

export const brokenLinkSchema = z.object({
  url: z.string(),
  status: z.number().int().nullable(),
  reason: z.string(),
  /** Pages that link to it (at most 20 listed). */
  linked_from: z.array(z.string()),
  linked_from_count: z.number().int().nonnegative(),
});
export type BrokenLink = z.infer<typeof brokenLinkSchema>;

export const siteScanReportSchema = z.object({
  site: z.string(),
  start_url: z.string(),
  /** Why the crawl ended early, when it did; the pages scanned until then are in the report. */
  stopped: z.enum(['cancelled', 'time_limit']).nullable(),
  score: z.number().int().min(0).max(100),
  counts: z.object({
    found: z.number().int().nonnegative(),
    fetched: z.number().int().nonnegative(),
    scanned: z.number().int().nonnegative(),
    skipped: z.number().int().nonnegative(),
  }),
  /** Words-weighted share of the site's main text that reads as AI-written. */
  ai_percent: z.number().min(0).max(100).nullable(),
  pages_with_pii: z.number().int().nonnegative(),
  top_issues: z.array(issueSummarySchema),
  pages: z.array(scannedPageSchema),
  /** Skipped URLs, at most 1,000 listed; `skipped_by_reason` counts them all. */
  skipped: z.array(skippedPageSchema),
  skipped_by_reason: z.partialRecord(skipReasonSchema, z.number().int().nonnegative()),
  broken_links: z.array(brokenLinkSchema),
  duplicates: z.array(z.object({ kind: z.enum(['exact', 'near']), urls: z.array(z.string()) })),
  robots: z.object({ found: z.boolean(), crawl_delay_seconds: z.number().nullable() }),
  sitemaps: z.array(z.object({ url: z.string(), urls: z.number().int().nonnegative(), note: z.string().nullable() })),
  /** The user's scan of the same site before this one, for the comparison. */
  previous_scan_id: z.string().nullable(),
  /** Report time, ISO 8601. */
  finished_at: z.string(),
});
export type SiteScanReport = z.infer<typeof siteScanReportSchema>;
