/** Shared steps of the payment service tests: buying through the local checkout page like a browser does. */
import {
  authCookies,
  checkoutSessionSchema,
  errorBodySchema,
  invoiceListSchema,
  mySubscriptionSchema,
  tokenBalanceSchema,
} from '@candor/contracts';
import { checkoutSessions, coupons } from '@candor/db';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { signUpVerified, type TestApp, type TestClient } from '../../test/app.js';

export const API = '/api/payment';

export const cards = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  confirmation: '4000 0027 6000 3184',
  otherValid: '4111 1111 1111 1111',
  luhnInvalid: '4242 4242 4242 4241',
};

export function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const { error } = errorBodySchema.parse(response.json());
  expect(error.code).toBe(code);
  return error;
}

export function paymentSteps(t: () => TestApp) {
  const db = () => t().database.handle.db;
  // The browser that started each checkout: only it may see and pay the checkout page.
  const buyers = new Map<string, TestClient>();
  const buyerOf = (path: string) =>
    [...buyers].find(([pagePath]) => path === pagePath || path.startsWith(`${pagePath}/`))?.[1];

  /** A new verified user; `remoteAddress` picks the client IP the rate limits see. */
  async function signedIn(remoteAddress?: string): Promise<{ client: TestClient; userId: string; email: string }> {
    const client = t().client(remoteAddress);
    const { user, input } = await signUpVerified(t(), client);
    return { client, userId: user.id, email: input.email };
  }

  async function balance(client: TestClient) {
    const response = await client.get('/api/detector/ai-detector/user-token-balance/');
    expect(response.statusCode, response.body).toBe(200);
    return tokenBalanceSchema.parse(response.json());
  }

  /** POSTs a checkout; returns the response and, when it succeeded, the parsed session and the page path. */
  async function startCheckout(client: TestClient, path: string) {
    const response = await client.post(`${API}${path}`);
    if (response.statusCode !== 200) return { response, session: undefined, pagePath: '' };
    const session = checkoutSessionSchema.parse(response.json());
    const pagePath = new URL(session.checkout_url).pathname;
    buyers.set(pagePath, client);
    return { response, session, pagePath };
  }

  async function checkoutPlan(client: TestClient, plan: string, query = 'subscription_type=yearly') {
    const started = await startCheckout(client, `/v1/payments/plan-checkout-session/${plan}?${query}`);
    expect(started.response.statusCode, started.response.body).toBe(200);
    return { session: started.session as NonNullable<typeof started.session>, pagePath: started.pagePath };
  }

  async function checkoutPacket(client: TestClient, packet: string, query = '') {
    const started = await startCheckout(client, `/v1/payments/token-packet-checkout-session/${packet}?${query}`);
    expect(started.response.statusCode, started.response.body).toBe(200);
    return { session: started.session as NonNullable<typeof started.session>, pagePath: started.pagePath };
  }

  /** Posts a checkout form as the buyer's browser would: url-encoded, with the CSRF field the page renders. */
  function submitForm(path: string, fields: Record<string, string>) {
    const client = buyerOf(path) ?? t().client();
    const csrf_token = client.jar.get(authCookies.csrfAccess) ?? '';
    return client.post(path, new URLSearchParams({ csrf_token, ...fields }).toString(), {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: 'none',
    });
  }

  /** Marks `client` as the browser that opened the checkout at `pagePath` (a checkout started without these steps). */
  const openedBy = (pagePath: string, client: TestClient) => {
    buyers.set(pagePath, client);
  };

  /** The checkout page (or any path under it) as the buyer's browser loads it. */
  const page = (path: string) => (buyerOf(path) ?? t().client()).get(path);

  const pay = (pagePath: string, number: string, overrides: Record<string, string> = {}) =>
    submitForm(`${pagePath}/pay`, { name: 'Ada Lovelace', number, expiry: '12/34', cvc: '123', ...overrides });

  const confirm = (pagePath: string, decision: 'approve' | 'decline') =>
    submitForm(`${pagePath}/confirm`, { decision });

  /** The GET a form post's 303 sends the browser to (the checkout's own pages answer with a path). */
  function follow(response: LightMyRequestResponse) {
    expect(response.statusCode, response.body).toBe(303);
    const location = String(response.headers.location ?? '');
    expect(location.startsWith(`${API}/v1/checkout/local/`), location).toBe(true);
    return page(location);
  }

  async function invoices(client: TestClient) {
    const response = await client.get(`${API}/v1/payments/invoices`);
    expect(response.statusCode, response.body).toBe(200);
    return invoiceListSchema.parse(response.json()).items;
  }

  async function mySubscription(client: TestClient) {
    const response = await client.get(`${API}/v1/api-services/my-subscription`);
    expect(response.statusCode, response.body).toBe(200);
    return mySubscriptionSchema.parse(response.json()).subscription;
  }

  async function sessionsOf(userId: string) {
    const [row] = await db().select({ n: count() }).from(checkoutSessions).where(eq(checkoutSessions.userId, userId));
    return row?.n ?? 0;
  }

  async function addCoupon(values: Partial<typeof coupons.$inferInsert> & { code: string }) {
    const [row] = await db()
      .insert(coupons)
      .values({ percentOff: values.amountOffCents ? null : 10, ...values, code: values.code.toUpperCase() })
      .returning();
    if (!row) throw new Error('no coupon');
    return row;
  }

  return {
    db,
    signedIn,
    balance,
    startCheckout,
    checkoutPlan,
    checkoutPacket,
    openedBy,
    pay,
    confirm,
    page,
    follow,
    invoices,
    mySubscription,
    sessionsOf,
    addCoupon,
  };
}

let couponCounter = 0;
/** A coupon code no other test uses. */
export const uniqueCode = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(couponCounter++).toString(36)}`.toUpperCase();
