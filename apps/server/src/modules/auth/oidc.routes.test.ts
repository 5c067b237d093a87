import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  authCookies,
  errorBodySchema,
  oidcConfigSchema,
  oidcErrorCodes,
  oidcStartSchema,
  userInfoSchema,
} from '@candor/contracts';
import { identities, tokenAccounts, usedIdTokens, users } from '@candor/db';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt, decodeProtectedHeader, importJWK, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newSignup, signUpVerified, type TestClient, useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';
import { authorize, newSigningKey, startTestOidcProvider, type TestOidcProvider } from '../../test/oidc-provider.js';
import { DEVICE_COOKIE } from './brute-force.js';

const CONFIG = '/api/auth/oidc/config';
const START = '/api/auth/oidc/start';
const OIDC = '/api/auth/users/oidc';
const REDIRECT_URI = 'http://127.0.0.1:9/auth/oidc-callback';
const CLIENT = {
  client_id: 'candor-test',
  client_secret: 'candor-test-secret-0123456789',
  redirect_uris: [REDIRECT_URI],
};
const OTHER_CLIENT = {
  client_id: 'someone-else',
  client_secret: 'another-secret-0123456789',
  redirect_uris: [REDIRECT_URI],
};

let provider: TestOidcProvider;
/** Same keys, different issuer: its tokens verify against our JWKS but name the wrong issuer. */
let otherIssuer: TestOidcProvider;
let signingKey: JWK;
const env: Record<string, string> = {};

beforeAll(async () => {
  signingKey = await newSigningKey('test-key-1');
  provider = await startTestOidcProvider({ clients: [CLIENT, OTHER_CLIENT], keys: [signingKey] });
  otherIssuer = await startTestOidcProvider({ clients: [CLIENT], keys: [signingKey] });
  Object.assign(env, {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT.client_id,
    OIDC_CLIENT_SECRET: CLIENT.client_secret,
    OIDC_FLOW: 'code',
  });
});
afterAll(async () => {
  await provider?.close();
  await otherIssuer?.close();
});

function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorBodySchema.parse(response.json()).error.code).toBe(code);
}

const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const newLogin = (prefix = 'oidc') => `${prefix}.${randomUUID().slice(0, 8)}@example.test`;

