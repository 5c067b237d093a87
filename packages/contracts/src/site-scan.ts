import { pageDetailSchema, siteScanReportSchema } from '@candor/engine-site-scan/report';
import { parseSiteUrl, SITE_URL_EXAMPLES } from '@candor/engine-site-scan/url';
import { z } from 'zod';

// The website scanner (spec §2 /seo-scanner, §3 "SEO scan form: url, scanName", §5 its two messages).

export const SITE_SCAN_MESSAGES = {
  urlRequired: 'Please enter a URL',
  urlInvalid: `Please enter a valid URL (e.g., ${SITE_URL_EXAMPLES[0]} or ${SITE_URL_EXAMPLES[1]})`,
} as const;

/** Pages one scan may ask for at most; the plan and the server's SITE_SCAN_MAX_PAGES narrow it. */
export const SITE_SCAN_MAX_PAGES = 100_000;

export const siteScanInputSchema = z.object({
  /** The site's address; the scheme is optional and https is assumed. */
  url: z
    .string({ error: SITE_SCAN_MESSAGES.urlRequired })
    .trim()
    .min(1, SITE_SCAN_MESSAGES.urlRequired)
    // An empty address has its own message above.
    .refine((value) => value === '' || parseSiteUrl(value) !== null, SITE_SCAN_MESSAGES.urlInvalid),
  scanName: z.string().trim().max(120, 'Keep the scan name to 120 characters').optional(),
  /** The most pages to scan (and reserve tokens for); the plan's limit when absent. */
  max_pages: z
    .number()
    .int()
    .min(1, 'Scan at least one page')
    .max(SITE_SCAN_MAX_PAGES, `A scan takes at most ${SITE_SCAN_MAX_PAGES.toLocaleString('en-US')} pages`)
    .optional(),
});
export type SiteScanInput = z.infer<typeof siteScanInputSchema>;

/** What a scan's history item holds; each scanned page is a child item holding its `SiteScanPage`. */
export const siteScanResultSchema = siteScanReportSchema;
export type SiteScanResult = z.infer<typeof siteScanResultSchema>;
export const siteScanPageSchema = pageDetailSchema;
export type SiteScanPage = z.infer<typeof siteScanPageSchema>;

/** The engine's output: the report, and the pages' drill-downs the pipeline stores as children. */
export const siteScanOutputSchema = z.object({ report: siteScanReportSchema, pages: z.array(pageDetailSchema) });
export type SiteScanOutput = z.infer<typeof siteScanOutputSchema>;

/** `partial` of a running scan's job snapshots: the live counts the screen shows. */
export const siteScanProgressSchema = z.object({
  found: z.number().int(),
  fetched: z.number().int(),
  scanned: z.number().int(),
  skipped: z.number().int(),
});
export type SiteScanProgress = z.infer<typeof siteScanProgressSchema>;

export * from '@candor/engine-site-scan/report';
export { parseSiteUrl, SITE_URL_EXAMPLES } from '@candor/engine-site-scan/url';
