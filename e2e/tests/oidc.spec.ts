import type { Page, Route } from '@playwright/test';
import { e2eBaseUrl } from '../env.mjs';
import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/users';

// "Continue with …" against the local OpenID provider that serve.mjs starts in Google's place (code flow by
// default). The implicit flow runs on the same server: the SPA takes the flow from oidc/config, which the test
// rewrites; the server accepts either kind of answer and verifies both.

const continueButton = (page: Page) => page.getByRole('button', { name: /^Continue with 127\.0\.0\.1:\d+$/ });

/** The provider's development login (any login is accepted) and consent pages. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function userInfo(page: Page) {
  const response = await page.context().request.get('/api/auth/users/info');
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: string; email: string; is_verified: boolean; full_name: string };
}

/** Rewrites the server's oidc/config answer for this page. */
async function overrideConfig(page: Page, changes: Record<string, unknown>) {
  await page.route('**/api/auth/oidc/config', async (route: Route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), ...changes } });
  });
}

const newLogin = () => `sso.${Math.random().toString(36).slice(2, 10)}@example.test`;

test('code flow: a first sign-in creates a verified account and lands on /', async ({ page }) => {
  const login = newLogin();
  await page.goto('/auth/signin');
  await continueButton(page).click();
  await expect(page).toHaveURL((url) => url.origin !== e2eBaseUrl);
  await signInAtProvider(page, login);
  await expect(page).toHaveURL(`${e2eBaseUrl}/`);
  const me = await userInfo(page);
  expect(me).toMatchObject({ email: login, is_verified: true, full_name: `Test ${login.split('@')[0]}` });
});

test('implicit flow from the sign-up screen keeps the redirect target across the round trip', async ({ page }) => {
  await overrideConfig(page, { flow: 'implicit' });
  const login = newLogin();
  await page.goto('/auth/signup?redirect=%2Fhistory');
  await continueButton(page).click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('response_type') === 'id_token' || url.pathname.startsWith('/interaction'),
  );
  await signInAtProvider(page, login);
  await expect(page).toHaveURL((url) => url.origin === e2eBaseUrl && url.pathname === '/history');
  // No token is left in the address bar.
  expect(new URL(page.url()).hash).toBe('');
  expect((await userInfo(page)).email).toBe(login);
});

test('a sign-in with the e-mail of an existing account links to that account', async ({ page }) => {
  const user = await createSignedInUser(page);
  const { id } = await userInfo(page);
  await page.context().clearCookies();

  await page.goto('/auth/signin');
  await continueButton(page).click();
  await signInAtProvider(page, user.email);
  await expect(page).toHaveURL(`${e2eBaseUrl}/`);
  expect((await userInfo(page)).id).toBe(id);

  // And again, in a fresh browser: the same account, found through the linked identity.
  await page.context().clearCookies();
  await page.goto('/auth/signin');
  await continueButton(page).click();
  await signInAtProvider(page, user.email);
  await expect(page).toHaveURL(`${e2eBaseUrl}/`);
  expect((await userInfo(page)).id).toBe(id);
});

test('with Google configured but its script unreachable, the button is disabled and says why', async ({ page }) => {
  await overrideConfig(page, { is_google: true, issuer: 'https://accounts.google.com' });
  await page.route('https://accounts.google.com/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/auth/signin');
  const button = page.getByRole('button', { name: 'Continue with Google' });
  await expect(button).toBeDisabled();
  await expect(page.getByText('Google sign-in could not be loaded')).toBeVisible();
  // Nothing else breaks: the e-mail form still signs in.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
});

test('without a client id the button explains that the provider is not configured', async ({ page }) => {
  await overrideConfig(page, {
    enabled: false,
    client_id: null,
    is_google: true,
    issuer: 'https://accounts.google.com',
  });
  await page.goto('/auth/signin');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  await expect(page.getByText('Sign-in with Google is not configured on this server.')).toBeVisible();
});
