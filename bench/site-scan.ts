// Website scanner: pages per second for the whole pipeline (crawl through the SSRF guard, SEO checks, readability,
// the AI and Humanized Text Detectors and the PII engine in the worker pool, the site report) against the local test
// site; memory for a 5,000-page scan; and the share of the test site's planted problems found. Targets from issue 30:
// ≥ 20 pages/s with scoring, 100 % of planted problems. Not stored in a database (the service tests cover that).
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { buildSiteReport, parseSiteUrl } from '@candor/engine-site-scan';
import { loadTestSiteTexts, startTestSite, type TestSite } from '@candor/engine-site-scan/testing';
import { builtInEngine, createEnginePool } from '../apps/server/src/modules/tools/engines/engine-pool.ts';
import { type CrawlLimits, crawlSite, type ScanOutcome } from '../apps/server/src/modules/tools/site-scan/crawler.ts';
import { siteScanAddressPolicy } from '../apps/server/src/modules/tools/site-scan/scan.ts';
import { guardedGet } from '../apps/server/src/modules/tools/sources/fetch-source-url.ts';
import { machine, machineTable, writeResult } from './lib.mjs';

const threads = Number(process.env.ENGINE_THREADS ?? 0) || availableParallelism();
const speedArticles = Number(process.env.BENCH_SITE_ARTICLES ?? 300);
const memoryArticles = Number(process.env.BENCH_SITE_MEMORY_ARTICLES ?? 5_000);
const texts = loadTestSiteTexts(path.resolve(import.meta.dirname, '../../shared/datasets'), 150);
const pool = createEnginePool({ threads, maxHeapMb: 1024, idleSeconds: 600, onFileReaderFailure: () => {} });
const PAGES = builtInEngine('site-scan-pages');

async function scan(site: TestSite, maxPages: number) {
  const limits: CrawlLimits = {
    maxPages,
    maxDepth: 10,
    maxPageBytes: 2 * 1024 * 1024,
    maxRedirects: 5,
    maxSeconds: 3_600,
    requestsPerHost: 4,
    maxCrawlDelaySeconds: 5,
    pageTimeoutSeconds: 15,
  };
  const policyFor = siteScanAddressPolicy([site.origin]);
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peakRss = Math.max(peakRss, rss);
    peakHeap = Math.max(peakHeap, heapUsed);
  };
  const sampler = setInterval(sample, 200);
  // CPU time of the whole process, worker threads and the test site included: what the pipeline costs, whatever else
  // runs on the machine.
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const crawl = await crawlSite(new URL(parseSiteUrl(site.origin)?.href ?? site.origin), limits, {
    get: (url, options) =>
      guardedGet(url, { ...options, addressPolicyFor: policyFor, userAgent: 'CandorSiteScanner/1.0 (bench)' }),
    scan: (pages) =>
      pool.run<ScanOutcome[]>(PAGES, pages, { signal: AbortSignal.timeout(300_000), onProgress: () => {} }),
    scanSlots: threads,
    progress: () => {},
    signal: new AbortController().signal,
  });
  const crawled = performance.now();
  const { report } = buildSiteReport({ ...crawl, previous_scan_id: null, finished_at: new Date().toISOString() });
  const seconds = (performance.now() - started) / 1_000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  clearInterval(sampler);
  sample();
  return { report, seconds, cpuSeconds, crawlSeconds: (crawled - started) / 1_000, peakRss, peakHeap };
}

// Warm the threads (the detectors load their models once per thread), as a running server's are.
{
  const warm = await startTestSite({ texts, articles: threads * 8, slowMs: 10 });
  await scan(warm, threads * 8);
  await warm.close();
}

