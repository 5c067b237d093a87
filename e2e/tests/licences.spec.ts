import { e2eDatabaseUrl, sql } from '../support/database';
import { createLicenceCodes } from '../support/licences';
import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/users';

test.skip(() => !e2eDatabaseUrl(), 'licence codes are made in the e2e PostgreSQL database');

const activations = (page: import('@playwright/test').Page) =>
  page.getByRole('list', { name: 'Licence activation attempts' }).getByRole('listitem');

test('a signed-in visitor opening /auth?code=… has the licence activated and lands on the subscription tab', async ({
  page,
}) => {
  const [code = ''] = await createLicenceCodes(1);
  await createSignedInUser(page);
  await page.goto(`/auth?code=${encodeURIComponent(code)}`);

  await expect(page).toHaveURL((url) => url.pathname === '/account' && url.searchParams.get('tab') === 'subscription');
  await expect(page.getByText('Current plan')).toBeVisible();
  await expect(page.getByText('Licence Tier 1', { exact: true })).toBeVisible();
  await expect(page.getByText('Lifetime licence')).toBeVisible();
  await expect(activations(page)).toHaveCount(1);
  await expect(activations(page).first()).toContainText(`Code ending ${code.slice(-4)}`);
  await expect(activations(page).first()).toContainText('Activated');
  await expect(activations(page).first()).toContainText('Tier 1');
  await expect(page.getByText('100K').first()).toBeVisible();
});

test('a failed activation is ignored on the way but shows in the subscription tab', async ({ page }) => {
  await createSignedInUser(page);
  await page.goto('/auth?code=CANDOR-NOPE-NOPE-NOPE-ZZZZ');
  await expect(page).toHaveURL((url) => url.pathname === '/account' && url.searchParams.get('tab') === 'subscription');
  await expect(activations(page).first()).toContainText('Code ending ZZZZ');
  await expect(activations(page).first()).toContainText('Unknown code');
  // The plan did not change.
  await expect(page.getByText('Free', { exact: true }).first()).toBeVisible();
});

test('a signed-out visitor has the logout call made, signs in, is greeted on the AI detector and gets the licence', async ({
  page,
}) => {
  const [code = ''] = await createLicenceCodes(2);
  const user = await createSignedInUser(page);
  await page.context().clearCookies();

  const logout = page.waitForRequest((request) => request.url().endsWith('/api/auth/users/logout'));
  await page.goto(`/auth/signin?code=${encodeURIComponent(code)}`);
  expect((await logout).method()).toBe('POST');

  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('button[type="submit"]').click();

  await expect(page).toHaveURL(
    (url) => url.pathname === '/ai-detector' && url.searchParams.get('appSumoGreeting') === 'true',
  );
  const greeting = page.getByTestId('licence-greeting');
  await expect(greeting).toContainText('Welcome to Candor!');
  await expect(greeting).toContainText('Licence Tier 2');
  await expect(greeting).toContainText('300K tokens');

  const { rows } = await sql(
    'select c.redeemed_at, u.email from licence_codes c join users u on u.id = c.redeemed_by where c.tier = 2 and u.email = $1',
    [user.email],
  );
  expect(rows).toHaveLength(1);

  await greeting.getByRole('button', { name: 'Dismiss the welcome message' }).click();
  await expect(greeting).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === '/ai-detector' && !url.searchParams.has('appSumoGreeting'));

  await page.goto('/account?tab=subscription');
  await expect(page.getByText('Licence Tier 2', { exact: true })).toBeVisible();
  await expect(activations(page)).toHaveCount(1);
  await expect(activations(page).first()).toContainText('Activated');
});
