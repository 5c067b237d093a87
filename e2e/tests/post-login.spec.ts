import { e2eBaseUrl } from '../env.mjs';
import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/users';

// Spec §4 "After login": buyPlanId first, then a marketplace code, then the redirect target or /.
async function signInAgain(page: import('@playwright/test').Page, path: string) {
  const user = await createSignedInUser(page);
  await page.context().clearCookies();
  await page.goto(path);
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('button[type="submit"]').click();
}

test('with buyPlanId the user goes to that plan on the pricing page, yearly, with the coupon', async ({ page }) => {
  await signInAgain(page, '/auth/signin?buyPlanId=stealth-ai-starter-monthly&buyPlanCoupon=SPRING&code=MARKET-1');
  await expect(page).toHaveURL((url) => url.pathname === '/pricing');
  const search = new URL(page.url()).searchParams;
  expect(search.get('tab')).toBe('stealth-ai');
  expect(search.get('period')).toBe('yearly');
  expect(search.get('coupon')).toBe('SPRING');
});

test('with a marketplace code the user goes to the AI detector with the greeting flag', async ({ page }) => {
  await signInAgain(page, '/auth/signin?code=MARKET-1&redirect=%2Fhistory');
  await expect(page).toHaveURL(
    (url) => url.pathname === '/ai-detector' && url.searchParams.get('appSumoGreeting') === 'true',
  );
});

test('otherwise the user goes to the redirect target', async ({ page }) => {
  await signInAgain(page, '/auth/signin?redirect=%2Fall-products&redirectSearch=tab%3Dprivacy');
  await expect(page).toHaveURL((url) => url.pathname === '/all-products' && url.searchParams.get('tab') === 'privacy');
});

test('a redirect to another site is not followed', async ({ page }) => {
  await signInAgain(page, '/auth/signin?redirect=https%3A%2F%2Fevil.example%2Fphish');
  await expect(page).toHaveURL(`${e2eBaseUrl}/`);
});
