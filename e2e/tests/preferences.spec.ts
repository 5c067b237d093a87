import { expect, test } from '../support/test';

test.describe('cookie consent', () => {
  test.use({ consentGiven: false });

  test('Accept grants every category, is remembered, and updates consent mode', async ({ page }) => {
    await page.goto('/auth/signin');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toBeHidden();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cookie-consent') ?? 'null'));
    expect(stored).toMatchObject({ functional: true, analytics: true, advertisement: true });
    const update = await page.evaluate(() =>
      (window as unknown as { dataLayer: unknown[][] }).dataLayer
        .map((entry) => Array.from(entry as ArrayLike<unknown>))
        .filter((entry) => entry[0] === 'consent' && entry[1] === 'update')
        .at(-1),
    );
    expect(update?.[2]).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'granted',
      security_storage: 'granted',
    });
    await page.reload();
    await expect(page.locator('input[name="email"]')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('Preferences keeps Necessary on and saves only what was chosen', async ({ page }) => {
    await page.goto('/auth/signin');
    await page.getByRole('button', { name: 'Preferences' }).click();
    const necessary = page.getByRole('switch', { name: /Necessary/ });
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    await page.getByRole('switch', { name: /Analytics/ }).click();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cookie-consent') ?? 'null'));
    expect(stored).toMatchObject({ necessary: true, functional: false, analytics: true, advertisement: false });
  });
});

test('the theme follows the system by default and a chosen theme survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/auth/signin');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByTitle('Light', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Light theme' })).toBeChecked();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('light');
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
});

test('utm parameters are kept in session storage, sent to analytics and removed from the address', async ({ page }) => {
  await page.goto('/auth/signin?utm_source=newsletter&utm_medium=email&utm_campaign=launch&redirect=%2Fhistory');
  await expect(page).toHaveURL((url) => url.pathname === '/auth/signin' && !url.search.includes('utm_'));
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/history');
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('utm') ?? 'null'));
  expect(stored).toMatchObject({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'launch' });
  const pushed = await page.evaluate(() =>
    (window as unknown as { dataLayer: Record<string, unknown>[] }).dataLayer.find((e) => e.event === 'utm_params'),
  );
  expect(pushed).toMatchObject({ utm_source: 'newsletter' });
});

test('the referral code from the sign-up link is kept in session storage', async ({ page }) => {
  await page.goto('/auth/signup?referral_code=FRIEND42');
  await expect(page.locator('input[name="full_name"]')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('referral_code'))).toContain('FRIEND42');
});
