import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { e2eTestSiteOrigin } from '../env.mjs';
import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/users';

// The server reads the test site that serve.mjs starts on 127.0.0.2 (SITE_SCAN_PRIVATE_ORIGINS names it alone).

async function balance(page: Page): Promise<number> {
  const response = await page.request.get('/api/detector/ai-detector/user-token-balance/');
  const b = (await response.json()) as { token_balance: number; plan_balance: number; referral_token_balance: number };
  return b.token_balance + b.plan_balance + b.referral_token_balance;
}

const scanButton = (page: Page) => page.getByRole('button', { name: 'Scan website' });

/** WCAG 2.1 AA violations axe-core finds on the screen as it is, one line each. */
async function violationsOn(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.map(
    (v) =>
      `${v.id}: ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join('; ')}`,
  );
}

test('seo scanner: the form says what is wrong with an address, and a private one is refused without a charge', async ({
  page,
}) => {
  await createSignedInUser(page);
  const before = await balance(page);
  await page.goto('/seo-scanner');
  await expect(page).toHaveTitle(/^SEO Scanner \| /);

  await scanButton(page).click();
  await expect(page.getByText('Please enter a URL', { exact: true })).toBeVisible();
  await page.getByLabel('Website address').fill('not a url');
  await scanButton(page).click();
  await expect(page.getByText('Please enter a valid URL (e.g., example.com or https://www.example.com)')).toBeVisible();
  await expect(page.getByLabel('Website address')).toHaveAttribute('aria-invalid', 'true');
  expect(await violationsOn(page)).toEqual([]);

  await page.getByLabel('Website address').fill('http://127.0.0.1:9/');
  await scanButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The scan failed' })).toContainText(
    'Candor does not fetch private or local addresses (127.0.0.1).',
  );
  expect(await balance(page)).toBe(before);
});

