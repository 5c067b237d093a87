import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { buildDocx, documentXml, docxBody } from '../../apps/server/src/modules/tools/extract/fixtures/build-fixtures';
import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/users';

const SOURCE =
  'Lighthouses were once kept by families who lived at the foot of the tower. Every evening the keeper climbed the ' +
  'spiral stair, trimmed the wick and polished the great lens until it shone, because a smeared lens could hide the ' +
  'light from a ship only a few miles out. In storms the keeper stayed awake through the night, winding the ' +
  'clockwork that turned the lamp and writing the weather into the log book.';

const COPIED = 'Every evening the keeper climbed the spiral stair, trimmed the wick and polished the great lens';

const ESSAY =
  'My grandmother grew up near the coast and still talks about the lighthouse she could see from her bedroom ' +
  `window. ${COPIED} until it shone, she told me, and she swore she could hear him singing on calm nights. ` +
  '"A smeared lens could hide the light from a ship," she says, quoting her father. She moved inland when she ' +
  'married and never lived by the sea again, yet she keeps a small brass model of that tower on her kitchen shelf.';

async function balance(page: Page): Promise<number> {
  const response = await page.request.get('/api/detector/ai-detector/user-token-balance/');
  const b = (await response.json()) as { token_balance: number; plan_balance: number; referral_token_balance: number };
  return b.token_balance + b.plan_balance + b.referral_token_balance;
}

const check = (page: Page) => page.getByRole('button', { name: 'Check for copying' });

test('copyright detector: a pasted text against an uploaded source, side by side, exported, reopened and re-checked against earlier documents', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await createSignedInUser(page);
  const before = await balance(page);
  await page.goto('/copyright-detector');

  // Without a source the check cannot start, and the screen says why.
  await page.getByLabel('Text to check').fill(ESSAY);
  await expect(check(page)).toBeDisabled();
  await expect(
    page.getByText('Add at least one source: a file, a web address or your earlier documents'),
  ).toBeVisible();

  // A Word document as the source.
  await page.getByLabel('Add files').setInputFiles({
    name: 'keepers.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: buildDocx(documentXml(docxBody([{ paragraph: SOURCE }]))),
  });
  await expect(page.getByRole('list', { name: 'Source files' })).toContainText('keepers.docx');
  await check(page).click();

  // The report: the copied passage numbered in the text and beside the source's words; the quotation not counted.
  await expect(page).toHaveURL((url) => url.searchParams.has('history_id'), { timeout: 30_000 });
  const text = page.getByRole('document', { name: 'Checked text' });
  await expect(text.getByRole('button', { name: /^Passage 1, from source 1: keepers\.docx/ })).toBeVisible();
  await expect(text.getByText('Quotation — not counted')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sources compared' })).toContainText('keepers.docx');
  const passage = page.getByRole('list', { name: 'Matched passages' }).getByRole('listitem').first();
  await expect(passage).toContainText('keeper climbed the spiral stair');
  await expect(passage).toContainText('In keepers.docx');
  const historyId = new URL(page.url()).searchParams.get('history_id');

  // Charged 2 tokens a word for the checked text only.
  const { item } = (await (
    await page.request.get(`/api/detector/v2/ai-detector/user-history/${historyId}`)
  ).json()) as {
    item: { cost: number; model_name: string };
  };
  expect(item.model_name).toBe('PLAGIARISM');
  expect(await balance(page)).toBe(before - item.cost);

  // Export: the CSV holds the passage and its source.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await readFile((await (await downloading).path()) as string, 'utf8');
  expect(csv).toContain('keepers.docx');
  expect(csv).toContain('keeper climbed the spiral stair');

  // Reopen from history: the same report at its history_id.
  await page.goto('/history');
  await page
    .getByRole('row')
    .filter({ hasText: 'Copyright Detection' })
    .first()
    .getByRole('link', { name: /Open/ })
    .click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/copyright-detector' && url.searchParams.get('history_id') === historyId,
  );
  await expect(page.getByRole('list', { name: 'Matched passages' })).toContainText('keeper climbed the spiral stair');

  // A new text checked against "my earlier documents" finds the first check's text.
  await page.getByRole('button', { name: /New check/ }).click();
  await page.getByLabel('Text to check').fill(`${COPIED}, and the ships passed safely in the dark.`);
  await page.getByLabel(/My earlier documents \(1\)/).check();
  await check(page).click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.has('history_id') && url.searchParams.get('history_id') !== historyId,
    {
      timeout: 30_000,
    },
  );
  await expect(page.getByRole('list', { name: 'Sources compared' })).toContainText('My grandmother grew up');
});

