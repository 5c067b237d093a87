import type { Page } from '@playwright/test';
import { expect } from './test';

/**
 * Clicks "Redact document" on /document-redactor/options and waits for the verified result. The redaction runs as a
 * job, with its progress on the options screen, and the result opens once it is stored; the engine threads may be
 * busy with the other test worker's runs, so the job may wait its turn.
 */
export async function redactAndAwaitResult(page: Page) {
  await page.getByRole('button', { name: 'Redact document' }).click();
  await expect(page).toHaveURL(/\/document-redactor\/result/, { timeout: 60_000 });
  await expect(page.getByRole('region', { name: 'Verified: no redacted text can be recovered' })).toBeVisible();
}
