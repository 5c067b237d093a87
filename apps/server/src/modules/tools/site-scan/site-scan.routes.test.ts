import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { historyDetailSchema } from '@candor/contracts';
import {
  type JobSnapshot,
  jobSnapshotSchema,
  siteScanPageSchema,
  siteScanProgressSchema,
  siteScanResultSchema,
} from '@candor/contracts/tools';
import { plans, subscriptions } from '@candor/db';
import { loadTestSiteTexts, sharedDatasetsDir, startTestSite, type TestSite } from '@candor/engine-site-scan/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestClient } from '../../../test/app.js';
import { useTestApp } from '../../../test/app.js';
import { describeOnEachDatabase } from '../../../test/databases.js';
import { expectNothingStored, followToEnd, newUser, snapshotsOf, totalBalance } from '../../../test/tool-runs.js';
import { credit } from '../../detector/ledger.js';
import { readBack } from '../pdf/read-back.js';

const DETECTOR = '/api/detector';
const JOBS = `${DETECTOR}/v1/tools/site-scan/jobs`;
const TOKENS_PER_PAGE = 20;
// The test site's articles are texts of the shared datasets; a machine without them skips this file.
const datasets = sharedDatasetsDir();
const texts = datasets ? loadTestSiteTexts(datasets, 150) : { human: [], ai: [] };

/** A user on the Pro plan (5,000 pages a scan) with tokens for a few hundred pages. */
async function proUser(t: TestApp) {
  const user = await newUser(t);
  const { db } = t.database.handle;
  const [pro] = await db.select().from(plans).where(eq(plans.slug, 'ai-detector-pro-monthly'));
  await db
    .update(subscriptions)
    .set({ planId: pro?.id ?? '' })
    .where(eq(subscriptions.userId, user.userId));
  await db.transaction((tx) =>
    credit(tx, { userId: user.userId, bucket: 'token', amount: 50_000, reason: 'token_packet', now: new Date() }),
  );
  return user;
}

async function start(client: TestClient, body: unknown): Promise<JobSnapshot> {
  const started = await client.post(JOBS, body);
  expect(started.statusCode, started.body).toBe(202);
  return jobSnapshotSchema.parse(started.json());
}

async function scan(client: TestClient, body: unknown): Promise<JobSnapshot[]> {
  return followToEnd(client, (await start(client, body)).job_id);
}

const detailOf = async (client: TestClient, historyId: string | null) =>
  historyDetailSchema.parse((await client.get(`${DETECTOR}/v2/ai-detector/user-history/${historyId}`)).json());

