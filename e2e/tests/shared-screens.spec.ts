import { randomUUID } from 'node:crypto';
import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/users';

test('an unknown address shows the 404 page, whose button goes home', async ({ page }) => {
  await createSignedInUser(page);
  await page.goto('/no-such-page');
  await expect(page.getByText("This page doesn't exist.")).toBeVisible();
  await page
    .getByRole('button', { name: 'Go to Homepage' })
    .or(page.getByRole('link', { name: 'Go to Homepage' }))
    .click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('an unknown address inside the app layout shows Not Found', async ({ page }) => {
  await createSignedInUser(page);
  await page.goto('/account/no-such-tab');
  await expect(page.getByText('Not Found', { exact: true })).toBeVisible();
});

test('payment confirmation shows success, failure, and the 404 page for any other outcome', async ({ page }) => {
  await createSignedInUser(page);
  await page.goto('/payment-confirmation/success');
  await expect(page.getByText('Payment Successful')).toBeVisible();
  await expect(page.getByText("You're All Set!")).toBeVisible();
  await expect(page.getByText('Your payment has been processed successfully.')).toBeVisible();

  await page.goto('/payment-confirmation/failure');
  await expect(page.getByText('Payment Failed')).toBeVisible();
  await expect(page.getByText('Transaction Unsuccessful')).toBeVisible();
  await expect(page.getByText("We couldn't process your payment. Please try again.")).toBeVisible();

  await page.goto('/payment-confirmation/maybe');
  await expect(page.getByText("This page doesn't exist.")).toBeVisible();
});

test('a failing page shows the error panel with Show Error / Hide Error', async ({ page }) => {
  await createSignedInUser(page);
  // The history service fails (retries included) while the page checks a saved run: the route cannot render.
  await page.route('**/api/detector/v2/ai-detector/user-history/*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'internal_error', message: 'The history store is unavailable' } }),
    }),
  );
  await page.goto(`/ai-detector?history_id=${randomUUID()}`);
  await expect(page.getByText('Something went wrong!')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Show Error' }).click();
  await expect(page.getByText('The history store is unavailable')).toBeVisible();
  await page.getByRole('button', { name: 'Hide Error' }).click();
  await expect(page.getByText('The history store is unavailable')).toBeHidden();
});

test('every page has a "{page title} | Candor Dashboard" title', async ({ page }) => {
  await page.goto('/auth/signin');
  await expect(page).toHaveTitle(/^Sign In \| Candor Dashboard$/i);
  await page.goto('/auth/signup');
  await expect(page).toHaveTitle(/^Sign Up \| Candor Dashboard$/i);
  await createSignedInUser(page);
  for (const [path, title] of [
    ['/', /^Dashboard \| Candor Dashboard$/],
    ['/history', /^History \| Candor Dashboard$/],
    ['/pricing', /^Pricing \| Candor Dashboard$/],
    ['/ai-detector', /^AI Detector \| Candor Dashboard$/],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
});
