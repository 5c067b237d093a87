import {
  type SiteScanInput,
  type SiteScanOutput,
  siteScanInputSchema,
  siteScanOutputSchema,
  siteScanResultSchema,
  TOOL_LIMITS,
} from '@candor/contracts/tools';
import { builtInEngine } from '../engines/engine-pool.js';
import { defineTool } from '../tool-definition.js';
import { renderSiteScanReportPdf } from './report-pdf.js';
import { pagesFor, runSiteScan } from './scan.js';

/**
 * The website scanner (SEO Scanner): a crawl, each page checked and scored, one report with the pages as children.
 * Charged per page scanned; it reserves the most pages the scan may take, and a stopped scan keeps what it scanned.
 */
export const siteScanTool = defineTool<SiteScanInput, SiteScanOutput>({
  id: 'site-scan',
  modelName: 'SITE_SCAN',
  product: 'seo-scanner',
  input: siteScanInputSchema,
  output: siteScanOutputSchema,
  result: siteScanResultSchema,
  limits: TOOL_LIMITS['site-scan'],
  characters: (input) => input.url.length,
  // Pages are counted as they are scanned: `reserveUnits` holds the most, `chargedUnits` charges what was used.
  units: () => 1,
  reserveUnits: (input, plan, config) => pagesFor(input, plan, config.siteScan),
  chargedUnits: (output) => output.report.counts.scanned,
  keepsPartialWork: true,
  prepare: runSiteScan,
  engine: builtInEngine('site-scan'),
  toHistory: (input, output) => ({
    title: input.scanName?.trim() || output.report.site,
    input,
    result: output.report,
    children: output.pages.map((page) => ({ title: page.url, input: { url: page.url }, result: page })),
  }),
  exportPdf: (run) =>
    renderSiteScanReportPdf({
      title: run.title,
      createdAt: run.createdAt,
      cost: run.cost,
      report: siteScanResultSchema.parse(run.result),
    }),
});
