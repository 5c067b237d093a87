import { countMessages, readLatestCode } from '../support/mail';
import { expect, test } from '../support/test';
import { newUser } from '../support/users';

test('a new user signs up, verifies the e-mailed code, lands on the dashboard, refreshes, signs out and in', async ({
  page,
}) => {
  const user = newUser();

  await page.goto('/auth/signup');
  await page.locator('input[name="full_name"]').fill(user.fullName);
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByRole('checkbox').check();
  await page.locator('button[type="submit"]').click();

  await expect(page).toHaveURL(/\/auth\/verify-account\?/);
  expect(new URL(page.url()).searchParams.get('email')).toBe(user.email);
  // The code is all that is left to type: it has the focus, and again, selected, after a wrong one.
  const codeInput = page.locator('input[name="code"]');
  await expect(codeInput).toBeFocused();
  const code = await readLatestCode(user.email);
  await page.keyboard.type(code === '000000' ? '111111' : '000000');
  await page.keyboard.press('Enter');
  await expect(page.getByText('The code is not correct')).toBeVisible();
  await expect(codeInput).toBeFocused();
  await page.keyboard.type(code);
  await page.locator('button[type="submit"]').click();

  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ada');
  await expect(page.getByTestId('token-balance')).toContainText('2K');
  await expect(page).toHaveTitle(/ \| Candor Dashboard$/);

  await page.reload();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ada');

  await page.getByRole('button', { name: /, account menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/signin/);

  // Signed out for real: the app's pages send the visitor back to sign-in.
  await page.goto('/history');
  await expect(page).toHaveURL(/\/auth\/signin\?/);

  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL((url) => url.pathname === '/history');
});

test('an unverified account is sent to verify-account on sign-in, and verifying signs it in', async ({ page }) => {
  const user = newUser();
  await page.goto('/auth/signup');
  await page.locator('input[name="full_name"]').fill(user.fullName);
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByRole('checkbox').check();
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/auth\/verify-account\?/);

  // Past the resend cool-down (3 s in this run), signing in sends a new code that replaces the first.
  const received = await countMessages(user.email);
  await page.waitForTimeout(3_100);
  await page.goto('/auth/signin');
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/auth\/verify-account\?/);
  const code = await readLatestCode(user.email, { afterCount: received });
  await page.locator('input[name="code"]').fill(code);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('a forgotten password is reset with an e-mailed code', async ({ page }) => {
  const { createSignedInUser } = await import('../support/users');
  const user = await createSignedInUser(page);
  await page.context().clearCookies();

  await page.goto(`/auth/forgot-password`);
  await page.locator('input[name="email"]').fill(user.email);
  const received = await countMessages(user.email);
  await page.locator('button[type="submit"]').click();
  const code = await readLatestCode(user.email, { afterCount: received });
  await page.locator('input[name="code"]').fill(code);
  await page.locator('input[name="password"]').fill('Newpass77');
  await page.locator('input[name="confirm_password"]').fill('Newpass77');
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/auth\/signin/);

  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill('Newpass77');
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});
