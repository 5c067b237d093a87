import { request as playwrightRequest } from '@playwright/test';
import { e2eBaseUrl } from '../env.mjs';
import { payWithCard, testCards } from '../support/checkout';
import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/users';

const TEXT =
  'So i finally got round to fixing the fence last weekend. Took way longer than I thought, mostly because the old ' +
  'posts were rotten right through and the hardware shop had run out of the brackets I wanted. My neighbour Dave ' +
  'came over with his post-hole digger which saved my back, honestly. The fence is not perfect but it keeps the dog in.';

/** A client with nothing but the key, as curl is: no cookie, no CSRF token. */
async function callWithKey(key: string) {
  const client = await playwrightRequest.newContext({ baseURL: e2eBaseUrl });
  try {
    const response = await client.post('/api/public/v1/ai-detection', {
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      data: { text: TEXT },
    });
    return { status: response.status(), body: await response.json(), setCookie: response.headers()['set-cookie'] };
  } finally {
    await client.dispose();
  }
}

test('API keys: buy API access, create and copy a key, call ai-detection, see the run in History, revoke, be refused', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2eBaseUrl });
  await createSignedInUser(page);

  // Without a plan with API access the page says why and links to the API plans, which state the rule.
  await page.goto('/account?tab=api-agent');
  await expect(page.getByText(/Your Free plan has no API access/)).toBeVisible();
  await page.getByRole('link', { name: 'See the API plans' }).click();
  await expect(page).toHaveURL(/\/pricing\?tab=api-agent/);
  await expect(page.getByText('Who can create API keys')).toBeVisible();
  await page.getByRole('button', { name: 'Buy API Starter' }).click();
  await payWithCard(page, testCards.success);
  await expect(page.getByText("You're All Set!")).toBeVisible({ timeout: 20_000 });

  // Create a key: its secret is shown once, with a copy button.
  await page.goto('/account?tab=api-agent');
  await page.getByLabel('Key name').fill('E2E server');
  await page.getByRole('button', { name: 'Create key' }).click();
  const secretField = page.getByLabel('Secret key');
  await expect(secretField).toHaveValue(/^cnd_live_/);
  const secret = await secretField.inputValue();
  await page.getByRole('button', { name: 'Copy the api key' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByLabel('Secret key')).toHaveCount(0);
  const keys = page.getByRole('table', { name: 'Your API keys' });
  await expect(keys).toContainText(`…${secret.slice(-4)}`);
  await expect(keys).not.toContainText(secret);

  // The call, as curl makes it: the finished job and its report, no cookie handed out.
  const called = await callWithKey(secret);
  expect(called.status, JSON.stringify(called.body)).toBe(200);
  expect(called.body).toMatchObject({ object: 'job', tool: 'ai-detection', status: 'succeeded' });
  expect(called.body.result.words).toBeGreaterThan(40);
  expect(called.setCookie).toBeUndefined();

  // History lists it under its friendly name, marked as an API run with the key's name.
  await page.goto('/history');
  const row = page.getByRole('row').filter({ hasText: 'API · E2E server' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('AI');

  // Revoke: the next request is refused, in the API's error shape.
  await page.goto('/account?tab=api-agent');
  await page.getByRole('button', { name: 'Delete the key E2E server' }).click();
  await page.getByRole('button', { name: 'Delete key' }).click();
  await expect(page.getByText('Deleted the key “E2E server”')).toBeVisible();
  const refused = await callWithKey(secret);
  expect(refused.status).toBe(401);
  expect(refused.body.error).toMatchObject({ type: 'authentication_error', code: 'invalid_api_key' });
});

test('API docs: the reference renders from the OpenAPI document, with examples using the key prefix', async ({
  page,
}) => {
  // The renderer is a quarter of a megabyte parsed on demand: seconds on a busy machine.
  test.setTimeout(90_000);
  await createSignedInUser(page);
  await page.goto('/api-agent-doc');
  await expect(page.getByRole('heading', { name: 'API reference' })).toBeVisible();
  const curl = page.getByRole('region', { name: 'curl example' });
  await expect(curl).toContainText(`${e2eBaseUrl}/api/public/v1/ai-detection`);
  await expect(curl).toContainText('Authorization: Bearer cnd_live_');
  // The renderer arrives with this page and lists every tool's resource.
  await expect(page.locator('rapi-doc')).toBeAttached({ timeout: 40_000 });
  await expect
    .poll(async () => page.locator('rapi-doc').evaluate((el) => el.shadowRoot?.textContent ?? ''), { timeout: 40_000 })
    .toContain('/v1/document-redaction');
});
