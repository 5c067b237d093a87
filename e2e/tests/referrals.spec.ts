import { e2eDatabaseUrl, sql } from '../support/database';
import { readLatestCode } from '../support/mail';
import { expect, storedConsent, test } from '../support/test';
import { createSignedInUser, newUser } from '../support/users';

test.skip(() => !e2eDatabaseUrl(), 'the credit is checked in the e2e PostgreSQL database');

const referralTokens = (page: import('@playwright/test').Page) =>
  page.locator('[data-slot="card"]', { hasText: 'Referral tokens' }).filter({ hasText: 'Earned by inviting others' });

test('a friend who signs up through the copied link and verifies credits both accounts once', async ({
  page,
  browser,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const referrer = await createSignedInUser(page);
  await page.goto('/account?tab=subscription');
  await expect(page.getByText('Invite friends, earn tokens')).toBeVisible();
  const link = await page.getByLabel('Your sign-up link').inputValue();
  const code = (await page.getByTestId('referral-code').textContent())?.trim() ?? '';
  expect(link).toBe(`${new URL(page.url()).origin}/auth/signup?referral_code=${code}`);
  await expect(page.getByText('you get 500 tokens and they get 500 tokens')).toBeVisible();

  await page.getByRole('button', { name: 'Copy the referral link' }).click();
  await expect(page.getByText('Referral link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The friend, in a browser of their own.
  const friendContext = await browser.newContext();
  await friendContext.addInitScript((value) => window.localStorage.setItem('cookie-consent', value), storedConsent);
  const friendPage = await friendContext.newPage();
  const friend = newUser({ fullName: 'Grace Hopper' });
  await friendPage.goto(link);
  await friendPage.locator('input[name="full_name"]').fill(friend.fullName);
  await friendPage.locator('input[name="email"]').fill(friend.email);
  await friendPage.locator('input[name="password"]').fill(friend.password);
  await expect(friendPage.locator('input[name="referrer_id"]')).toHaveValue(code);
  await friendPage.getByRole('checkbox').check();
  await friendPage.locator('button[type="submit"]').click();
  await expect(friendPage).toHaveURL(/\/auth\/verify-account\?/);
  await friendPage.locator('input[name="code"]').fill(await readLatestCode(friend.email));
  await friendPage.locator('button[type="submit"]').click();
  await expect(friendPage).toHaveURL((url) => url.pathname === '/');

  await friendPage.goto('/account?tab=subscription');
  await expect(referralTokens(friendPage)).toContainText('500');
  await friendContext.close();

  await page.reload();
  await expect(referralTokens(page)).toContainText('500');
  await expect(page.getByText('Friends joined').locator('..')).toContainText('1');

  const { rows } = await sql(
    `select count(*)::int as credits, sum(ta.referral_token_balance)::int as balance
       from referral_credits rc join users u on u.id = rc.referrer_id
       join token_accounts ta on ta.user_id = u.id where u.email = $1`,
    [referrer.email],
  );
  expect(rows[0]).toEqual({ credits: 1, balance: 500 });
});