/** A one-route server on loopback for the bad-input cases. */
async function serve(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.3', resolve));
  return {
    origin: `http://127.0.0.3:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!datasets)('website scanner (needs ../shared/datasets or CANDOR_DATASETS_DIR)', () => {
  describeOnEachDatabase('website scanner', (database) => {
    describe('crawling a test site on loopback, with the private-address allowance for it alone', () => {
      let site: TestSite;
      let forbidding: TestSite;
      let huge: TestSite;
      let fiftyMb: Awaited<ReturnType<typeof serve>>;
      let toFile: Awaited<ReturnType<typeof serve>>;
      beforeAll(async () => {
        site = await startTestSite({ texts, articles: 300, slowMs: 1_000, hugeBytes: 6 * 1024 * 1024 });
        forbidding = await startTestSite({ texts, articles: 5, robots: 'User-agent: *\nDisallow: /\n' });
        huge = await startTestSite({ texts, articles: 5, sitemapUrls: 1_000_000 });
        fiftyMb = await serve((_request, response) => {
          response.writeHead(200, { 'content-type': 'text/html' });
          const chunk = Buffer.alloc(1024 * 1024, 'a');
          let sent = 0;
          const write = () => {
            while (sent < 50) {
              sent += 1;
              if (!response.write(chunk)) return void response.once('drain', write);
            }
            response.end();
          };
          response.on('error', () => {});
          write();
        });
        toFile = await serve((request, response) => {
          if (request.url === '/robots.txt') return void response.writeHead(404).end();
          response.writeHead(302, { location: 'file:///etc/passwd' }).end();
        });
      });
      afterAll(async () => {
        await Promise.all([site.close(), forbidding.close(), huge.close(), fiftyMb.close(), toFile.close()]);
      });
      // Getters: the sites' ports are known only once they listen, which is before the app starts.
      const t = useTestApp(database, {
        env: {
          get SITE_SCAN_PRIVATE_ORIGINS() {
            return [site, forbidding, huge]
              .map((s) => s.origin)
              .concat(fiftyMb.origin, toFile.origin)
              .join(',');
          },
          SITE_SCAN_MAX_PAGE_BYTES: String(2 * 1024 * 1024),
          SITE_SCAN_PAGE_TIMEOUT_SECONDS: '10',
          JOB_TIMEOUT_SECONDS: '600',
        } as Record<string, string>,
      });

      it('scans every page once: sitemaps, robots rules, redirects, errors, duplicates, AI and personal data, all reported and charged per page', async () => {
        const { client } = await proUser(t());
        const before = await totalBalance(client);
        const snapshots = await scan(client, { url: site.origin, scanName: 'Test site', max_pages: 400 });
        const last = snapshots.at(-1);
        expect(last?.status, JSON.stringify(last?.error)).toBe('succeeded');

        // Live counts came over the job's stream while it ran.
        const counts = snapshots.map((s) => siteScanProgressSchema.safeParse(s.partial)).filter((p) => p.success);
        expect(counts.length).toBeGreaterThan(1);
        expect(counts.at(-1)?.data?.scanned).toBeGreaterThan(100);

        const detail = await detailOf(client, last?.history_id ?? null);
        const report = siteScanResultSchema.parse(detail.result);
        // 300 articles, the home page, the article index, the issue pages and their index, the slow page, 2 people, 2 duplicates.
        expect(report.counts.scanned).toBe(300 + 2 + 15 + 1 + 2 + 2);
        expect(detail.item).toMatchObject({ model_name: 'SITE_SCAN', title: 'Test site', has_children: true });
        expect(detail.item.cost).toBe(report.counts.scanned * TOKENS_PER_PAGE);
        expect(last?.cost).toBe(detail.item.cost);
        expect(await totalBalance(client)).toBe(before - detail.item.cost);
        expect(detail.item.children).toHaveLength(report.counts.scanned);
        expect(new Set(report.pages.map((p) => p.url)).size).toBe(report.pages.length);

        // Sitemaps first, the gzipped one too; robots.txt obeyed; an identifiable user agent.
        expect(report.sitemaps.map((s) => [s.url.replace(site.origin, ''), s.urls])).toEqual([
          ['/sitemap-index.xml', 2],
          ['/sitemaps/pages-1.xml', 76],
          ['/sitemaps/pages-2.xml.gz', 75],
        ]);
        expect(site.requests).not.toContain('/private/secret');
        expect([...site.userAgents]).toEqual([expect.stringMatching(/CandorSiteScanner\/1\.0/)]);
        expect(site.requests.filter((p) => p === '/robots.txt')).toHaveLength(1);

        // Every planted problem is found.
        const byUrl = new Map(report.pages.map((page) => [page.url.replace(site.origin, ''), page]));
        const skipped = new Map(report.skipped.map((s) => [s.url.replace(site.origin, ''), s]));
        for (const planted of site.planted) {
          if ('issue' in planted.kind)
            expect(byUrl.get(planted.path)?.issues, planted.path).toContain(planted.kind.issue);
          else expect(skipped.get(planted.path)?.reason, planted.path).toBe(planted.kind.skipped);
        }
        expect(skipped.get('/go/private')?.detail).toBe(
          'Candor does not fetch private or local addresses (127.0.0.1).',
        );
        expect(skipped.get('/go/file')?.detail).toMatch(/redirected to a file: address/);
        const broken = report.broken_links.find((link) => link.url.endsWith('/articles/missing'));
        expect(broken).toMatchObject({ status: 404, linked_from_count: 6 });
        // The chain /old/start → /old/step-2 → /articles/1 stands for /articles/1, scanned once.
        expect(site.requests.filter((p) => p === '/articles/1').length).toBe(2);
        expect(report.duplicates.map((d) => d.kind).sort()).toEqual(['exact', 'near']);

        // AI-written articles read as more AI than the human ones.
        const mean = (writer: string) => {
          const scores = site.articles
            .filter((a) => a.writer === writer)
            .map((a) => byUrl.get(a.path)?.ai_percent ?? null)
            .filter((v): v is number => v !== null);
          return scores.reduce((sum, v) => sum + v, 0) / scores.length;
        };
        expect(mean('ai')).toBeGreaterThan(mean('human'));
        expect(byUrl.get('/people/contact')?.pii_types).toEqual(
          expect.arrayContaining(['EMAIL_ADDRESS', 'US_SOCIAL_SECURITY_NUMBER']),
        );
        // An unindexable page fails whatever else it passes.
        expect(byUrl.get('/issues/noindex')?.score).toBe(0);
        expect(report.score).toBeGreaterThan(0);

        // A page's drill-down is its child item: its text, the AI sentences and the PII spans in it.
        const child = detail.item.children.find((c) => c.title === `${site.origin}/people/contact`);
        const page = siteScanPageSchema.parse((await detailOf(client, child?.history_id ?? null)).result);
        const ssn = page.pii.find((f) => f.type === 'US_SOCIAL_SECURITY_NUMBER');
        expect(page.text.slice(ssn?.start, ssn?.end)).toBe('536-22-8814');
        expect(page.ai?.sentences.length).toBeGreaterThan(0);

        // The PDF report.
        const pdf = await client.get(`${DETECTOR}/v1/tools/site-scan/reports/${last?.history_id}.pdf`);
        expect(pdf.statusCode).toBe(200);
        const { text } = await readBack(pdf.rawPayload);
        expect(text).toContain('Website scan report');
        expect(text).toContain('Broken links');

        // A rescan names this one to compare with.
        const again = (await scan(client, { url: site.origin, max_pages: 3 })).at(-1);
        const rescan = siteScanResultSchema.parse((await detailOf(client, again?.history_id ?? null)).result);
        expect(rescan.previous_scan_id).toBe(last?.history_id);
        expect(rescan.counts.scanned).toBe(3);
        expect(rescan.skipped_by_reason.page_limit).toBeGreaterThan(0);
      }, 300_000);

      it('keeps what was scanned when the scan is cancelled, and charges only for that', async () => {
        const { client } = await proUser(t());
        const before = await totalBalance(client);
        const job = await start(client, { url: site.origin, max_pages: 400 });
        const stream = client.get(`${DETECTOR}/v1/jobs/${job.job_id}/events`);
        // Cancel once a few pages are in.
        for (let i = 0; i < 600; i++) {
          const now = jobSnapshotSchema.parse((await client.get(`${DETECTOR}/v1/jobs/${job.job_id}`)).json());
          const progress = siteScanProgressSchema.safeParse(now.partial);
          if (progress.success && progress.data.scanned >= 8) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await client.post(`${DETECTOR}/v1/jobs/${job.job_id}/cancel`, {});
        const last = snapshotsOf((await stream).body).at(-1);
        expect(last?.status).toBe('cancelled');
        expect(last?.history_id).toBeTruthy();
        const detail = await detailOf(client, last?.history_id ?? null);
        const report = siteScanResultSchema.parse(detail.result);
        expect(report.stopped).toBe('cancelled');
        expect(report.counts.scanned).toBeGreaterThanOrEqual(8);
        expect(report.counts.scanned).toBeLessThan(300);
        expect(report.skipped_by_reason.cancelled).toBeGreaterThan(0);
        expect(detail.item.cost).toBe(report.counts.scanned * TOKENS_PER_PAGE);
        expect(await totalBalance(client)).toBe(before - detail.item.cost);
      }, 120_000);

      it('refuses, with clear messages and no charge, a site whose robots.txt forbids everything, a 50 MB page and a redirect to file:', async () => {
        const { client, userId } = await proUser(t());
        const before = await totalBalance(client);
        const robots = (await scan(client, { url: forbidding.origin, max_pages: 20 })).at(-1);
        expect(robots?.status).toBe('failed');
        expect(robots?.error?.message).toBe(
          `The robots.txt of ${new URL(forbidding.origin).host} does not allow Candor's crawler (CandorSiteScanner) to read any page. Nothing was scanned or charged.`,
        );
        expect(forbidding.requests).toEqual(['/robots.txt']);

        const large = (await scan(client, { url: `${fiftyMb.origin}/`, max_pages: 20 })).at(-1);
        expect(large?.status).toBe('failed');
        expect(large?.error?.message).toMatch(
          /could be scanned \(Larger than the page size limit: The page at 127\.0\.0\.3 is larger than 2 MB\)/,
        );

        const file = (await scan(client, { url: toFile.origin, max_pages: 20 })).at(-1);
        expect(file?.status).toBe('failed');
        expect(file?.error?.message).toMatch(/redirected to a file: address, which Candor does not follow/);

        expect(await totalBalance(client)).toBe(before);
        await expectNothingStored(t(), userId);
        expect((await client.get('/healthz')).statusCode).toBe(200);
      }, 120_000);

      it('reads only the start of a sitemap of a million URLs and scans within the page limit', async () => {
        const { client } = await proUser(t());
        const last = (await scan(client, { url: huge.origin, max_pages: 10 })).at(-1);
        expect(last?.status, JSON.stringify(last?.error)).toBe('succeeded');
        const detail = await detailOf(client, last?.history_id ?? null);
        const report = siteScanResultSchema.parse(detail.result);
        expect(report.sitemaps[0]?.note).toMatch(/Only its first 10 MB were read/);
        expect(report.counts.found).toBeGreaterThan(100_000);
        expect(report.skipped.length).toBeLessThanOrEqual(1_000);
        expect(detail.item.cost).toBe(report.counts.scanned * TOKENS_PER_PAGE);
        expect((await client.get('/healthz')).statusCode).toBe(200);
      }, 120_000);
    });

    describe('with the default settings', () => {
      let site: TestSite;
      beforeAll(async () => {
        site = await startTestSite({ texts, articles: 4 });
      });
      afterAll(() => site.close());
      const t = useTestApp(database);

      it.each([
        ['', 'Please enter a URL'],
        ['   ', 'Please enter a URL'],
        ['not a url', 'Please enter a valid URL (e.g., example.com or https://www.example.com)'],
        ['example', 'Please enter a valid URL (e.g., example.com or https://www.example.com)'],
        ['ftp://example.com', 'Please enter a valid URL (e.g., example.com or https://www.example.com)'],
        ['file:///etc/passwd', 'Please enter a valid URL (e.g., example.com or https://www.example.com)'],
        ['javascript:alert(1)', 'Please enter a valid URL (e.g., example.com or https://www.example.com)'],
        ['https://user:secret@example.com', 'Please enter a valid URL (e.g., example.com or https://www.example.com)'],
        ['https://exa mple.com', 'Please enter a valid URL (e.g., example.com or https://www.example.com)'],
        ['https://-bad-.com', 'Please enter a valid URL (e.g., example.com or https://www.example.com)'],
      ])('refuses the address %j with its message', async (url, message) => {
        const { client, userId } = await newUser(t());
        const response = await client.post(JOBS, { url });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.details).toEqual([{ path: 'url', message }]);
        await expectNothingStored(t(), userId);
      });

      it('refuses loopback and private addresses, by address and by a name that resolves to one, and charges nothing', async () => {
        const { client, userId } = await newUser(t());
        const before = await totalBalance(client);
        const host = new URL(site.origin).host;
        const port = new URL(site.origin).port;
        for (const [url, shown] of [
          [site.origin, host.split(':')[0]],
          [`http://localhost:${port}/`, 'localhost'],
          ['http://10.0.0.1/', '10.0.0.1'],
          ['http://[::1]/', '[::1]'],
        ] as const) {
          const last = (await scan(client, { url, max_pages: 5 })).at(-1);
          expect(last?.status, url).toBe('failed');
          expect(last?.error, url).toEqual({
            code: 'source_address_refused',
            message: `Candor does not fetch private or local addresses (${shown}).`,
          });
        }
        expect(site.requests).toEqual([]);
        expect(await totalBalance(client)).toBe(before);
        await expectNothingStored(t(), userId);
      });

      it('says so when the host does not resolve, and charges nothing', async () => {
        const { client, userId } = await newUser(t());
        const last = (await scan(client, { url: 'nothing.invalid', max_pages: 5 })).at(-1);
        expect(last?.status).toBe('failed');
        expect(last?.error?.message).toBe('Could not reach nothing.invalid: no site has that name');
        await expectNothingStored(t(), userId);
      });

      it("refuses more pages than the plan's limit before reserving anything", async () => {
        const { client, userId } = await newUser(t());
        const response = await client.post(JOBS, { url: 'example.com', max_pages: 51 });
        expect(response.statusCode).toBe(413);
        expect(response.json().error.message).toBe(
          'Your plan scans up to 50 pages at a time. Ask for fewer pages or upgrade your plan.',
        );
        await expectNothingStored(t(), userId);
      });
    });
  });
});
