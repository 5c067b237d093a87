import { errorBodySchema } from '@candor/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, useTestApp } from '../test/app.js';
import { createPgliteDatabase, type TestDatabase } from '../test/databases.js';
import { describeOnEachRateLimitStore, keysUnder } from '../test/redis.js';
import { AppError } from './errors.js';
import { createLimiter } from './rate-limit.js';

const SIGNIN = '/api/auth/users/signin';

function expectRateLimited(response: LightMyRequestResponse, maxSeconds: number) {
  expect(response.statusCode, response.body).toBe(429);
  expect(errorBodySchema.parse(response.json()).error.code).toBe('rate_limited');
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describeOnEachRateLimitStore('rate limits', (store) => {
  it('allow the configured attempts, then refuse with 429 and Retry-After until reset', async () => {
    const keyPrefix = `${store.keyPrefix}:unit`;
    const limiter = createLimiter('unit', { points: 2, durationSeconds: 60 }, { redis: store.redis(), keyPrefix });
    await limiter.consume('alice');
    await limiter.consume('alice');
    const refused = await limiter.consume('alice').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    const error = refused as AppError;
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Number(error.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect(Number(error.headers['retry-after'])).toBeLessThanOrEqual(60);
    await expect(limiter.consume('bob')).resolves.toBeUndefined();
    await limiter.reset('alice');
    await expect(limiter.consume('alice')).resolves.toBeUndefined();
    const redis = store.redis();
    if (redis) expect((await keysUnder(redis, keyPrefix)).length).toBeGreaterThan(0);
  });

  describe('on the auth endpoints', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createPgliteDatabase();
    });
    afterAll(async () => {
      await database.drop();
    });
    const t = useTestApp(() => database, {
      redis: store.redis,
      keyPrefix: `${store.keyPrefix}:app`,
      rateLimitRules: {
        perIp: { points: 8, durationSeconds: 900 },
        perAccount: { points: 3, durationSeconds: 900 },
      },
    });

    it('limit sign-in attempts per account; a successful sign-in starts the count again', async () => {
      const { input } = await signUpVerified(t(), t().client('10.0.0.1'));
      const client = await t().client('10.0.0.2').prime();
      const wrong = { email: input.email, password: 'Wrong999' };
      expect((await client.post(SIGNIN, wrong)).statusCode).toBe(401);
      expect((await client.post(SIGNIN, wrong)).statusCode).toBe(401);
      expect((await client.post(SIGNIN, { email: input.email, password: input.password })).statusCode).toBe(200);
      // Without the device cookie the sign-in earned, this browser is an unknown device (see brute-force.test.ts).
      client.jar.delete('device_token');
      expect((await client.post(SIGNIN, wrong)).statusCode).toBe(401);
      expect((await client.post(SIGNIN, wrong)).statusCode).toBe(401);
      expect((await client.post(SIGNIN, wrong)).statusCode).toBe(401);
      // The fourth attempt since the reset is one too many, from any address and in any spelling.
      expectRateLimited(await client.post(SIGNIN, wrong), 900);
      const elsewhere = await t().client('10.0.0.3').prime();
      expectRateLimited(
        await elsewhere.post(SIGNIN, { email: input.email.toUpperCase(), password: input.password }),
        900,
      );
    });

    it('limit attempts per IP address across accounts', async () => {
      const client = await t().client('10.0.1.1').prime();
      for (let i = 0; i < 8; i++) {
        const response = await client.post(SIGNIN, { email: `nobody${i}@example.test`, password: 'Wrong999' });
        expect(response.statusCode).toBe(401);
      }
      expectRateLimited(await client.post(SIGNIN, { email: 'nobody9@example.test', password: 'Wrong999' }), 900);
      const neighbour = await t().client('10.0.1.2').prime();
      expect((await neighbour.post(SIGNIN, { email: 'nobody9@example.test', password: 'Wrong999' })).statusCode).toBe(
        401,
      );
    });

    it('limit code guessing on verify-account per account', async () => {
      const client = await t().client('10.0.2.1').prime();
      const email = 'guess.target@example.test';
      for (let i = 0; i < 3; i++) {
        const response = await client.post('/api/auth/users/verify-account', { email, code: '123456' });
        expect(response.statusCode).toBe(400);
      }
      expectRateLimited(await client.post('/api/auth/users/verify-account', { email, code: '123456' }), 900);
    });
  });
});

describe('rate limits with Redis unreachable', () => {
  it('keep limiting in this process instead of letting everything through', async () => {
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    redis.on('error', () => {});
    try {
      const limiter = createLimiter(
        'offline',
        { points: 1, durationSeconds: 30 },
        { redis, keyPrefix: 'offline-test' },
      );
      await limiter.consume('carol');
      await expect(limiter.consume('carol')).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
    } finally {
      redis.disconnect();
    }
  });
});
