import { authCookies, errorBodySchema } from '@candor/contracts';
import { users } from '@candor/db';
import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { newSignup, signUpVerified, useTestApp } from '../test/app.js';
import { describeOnEachDatabase } from '../test/databases.js';

const expectCsrfFailure = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(403);
  expect(errorBodySchema.parse(response.json()).error.code).toBe('csrf_failed');
};

describeOnEachDatabase('CSRF protection', (database) => {
  const t = useTestApp(database);

  it('hands out an anonymous CSRF cookie on the first response, readable by the page', async () => {
    const response = await t().client().get('/api/auth/users/info');
    const cookie = response.cookies.find((c) => c.name === authCookies.csrfAccess);
    expect(cookie?.value.length).toBeGreaterThanOrEqual(32);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
    const again = await t()
      .client()
      .get('/healthz', { headers: { cookie: `${authCookies.csrfAccess}=abc` } });
    expect(again.cookies.find((c) => c.name === authCookies.csrfAccess)).toBeUndefined();
  });

  it('refuses sign-up and sign-in without the header, with a wrong one, or without the cookie', async () => {
    const { db } = t().database.handle;
    const [before] = await db.select({ n: count() }).from(users);
    const client = await t().client().prime();
    for (const url of ['/api/auth/users/signup', '/api/auth/users/signin']) {
      const body = newSignup();
      expectCsrfFailure(await client.post(url, body, { csrf: 'none' }));
      expectCsrfFailure(await client.post(url, body, { csrf: { value: 'guessed-token' } }));
      expectCsrfFailure(await client.post(url, body, { csrf: { value: '' } }));
      // A header without the matching cookie is what a cross-site form would send.
      const cookieless = t().client();
      const response = await cookieless.post(url, body, { csrf: { value: 'x'.repeat(43) } });
      expectCsrfFailure(response);
      // The refusal itself hands out a cookie, so a retry by the real page succeeds.
      expect(cookieless.jar.has(authCookies.csrfAccess)).toBe(true);
    }
    const [after] = await db.select({ n: count() }).from(users);
    expect(after).toEqual(before);
  });

  it('ties the header to the session token, so a planted cookie is not enough', async () => {
    const client = t().client();
    await signUpVerified(t(), client);
    const planted = client.clone();
    planted.jar.set(authCookies.csrfAccess, 'attacker-chosen-value');
    expectCsrfFailure(
      await planted.post('/api/auth/users/logout', undefined, { csrf: { value: 'attacker-chosen-value' } }),
    );
    expectCsrfFailure(await client.post('/api/auth/users/logout', undefined, { csrf: 'none' }));
    expectCsrfFailure(await client.post('/api/auth/users/logout', undefined, { csrf: { value: 'wrong' } }));
    expect((await client.get('/api/auth/users/info')).statusCode).toBe(200);
    expect((await client.post('/api/auth/users/logout')).statusCode).toBe(200);
  });

  it('guards refresh with the refresh pair: header, cookie and the refresh token claim', async () => {
    const client = t().client();
    await signUpVerified(t(), client);
    const refresh = '/api/auth/users/refresh';
    expectCsrfFailure(await client.post(refresh, undefined, { csrf: 'none' }));
    expectCsrfFailure(await client.post(refresh, undefined, { csrf: 'access' }));
    expectCsrfFailure(await client.post(refresh, undefined, { csrf: { value: 'wrong' } }));
    const planted = client.clone();
    planted.jar.set(authCookies.csrfRefresh, 'attacker-chosen-value');
    expectCsrfFailure(await planted.post(refresh, undefined, { csrf: { value: 'attacker-chosen-value' } }));
    // None of the refusals used up the token.
    expect((await client.post(refresh)).statusCode).toBe(200);
  });

  it('lets reads through without the header', async () => {
    const client = t().client();
    await signUpVerified(t(), client);
    expect((await client.get('/api/auth/users/info', { csrf: 'none' })).statusCode).toBe(200);
  });
});
