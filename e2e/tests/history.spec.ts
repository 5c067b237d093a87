import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { e2eDatabaseUrl, sql } from '../support/database';
import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/users';

const models = ['WRITING_ANALYSIS', 'AI_DETECTION', 'HUMANIZER'];

/** 23 runs a minute apart ("Essay 01" the oldest, "Essay 23" the newest, which has two parts). */
async function seedHistory(email: string): Promise<Record<string, string>> {
  const { rows } = await sql(
    `insert into history_items (user_id, model_name, title, cost, created_at)
     select u.id, ($2::text[])[1 + (n % 3)], 'Essay ' || lpad(n::text, 2, '0'), n, now() - ((24 - n) || ' minutes')::interval
     from users u, generate_series(1, 23) n where u.email = $1
     returning id, title`,
    [email, models],
  );
  const ids = Object.fromEntries(rows.map((r) => [r.title as string, r.id as string]));
  await sql(
    `insert into history_items (user_id, parent_id, model_name, title, created_at)
     select user_id, id, 'WRITING_ANALYSIS', t.title, now() + t.o * interval '1 second'
     from history_items, (values ('Chapter one', 1), ('Chapter two', 2)) as t(title, o) where id = $1`,
    [ids['Essay 23']],
  );
  return ids;
}

const runRow = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });
const runRows = (page: Page) => page.getByRole('row').filter({ hasText: /Essay \d\d/ });
const stillStored = async (id: string) =>
  Number((await sql('select count(*) from history_items where id = $1', [id])).rows[0].count);

