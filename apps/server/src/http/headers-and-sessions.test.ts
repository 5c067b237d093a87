import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { authCookies, errorBodySchema } from '@candor/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../modules/auth/brute-force.js';
import { cards, paymentSteps } from '../modules/payment/payments.test-support.js';
import { signUpVerified, useTestApp } from '../test/app.js';
import { createPgliteDatabase, type TestDatabase } from '../test/databases.js';
import { describeOnEachRateLimitStore } from '../test/redis.js';

/**
 * Headers and sessions, checked by test (issue 31): the Content-Security-Policy allows no inline or eval'd script, the
 * session cookies carry their flags, every state-changing route that a cookie authenticates needs the CSRF token (read
 * from the server's own route table, so a new route is covered as it is added), and the sign-in brute-force limit is
 * one limit for every instance of a deployment.
 */

const SIGNIN = '/api/auth/users/signin';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cookie-carrying routes that change state without the CSRF token, each for a reason: before a session exists the
 * anonymous token still guards sign-up and sign-in, so only these are open. Adding one here is a security review.
 */
const CSRF_EXEMPT: Record<string, string> = {
  // The built-in checkout's own HTML forms: no script sets a header, so the token travels in a form field the route
  // checks itself (tested below).
  'POST /api/payment/v1/checkout/local/:sessionId/pay': 'csrf_token form field',
  'POST /api/payment/v1/checkout/local/:sessionId/confirm': 'csrf_token form field',
};

let database: TestDatabase | undefined;
beforeAll(async () => {
  database = await createPgliteDatabase();
});
afterAll(async () => {
  await database?.drop();
});
const theDatabase = () => {
  if (!database) throw new Error('the database is not ready');
  return database;
};

