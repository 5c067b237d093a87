import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** One request as the double received it; `form` is the form-encoded body, keys as sent (`line_items[0][quantity]`). */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

export interface StripeErrorReply {
  status: number;
  type: string;
  message: string;
  code?: string;
}

/** A checkout session the double created, with the totals Stripe would charge. */
export interface DoubleCheckoutSession {
  id: string;
  url: string;
  mode: 'payment' | 'subscription';
  currency: string;
  amountSubtotal: number;
  amountTotal: number;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  expiresAt: number;
  customerEmail: string | null;
}

export interface DoubleSubscription {
  id: string;
  cancelAtPeriodEnd: boolean;
  /** 'canceled' once cancelled outright (in the Dashboard, say): Stripe then refuses most updates. */
  status?: 'active' | 'canceled';
}

/** The fields of a Stripe Checkout Session object (JSON) that the double answers with and events carry. */
export interface CheckoutSessionJson {
  id: string;
  object: 'checkout.session';
  mode: 'payment' | 'subscription';
  status: 'open' | 'complete';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  expires_at: number;
  subscription: string | null;
  invoice: string | null;
  url: string | null;
  livemode: false;
}

export interface StripeDouble {
  /** STRIPE_API_URL for this double. */
  url: string;
  requests: RecordedStripeRequest[];
  sessions: Map<string, DoubleCheckoutSession>;
  subscriptions: Map<string, DoubleSubscription>;
  /** The next request to `path` (exact, e.g. `/v1/checkout/sessions`) is answered with this error. */
  failNext(path: string, error: StripeErrorReply): void;
  /** The customer paid: the session as a checkout.session.completed event carries it (plans get a subscription). */
  completeSession(sessionId: string): CheckoutSessionJson;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

interface Answer {
  status: number;
  body: unknown;
}

function send(response: ServerResponse, answer: Answer) {
  response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
  response.end(JSON.stringify(answer.body));
}

/** An answer in Stripe's error shape. */
const failure = (error: StripeErrorReply): Answer => ({
  status: error.status,
  body: { error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}) } },
});

const metadataOf = (form: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(form).flatMap(([key, value]) => {
      const match = /^metadata\[(.+)\]$/.exec(key);
      return match?.[1] ? [[match[1], value]] : [];
    }),
  );

/**
 * A local stand-in for the few Stripe endpoints the `stripe` provider calls (coupons, checkout sessions, subscription
 * updates). It reads the form-encoded bodies the real API takes, answers in Stripe's JSON and error shapes, replays
 * answers for a repeated Idempotency-Key like Stripe does, and records every request for the tests to inspect.
 */
