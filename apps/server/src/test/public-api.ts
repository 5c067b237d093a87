import {
  type ApiKeyCreated,
  apiKeyCreatedSchema,
  type PublicJob,
  publicApiErrorSchema,
  publicJobSchema,
} from '@candor/contracts';
import { plans, subscriptions } from '@candor/db';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { cards, paymentSteps } from '../modules/payment/payments.test-support.js';
import type { TestApp, TestClient } from './app.js';

/** What the public API's service tests share. */
export const PUBLIC = '/api/public';

// A person's note: plain English prose the detectors read (about 90 words).
export const SAMPLE_TEXT = `So i finally got round to fixing the fence last weekend. Took way longer than I thought, mostly because the
old posts were rotten right through and the hardware shop had run out of the brackets I wanted. My neighbour Dave came
over with his post-hole digger which saved my back, honestly. We ended up having a few beers and talking about his
daughter's wedding till it got dark. The fence isn't perfect - one panel leans a bit - but it keeps the dog in.`;

export const expectPublicError = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status);
  const body = publicApiErrorSchema.parse(response.json());
  expect(body.error.code).toBe(code);
  expect(body.error.request_id).toBe(response.headers['x-request-id']);
  return body.error;
};

/** A request with a key and nothing else: no cookie, no CSRF token, as curl sends it. */
export function keyRequest(
  t: TestApp,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  key: string | undefined,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: `${PUBLIC}${url}`,
    headers: { ...(key === undefined ? {} : { authorization: `Bearer ${key}` }), ...headers },
    ...(body === undefined ? {} : typeof body === 'string' ? { payload: body } : { payload: body as object }),
  });
}

export const parseJob = (response: LightMyRequestResponse): PublicJob => publicJobSchema.parse(response.json());

/** Buys the API Starter plan through the built-in checkout, as a customer would. */
export async function buyApiPlan(t: () => TestApp, client: TestClient) {
  const steps = paymentSteps(t);
  const { pagePath } = await steps.checkoutPlan(client, 'api-agent-starter-monthly', 'subscription_type=monthly');
  const paid = await steps.pay(pagePath, cards.success);
  expect(paid.statusCode, paid.body).toBe(303);
}

/** Moves the user onto a plan made for the test, with `perMinute` API requests (a deployment's own catalogue edit). */
export async function giveApiRate(t: TestApp, userId: string, perMinute: number | null) {
  const db = t.database.handle.db;
  const [plan] = await db
    .insert(plans)
    .values({
      slug: `api-test-${perMinute}-${crypto.randomUUID().slice(0, 8)}`,
      name: 'API test plan',
      tab: 'api-agent',
      period: 'monthly',
      priceCents: 100,
      tokens: 100_000,
      limits: { maxWordsPerRun: null, apiRequestsPerMinute: perMinute },
      active: false,
    })
    .returning();
  if (!plan) throw new Error('no plan');
  await db
    .update(subscriptions)
    .set({ planId: plan.id })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')));
}

export async function createKey(client: TestClient, name = 'CI server', extra: Record<string, unknown> = {}) {
  const response = await client.post(`${PUBLIC}/v1/my-api-keys/`, { name, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return apiKeyCreatedSchema.parse(response.json()) as ApiKeyCreated;
}
