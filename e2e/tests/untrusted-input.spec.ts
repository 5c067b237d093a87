import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/users';

test('markup and SQL typed as a name are stored and shown as plain text, never run', async ({ page }) => {
  const hostile = `<img src=x onerror="window.__pwned=1">'); DROP TABLE users;--`;
  await createSignedInUser(page, { fullName: hostile });
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await page.goto('/account');
  await expect(page.getByText(hostile).first()).toBeVisible();
  await page.getByRole('button', { name: /, account menu$/ }).click();
  await expect(page.getByRole('menu').getByText(hostile)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toBe(0);
  // The users table is still there: a new sign-in works.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
