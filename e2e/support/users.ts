import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { readLatestCode } from './mail';

export interface TestUser {
  fullName: string;
  email: string;
  password: string;
}

export const newUser = (overrides: Partial<TestUser> = {}): TestUser => ({
  fullName: 'Ada Lovelace',
  email: `ada.${randomUUID().slice(0, 8)}@example.test`,
  password: 'Engine42',
  ...overrides,
});

async function csrfToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'csrf_access_token');
  if (!cookie) throw new Error('the server set no csrf_access_token cookie');
  return cookie.value;
}

/** Signs a new user up and verifies them through the API; the page's browser context ends up signed in. */
export async function createSignedInUser(page: Page, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = newUser(overrides);
  const request = page.context().request;
  await request.get('/api/auth/users/info');
  const signup = await request.post('/api/auth/users/signup', {
    headers: { 'X-CSRF-TOKEN': await csrfToken(page.context()) },
    data: { full_name: user.fullName, email: user.email, password: user.password, terms_conditions_aggreed: true },
  });
  if (signup.status() !== 201) throw new Error(`sign-up failed: ${signup.status()} ${await signup.text()}`);
  const code = await readLatestCode(user.email);
  const verify = await request.post('/api/auth/users/verify-account', {
    headers: { 'X-CSRF-TOKEN': await csrfToken(page.context()) },
    data: { email: user.email, code },
  });
  if (verify.status() !== 200) throw new Error(`verification failed: ${verify.status()} ${await verify.text()}`);
  return user;
}
