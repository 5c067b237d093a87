import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createPgliteDatabase, type TestDatabase } from '../../test/databases.js';
import { createKey, expectPublicError, giveApiRate, keyRequest } from '../../test/public-api.js';
import { describeOnEachRateLimitStore } from '../../test/redis.js';
import { newUser } from '../../test/tool-runs.js';

describeOnEachRateLimitStore('per-key rate limits across instances', (store) => {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createPgliteDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  const shared = () => {
    if (!database) throw new Error('no database');
    return database;
  };
  // Two instances of one deployment: one database, one rate-limit namespace (Redis, when there is one).
  const first = useTestApp(shared, { redis: store.redis, keyPrefix: store.keyPrefix });
  const second = useTestApp(shared, { redis: store.redis, keyPrefix: store.keyPrefix });

  it('counts one minute per key, shared by every instance when the counters are in Redis', async () => {
    const { client, userId } = await newUser(first());
    await giveApiRate(first(), userId, 4);
    const { secret } = await createKey(client);
    const instances = store.redis() ? [first(), second()] : [first()];
    const remaining: string[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await keyRequest(
        instances[i % instances.length] as ReturnType<typeof first>,
        'GET',
        '/v1/balance',
        secret,
      );
      expect(response.statusCode, response.body).toBe(200);
      remaining.push(String(response.headers['x-ratelimit-remaining']));
    }
    expect(remaining).toEqual(['3', '2', '1', '0']);
    for (const instance of instances) {
      const limited = await keyRequest(instance, 'GET', '/v1/balance', secret);
      expectPublicError(limited, 429, 'rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