test('copyright detector: a web page that cannot be read is left out and named with why, and the file is still compared', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await createSignedInUser(page);
  const before = await balance(page);
  await page.goto('/copyright-detector');
  await page.getByLabel('Text to check').fill(ESSAY);
  await page.getByLabel('Add files').setInputFiles({
    name: 'keepers.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(SOURCE),
  });
  await expect(page.getByRole('list', { name: 'Source files' })).toContainText('keepers.txt');
  // .invalid never resolves (RFC 6761): the page cannot be read wherever the test runs.
  const unreadable = 'https://nothing.invalid/keepers';
  await page.getByLabel('Web addresses').fill(unreadable);
  await page.getByLabel('Web addresses').press('Enter');
  await check(page).click();

  await expect(page).toHaveURL((url) => url.searchParams.has('history_id'), { timeout: 30_000 });
  const notice = page.getByRole('status', { name: '1 web page could not be read' });
  await expect(notice).toContainText('the similarity leaves this page out');
  const left = notice.getByRole('list', { name: 'Web pages not read' }).getByRole('listitem');
  await expect(left).toHaveCount(1);
  await expect(left).toContainText(unreadable);
  await expect(left).toContainText('Could not reach nothing.invalid');
  await expect(page.getByRole('list', { name: 'Sources compared' })).toContainText('keepers.txt');
  await expect(page.getByRole('list', { name: 'Matched passages' })).toContainText('keeper climbed the spiral stair');

  // Charged for the words checked, as the report shows them.
  const historyId = new URL(page.url()).searchParams.get('history_id');
  const { item, result } = (await (
    await page.request.get(`/api/detector/v2/ai-detector/user-history/${historyId}`)
  ).json()) as { item: { cost: number }; result: { words: number } };
  expect(item.cost).toBe(result.words * 2);
  expect(await balance(page)).toBe(before - item.cost);
});

test('copyright detector: a private address is refused as it is typed, with a clear message, and cannot be added', async ({
  page,
}) => {
  await createSignedInUser(page);
  await page.goto('/copyright-detector');
  await page.getByLabel('Text to check').fill(ESSAY);

  await page.getByLabel('Web addresses').fill('ftp://example.com/file');
  await expect(page.getByText('Enter a web address that starts with http:// or https://')).toBeVisible();
  // This server reads public pages only (the default), and says so to the screen.
  await page.getByLabel('Web addresses').fill('http://127.0.0.1:9/private');
  await expect(page.getByText('Candor does not read private or local addresses (127.0.0.1).')).toBeVisible();
  await expect(page.getByLabel('Web addresses')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await page.getByLabel('Web addresses').press('Enter');
  await expect(page.getByRole('list', { name: 'Source web addresses' })).toHaveCount(0);
  await expect(page.getByLabel('Text to check')).toHaveValue(ESSAY);
});

test('copyright detector: a copy disguised with look-alike letters and hidden characters is still found, and the disguise named', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await createSignedInUser(page);
  await page.goto('/copyright-detector');
  // Every "e" of the copied sentence a Cyrillic е, and a zero-width space inside "lighthouse".
  const disguised = ESSAY.replace(COPIED, COPIED.replace(/e/g, '\u0435')).replace('lighthouse', 'light\u200Bhouse');
  await page.getByLabel('Text to check').fill(disguised);
  await page.getByLabel('Add files').setInputFiles({
    name: 'keepers.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(SOURCE),
  });
  await expect(page.getByRole('list', { name: 'Source files' })).toContainText('keepers.txt');
  await check(page).click();

  await expect(page).toHaveURL((url) => url.searchParams.has('history_id'), { timeout: 30_000 });
  const text = page.getByRole('document', { name: 'Checked text' });
  // The passage is marked on the text as pasted, look-alike letters and all.
  await expect(text.getByRole('button', { name: /^Passage 1, from source 1: keepers\.txt/ })).toBeVisible();
  await expect(text).toContainText(COPIED.replace(/e/g, '\u0435'));
  const similarity = page.getByRole('region', { name: 'Similarity' });
  await expect(similarity.getByRole('status').filter({ hasText: 'Disguised text' })).toContainText(
    `This text holds 1 invisible character and ${COPIED.match(/e/g)?.length} letters from other alphabets that look like Latin ones.`,
  );
});
