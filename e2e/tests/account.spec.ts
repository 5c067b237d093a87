import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { e2eDatabaseUrl, sql } from '../support/database';
import { readLatestCode } from '../support/mail';
import { expect, storedConsent, test } from '../support/test';
import { createSignedInUser, type TestUser } from '../support/users';

/** A second browser (its own cookies) signed in as `user` through the sign-in screen. */
async function signInElsewhere(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((value) => window.localStorage.setItem('cookie-consent', value), storedConsent);
  const page = await context.newPage();
  await page.goto('/auth/signin');
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  return page;
}

// Two browsers and argon2 sign-ins per test: slower than a one-page check on a busy machine.
test.describe.configure({ timeout: 60_000 });

const profileForm = (page: Page) => page.getByRole('form', { name: 'Profile' });

test('the profile form shows every validation message and saves name and category', async ({ page }) => {
  const user = await createSignedInUser(page);
  await page.goto('/account');
  const form = profileForm(page);
  await expect(form.locator('input[name="full_name"]')).toHaveValue(user.fullName);
  await expect(form.locator('input[name="email"]')).toHaveValue(user.email);

  await form.locator('input[name="full_name"]').fill('');
  await form.locator('input[name="email"]').fill('');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('Full name is required')).toBeVisible();
  await expect(form.getByText('Email is required')).toBeVisible();
  await expect(form.getByText('Category is required')).toBeVisible();
  await expect(form.locator('input[name="full_name"]')).toHaveAttribute('aria-invalid', 'true');

  await form.locator('input[name="email"]').fill('not-an-address');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('Invalid email address')).toBeVisible();

  await form.locator('input[name="full_name"]').fill('Grace Hopper');
  await form.locator('input[name="email"]').fill(user.email);
  await form.locator('select[name="category"]').selectOption('Developer');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(form.getByText('Full name is required')).toHaveCount(0);

  await page.reload();
  await expect(profileForm(page).locator('input[name="full_name"]')).toHaveValue('Grace Hopper');
  await expect(profileForm(page).locator('select[name="category"]')).toHaveValue('Developer');
});

test('changing the e-mail waits for the code sent to the new address', async ({ page }) => {
  const user = await createSignedInUser(page);
  const newEmail = `grace.${randomUUID().slice(0, 8)}@example.test`;
  await page.goto('/account');
  const form = profileForm(page);
  await form.locator('input[name="email"]').fill(newEmail);
  await form.locator('select[name="category"]').selectOption('Researcher');
  await form.getByRole('button', { name: 'Save changes' }).click();

  const confirm = page.getByRole('form', { name: 'Confirm new e-mail' });
  await expect(confirm).toBeVisible();
  await expect(page.getByText(`We sent a 6-digit code to ${newEmail}`)).toBeVisible();
  // Until the code is entered, the account keeps its address.
  await page.reload();
  await expect(profileForm(page).locator('input[name="email"]')).toHaveValue(user.email);
  await expect(confirm).toBeVisible();

  const code = await readLatestCode(newEmail);
  await confirm.locator('input[name="code"]').fill(code === '000000' ? '111111' : '000000');
  await confirm.getByRole('button', { name: 'Confirm e-mail' }).click();
  await expect(confirm.getByText('The code is not correct')).toBeVisible();
  await confirm.locator('input[name="code"]').fill(code);
  await confirm.getByRole('button', { name: 'Confirm e-mail' }).click();
  await expect(page.getByText('E-mail address changed')).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await page.reload();
  await expect(profileForm(page).locator('input[name="email"]')).toHaveValue(newEmail);
});

test('changing the password signs out the other browser', async ({ page, browser }) => {
  const user = await createSignedInUser(page);
  const other = await signInElsewhere(browser, user);
  await page.goto('/account');
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Please enter your current password')).toBeVisible();
  await expect(form.getByText('Please enter new password')).toBeVisible();
  await expect(form.getByText('Please confirm new password')).toBeVisible();

  await form.locator('input[name="current_password"]').fill('Wrong1234');
  await form.locator('input[name="new_password"]').fill('Better77');
  await form.locator('input[name="new_password_confirm"]').fill('Better78');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText("Passwords don't match")).toBeVisible();
  await form.locator('input[name="new_password_confirm"]').fill('Better77');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The current password is not correct')).toBeVisible();

  await form.locator('input[name="current_password"]').fill(user.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();

  // This browser stays signed in; the other one is sent to sign-in on its next navigation.
  await page.goto('/history');
  await expect(page).toHaveURL((url) => url.pathname === '/history');
  await other.goto('/history');
  await expect(other).toHaveURL(/\/auth\/signin/);
  await other.context().close();
});

test('the sessions list shows both browsers and "sign out everywhere" ends them', async ({ page, browser }) => {
  const user = await createSignedInUser(page);
  const other = await signInElsewhere(browser, user);
  await page.goto('/account');
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('This device')).toHaveCount(1);
  // Both record their browser, the one that began by verifying the e-mail included.
  await expect(rows.filter({ hasText: 'Chrome on Linux' })).toHaveCount(2);

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/auth\/signin/);
  await page.goto('/history');
  await expect(page).toHaveURL(/\/auth\/signin/);
  await other.goto('/history');
  await expect(other).toHaveURL(/\/auth\/signin/);
  await other.context().close();
});

test('deleting the account leaves no personal data and the user can no longer sign in', async ({ page }) => {
  const fullName = `Zelda ${randomUUID().slice(0, 8)}`;
  const user = await createSignedInUser(page, { fullName });
  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Delete your account?' })).toBeVisible();
  // The dialog takes focus itself, so the first Tab reaches the first reason, not the message box below them.
  await expect(dialog).toBeFocused();
  await expect(dialog.getByLabel('I found another tool')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('checkbox').first()).toBeFocused();
  await dialog.getByLabel('I found another tool').check();
  await dialog.getByLabel('It is too expensive').check();
  await dialog.locator('textarea[name="message"]').fill('Moving on, thanks.');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Confirm with your password')).toBeVisible();
  await dialog.locator('input[name="password"]').fill('Wrong1234');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('The password is not correct')).toBeVisible();
  await dialog.locator('input[name="password"]').fill(user.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/auth\/signin/);
  await expect(page.getByText('Your account has been deleted')).toBeVisible();

  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByText('Incorrect email/username or password')).toBeVisible();

  if (!e2eDatabaseUrl()) {
    test.info().annotations.push({ type: 'skip', description: 'no DATABASE_URL: the database check needs PostgreSQL' });
    return;
  }
  const columns = await sql(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' and data_type in ('text', 'jsonb', 'json', 'character varying')`,
  );
  const mentions: string[] = [];
  for (const { table_name, column_name } of columns.rows as { table_name: string; column_name: string }[]) {
    for (const needle of [user.email, fullName]) {
      const { rows } = await sql(
        `select count(*)::int as n from "${table_name}" where "${column_name}"::text ilike $1`,
        [`%${needle}%`],
      );
      if ((rows[0] as { n: number }).n > 0) mentions.push(`${table_name}.${column_name}: ${needle}`);
    }
  }
  expect(mentions).toEqual([]);
  const feedback = await sql('select reason_ids, message from account_deletion_feedback where message = $1', [
    'Moving on, thanks.',
  ]);
  expect(feedback.rows).toEqual([{ reason_ids: [2, 4], message: 'Moving on, thanks.' }]);
});
