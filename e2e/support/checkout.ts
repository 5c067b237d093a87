import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { e2eDataDir } from '../env.mjs';

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

/**
 * The newest receipt e-mailed to `to` (offline, the server writes it to its outbox): its subject and the link to the
 * invoice's printable receipt. Waits for it to arrive.
 */
export async function receiptMailedTo(to: string, timeoutMs = 10_000): Promise<{ subject: string; link: string }> {
  const outbox = path.join(e2eDataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
    for (const file of files.reverse()) {
      // Quoted-printable soft line breaks and escaped "=" undone: enough to read our own links.
      const raw = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const headers = raw.split(/\r?\n\r?\n/)[0] ?? '';
      const subject = /^Subject: (Your Candor receipt .+)$/m.exec(headers)?.[1]?.trim();
      const recipient = /^To: (.*)$/im.exec(headers)?.[1]?.toLowerCase() ?? '';
      if (!subject || !recipient.includes(to.toLowerCase())) continue;
      const link = /https?:\/\/\S+?\/v1\/payments\/invoices\/[0-9a-f-]+\/receipt/.exec(raw)?.[0];
      if (link) return { subject, link };
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`no receipt for ${to} arrived in ${outbox} within ${timeoutMs} ms`);
}
