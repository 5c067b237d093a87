import { expect, location, test } from '../support/test';
import { createSignedInUser } from '../support/users';

test.describe('the sign-in and sign-up addresses people type', () => {
  for (const [typed, screen] of [
    ['/signin', '/auth/signin'],
    ['/login', '/auth/signin'],
    ['/signup', '/auth/signup'],
    ['/register', '/auth/signup'],
  ] as const) {
    test(`${typed} opens ${screen} with its search parameters`, async ({ page }) => {
      await page.goto(`${typed}?redirect=%2Fhistory&redirectSearch=page%3D2&referral_code=FRIEND1`);
      await expect(page).toHaveURL((url) => url.pathname === screen);
      const { search } = location(page.url());
      expect(search.get('redirect')).toBe('/history');
      expect(search.get('redirectSearch')).toBe('page=2');
      expect(search.get('referral_code')).toBe('FRIEND1');
      await expect(page.locator('input[name="email"]')).toBeVisible();
    });
  }

  test('signing in from /login returns to the page it named, and Back does not land on /login', async ({ page }) => {
    const user = await createSignedInUser(page);
    await page.context().clearCookies();
    await page.goto('/pricing');
    await page.goto('/login?redirect=%2Fhistory');
    await expect(page).toHaveURL((url) => url.pathname === '/auth/signin');
    await page.locator('input[name="email"]').fill(user.email);
    await page.locator('input[name="password"]').fill(user.password);
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL((url) => url.pathname === '/history');
    await page.goBack();
    await expect(page).not.toHaveURL((url) => url.pathname === '/login');
  });

  test('a signed-in user typing /signin goes on to the app', async ({ page }) => {
    await createSignedInUser(page);
    await page.goto('/signin');
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});
