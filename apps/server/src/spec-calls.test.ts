import { apiKeyCreatedSchema, checkoutSessionSchema, historyListSchema, tokenStatsSchema } from '@candor/contracts';
import { jobSnapshotSchema } from '@candor/contracts/tools';
import { expect, it } from 'vitest';
import { servicePrefixes } from './app.js';
import { createLicencesRepository } from './modules/auth/licences.repository.js';
import { createLicencesService } from './modules/auth/licences.service.js';
import { cards, paymentSteps } from './modules/payment/payments.test-support.js';
import { useTestApp } from './test/app.js';
import { describeOnEachDatabase } from './test/databases.js';
import { giveApiRate } from './test/public-api.js';
import { followToEnd, newUser } from './test/tool-runs.js';

/**
 * Every call of the spec's §7, written exactly as §7 writes it (empty optional parameters included), from a client
 * that sends cookies and the CSRF header the way the spec's client does: the spec's own client must work unchanged.
 */
type Service = keyof typeof servicePrefixes;
type Call = [method: 'GET' | 'POST' | 'DELETE', service: Service, path: string, expected: number, body?: unknown];

const today = () => new Date().toISOString().slice(0, 10);

describeOnEachDatabase('the calls of spec §7, as written', (database) => {
  const t = useTestApp(database);

  it('each answers its success to a signed-in user, with empty optional parameters taken as absent', async () => {
    const { client, userId } = await newUser(t());
    await giveApiRate(t(), userId, 1_000);
    const started = await client.post('/api/detector/v1/tools/writing-analysis/jobs', {
      text: 'The committee wrote the report, and the plan is clear to everyone who read it.',
    });
    const historyId = (await followToEnd(client, jobSnapshotSchema.parse(started.json()).job_id)).at(-1)?.history_id;
    const [code] = await createLicencesService({
      repo: createLicencesRepository(t().database.handle.db),
      clock: () => new Date(),
    }).createCodes(1, 1, 'spec-calls');

    // The refresh goes last: it rotates the cookies the other calls send.
    const calls: Call[] = [
      ['GET', 'auth', 'users/info', 200],
      ['GET', 'auth', 'services/cancellation-reasons/?source=account_delete', 200],
      ['GET', 'payment', 'v1/plans/my_plan', 200],
      ['GET', 'payment', 'v1/plans/', 200],
      ['GET', 'payment', 'v1/api-services/my-subscription', 200],
      ['GET', 'payment', 'v1/api-services/subscriptions-types', 200],
      [
        'POST',
        'payment',
        'v1/payments/plan-checkout-session/ai-detector-pro-yearly?subscription_type=&coupon_code=',
        200,
      ],
      ['GET', 'payment', 'v1/token-packets/', 200],
      ['GET', 'payment', 'v1/token-packets/tokens-50k', 200],
      ['GET', 'detector', 'ai-detector/get-token-stats?from_date=&to_date=', 200],
      ['GET', 'detector', 'ai-detector/model-coefficient-values', 200],
      ['GET', 'detector', 'ai-detector/user-token-balance/', 200],
      ['GET', 'detector', 'v2/ai-detector/user-history/?page=&per_page=&model_names=', 200],
      ['GET', 'detector', `v2/ai-detector/user-history/${historyId}`, 200],
      ['GET', 'governance', 'entities', 200],
      ['GET', 'governance', 'llms', 200],
      ['GET', 'governance', 'my-chats', 200],
      ['GET', 'governance', 'my-tokens', 200],
      ['GET', 'governance', 'gcp/pii/full_policy_list', 200],
      ['GET', 'governance', 'gcp/pii/full_entity_list', 200],
      ['GET', 'api', 'v1/my-api-keys/', 200],
      ['POST', 'api', 'v1/my-api-keys/', 201, { name: 'spec client' }],
      ['POST', 'auth', 'appsumo/license-activation', 200, { appsumo_code: code }],
      ['POST', 'auth', 'users/refresh', 200],
    ];
    const answers = new Map<string, unknown>();
    for (const [method, service, path, expected, body] of calls) {
      const response = await client.request(method, `${servicePrefixes[service]}/${path}`, body);
      expect(response.statusCode, `${method} ${service} ${path} → ${response.body}`).toBe(expected);
      answers.set(path, response.json());
    }
    expect(
      checkoutSessionSchema.parse(
        answers.get('v1/payments/plan-checkout-session/ai-detector-pro-yearly?subscription_type=&coupon_code='),
      ).checkout_url,
    ).toContain('/checkout/local/');
    expect(tokenStatsSchema.parse(answers.get('ai-detector/get-token-stats?from_date=&to_date=')).to_date).toBe(
      today(),
    );
    expect(
      historyListSchema.parse(answers.get('v2/ai-detector/user-history/?page=&per_page=&model_names=')).pagination,
    ).toMatchObject({ page: 1, per_page: 20 });

    const key = apiKeyCreatedSchema.parse(answers.get('v1/my-api-keys/'));
    const deleted = await client.request('DELETE', `${servicePrefixes.api}/v1/my-api-keys/${key.key.id}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    // Cancelling needs a paid subscription: the checkout above is paid on its page, then cancelled as §7 writes it.
    const steps = paymentSteps(t);
    const { checkout_url } = checkoutSessionSchema.parse(
      answers.get('v1/payments/plan-checkout-session/ai-detector-pro-yearly?subscription_type=&coupon_code='),
    );
    // Only the buyer's signed-in browser may pay on the page (a437c51).
    steps.openedBy(new URL(checkout_url).pathname, client);
    expect((await steps.pay(new URL(checkout_url).pathname, cards.success)).statusCode).toBe(303);
    const cancel = await client.post(`${servicePrefixes.payment}/v1/api-services/subscriptions/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);

    const logout = await client.post(`${servicePrefixes.auth}/users/logout`);
    expect(logout.statusCode, logout.body).toBe(200);
  });

  it('a repeated parameter keeps its non-empty values: model_names=&model_names=WRITING_ANALYSIS', async () => {
    const { client } = await newUser(t());
    const response = await client.get(
      '/api/detector/v2/ai-detector/user-history/?page=&per_page=&model_names=&model_names=WRITING_ANALYSIS',
    );
    expect(response.statusCode, response.body).toBe(200);
    const bad = await client.get('/api/detector/v2/ai-detector/user-history/?page=0');
    expect(bad.statusCode).toBe(400);
  });

  it('a plan checkout as §4 starts it after sign-up (yearly), with no coupon, is opened', async () => {
    const steps = paymentSteps(t);
    const { client } = await steps.signedIn();
    const started = await steps.startCheckout(
      client,
      '/v1/payments/plan-checkout-session/ai-detector-pro-monthly?subscription_type=yearly&coupon_code=',
    );
    expect(started.response.statusCode, started.response.body).toBe(200);
    expect(started.session?.checkout_url).toContain('/checkout/local/');
  });
});
