import { authCookies, errorBodySchema } from '@candor/contracts';
import { users } from '@candor/db';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { signUpVerified, useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';

const INFO = '/api/auth/users/info';
const REFRESH = '/api/auth/users/refresh';

const expectError = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorBodySchema.parse(response.json()).error.code).toBe(code);
};

describeOnEachDatabase('session lifetimes', (database) => {
  let offsetMs = 0;
  const t = useTestApp(database, {
    env: { ACCESS_TOKEN_TTL_SECONDS: '60', REFRESH_TOKEN_TTL_SECONDS: '3600' },
    clock: () => new Date(Date.now() + offsetMs),
  });
  const later = (seconds: number) => {
    offsetMs += seconds * 1000;
  };

  it('answers 401 once the access token expires, and a refresh brings the session back', async () => {
    offsetMs = 0;
    const client = t().client();
    await signUpVerified(t(), client);
    later(61);
    expectError(await client.get(INFO), 401, 'unauthenticated');
    expect((await client.post(REFRESH)).statusCode).toBe(200);
    expect((await client.get(INFO)).statusCode).toBe(200);
  });

  it('ends the session when the refresh token expires, clearing its cookies', async () => {
    offsetMs = 0;
    const client = t().client();
    await signUpVerified(t(), client);
    later(3601);
    expectError(await client.post(REFRESH), 401, 'unauthenticated');
    expect(client.jar.has(authCookies.refresh)).toBe(false);
  });

  it('signs out with an expired access token and revokes the family', async () => {
    offsetMs = 0;
    const client = t().client();
    await signUpVerified(t(), client);
    const copy = client.clone();
    later(61);
    expect((await client.post('/api/auth/users/logout')).statusCode).toBe(200);
    expectError(await copy.post(REFRESH), 401, 'refresh_token_reused');
  });

  it('refuses a refresh token presented as an access token', async () => {
    offsetMs = 0;
    const client = t().client();
    await signUpVerified(t(), client);
    const forged = client.clone();
    forged.jar.set(authCookies.access, client.jar.get(authCookies.refresh) ?? '');
    expectError(await forged.get(INFO), 401, 'unauthenticated');
  });

  it('answers 401 when the signed-in user no longer exists, within seconds', async () => {
    offsetMs = 0;
    const client = t().client();
    const { user } = await signUpVerified(t(), client);
    expect((await client.get(INFO)).statusCode).toBe(200);
    // Deleted behind the app's back: the short session cache may answer for a few seconds, not longer.
    await t().database.handle.db.delete(users).where(eq(users.id, user.id));
    later(6);
    expectError(await client.get(INFO), 401, 'unauthenticated');
    expectError(await client.post(REFRESH), 401, 'unauthenticated');
  });
});
