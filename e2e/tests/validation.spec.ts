import { expect, test } from '../support/test';

const submit = (page: import('@playwright/test').Page) => page.locator('button[type="submit"]').click();

test('sign-up shows the spec messages for empty fields and a weak password', async ({ page }) => {
  await page.goto('/auth/signup');
  await submit(page);
  for (const message of [
    'Full Name is required',
    'Email or username is required',
    'Password is required',
    'You must aggree to the terms and conditions',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.locator('input[name="password"]').fill('weakpass');
  await submit(page);
  await expect(
    page.getByText(
      'Password must be at least 8 characters long, contain an uppercase letter, a number, and a special character',
      { exact: true },
    ),
  ).toBeVisible();
  // The spec's pattern (6+ characters, an uppercase letter, a digit) decides, not its message.
  await page.locator('input[name="password"]').fill('Abcde1');
  await page.locator('input[name="full_name"]').click();
  await expect(page.getByText(/Password must be at least 8 characters/)).toHaveCount(0);
});

test('sign-in shows the spec messages for empty fields', async ({ page }) => {
  await page.goto('/auth/signin');
  await submit(page);
  await expect(page.getByText('Email or username is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
});

test('sign-in with a wrong password says so and stays on the page', async ({ page }) => {
  await page.goto('/auth/signin');
  await page.locator('input[name="email"]').fill('nobody@example.test');
  await page.locator('input[name="password"]').fill('Wrong1234');
  await submit(page);
  await expect(page.getByText('Incorrect email/username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/signin/);
});

test('verify-account shows the spec messages', async ({ page }) => {
  await page.goto('/auth/verify-account');
  await page.locator('input[name="email"]').fill('');
  await submit(page);
  await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
  await expect(page.getByText('OTP is required', { exact: true })).toBeVisible();
  await page.locator('input[name="email"]').fill('not-an-email');
  await submit(page);
  await expect(page.getByText('A valid email is required', { exact: true })).toBeVisible();
});

test('forgot-password shows the spec messages on both steps', async ({ page }) => {
  await page.goto('/auth/forgot-password');
  await submit(page);
  await expect(page.getByText('Email is required', { exact: true })).toBeVisible();

  await page.goto('/auth/forgot-password?email=someone%40example.test&otp=true');
  const code = page.locator('input[name="code"]');
  if ((await code.count()) === 0) {
    await page.locator('input[name="email"]').fill('someone@example.test');
    await submit(page);
  }
  await expect(code).toBeVisible();
  await submit(page);
  await expect(page.getByText('OTP is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Password is required', { exact: true }).first()).toBeVisible();
});