const loadBefore = loadavg()[0] ?? 0;
const site = await startTestSite({ texts, articles: speedArticles, slowMs: 1_000 });
const speed = await scan(site, speedArticles + 100);
const byUrl = new Map(speed.report.pages.map((page) => [page.url.replace(site.origin, ''), page]));
const skipped = new Map(speed.report.skipped.map((entry) => [entry.url.replace(site.origin, ''), entry]));
const found = site.planted.filter((planted) =>
  'issue' in planted.kind
    ? byUrl.get(planted.path)?.issues.includes(planted.kind.issue)
    : skipped.get(planted.path)?.reason === planted.kind.skipped,
);
const missed = site.planted.filter((planted) => !found.includes(planted));
const aiMean = (writer: string) => {
  const scores = site.articles
    .filter((article) => article.writer === writer)
    .map((article) => byUrl.get(article.path)?.ai_percent)
    .filter((value): value is number => typeof value === 'number');
  return scores.reduce((sum, value) => sum + value, 0) / Math.max(scores.length, 1);
};
await site.close();

const big = await startTestSite({ texts, articles: memoryArticles, slowMs: 10 });
const memory = await scan(big, memoryArticles + 100);
await big.close();
await pool.close();
const loadAfter = loadavg()[0] ?? 0;

const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
const pagesPerSecond = (run: typeof speed) => (run.report.counts.scanned / run.seconds).toFixed(1);
// Pages per second the machine's cores would give if the scan had them to itself: pages per CPU-second × cores.
const pagesPerCpuSecond = (run: typeof speed) => run.report.counts.scanned / run.cpuSeconds;
const idle = (run: typeof speed) => (pagesPerCpuSecond(run) * threads).toFixed(1);
const rows = [
  `| ${speedArticles}-article site, ${threads} engine threads | ${speed.report.counts.scanned} | ${speed.seconds.toFixed(1)} s | **${pagesPerSecond(speed)}** | ${speed.cpuSeconds.toFixed(1)} s | ${pagesPerCpuSecond(speed).toFixed(1)} → ${idle(speed)} pages/s | ${mb(speed.peakRss)} / ${mb(speed.peakHeap)} |`,
  `| ${memoryArticles.toLocaleString('en-US')}-article site, ${threads} engine threads | ${memory.report.counts.scanned.toLocaleString('en-US')} | ${memory.seconds.toFixed(1)} s | ${pagesPerSecond(memory)} | ${memory.cpuSeconds.toFixed(1)} s | ${pagesPerCpuSecond(memory).toFixed(1)} → ${idle(memory)} pages/s | **${mb(memory.peakRss)}** / ${mb(memory.peakHeap)} |`,
];
const markdown = `# Website scanner: speed, memory and planted problems found

The whole pipeline of \`bench/site-scan.ts\` against the test site of \`@candor/engine-site-scan/testing\` served on
loopback: robots.txt, a sitemap index (one sitemap gzipped), then links, through the SSRF guard; each page's SEO checks,
readability text, AI Detector, Humanized Text Detector and PII engine in the worker pool (batches of 4); then the site
report (duplicates, broken links, scores). Threads warmed first (the detectors load their models once per thread). The
test site runs in the same process, so its requests share the main thread. Storing the report and its children is not
timed here (the service tests store and check it).

${machineTable(machine())}
The machine's load average (1 min) was ${loadBefore.toFixed(1)} when the runs started and ${loadAfter.toFixed(1)} when they ended, on
${availableParallelism()} cores shared with other work: the scanner had a fraction of them, and pages/s scale with it.

| run | pages scanned | time | pages/s (target ≥ 20) | CPU time | pages per CPU-second → on ${threads} free cores | peak RSS / peak main heap |
|---|---|---|---|---|---|---|
${rows.join('\n')}

Planted problems found: **${found.length} of ${site.planted.length}** (${Math.round((100 * found.length) / site.planted.length)} %; target 100 %)${missed.length > 0 ? `; missed: ${missed.map((m) => m.path).join(', ')}` : ''}.
They are every SEO problem the engine checks (one page each), a 404 linked from six pages, robots.txt rules, a redirect
loop, redirects to 127.0.0.1 and to file:, an oversized page, a PDF, an exact and a near duplicate, and two pages with
personal data.

AI-written and human articles (MixSet texts, two per page): mean AI % ${aiMean('ai').toFixed(1)} for AI-written pages,
${aiMean('human').toFixed(1)} for human ones (the AI Detector's calibrated probability; not a planted problem, since the
detector's own accuracy is measured in detector-accuracy.md).
`;
writeResult('site-scan', markdown);