test.describe('history', () => {
  test.skip(
    () => !e2eDatabaseUrl(),
    'skipped: no DATABASE_URL (the e2e server runs on PGlite, which only it can open)',
  );

  test('pages, filters by service, expands parts and links each run to its tool', async ({ page }) => {
    const user = await createSignedInUser(page);
    const ids = await seedHistory(user.email);

    await page.goto('/history');
    await expect(runRows(page)).toHaveCount(20);
    await expect(runRows(page).first()).toContainText('Essay 23');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination).toContainText('23 runs · page 1 of 2');
    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
    await expect(runRows(page)).toHaveCount(3);
    await expect(runRows(page).last()).toContainText('Essay 01');

    // A page past the end goes to the last page.
    await page.goto('/history?page=9');
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
    await expect(runRows(page)).toHaveCount(3);

    await page.goto('/history');
    await page.getByRole('button', { name: 'Services' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'AI Humanizer' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL((url) => url.search.includes('HUMANIZER'));
    await expect(runRows(page)).toHaveCount(8); // n % 3 = 2: Essay 02, 05, …, 23
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('AI Humanizer');
    await page.getByRole('button', { name: 'Remove filter AI Humanizer' }).click();
    await expect(runRows(page)).toHaveCount(20);

    const newest = runRow(page, 'Essay 23');
    await expect(page.getByText('Chapter one')).toHaveCount(0);
    await newest.getByRole('button', { name: 'Show 2 parts' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Chapter one' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Chapter two' })).toBeVisible();

    // Essay 21 is a WRITING_ANALYSIS run (21 % 3 = 0).
    await expect(page.getByRole('link', { name: 'Open Essay 21 in Writing Analysis' })).toHaveAttribute(
      'href',
      `/writing-analysis?history_id=${ids['Essay 21']}`,
    );
    await page.getByRole('link', { name: 'Open Essay 21 in Writing Analysis' }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/writing-analysis' && url.searchParams.get('history_id') === ids['Essay 21'],
    );
  });

  test('deletes with undo, deletes for real when the toast closes, and deletes a selection', async ({ page }) => {
    test.setTimeout(60_000); // two undo windows of 6 s each
    const user = await createSignedInUser(page);
    const ids = await seedHistory(user.email);
    await page.goto('/history');
    await expect(runRows(page)).toHaveCount(20);

    await runRow(page, 'Essay 22').getByRole('button', { name: 'Delete Essay 22' }).click();
    await expect(runRow(page, 'Essay 22')).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(runRow(page, 'Essay 22')).toHaveCount(1);
    await page.waitForTimeout(7_000);
    expect(await stillStored(ids['Essay 22'] ?? '')).toBe(1);

    // The parent goes with its parts once the undo window has passed.
    await runRow(page, 'Essay 23').getByRole('button', { name: 'Delete Essay 23' }).click();
    await expect(page.getByText('Deleted “Essay 23”')).toBeVisible();
    await expect(runRow(page, 'Essay 23')).toHaveCount(0);
    await expect.poll(() => stillStored(ids['Essay 23'] ?? ''), { timeout: 15_000 }).toBe(0);
    const parts = await sql(
      "select count(*) from history_items where title like 'Chapter%' and user_id = (select id from users where email = $1)",
      [user.email],
    );
    expect(Number(parts.rows[0].count)).toBe(0);

    await runRow(page, 'Essay 20').getByRole('checkbox', { name: 'Select Essay 20' }).check();
    await runRow(page, 'Essay 19').getByRole('checkbox', { name: 'Select Essay 19' }).check();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await expect(page.getByText('Deleted 2 runs')).toBeVisible();
    await expect(runRow(page, 'Essay 20')).toHaveCount(0);
    await expect.poll(() => stillStored(ids['Essay 19'] ?? ''), { timeout: 15_000 }).toBe(0);
    expect(await stillStored(ids['Essay 20'] ?? '')).toBe(0);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('20 runs');
    await expect(runRows(page)).toHaveCount(20);
  });
  test('folds a website scan of 5,000 pages after its first 50, and links to the report for the rest', async ({
    page,
  }) => {
    const user = await createSignedInUser(page);
    // The scan's own report, so the link opens it (the scanner drops a history_id whose item holds none).
    const report = {
      site: 'example.com',
      start_url: 'https://example.com/',
      stopped: null,
      score: 80,
      counts: { found: 5000, fetched: 5000, scanned: 5000, skipped: 0 },
      ai_percent: 12,
      pages_with_pii: 0,
      top_issues: [],
      pages: [],
      skipped: [],
      skipped_by_reason: {},
      broken_links: [],
      duplicates: [],
      robots: { found: true, crawl_delay_seconds: null },
      sitemaps: [],
      previous_scan_id: null,
      finished_at: new Date().toISOString(),
    };
    const { rows } = await sql(
      `insert into history_items (user_id, model_name, title, input, result, cost)
       select id, 'SITE_SCAN', 'Big site audit', $2::jsonb, $3::jsonb, 100000 from users where email = $1
       returning id, user_id`,
      [user.email, JSON.stringify({ url: 'example.com', scanName: 'Big site audit' }), JSON.stringify(report)],
    );
    const scan = rows[0] as { id: string; user_id: string };
    await sql(
      `insert into history_items (user_id, parent_id, model_name, title, created_at)
       select $1, $2, 'SITE_SCAN', 'https://example.com/page/' || n, now() + n * interval '1 millisecond'
       from generate_series(1, 5000) n`,
      [scan.user_id, scan.id],
    );
    const list = page.waitForResponse((r) => r.url().includes('/user-history/') && r.request().method() === 'GET');
    await page.goto('/history');
    const body = (await (await list).json()) as { items: { children: unknown[]; children_total?: number }[] };
    expect(body.items[0]?.children).toHaveLength(50);
    expect(body.items[0]?.children_total).toBe(5000);

    await page.getByRole('button', { name: 'Show 5,000 parts' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'https://example.com/page/' })).toHaveCount(50);
    await expect(page.getByText('4,950 more parts of 5,000 not listed here.')).toBeVisible();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(violations.map((v) => `${colorScheme}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
    }
    await page.getByRole('link', { name: 'Open Big site audit to see them all' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Big site audit' })).toBeVisible();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/seo-scanner' && url.searchParams.get('history_id') === scan.id,
    );
  });
});
