import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { e2eDataDir } from '../env.mjs';
import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/users';

/** The raw contact-request e-mails in the outbox that mention `marker`. */
async function contactMails(marker: string): Promise<string[]> {
  const outbox = path.join(e2eDataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
  const raws = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
  return raws.filter((raw) => raw.includes(marker));
}

test('the contact form is prefilled, shows every validation message, sends the request and confirms', async ({
  page,
}) => {
  const user = await createSignedInUser(page);
  await page.goto('/contact-us?source=pricing');
  await expect(page).toHaveTitle(/^Contact us \| /);

  const form = page.getByRole('form', { name: 'Contact us' });
  await expect(form.locator('input[name="full_name"]')).toHaveValue(user.fullName);
  await expect(form.locator('input[name="email"]')).toHaveValue(user.email);
  await expect(form.locator('input[name="appeal_type"]')).toHaveValue('I would like to Schedule a Demo');
  await expect(form.locator('input[name="source"]')).toHaveValue('pricing');

  // Every message: empty required fields, a bad address, a long and a malformed phone number.
  await form.locator('input[name="full_name"]').fill('');
  await form.locator('input[name="email"]').fill('');
  await form.locator('input[name="phone_number"]').fill('+1 555 0100 12345');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Full name is required')).toBeVisible();
  await expect(form.getByText('Email is required')).toBeVisible();
  await expect(form.getByText('Message is required')).toBeVisible();
  await expect(form.getByText('Phone number cannot be longer than 15 characters')).toBeVisible();
  await expect(form.locator('input[name="phone_number"]')).toHaveAttribute('aria-invalid', 'true');

  await form.locator('input[name="email"]').fill('not-an-address');
  await form.locator('input[name="phone_number"]').fill('call me maybe');
  await form.locator('textarea[name="message"]').fill('x'.repeat(5001));
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Invalid email address')).toBeVisible();
  await expect(form.getByText('Use only digits, spaces, +, - and parentheses')).toBeVisible();
  await expect(form.getByText('Keep your message under 5,000 characters')).toBeVisible();
  await form.locator('input[name="company"]').fill('c'.repeat(121));
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Company name is at most 120 characters')).toBeVisible();

  // A valid request.
  const marker = `demo-${Date.now()}`;
  await form.locator('input[name="full_name"]').fill('Ada <b>Lovelace</b>');
  await form.locator('input[name="email"]').fill(user.email);
  await form.locator('input[name="company"]').fill('Analytical Engines');
  await form.locator('input[name="phone_number"]').fill('+44 2079460958');
  await form.locator('textarea[name="message"]').fill(`We would like a demo for 40 editors. ${marker}`);
  await form.getByRole('button', { name: 'Send message' }).click();

  await expect(page.getByText('Thank you, Ada <b>Lovelace</b>!')).toBeVisible();
  // Focus moves to the confirmation that replaced the form, and back to the form after it.
  await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toBeFocused();
  await expect(page.getByText(`will reply to ${user.email}`)).toBeVisible();
  await expect(page.getByText('Message sent')).toBeVisible();

  await expect.poll(async () => (await contactMails(marker)).length).toBe(1);
  const [mail = ''] = await contactMails(marker);
  expect(mail).toMatch(new RegExp(`^Reply-To: ${user.email.replace(/[.]/g, '\\.')}$`, 'mi'));
  expect(mail).toMatch(/^To: .*no-reply@candor\.local/im);
  expect(mail).toContain('Source: pricing');
  expect(mail).not.toContain('<b>Lovelace</b></td>');

  await page.getByRole('button', { name: 'Send another message' }).click();
  await expect(form.locator('textarea[name="message"]')).toHaveValue('');
  await expect(form.locator('input[name="full_name"]')).toBeFocused();
});
