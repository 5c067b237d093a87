import { randomUUID } from 'node:crypto';
import { e2eDatabaseUrl, sql } from '../support/database';
import { expect, location, test } from '../support/test';
import { createSignedInUser } from '../support/users';

test.describe('signed out', () => {
  test('an app page sends the visitor to sign-in with redirect and redirectSearch, and sign-in returns there', async ({
    page,
  }) => {
    const { createSignedInUser: make } = await import('../support/users');
    const user = await make(page);
    await page.context().clearCookies();

    await page.goto('/history?page=2&selectedServices=AI_DETECTION');
    await expect(page).toHaveURL(/\/auth\/signin\?/);
    const { search } = location(page.url());
    expect(search.get('redirect')).toBe('/history');
    expect(search.get('redirectSearch')).toContain('page');

    await page.locator('input[name="email"]').fill(user.email);
    await page.locator('input[name="password"]').fill(user.password);
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL((url) => url.pathname === '/history' && url.searchParams.get('page') === '2');
    expect(new URL(page.url()).searchParams.getAll('selectedServices').join()).toContain('AI_DETECTION');
  });

  for (const path of [
    '/',
    '/account',
    '/ai-detector',
    '/vexon',
    '/document-redactor',
    '/payment-confirmation/success',
  ]) {
    test(`${path} needs sign-in`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(
        (url) => url.pathname === '/auth/signin' && url.searchParams.get('redirect') === path,
      );
    });
  }

  test('/pricing is open to visitors', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page).toHaveURL((url) => url.pathname === '/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('/auth/ goes to /auth/signin', async ({ page }) => {
    await page.goto('/auth/');
    await expect(page).toHaveURL((url) => url.pathname === '/auth/signin');
  });

  test('/apply-promotion sends a visitor to sign-up with buyPlanId and buyPlanCoupon', async ({ page }) => {
    await page.goto('/apply-promotion?buyPlanId=ai-detector-pro-yearly&coupon=SPRING');
    await expect(page).toHaveURL((url) => url.pathname === '/auth/signup');
    const { search } = location(page.url());
    expect(search.get('buyPlanId')).toBe('ai-detector-pro-yearly');
    expect(search.get('buyPlanCoupon')).toBe('SPRING');
  });

  test('a marketplace code on /auth makes the logout call', async ({ page }) => {
    const logout = page.waitForRequest((r) => r.url().endsWith('/api/auth/users/logout') && r.method() === 'POST');
    await page.goto('/auth/signin?code=MARKET-CODE-1');
    await logout;
  });
});

test.describe('signed in', () => {
  test.beforeEach(async ({ page }) => {
    await createSignedInUser(page);
  });

  test('visiting /auth goes to the redirect target, or to /', async ({ page }) => {
    await page.goto('/auth/signin');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await page.goto('/auth/signup?redirect=/history');
    await expect(page).toHaveURL((url) => url.pathname === '/history');
  });

  test('/apply-promotion sends a user to /pricing with the coupon', async ({ page }) => {
    await page.goto('/apply-promotion?buyPlanId=ai-detector-pro-yearly&coupon=SPRING');
    await expect(page).toHaveURL((url) => url.pathname === '/pricing' && url.searchParams.get('coupon') === 'SPRING');
  });

  test('/vexon/result without a result goes back to /vexon', async ({ page }) => {
    await page.goto('/vexon/result');
    await expect(page).toHaveURL((url) => url.pathname === '/vexon');
  });

  test('/document-redactor/options and /result without a file or result go back to /document-redactor', async ({
    page,
  }) => {
    await page.goto('/document-redactor/options');
    await expect(page).toHaveURL((url) => url.pathname === '/document-redactor');
    await page.goto('/document-redactor/result');
    await expect(page).toHaveURL((url) => url.pathname === '/document-redactor');
    await page.goto('/document-redactor/result?history_id=00000000-0000-4000-8000-000000000000');
    await expect(page).toHaveURL((url) => url.pathname === '/document-redactor' && url.search === '');
  });

  for (const path of [
    '/ai-detector',
    '/humanized-text-detector',
    '/copyright-detector',
    '/writing-analysis',
    '/content-humanizer',
  ]) {
    test(`${path} drops an unknown history_id`, async ({ page }) => {
      await page.goto(`${path}?history_id=${randomUUID()}`);
      await expect(page).toHaveURL((url) => url.pathname === path && !url.searchParams.has('history_id'));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('invalid search parameters fall back to their defaults instead of crashing', async ({ page }) => {
    await page.goto('/history?page=-4&page_size=500&selectedServices=NOPE');
    await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
    await page.goto('/pricing?tab=bogus&period=weekly');
    await expect(page.getByRole('tab', { name: /AI Detector/i, selected: true })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    await page.goto('/account?tab=nothing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/all-products?tab=everything');
    await expect(page.getByRole('tab', { name: /AI Humanizer/i, selected: true })).toBeVisible();
  });
});

test.describe('with the database at hand', () => {
  test.skip(
    () => !e2eDatabaseUrl(),
    'skipped: no DATABASE_URL (the e2e server runs on PGlite, which only it can open)',
  );

  test('an expired free plan sends every app page but /pricing to /pricing?freePlanExpired', async ({ page }) => {
    const user = await createSignedInUser(page);
    await sql(
      `update subscriptions set expires_at = now() - interval '1 day' where user_id = (select id from users where email = $1)`,
      [user.email],
    );
    await page.goto('/history');
    await expect(page).toHaveURL((url) => url.pathname === '/pricing' && url.searchParams.has('freePlanExpired'));
    await page.goto('/account');
    await expect(page).toHaveURL((url) => url.pathname === '/pricing' && url.searchParams.has('freePlanExpired'));
  });

  test('a history_id is kept on its own tool and dropped on the humanizer when the model differs', async ({ page }) => {
    const user = await createSignedInUser(page);
    const { rows } = await sql(
      `insert into history_items (user_id, model_name, title, input, result, cost)
       select id, 'AI_DETECTION', 'An essay', '{}'::jsonb, '{}'::jsonb, 12 from users where email = $1 returning id`,
      [user.email],
    );
    const id = rows[0].id as string;
    await page.goto(`/ai-detector?history_id=${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('history_id')).toBe(id);
    await page.goto(`/content-humanizer?history_id=${id}`);
    await expect(page).toHaveURL((url) => url.pathname === '/content-humanizer' && !url.searchParams.has('history_id'));
  });
});
