import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe } from 'vitest';
import { readTestSettings } from '../config/env.js';

export interface StoreContext {
  /** The Redis client, or undefined for the in-memory store. */
  redis(): Redis | undefined;
  /** A key prefix nobody else uses; its keys are deleted after the suite. */
  keyPrefix: string;
}

async function deleteKeys(redis: Redis, prefix: string) {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** Deletes every key under `prefix` in the Redis at `url` (a suite's own namespace, after the suite). */
export async function deleteKeysAt(url: string, prefix: string) {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    await deleteKeys(redis, prefix);
  } finally {
    await redis.quit();
  }
}

/** Runs `body` with the in-memory store and, when REDIS_URL is set (required when CI=true), with Redis. */
export function describeOnEachRateLimitStore(title: string, body: (store: StoreContext) => void): void {
  const { redisUrl, ci } = readTestSettings();
  if (!redisUrl && ci) throw new Error('CI=true but REDIS_URL is not set: the Redis rate-limit tests must run in CI');

  describe(`${title} in memory`, () => body({ redis: () => undefined, keyPrefix: `candor-test:${randomUUID()}` }));

  if (!redisUrl) {
    describe.skip(`${title} in Redis (skipped: no REDIS_URL)`, () =>
      body({ redis: () => undefined, keyPrefix: 'unused' }));
    return;
  }
  describe(`${title} in Redis`, () => {
    const keyPrefix = `candor-test:${randomUUID()}`;
    let client: Redis | undefined;
    beforeAll(async () => {
      client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      await client.ping();
    });
    afterAll(async () => {
      if (!client) return;
      await deleteKeys(client, keyPrefix);
      await client.quit();
    });
    body({
      redis: () => {
        if (!client) throw new Error('Redis is not connected yet');
        return client;
      },
      keyPrefix,
    });
  });
}

/** Keys under `prefix` currently in Redis (to check that clean-up and namespacing work). */
export async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  return redis.keys(`${prefix}*`);
}