export async function startStripeDouble(): Promise<StripeDouble> {
  const requests: RecordedStripeRequest[] = [];
  const sessions = new Map<string, DoubleCheckoutSession>();
  const subscriptions = new Map<string, DoubleSubscription>();
  const coupons = new Map<string, { amountOff: number | null; percentOff: number | null }>();
  const failures = new Map<string, StripeErrorReply>();
  const idempotentReplies = new Map<string, Answer>();
  let baseUrl = '';

  function createCoupon(form: Record<string, string>) {
    const amountOff = form.amount_off === undefined ? null : Number(form.amount_off);
    const percentOff = form.percent_off === undefined ? null : Number(form.percent_off);
    if ((amountOff === null) === (percentOff === null)) {
      return failure({
        status: 400,
        type: 'invalid_request_error',
        message: 'Give exactly one of amount_off and percent_off.',
      });
    }
    const couponId = id('coupon');
    coupons.set(couponId, { amountOff, percentOff });
    return {
      status: 200,
      body: {
        id: couponId,
        object: 'coupon',
        amount_off: amountOff,
        percent_off: percentOff,
        currency: form.currency ?? null,
        duration: form.duration ?? 'once',
        max_redemptions: form.max_redemptions === undefined ? null : Number(form.max_redemptions),
        name: form.name ?? null,
        metadata: metadataOf(form),
        valid: true,
      },
    };
  }

  function createSession(form: Record<string, string>) {
    const unitAmount = Number(form['line_items[0][price_data][unit_amount]']);
    const quantity = Number(form['line_items[0][quantity]'] ?? '1');
    const currency = form['line_items[0][price_data][currency]'];
    const mode = form.mode;
    if (!Number.isInteger(unitAmount) || !currency || (mode !== 'payment' && mode !== 'subscription')) {
      return failure({
        status: 400,
        type: 'invalid_request_error',
        message: 'Missing mode or line_items[0][price_data].',
      });
    }
    const couponId = form['discounts[0][coupon]'];
    const coupon = couponId ? coupons.get(couponId) : undefined;
    if (couponId && !coupon) {
      return failure({
        status: 400,
        type: 'invalid_request_error',
        message: `No such coupon: '${couponId}'`,
        code: 'resource_missing',
      });
    }
    const subtotal = unitAmount * quantity;
    const discount = coupon ? (coupon.amountOff ?? Math.round((subtotal * (coupon.percentOff ?? 0)) / 100)) : 0;
    const sessionId = id('cs');
    const session: DoubleCheckoutSession = {
      id: sessionId,
      url: `${baseUrl}/c/pay/${sessionId}`,
      mode,
      currency,
      amountSubtotal: subtotal,
      amountTotal: Math.max(0, subtotal - discount),
      clientReferenceId: form.client_reference_id ?? null,
      metadata: metadataOf(form),
      expiresAt: Number(form.expires_at),
      customerEmail: form.customer_email ?? null,
    };
    sessions.set(sessionId, session);
    return { status: 200, body: sessionObject(session, 'open') };
  }

  const missingSubscription = (subscriptionId: string) =>
    failure({
      status: 404,
      type: 'invalid_request_error',
      message: `No such subscription: '${subscriptionId}'`,
      code: 'resource_missing',
    });

  const subscriptionObject = (subscription: DoubleSubscription) => ({
    id: subscription.id,
    object: 'subscription',
    status: subscription.status ?? 'active',
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
  });

  function updateSubscription(subscriptionId: string, form: Record<string, string>) {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) return missingSubscription(subscriptionId);
    if (subscription.status === 'canceled') {
      // Stripe's answer, with no error code.
      return failure({
        status: 400,
        type: 'invalid_request_error',
        message: 'A canceled subscription can only update its cancellation_details and metadata.',
      });
    }
    if (form.cancel_at_period_end !== undefined) subscription.cancelAtPeriodEnd = form.cancel_at_period_end === 'true';
    return { status: 200, body: subscriptionObject(subscription) };
  }

  function retrieveSubscription(subscriptionId: string) {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) return missingSubscription(subscriptionId);
    return { status: 200, body: subscriptionObject(subscription) };
  }

  function route(method: string, path: string, form: Record<string, string>): Answer {
    if (method === 'POST' && path === '/v1/coupons') return createCoupon(form);
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form);
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'POST' && subscription?.[1]) return updateSubscription(decodeURIComponent(subscription[1]), form);
    if (method === 'GET' && subscription?.[1]) return retrieveSubscription(decodeURIComponent(subscription[1]));
    return failure({
      status: 404,
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const method = request.method ?? 'GET';
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
    requests.push({ method, path, headers: request.headers, form });

    if (request.headers.authorization?.startsWith('Bearer sk_') !== true) {
      return send(
        response,
        failure({ status: 401, type: 'invalid_request_error', message: 'Invalid API Key provided.' }),
      );
    }
    const planned = failures.get(path);
    if (planned) {
      failures.delete(path);
      return send(response, failure(planned));
    }
    const idempotencyKey = request.headers['idempotency-key'];
    const replayKey = typeof idempotencyKey === 'string' ? `${method} ${path} ${idempotencyKey}` : undefined;
    const earlier = replayKey ? idempotentReplies.get(replayKey) : undefined;
    if (earlier) return send(response, earlier);
    const answer = route(method, path, form);
    if (replayKey) idempotentReplies.set(replayKey, answer);
    return send(response, answer);
  }

  function sessionObject(
    session: DoubleCheckoutSession,
    status: 'open' | 'complete',
    paid?: { subscription: string | null; invoice: string | null },
  ): CheckoutSessionJson {
    return {
      id: session.id,
      object: 'checkout.session',
      mode: session.mode,
      status,
      payment_status: status === 'complete' ? (session.amountTotal === 0 ? 'no_payment_required' : 'paid') : 'unpaid',
      amount_subtotal: session.amountSubtotal,
      amount_total: session.amountTotal,
      currency: session.currency,
      client_reference_id: session.clientReferenceId,
      customer_email: session.customerEmail,
      metadata: session.metadata,
      expires_at: session.expiresAt,
      subscription: paid?.subscription ?? null,
      invoice: paid?.invoice ?? null,
      url: status === 'open' ? session.url : null,
      livemode: false,
    };
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, failure({ status: 500, type: 'api_error', message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    requests,
    sessions,
    subscriptions,
    failNext(path, error) {
      failures.set(path, error);
    },
    completeSession(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`the Stripe double has no checkout session ${sessionId}`);
      const subscription = session.mode === 'subscription' ? id('sub') : null;
      if (subscription) subscriptions.set(subscription, { id: subscription, cancelAtPeriodEnd: false });
      const invoice = session.mode === 'subscription' ? id('in') : null;
      return sessionObject(session, 'complete', { subscription, invoice });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A Stripe event envelope around `object`, as Stripe posts it to a webhook endpoint. */
export function stripeEvent<T extends object>(type: string, object: T, eventId = id('evt')) {
  return {
    id: eventId,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** The body and `stripe-signature` header Stripe would send, signed with `secret` by the package's own helper. */
export function signedWebhook(event: object, secret: string, options: { timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return { payload, signature };
}