describeOnEachDatabase('sign-in with an OpenID provider', (database) => {
  let offsetMs = 0;
  const t = useTestApp(database, { env, clock: () => new Date(Date.now() + offsetMs) });
  const db = () => t().database.handle.db;

  async function start(client: TestClient) {
    if (!client.jar.has(authCookies.csrfAccess)) await client.prime();
    const response = await client.post(START);
    expect(response.statusCode, response.body).toBe(200);
    return oidcStartSchema.parse(response.json());
  }

  /** Implicit flow: the provider hands the browser an ID token carrying our nonce. */
  async function idTokenFor(
    client: TestClient,
    login: string,
    options: { issuer?: string; clientId?: string; nonce?: string } = {},
  ) {
    const { nonce, state } = await start(client);
    const result = await authorize(
      options.issuer ?? provider.issuer,
      {
        client_id: options.clientId ?? CLIENT.client_id,
        response_type: 'id_token',
        response_mode: 'fragment',
        scope: 'openid profile email',
        redirect_uri: REDIRECT_URI,
        nonce: options.nonce ?? nonce,
        state,
      },
      login,
    );
    expect(result.state).toBe(state);
    if (!result.id_token) throw new Error(`no id_token: ${JSON.stringify(result)}`);
    return result.id_token;
  }

  /** Code flow with PKCE: the provider hands the browser a code; the server exchanges it. */
  async function codeFor(client: TestClient, login: string) {
    const { nonce, state } = await start(client);
    const { verifier, challenge } = pkcePair();
    const result = await authorize(
      provider.issuer,
      {
        client_id: CLIENT.client_id,
        response_type: 'code',
        scope: 'openid profile email',
        redirect_uri: REDIRECT_URI,
        nonce,
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      },
      login,
    );
    expect(result.state).toBe(state);
    if (!result.code) throw new Error(`no code: ${JSON.stringify(result)}`);
    return { code: result.code, redirect_uri: REDIRECT_URI, code_verifier: verifier };
  }

  async function counts() {
    const [u] = await db().select({ n: count() }).from(users);
    const [i] = await db().select({ n: count() }).from(identities);
    const [r] = await db().select({ n: count() }).from(usedIdTokens);
    return { users: u?.n, identities: i?.n, used: r?.n };
  }

  it('tells the SPA how to reach the provider', async () => {
    const response = await t().client().get(CONFIG);
    expect(response.statusCode).toBe(200);
    expect(oidcConfigSchema.parse(response.json())).toEqual({
      enabled: true,
      flow: 'code',
      client_id: CLIENT.client_id,
      issuer: provider.issuer,
      authorization_endpoint: `${provider.issuer}/auth`,
      is_google: false,
    });
  });

  it('implicit flow: a first sign-in creates a verified, password-less account with the free plan', async () => {
    const client = t().client();
    const login = newLogin('Implicit.Person');
    const response = await client.post(OIDC, { id_token: await idTokenFor(client, login) });
    expect(response.statusCode, response.body).toBe(200);
    const info = userInfoSchema.parse(response.json());
    expect(info).toMatchObject({
      email: login.toLowerCase(),
      is_verified: true,
      full_name: `Test ${login.split('@')[0]}`,
    });
    expect(info.username).toBe(login.split('@')[0]?.toLowerCase());
    expect(client.jar.has(authCookies.access)).toBe(true);
    // Like a password sign-in, it marks this browser as the owner's device (exempt from the account lock).
    expect(client.jar.has(DEVICE_COOKIE)).toBe(true);
    expect(response.cookies.find((c) => c.name === 'oidc_nonce')?.value).toBe('');

    const [row] = await db().select().from(users).where(eq(users.id, info.id));
    expect(row?.passwordHash).toBeNull();
    expect(await db().select().from(tokenAccounts).where(eq(tokenAccounts.userId, info.id))).toHaveLength(1);
    const links = await db().select().from(identities).where(eq(identities.userId, info.id));
    expect(links).toEqual([
      expect.objectContaining({ issuer: provider.issuer, subject: login, email: login.toLowerCase() }),
    ]);

    const me = await client.get('/api/auth/users/info');
    expect(me.statusCode).toBe(200);
    expect(userInfoSchema.parse(me.json()).id).toBe(info.id);
  });

  it('a first sign-in through a referral link credits both sides once; a later one credits nothing', async () => {
    const referrerClient = t().client();
    const { user: referrer } = await signUpVerified(t(), referrerClient);
    const balance = async (userId: string) =>
      (await db().select().from(tokenAccounts).where(eq(tokenAccounts.userId, userId)))[0]?.referralTokenBalance;

    const client = t().client();
    const login = newLogin('Referred');
    const first = await client.post(OIDC, {
      id_token: await idTokenFor(client, login),
      referrer_id: referrer.referral_code,
    });
    expect(first.statusCode, first.body).toBe(200);
    const referee = userInfoSchema.parse(first.json());
    expect([await balance(referrer.id), await balance(referee.id)]).toEqual([500, 500]);

    const again = await client.post(OIDC, {
      id_token: await idTokenFor(client, login),
      referrer_id: referrer.referral_code,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect([await balance(referrer.id), await balance(referee.id)]).toEqual([500, 500]);
  });

  it('code flow with PKCE: links to the existing account of the same verified e-mail, which keeps its password', async () => {
    const owner = t().client();
    const { input, user } = await signUpVerified(t(), owner);

    const client = t().client();
    const response = await client.post(OIDC, await codeFor(client, input.email));
    expect(response.statusCode, response.body).toBe(200);
    expect(userInfoSchema.parse(response.json()).id).toBe(user.id);
    expect(await db().select().from(identities).where(eq(identities.userId, user.id))).toHaveLength(1);

    // A second sign-in finds the account through the identity, without another link.
    const again = t().client();
    const second = await again.post(OIDC, await codeFor(again, input.email));
    expect(userInfoSchema.parse(second.json()).id).toBe(user.id);
    expect(await db().select().from(identities).where(eq(identities.userId, user.id))).toHaveLength(1);

    const signin = await t().client().prime();
    const byPassword = await signin.post('/api/auth/users/signin', { email: input.email, password: input.password });
    expect(byPassword.statusCode).toBe(200);
  });

  it('claims a pending sign-up of the same address and drops the password typed there', async () => {
    const squatter = await t().client().prime();
    const input = newSignup();
    expect((await squatter.post('/api/auth/users/signup', input)).statusCode).toBe(201);
    await t().smtp.nextCode(input.email);

    const client = t().client();
    const response = await client.post(OIDC, { id_token: await idTokenFor(client, input.email) });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.email, input.email));
    expect(row).toMatchObject({ isVerified: true, passwordHash: null });
    const byPassword = await squatter.post('/api/auth/users/signin', { email: input.email, password: input.password });
    expectError(byPassword, 401, 'invalid_credentials');
  });

  it('refuses a replayed ID token', async () => {
    const client = t().client();
    const idToken = await idTokenFor(client, newLogin());
    // A copy of the browser's cookies, nonce included: only the replay check stands in the way.
    const copy = client.clone();
    expect((await client.post(OIDC, { id_token: idToken })).statusCode).toBe(200);
    expectError(await copy.post(OIDC, { id_token: idToken }), 401, oidcErrorCodes.replayed);
    // Anyone else fails earlier: the nonce was issued to another browser.
    const thief = t().client();
    await start(thief);
    expectError(await thief.post(OIDC, { id_token: idToken }), 401, oidcErrorCodes.invalidToken);
  });

  it('refuses a token signed by another key (forged signature)', async () => {
    const client = t().client();
    const real = await idTokenFor(client, newLogin());
    const forger = await newSigningKey('test-key-1');
    const forged = await new SignJWT({ ...decodeJwt(real), email: 'victim@example.test' })
      .setProtectedHeader(decodeProtectedHeader(real) as { alg: string })
      .sign(await importJWK(forger, 'RS256'));
    const before = await counts();
    expectError(await client.post(OIDC, { id_token: forged }), 401, oidcErrorCodes.invalidToken);
    expect(await counts()).toEqual(before);
  });

  it('refuses an expired token', async () => {
    const client = t().client();
    const idToken = await idTokenFor(client, newLogin());
    offsetMs = 2 * 3_600_000;
    try {
      // The nonce cookie is stale by then too: issue a fresh one so only the token's expiry is at stake.
      await start(client);
      const response = await client.post(OIDC, { id_token: idToken });
      expectError(response, 401, oidcErrorCodes.invalidToken);
      expect(response.json().error.details).toEqual({ reason: 'ERR_JWT_EXPIRED' });
    } finally {
      offsetMs = 0;
    }
  });

  it('refuses a token for another client (wrong audience)', async () => {
    const client = t().client();
    const idToken = await idTokenFor(client, newLogin(), { clientId: OTHER_CLIENT.client_id });
    const response = await client.post(OIDC, { id_token: idToken });
    expectError(response, 401, oidcErrorCodes.invalidToken);
    expect(response.json().error.details).toEqual({ reason: 'ERR_JWT_CLAIM_VALIDATION_FAILED' });
  });

  it('refuses a token from another issuer, even one signed with a key we trust', async () => {
    const client = t().client();
    const idToken = await idTokenFor(client, newLogin(), { issuer: otherIssuer.issuer });
    expectError(await client.post(OIDC, { id_token: idToken }), 401, oidcErrorCodes.invalidToken);
  });

  it('refuses a token whose nonce is not the one issued to this browser', async () => {
    const client = t().client();
    const idToken = await idTokenFor(client, newLogin(), { nonce: 'a-nonce-someone-else-chose' });
    const response = await client.post(OIDC, { id_token: idToken });
    expectError(response, 401, oidcErrorCodes.invalidToken);
    expect(response.json().error.details).toEqual({ reason: 'nonce' });

    // A token minted for one browser's nonce is refused in another browser without that nonce cookie.
    const other = t().client();
    const stolen = await idTokenFor(other, newLogin());
    const victim = await t().client().prime();
    expectError(await victim.post(OIDC, { id_token: stolen }), 401, oidcErrorCodes.invalidToken);
  });

  it('refuses an account whose e-mail the provider has not verified', async () => {
    const client = t().client();
    const login = newLogin('unverified');
    const before = await counts();
    expectError(
      await client.post(OIDC, { id_token: await idTokenFor(client, login) }),
      403,
      oidcErrorCodes.emailNotVerified,
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses a wrong or reused authorization code', async () => {
    const client = t().client();
    await start(client);
    expectError(
      await client.post(OIDC, { code: 'not-a-real-code', redirect_uri: REDIRECT_URI }),
      401,
      oidcErrorCodes.invalidCode,
    );
    const exchange = await codeFor(client, newLogin());
    expect((await client.post(OIDC, exchange)).statusCode).toBe(200);
    const again = t().client();
    await start(again);
    expectError(await again.post(OIDC, exchange), 401, oidcErrorCodes.invalidCode);
    // A code needs its PKCE verifier.
    const third = t().client();
    const { code } = await codeFor(third, newLogin());
    expectError(await third.post(OIDC, { code, redirect_uri: REDIRECT_URI }), 401, oidcErrorCodes.invalidCode);
    // Google's popup redirect URI means nothing to any other issuer.
    expectError(await third.post(OIDC, { code, redirect_uri: 'postmessage' }), 401, oidcErrorCodes.invalidCode);
  });

  it('refuses a missing or wrong CSRF header, malformed and oversized input, and changes nothing', async () => {
    const client = t().client();
    const idToken = await idTokenFor(client, newLogin());
    const before = await counts();
    expectError(await client.post(OIDC, { id_token: idToken }, { csrf: 'none' }), 403, 'csrf_failed');
    expectError(await client.post(OIDC, { id_token: idToken }, { csrf: { value: 'wrong' } }), 403, 'csrf_failed');
    expectError(await client.post(START, undefined, { csrf: 'none' }), 403, 'csrf_failed');
    expectError(await client.post(OIDC, {}), 400, 'validation_failed');
    expectError(await client.post(OIDC, { id_token: 42 }), 400, 'validation_failed');
    expectError(
      await client.post(OIDC, { id_token: idToken, code: 'x', redirect_uri: REDIRECT_URI }),
      400,
      'validation_failed',
    );
    expectError(await client.post(OIDC, { id_token: 'x'.repeat(9000) }), 400, 'validation_failed');
    expectError(
      await client.post(OIDC, { code: 'c', redirect_uri: REDIRECT_URI, code_verifier: 'short' }),
      400,
      'validation_failed',
    );
    expectError(await client.post(OIDC, { id_token: 'not.a.jwt' }), 401, oidcErrorCodes.invalidToken);
    expect(await counts()).toEqual(before);
    // The token is still good: none of the refusals used it up.
    expect((await client.post(OIDC, { id_token: idToken })).statusCode).toBe(200);
  });
});

describeOnEachDatabase('sign-in with an OpenID provider, not configured', (database) => {
  const t = useTestApp(database);

  it('reports the feature off and refuses its endpoints with 503', async () => {
    const client = await t().client().prime();
    const config = oidcConfigSchema.parse((await client.get(CONFIG)).json());
    expect(config).toMatchObject({ enabled: false, client_id: null, is_google: true, flow: 'code' });
    expectError(await client.post(START), 503, oidcErrorCodes.notConfigured);
    expectError(await client.post(OIDC, { id_token: 'a.b.c' }), 503, oidcErrorCodes.notConfigured);
  });
});

describeOnEachDatabase('sign-in with an OpenID provider, rate limits', (database) => {
  const t = useTestApp(database, {
    env,
    rateLimitRules: {
      perIp: { points: 3, durationSeconds: 900 },
      perAccount: { points: 100, durationSeconds: 900 },
    },
  });

  it('limits attempts per IP address like sign-in does', async () => {
    const client = await t().client('203.0.113.7').prime();
    for (let i = 0; i < 3; i++)
      expectError(await client.post(OIDC, { id_token: 'not.a.jwt' }), 401, oidcErrorCodes.invalidToken);
    const limited = await client.post(OIDC, { id_token: 'not.a.jwt' });
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await t().client('203.0.113.8').prime();
    expectError(await other.post(OIDC, { id_token: 'not.a.jwt' }), 401, oidcErrorCodes.invalidToken);
  });
});
