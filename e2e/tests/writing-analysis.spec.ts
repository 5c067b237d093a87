import type { Page } from '@playwright/test';
import {
  buildDocx,
  buildPdf,
  documentXml,
  docxBody,
} from '../../apps/server/src/modules/tools/extract/fixtures/build-fixtures';
import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/users';

const PASTED =
  'The new policy was approved by the board last week. It is very important and it changes how teams plan ' +
  'their work.\n\nEvery manager will recieve a short guide, and the the first workshops start in March.';

/** The account's total balance, as the API reports it. */
async function balance(page: Page): Promise<number> {
  const response = await page.request.get('/api/detector/ai-detector/user-token-balance/');
  const b = (await response.json()) as { token_balance: number; plan_balance: number; referral_token_balance: number };
  return b.token_balance + b.plan_balance + b.referral_token_balance;
}

async function coefficient(page: Page): Promise<number> {
  const response = await page.request.get('/api/detector/ai-detector/model-coefficient-values');
  const { items } = (await response.json()) as { items: { model_name: string; coefficient: number }[] };
  const item = items.find((i) => i.model_name === 'WRITING_ANALYSIS');
  if (!item) throw new Error('no WRITING_ANALYSIS coefficient');
  return item.coefficient;
}

/** Runs the analysis of what the editor holds and returns the word count the report shows. */
async function analyse(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Analyse', exact: true }).click();
  const readability = page.getByRole('region', { name: 'Readability' });
  await expect(readability).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL((url) => url.searchParams.has('history_id'));
  const words = await page.getByLabel('Words', { exact: true }).innerText();
  return Number(words.replace(/,/g, ''));
}

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.getByLabel('Upload a file').setInputFiles({ name, mimeType, buffer });
}

test('writing analysis: paste and upload, see the report, reopen it from history, delete it, watch the usage', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await createSignedInUser(page);
  const perWord = await coefficient(page);

  await page.goto('/');
  await expect(page.getByText('No tokens used in this period')).toBeVisible();

  // 1. Pasted text: the report, the highlights, and a charge of exactly words × coefficient.
  const before = await balance(page);
  await page.goto('/writing-analysis');
  await page.getByLabel('Text to analyse').fill(PASTED);
  const pastedWords = await analyse(page);
  expect(pastedWords).toBe(PASTED.split(/\s+/).length);
  const pastedCost = Math.ceil(pastedWords * perWord);
  expect(await balance(page)).toBe(before - pastedCost);
  await expect(page.getByRole('button', { name: /recieve/ }).first()).toBeVisible();

  // A fix applied in the report survives a reload.
  await page.getByRole('button', { name: 'Spelling: recieve' }).click();
  await page.getByRole('button', { name: 'Apply “receive”' }).click();
  const analysed = page.getByRole('document', { name: 'Analysed text' });
  await expect(analysed).toContainText('Every manager will receive');
  await page.reload();
  await expect(analysed).toContainText('Every manager will receive');
  await expect(page.getByText(/You have edited the text/)).toBeVisible();

  // 2. A Word document: its text fills the editor and is analysed.
  await page.getByRole('button', { name: 'New analysis' }).click();
  const docx = buildDocx(
    documentXml(
      docxBody([
        { heading: 'Launch plan' },
        { paragraph: 'The launch was delayed by the supplier. We will ship the product in April instead.' },
      ]),
    ),
  );
  await upload(
    page,
    'launch-plan.docx',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    docx,
  );
  await expect(page.getByLabel('Text to analyse')).toHaveValue(/The launch was delayed by the supplier\./);
  const docxWords = await analyse(page);
  expect(docxWords).toBe(17);

  // 3. A PDF, the same way.
  await page.getByRole('button', { name: 'New analysis' }).click();
  const pdf = await buildPdf({}, (document) => {
    document.text('Quarterly results were better than expected. Revenue grew in every region.');
  });
  await upload(page, 'results.pdf', 'application/pdf', pdf);
  await expect(page.getByLabel('Text to analyse')).toHaveValue(/Revenue grew in every region\./);
  const pdfWords = await analyse(page);
  expect(pdfWords).toBe(11);
  const totalCost = pastedCost + Math.ceil(docxWords * perWord) + Math.ceil(pdfWords * perWord);
  expect(await balance(page)).toBe(before - totalCost);

  // 4. The usage chart on the home page counts all three runs.
  await page.goto('/');
  await expect(page.getByText(`${totalCost} tokens used`)).toBeVisible();

  // 5. Reopen the Word run from history, download its report, then delete it.
  await page.goto('/history');
  const row = page.getByRole('row').filter({ hasText: 'launch-plan.docx' });
  await row.getByRole('link', { name: /Open/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/writing-analysis' && url.searchParams.has('history_id'));
  const historyId = new URL(page.url()).searchParams.get('history_id');
  await expect(page.getByLabel('Words', { exact: true })).toHaveText(String(docxWords));
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF report' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('launch-plan-writing-analysis.pdf');

  await page.goto('/history');
  await page.getByRole('button', { name: 'Delete launch-plan.docx' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'launch-plan.docx' })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'results.pdf' })).toHaveCount(1);
  // Deleted for real once the undo window has passed.
  const stored = () =>
    page.request.get(`/api/detector/v2/ai-detector/user-history/${historyId}`).then((r) => r.status());
  await expect.poll(stored, { timeout: 15_000 }).toBe(404);
});
