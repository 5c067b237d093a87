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

test('a success address with an unknown checkout session is not titled a success', async ({ page }) => {
  await createSignedInUser(page);
  await page.goto('/payment-confirmation/success?session_id=cs_unknown');
  await expect(page.getByRole('heading', { name: "We can't find this payment" })).toBeVisible();
  await expect(page).toHaveTitle(/^Payment Not Found \| Candor Dashboard$/);
  // The next page's title replaces the screen's own.
  await page.getByRole('link', { name: 'See plans' }).click();
  await expect(page).toHaveTitle(/^Pricing \| Candor Dashboard$/);
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

test.describe('on a phone', () => {
  // The cookie banner is part of what must fit.
  test.use({ consentGiven: false, viewport: { width: 390, height: 844 } });

  test('the menu opens on the first tap and no page scrolls sideways', async ({ page }) => {
    test.setTimeout(60_000);
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

    // Signed out: the pricing header and the cookie banner's buttons fit.
    await page.goto('/pricing');
    await expect(page.getByRole('link', { name: 'Create account' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Accept' })).toBeInViewport();
    expect(await pageWidth()).toBe(390);
    await page.getByRole('button', { name: 'Accept' }).click();

    await createSignedInUser(page);
    // A run with a long title, so the dashboard lists it and charts its tokens.
    await page.goto('/ai-detector');
    await page
      .getByLabel('Text to check')
      .fill(
        'The committee met on Tuesday to review the annual budget, and after a long discussion about the rising cost ' +
          'of maintenance, it agreed to postpone the purchase of new equipment until the spring. Several members ' +
          'asked for a clearer breakdown of the expenses, and the treasurer promised to circulate a revised report.',
      );
    await page.getByRole('button', { name: 'Check for AI', exact: true }).click();
    await expect(page).toHaveURL(/history_id=/, { timeout: 30_000 });

    await page.goto('/');
    await expect(page.getByRole('link', { name: /The committee met on Tuesday/ })).toBeVisible();
    expect(await pageWidth()).toBe(390);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Navigation' }).getByRole('link', { name: 'Copyright Detector' }).click();
    await expect(page.getByRole('dialog', { name: 'Navigation' })).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Web addresses' }).fill('https://en.wikipedia.org/wiki/Printing_press');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Source web addresses' })).toBeVisible();
    expect(await pageWidth()).toBe(390);
  });
});
