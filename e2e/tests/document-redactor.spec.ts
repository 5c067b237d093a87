import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { SECRETS, sampleDocx, samplePdf } from '../../packages/engines/redact/src/fixtures/sample-documents';
import { verifyRedaction } from '../../packages/engines/redact/src/index';
import { redactAndAwaitResult } from '../support/redactor';
import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/users';

const secrets = Object.values(SECRETS);

/** Selects `value` in the options screen's text view, redacts it, and sees its box on the page preview. */
async function redactSelection(page: Page, value: string) {
  await page.getByRole('tab', { name: 'Text' }).click();
  await page.getByRole('document', { name: /^Text of / }).evaluate((view, wanted) => {
    const walker = document.createTreeWalker(view, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at === -1) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      document.getSelection()?.removeAllRanges();
      document.getSelection()?.addRange(range);
      return;
    }
    throw new Error(`${wanted} is not in one text node`);
  }, value);
  await page.getByRole('button', { name: 'Redact selected text' }).click();
  await page.getByRole('tab', { name: 'Pages' }).click();
  await expect(page.getByTitle(`Your selection “${value}”: redacted`)).toBeVisible();
}

/**
 * Uploads a document on /document-redactor, picks GDPR, redacts (with the text `selected` by hand too, when given)
 * and returns the downloaded file.
 */
async function redact(page: Page, fileName: string, mimeType: string, bytes: Uint8Array, selected?: string) {
  await page.goto('/document-redactor');
  await page.locator('input[type="file"]').setInputFiles({ name: fileName, mimeType, buffer: Buffer.from(bytes) });
  // Reading starts a worker that loads pdf.js, OCR and the PII engine the first time.
  await expect(page).toHaveURL(/\/document-redactor\/options$/, { timeout: 30_000 });

  await page.getByLabel('Start from a policy').selectOption('GDPR');
  const findings = page.getByRole('list', { name: 'Findings' });
  for (const value of [SECRETS.email, SECRETS.card, SECRETS.iban]) {
    await expect(findings.getByText(value).first()).toBeVisible();
  }
  if (selected) {
    await redactSelection(page, selected);
    // Choosing another document by mistake loses nothing: Undo brings this one back with its choices.
    await page.getByRole('button', { name: 'Choose another document' }).click();
    await expect(page).toHaveURL(/\/document-redactor$/);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page).toHaveURL(/\/document-redactor\/options$/);
    await expect(page.getByLabel('Start from a policy')).toHaveValue('GDPR');
    await expect(page.getByTitle(`Your selection “${selected}”: redacted`)).toBeVisible();
  }
  await redactAndAwaitResult(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Download redacted/ }).click();
  return readFile(await (await download).path());
}

test('document redactor: a PDF and a DOCX redacted under GDPR, no secret recoverable, reopened from history', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await createSignedInUser(page);

  const pdf = await redact(page, 'account-review.pdf', 'application/pdf', await samplePdf(), 'Friday');
  const pdfCheck = await verifyRedaction(new Uint8Array(pdf), 'pdf', [...secrets, 'Friday']);
  expect(pdfCheck.checks.filter((c) => !c.passed)).toEqual([]);
  expect(pdf.toString('latin1')).not.toContain(SECRETS.email);

  const docx = await redact(
    page,
    'account-review.docx',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    await sampleDocx(),
  );
  const docxCheck = await verifyRedaction(new Uint8Array(docx), 'docx', secrets);
  expect(docxCheck.checks.filter((c) => !c.passed)).toEqual([]);

  // The text that stays is still there, and the run reopens from history.
  const redactedText = page.getByLabel('Redacted text', { exact: true });
  await expect(redactedText).toContainText('Quarterly account review');
  await expect(redactedText).not.toContainText(SECRETS.email);
  await page.goto('/history');
  await page
    .getByRole('link', { name: /account-review\.docx/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/document-redactor\/result\?history_id=/);
  await expect(page.getByText('The original document isn’t kept')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verified: no redacted text can be recovered' })).toBeVisible();
});

test('document redactor: a corrupt PDF is refused with a clear message and the user stays on the upload step', async ({
  page,
}) => {
  await createSignedInUser(page);
  await page.goto('/document-redactor');
  const truncated = (await samplePdf()).subarray(0, 300);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from(truncated) });
  await expect(page.getByText('The document could not be read')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/document-redactor$/);
});

test('document redactor: a long PDF’s later pages are previewed as the user scrolls to them, boxes included', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await createSignedInUser(page);
  const previewCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/document-redaction/previews')) previewCalls.push(new URL(request.url()).search);
  });

  await page.goto('/document-redactor');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'long-review.pdf',
    mimeType: 'application/pdf',
    // Short pages, so the redaction costs less than a new account's tokens.
    buffer: Buffer.from(await samplePdf({ pages: 25, linesPerPage: 5 })),
  });
  await expect(page).toHaveURL(/\/document-redactor\/options$/, { timeout: 30_000 });
  await page.getByLabel('Start from a policy').selectOption('GDPR');
  const pages = page.getByRole('list', { name: 'Pages of long-review.pdf' });
  // The analysis brought the first 20 pictures; nothing more is asked for before the user scrolls.
  await expect(pages.getByRole('img', { name: 'Page 20 of long-review.pdf' })).toBeAttached();
  await expect(pages.getByRole('status', { name: 'Loading page 25' })).toBeAttached();
  expect(previewCalls).toEqual([]);

  // The name signed on the last page is found there, and boxed on its picture once the batch arrives.
  await pages.getByRole('status', { name: 'Loading page 25' }).scrollIntoViewIfNeeded();
  await expect(pages.getByRole('img', { name: 'Page 25 of long-review.pdf' })).toBeVisible({ timeout: 30_000 });
  await expect(pages.getByTitle(new RegExp(`“${SECRETS.name}”: redacted$`)).last()).toBeVisible();
  expect(previewCalls).toEqual(['?first=21&last=25']);

  // The result screen shows the same later pages without asking again.
  await redactAndAwaitResult(page);
  await page.getByRole('img', { name: 'Page 25 of long-review.pdf' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('img', { name: 'Page 25 of long-review.pdf' })).toBeVisible();
  expect(previewCalls).toHaveLength(1);
});
