import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createPgliteDatabase, type TestDatabase } from '../../test/databases.js';
import { describeOnEachRateLimitStore, keysUnder } from '../../test/redis.js';
import { cards, paymentSteps } from './payments.test-support.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createPgliteDatabase();
});
afterAll(async () => {
  await database.drop();
});

// The checkout page's state after a post lives where the rate limits do: with Redis, every instance sees it.
describeOnEachRateLimitStore('the local checkout page after a form post', (store) => {
  // Two instances of one deployment: one database, one Redis, the same session secrets.
  const deployment = {
    redis: store.redis,
    keyPrefix: store.keyPrefix,
    secrets: { jwtSecret: randomBytes(32).toString('hex'), vaultKey: randomBytes(32).toString('hex') },
  };
  const first = useTestApp(() => database, deployment);
  const second = useTestApp(() => database, deployment);
  const steps = paymentSteps(first);

  it('shows the 3-D Secure step at its GET address and forgets it once answered', async () => {
    const { client } = await steps.signedIn();
    const { session, pagePath } = await steps.checkoutPacket(client, 'tokens-50k');
    const challenge = await steps.pay(pagePath, cards.confirmation);
    expect(challenge.statusCode).toBe(303);
    expect(challenge.headers.location).toBe(`${pagePath}/confirm`);

    const page = await steps.page(`${pagePath}/confirm`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirm this payment');
    const redis = store.redis();
    if (redis) {
      expect(await keysUnder(redis, store.keyPrefix)).toContain(
        `${store.keyPrefix}:local-checkout:${session.session_id}`,
      );
      // Another instance behind the same load balancer shows the same step.
      const sameBrowserOnSecond = client.clone(second().app);
      expect((await sameBrowserOnSecond.get(`${pagePath}/confirm`)).body).toContain('Confirm this payment');
    }

    expect((await steps.confirm(pagePath, 'approve')).headers.location).toContain('/payment-confirmation/success');
    expect((await steps.balance(client)).token_balance).toBe(50_000);
    if (redis) expect(await keysUnder(redis, `${store.keyPrefix}:local-checkout:${session.session_id}`)).toEqual([]);
  });
});