test('seo scanner: a site is crawled with live counts, reported, drilled into, exported, reopened from History, rescanned and compared', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await createSignedInUser(page);
  const before = await balance(page);
  await page.goto('/seo-scanner');
  await page.getByLabel('Website address').fill(e2eTestSiteOrigin);
  await page.getByLabel('Scan name (optional)').fill('Test site audit');
  await scanButton(page).click();

  // Live counts while it runs.
  const counts = page.getByRole('list', { name: 'Live counts' }).or(page.getByLabel('Live counts'));
  await expect(counts).toBeVisible();
  await expect(page).toHaveURL((url) => url.searchParams.has('history_id'), { timeout: 180_000 });

  // The report: score, top issues, the pages table.
  await expect(page.getByRole('heading', { name: 'Test site audit', level: 1 })).toBeVisible();
  const summary = page.getByLabel('Scan summary');
  await expect(summary).toContainText('Site score');
  const historyId = new URL(page.url()).searchParams.get('history_id');
  const detail = (await (await page.request.get(`/api/detector/v2/ai-detector/user-history/${historyId}`)).json()) as {
    item: { cost: number; children: unknown[] };
    result: { counts: { scanned: number }; pages: { url: string }[] };
  };
  const scanned = detail.result.counts.scanned;
  expect(scanned).toBe(20 + 2 + 15 + 1 + 2 + 2);
  expect(detail.item.cost).toBe(scanned * 20);
  expect(detail.item.children).toHaveLength(scanned);
  expect(await balance(page)).toBe(before - detail.item.cost);
  await expect(page.getByRole('list', { name: 'Top issues' })).toContainText('Page cannot be indexed');
  await expect(page.getByRole('table', { name: 'Pages by AI-written share' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Broken links' })).toContainText('/articles/missing');
  await expect(page.getByRole('region', { name: 'Skipped pages (not charged)' })).toContainText(
    'Blocked by robots.txt',
  );

  await page.waitForLoadState('networkidle');
  expect(await violationsOn(page)).toEqual([]);
  const table = page.getByRole('table', { name: 'Scanned pages' });
  await expect(table.getByRole('row')).toHaveCount(Math.min(scanned, 50) + 1);
  // The filters line up: their controls share a top and a height, and the checkbox sits on their middle line.
  const box = async (role: 'textbox' | 'combobox' | 'spinbutton' | 'checkbox', name: string) => {
    const found = await page.getByRole(role, { name, exact: true }).boundingBox();
    if (!found) throw new Error(`no box for ${name}`);
    return found;
  };
  const find = await box('textbox', 'Find');
  for (const [role, name] of [
    ['combobox', 'Issue'],
    ['spinbutton', 'AI % at least'],
  ] as const) {
    const other = await box(role, name);
    expect(other.y, `${name} starts where Find does`).toBeCloseTo(find.y, 0);
    expect(other.height, `${name} is as tall as Find`).toBeCloseTo(find.height, 0);
  }
  const pii = await box('checkbox', 'With personal data');
  expect(pii.y + pii.height / 2).toBeCloseTo(find.y + find.height / 2, 0);
  // Sort by AI %, highest first, then filter to the pages with personal data.
  await table.getByRole('button', { name: 'AI %' }).click();
  await expect(table.getByRole('columnheader', { name: 'AI %' })).toHaveAttribute('aria-sort', 'descending');
  await page.getByLabel('With personal data').check();
  await expect(page.getByText(/^\d+ of \d+ pages$/)).toContainText(`of ${scanned} pages`);
  await expect(table.getByRole('button', { name: `${e2eTestSiteOrigin}/people/contact` })).toBeVisible();

  // A page's drill-down: its issues, the personal data in it, its text with AI sentences shaded.
  await table.getByRole('button', { name: `${e2eTestSiteOrigin}/people/contact` }).click();
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByRole('list', { name: 'Personal data found' })).toContainText('536-22-8814');
  await expect(sheet.getByRole('document', { name: 'Page text' })).toContainText('Robert Miller');
  expect(await violationsOn(page)).toEqual([]);
  await page.keyboard.press('Escape');

  // CSV of every page, and the PDF report.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile(await (await csvDownload).path(), 'utf8');
  expect(csv.trim().split('\r\n')).toHaveLength(scanned + 1);
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await (await pdfDownload).path()) !== null).toBe(true);

  // History lists the scan with its pages and reopens it.
  await page.goto('/history');
  await page.getByRole('link', { name: 'Test site audit' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/seo-scanner\\?history_id=${historyId}`));
  await expect(page.getByRole('heading', { name: 'Test site audit', level: 1 })).toBeVisible();

  // Rescan, and the new report compares itself with this one.
  await page.getByRole('button', { name: 'Rescan' }).click();
  await expect(page).toHaveURL((url) => (url.searchParams.get('history_id') ?? historyId) !== historyId, {
    timeout: 180_000,
  });
  const comparison = page.getByRole('region', { name: 'Compared with the previous scan' });
  await expect(comparison).toContainText(/site score [+−-]?\d+ points/);
  await expect(comparison).toContainText('0 new pages, 0 pages gone');
});

test('seo scanner: a scan stopped half-way keeps the pages it scanned, and charges only for them', async ({ page }) => {
  test.setTimeout(180_000);
  await createSignedInUser(page);
  const before = await balance(page);
  await page.goto('/seo-scanner');
  await page.getByLabel('Website address').fill(e2eTestSiteOrigin);
  await scanButton(page).click();
  const scanned = page.getByLabel('Live counts').getByText('Scanned').locator('xpath=following-sibling::dd');
  await expect(scanned).not.toHaveText('0', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Stop scan' }).click();

  await expect(page).toHaveURL((url) => url.searchParams.has('history_id'), { timeout: 60_000 });
  await expect(page.getByRole('status').filter({ hasText: 'The scan was stopped' })).toContainText(
    'only those were charged',
  );
  const historyId = new URL(page.url()).searchParams.get('history_id');
  const detail = (await (await page.request.get(`/api/detector/v2/ai-detector/user-history/${historyId}`)).json()) as {
    item: { cost: number };
    result: { stopped: string; counts: { scanned: number } };
  };
  expect(detail.result.stopped).toBe('cancelled');
  expect(detail.result.counts.scanned).toBeLessThan(42);
  expect(detail.item.cost).toBe(detail.result.counts.scanned * 20);
  expect(await balance(page)).toBe(before - detail.item.cost);
});