const directives = (response: LightMyRequestResponse) =>
  new Map(
    String(response.headers['content-security-policy'] ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );

describe('headers and sessions', () => {
  // An https deployment, as production runs: cookies must then be Secure.
  const t = useTestApp(theDatabase, { env: { PUBLIC_URL: 'https://candor.test' } });

  it("allows no inline, eval'd or foreign script on any kind of answer, and the app needs none", async () => {
    const client = t().client();
    const answers = [
      await client.get('/healthz'),
      await client.get('/auth/signin'),
      await client.get('/api/nowhere'),
      await client.get('/api/auth/users/info'),
      await client.get('/api/public/v1/tools'),
      await client.get('/api/public/openapi.json'),
    ];
    for (const response of answers) {
      const csp = directives(response);
      const scripts = csp.get('script-src') ?? csp.get('default-src');
      expect(scripts, response.body.slice(0, 80)).toBeDefined();
      for (const bad of [
        "'unsafe-inline'",
        "'unsafe-eval'",
        "'unsafe-hashes'",
        '*',
        'data:',
        'blob:',
        'http:',
        'https:',
      ])
        expect(scripts).not.toContain(bad);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.has('upgrade-insecure-requests')).toBe(true);
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    }
    // The page the CSP protects loads every script from a file: an inline one would be blocked.
    const page = readFileSync(path.resolve(import.meta.dirname, '../../../web/index.html'), 'utf8');
    const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/[^"]+"/);
      expect(body?.trim()).toBe('');
    }
    expect(page).not.toMatch(/\son[a-z]+=/i);
  });

  it('sets the session cookies HttpOnly, Secure and SameSite; only the CSRF tokens are readable by the page', async () => {
    const client = t().client();
    const { input } = await signUpVerified(t(), client);
    const signin = await t()
      .client()
      .prime()
      .then((fresh) => fresh.post(SIGNIN, { email: input.email, password: input.password }));
    expect(signin.statusCode).toBe(200);
    const cookies = new Map(signin.cookies.map((cookie) => [cookie.name, cookie]));
    for (const name of [authCookies.access, authCookies.refresh, DEVICE_COOKIE]) {
      expect(cookies.get(name), name).toMatchObject({ httpOnly: true, secure: true, path: '/' });
      expect(['Lax', 'Strict'], name).toContain(cookies.get(name)?.sameSite);
    }
    for (const name of [authCookies.csrfAccess, authCookies.csrfRefresh]) {
      expect(cookies.get(name)?.httpOnly, name).toBeFalsy();
      expect(cookies.get(name), name).toMatchObject({ secure: true });
      expect(['Lax', 'Strict'], name).toContain(cookies.get(name)?.sameSite);
    }
    // Every cookie the server ever set in this run is Secure.
    expect(signin.cookies.filter((cookie) => !cookie.secure)).toEqual([]);
  });

  it('refuses every state-changing cookie route without the CSRF token (from the route table)', async () => {
    const client = t().client();
    await signUpVerified(t(), client);
    const routes = t().app.registeredRoutes.filter((route) => UNSAFE.has(route.method));
    expect(routes.length).toBeGreaterThan(50);
    // The key-authenticated public API reads no cookie, so a forged cross-site request carries no credential.
    const cookieRoutes = routes.filter((route) => route.config.cookies !== false);
    const keyRoutes = routes.filter((route) => route.config.cookies === false);
    expect(keyRoutes.length).toBeGreaterThan(5);
    for (const route of keyRoutes) expect(route.config.csrf, route.url).toBe(false);
    expect(
      cookieRoutes.filter((route) => route.config.csrf === false).map((route) => `${route.method} ${route.url}`),
    ).toEqual(Object.keys(CSRF_EXEMPT));

    const open: string[] = [];
    for (const route of cookieRoutes.filter((candidate) => candidate.config.csrf !== false)) {
      const url = route.url.replace(/:\w+/g, randomUUID()).replace(/\*$/, 'probe');
      const method = route.method as 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      // No token at all, and a token of the other pair: both must be refused before the route runs.
      for (const csrf of ['none', route.config.csrf === 'refresh' ? 'access' : 'refresh'] as const) {
        const response = await client.request(method, url, {}, { csrf });
        const code = response.statusCode === 403 ? errorBodySchema.safeParse(response.json()).data?.error.code : null;
        if (code !== 'csrf_failed') open.push(`${route.method} ${route.url} (${csrf}) → ${response.statusCode}`);
      }
    }
    expect(open).toEqual([]);
    // The session survived every refusal.
    expect((await client.get('/api/auth/users/info')).statusCode).toBe(200);
  }, 120_000);

  it("takes no payment on the checkout's forms without their CSRF field, or with a forged one", async () => {
    const steps = paymentSteps(t);
    const { client } = await steps.signedIn();
    const { pagePath } = await steps.checkoutPacket(client, 'tokens-50k');
    for (const forged of ['', 'forged-token']) {
      const refused = await steps.pay(pagePath, cards.success, { csrf_token: forged });
      expect(refused.statusCode).toBe(303);
      expect(await steps.invoices(client)).toEqual([]);
    }
    expect((await steps.pay(pagePath, cards.success)).statusCode).toBe(303);
    expect(await steps.invoices(client)).toHaveLength(1);
  });
});

// Two instances of one deployment: one database, one Redis, the same secrets and key prefix.
describeOnEachRateLimitStore('the sign-in brute-force limit', (store) => {
  const LIMIT = 4;
  const deployment = {
    redis: store.redis,
    keyPrefix: `${store.keyPrefix}:bf2`,
    secrets: { jwtSecret: randomBytes(32).toString('hex'), vaultKey: randomBytes(32).toString('hex') },
    rateLimitRules: {
      perIp: { points: 1_000, durationSeconds: 900 },
      perAccount: { points: LIMIT, durationSeconds: 900 },
    },
  };
  const first = useTestApp(theDatabase, deployment);
  const second = useTestApp(theDatabase, deployment);

  it('is one limit across instances: guesses spread over both count together', async (context) => {
    // In memory each instance counts alone (a single-instance install); only Redis can share the count.
    if (!store.redis()) context.skip();
    const { input } = await signUpVerified(first(), first().client());
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT * 2; i++) {
      const app = i % 2 === 0 ? first() : second();
      const attacker = await app.client(`10.9.${i}.1`).prime();
      statuses.push((await attacker.post(SIGNIN, { email: input.email, password: `Wrong${i}x` })).statusCode);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), ...Array(LIMIT).fill(429)]);
    // The right password from a new browser is held on both instances until the window ends.
    for (const app of [first(), second()]) {
      const newcomer = await app.client('10.9.200.1').prime();
      expect((await newcomer.post(SIGNIN, { email: input.email, password: input.password })).statusCode).toBe(429);
    }
  });
});
