import { errorBodySchema } from '@candor/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSignup, signUpVerified, type TestClient, useTestApp } from '../../test/app.js';
import { createPgliteDatabase, type TestDatabase } from '../../test/databases.js';
import { describeOnEachRateLimitStore } from '../../test/redis.js';
import { createDeviceTokens, DEVICE_COOKIE, DEVICE_COOKIE_TTL_SECONDS } from './brute-force.js';

const SIGNIN = '/api/auth/users/signin';
const SIGNUP = '/api/auth/users/signup';
const VERIFY = '/api/auth/users/verify-account';
const RESEND = '/api/auth/users/resend-otp';
const INFO = '/api/auth/users/info';
const GUESSES = 1_000;
/** Failures an account (or a known device) may have per window in these tests. */
const LIMIT = 5;
const WINDOW_SECONDS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const statusCounts = (responses: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

describe('device tokens', () => {
  let now = new Date('2026-01-01T00:00:00Z');
  const tokens = createDeviceTokens({ secret: 'x'.repeat(32), clock: () => now });
  const other = createDeviceTokens({ secret: 'y'.repeat(32), clock: () => now });

  it('verify only untampered tokens of this secret, within their lifetime', () => {
    const token = tokens.sign({ userId: 'u1', deviceId: 'd1' });
    expect(tokens.verify(token)).toEqual({ userId: 'u1', deviceId: 'd1' });
    expect(other.verify(token)).toBeNull();
    expect(tokens.verify(token.replace('u1', 'u2'))).toBeNull();
    expect(tokens.verify(`${token}x`)).toBeNull();
    expect(tokens.verify('v1.u1.d1.0')).toBeNull();
    expect(tokens.verify(undefined)).toBeNull();
    expect(tokens.verify('a'.repeat(1_000))).toBeNull();
    now = new Date(now.getTime() + (DEVICE_COOKIE_TTL_SECONDS + 1) * 1000);
    expect(tokens.verify(token)).toBeNull();
  });
});

// One database for both stores: the accounts are unique per test and the counters live under each store's prefix.
let database: TestDatabase;
beforeAll(async () => {
  database = await createPgliteDatabase();
}, 180_000);
afterAll(async () => {
  await database.drop();
});

describeOnEachRateLimitStore('brute-force protection', (store) => {
  const t = useTestApp(() => database, {
    redis: store.redis,
    keyPrefix: `${store.keyPrefix}:bf`,
    env: { OTP_RESEND_COOLDOWN_SECONDS: '0' },
    rateLimitRules: {
      perIp: { points: 20, durationSeconds: 900 },
      perAccount: { points: LIMIT, durationSeconds: WINDOW_SECONDS },
    },
  });

  /** One attacker request per address: `count` clients with the anonymous CSRF cookie of one primed client. */
  async function attackers(count: number): Promise<TestClient[]> {
    const primed = await t().client('198.51.100.1').prime();
    return Array.from({ length: count }, (_, i) => {
      const client = t().client(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
      for (const [name, value] of primed.jar) client.jar.set(name, value);
      return client;
    });
  }

  /** Sends in parallel waves, like a botnet would. */
  async function flood(
    clients: TestClient[],
    send: (client: TestClient, i: number) => Promise<LightMyRequestResponse>,
  ) {
    const responses: LightMyRequestResponse[] = [];
    for (let i = 0; i < clients.length; i += 100) {
      const wave = clients.slice(i, i + 100);
      responses.push(...(await Promise.all(wave.map((client, j) => send(client, i + j)))));
    }
    return responses;
  }

  it(`locks unknown devices out after ${GUESSES} wrong passwords from as many addresses; the owner's device still signs in`, async () => {
    const owner = await t().client('192.0.2.10').prime();
    const { input } = await signUpVerified(t(), owner);
    const signin = await owner.post(SIGNIN, { email: input.email, password: input.password });
    expect(signin.statusCode).toBe(200);
    const cookie = signin.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(cookie?.maxAge).toBe(DEVICE_COOKIE_TTL_SECONDS);

    const responses = await flood(await attackers(GUESSES), (client, i) =>
      client.post(SIGNIN, { email: i % 2 ? input.email : input.email.toUpperCase(), password: `Wrong${i}x` }),
    );
    // Exactly LIMIT guesses reached the password check; every other one was refused before it.
    expect(statusCounts(responses)).toEqual({ 401: LIMIT, 429: GUESSES - LIMIT });
    const refused = responses.find((r) => r.statusCode === 429);
    expect(errorBodySchema.parse(refused?.json()).error.code).toBe('rate_limited');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(WINDOW_SECONDS);

    // The right password from an unknown device is refused too: the lock is on the account, not the guess.
    const newDevice = await t().client('192.0.2.99').prime();
    const locked = await newDevice.post(SIGNIN, { email: input.email, password: input.password });
    expect(locked.statusCode).toBe(429);

    // The owner's browser has the account's device cookie: its own counter, untouched by the flood.
    expect((await owner.post(SIGNIN, { email: input.email, password: 'NotMine1' })).statusCode).toBe(401);
    const ownerSignin = await owner.post(SIGNIN, { email: input.email, password: input.password });
    expect(ownerSignin.statusCode, ownerSignin.body).toBe(200);
    expect((await owner.get(INFO)).statusCode).toBe(200);

    // A stolen-looking cookie of another account doesn't count as a known device of this one.
    const { input: mallory } = await signUpVerified(t(), await t().client('192.0.2.66').prime());
    const malloryClient = await t().client('192.0.2.67').prime();
    expect((await malloryClient.post(SIGNIN, { email: mallory.email, password: mallory.password })).statusCode).toBe(
      200,
    );
    expect((await malloryClient.post(SIGNIN, { email: input.email, password: input.password })).statusCode).toBe(429);

    // Once the window has passed, the new device gets in with the right password.
    await sleep(Number(locked.headers['retry-after']) * 1000 + 300);
    const later = await newDevice.post(SIGNIN, { email: input.email, password: input.password });
    expect(later.statusCode, later.body).toBe(200);
  }, 60_000);

  it(`stops ${GUESSES} wrong codes from as many addresses; the owner verifies with a new code after the window`, async () => {
    const owner = await t().client('192.0.2.20').prime();
    const input = newSignup();
    expect((await owner.post(SIGNUP, input)).statusCode).toBe(201);
    const code = await t().smtp.nextCode(input.email);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

    const responses = await flood(await attackers(GUESSES), (client, i) =>
      client.post(VERIFY, { email: input.email, code: wrong(i) }),
    );
    const counts = statusCounts(responses);
    // At most LIMIT guesses per window reach the code, and a code dies after 5 wrong ones.
    expect(counts[429]).toBe(GUESSES - LIMIT);
    expect(counts[400]).toBe(LIMIT);
    expect(counts[200]).toBeUndefined();

    const early = await owner.post(VERIFY, { email: input.email, code });
    expect(early.statusCode).toBe(429);
    await sleep(Number(early.headers['retry-after']) * 1000 + 300);
    // The guessed-at code is spent; a new one works.
    expect(errorBodySchema.parse((await owner.post(VERIFY, { email: input.email, code })).json()).error.code).toBe(
      'otp_exhausted',
    );
    expect((await owner.post(RESEND, { email: input.email })).statusCode).toBe(200);
    const fresh = await t().smtp.nextCode(input.email);
    const verified = await owner.post(VERIFY, { email: input.email, code: fresh });
    expect(verified.statusCode, verified.body).toBe(200);
  }, 60_000);
});
