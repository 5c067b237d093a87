import { readFile } from 'node:fs/promises';
import { e2eLlmLog } from '../env.mjs';
import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/users';

const NAME = 'Katherine Johnson';
const EMAIL = 'katherine.johnson@langley.example';
const CARD = '4111 1111 1111 1111';
const PROMPT = `Draft an apology to ${NAME} (${EMAIL}) — her card ${CARD} was charged twice.`;

/** Every prompt the e2e LLM server received, as it received it. */
const llmLog = () => readFile(e2eLlmLog, 'utf8').catch(() => '');

test('secure LLM chat: masking preview, a streamed reply shown unmasked, the audit, and the saved chat', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await createSignedInUser(page);
  await page.goto('/secure-llm');
  await expect(page.getByRole('heading', { name: 'Chat privately with an LLM' })).toBeVisible();

  // The preview shows what will be masked before anything is sent.
  await page.getByLabel('Message').fill(PROMPT);
  const preview = page.getByLabel('Personal data in your message');
  await expect(preview.getByRole('button', { name: new RegExp(`^Mask ${NAME}, `) })).toBeVisible();
  await expect(preview.getByRole('button', { name: new RegExp(`^Mask ${EMAIL}, `) })).toBeVisible();
  await expect(preview.getByRole('button', { name: new RegExp(`^Mask ${CARD}, `) })).toBeVisible();
  await expect(page.getByText('The model will see:')).toBeVisible();

  await page.getByRole('button', { name: 'Send' }).click();

  // The reply streams in with the pseudonyms restored.
  const reply = page.getByRole('article', { name: 'Reply' }).last();
  await expect(reply).toContainText(`Here is a draft for ${NAME}`);
  await expect(reply).toContainText(EMAIL);
  await expect(reply).toContainText('thank you for your patience');
  const mine = page.getByRole('article', { name: 'Your message' }).last();
  await expect(mine).toContainText(NAME);
  await expect(mine).toContainText('was charged twice');

  // The model only ever saw pseudonyms.
  const sent = await llmLog();
  expect(sent).toContain('[PERSON_NAME_1]');
  for (const value of [NAME, EMAIL, CARD, 'Johnson']) expect(sent).not.toContain(value);

  // The audit lists what was masked in the message.
  await page.getByRole('button', { name: '3 masked Audit' }).first().click();
  await expect(page.getByRole('table').filter({ hasText: '[EMAIL_ADDRESS_1]' })).toBeVisible();

  // The chat is saved: after a reload it is in the list and opens with its messages.
  await page.reload();
  const chats = page.getByRole('navigation', { name: 'Chats' });
  await expect(
    chats.getByRole('link').or(chats.getByRole('button')).filter({ hasText: 'Draft an apology' }).first(),
  ).toBeVisible();
  await chats
    .getByText(/Draft an apology/)
    .first()
    .click();
  await expect(page.getByRole('article', { name: 'Reply' }).last()).toContainText(NAME);
});
