import { expect, type Page } from '@playwright/test';

/** Stripe's test numbers, which the local provider takes too (docs/payments.md). */
export const testCards = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  confirmation: '4000 0027 6000 3184',
} as const;

/** The local provider's server-rendered checkout page. */
export const isLocalCheckout = (url: URL) => url.pathname.startsWith('/api/payment/v1/checkout/local/');

/** Fills the local checkout's card form and pays. */
export async function payWithCard(page: Page, number: string) {
  await expect(page).toHaveURL(isLocalCheckout);
  await page.getByLabel(/name on card/i).fill('Ada Lovelace');
  await page.getByLabel(/card number/i).fill(number);
  await page.getByLabel(/expir|MM/i).fill('12/34');
  await page.getByLabel(/CVC/i).fill('123');
  await page.getByRole('button', { name: /^Pay/ }).click();
}

/** The exact total the header balance shows in its title ("6,000,000 tokens"). */
export async function headerBalance(page: Page): Promise<string> {
  const pill = page.getByTestId('token-balance');
  await expect(pill).toBeVisible();
  return (await pill.getAttribute('title')) ?? '';
}
