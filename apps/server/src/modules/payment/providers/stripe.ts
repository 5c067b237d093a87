import Stripe from 'stripe';
import type { BillingStopper, CheckoutOrder, CreatedCheckout, PaymentProvider } from './provider.js';

export interface StripeProviderOptions {
  secretKey: string;
  /** Another origin for the Stripe API (a local double or a proxy), e.g. http://127.0.0.1:12111; undefined: api.stripe.com. */
  apiUrl: string | undefined;
}

// Checkout creation sits in a user's request: fail within seconds rather than Stripe's default 80 s.
const REQUEST_TIMEOUT_MS = 15_000;
// Safe because every create carries an idempotency key (ours below, or the client's own on its retries).
const MAX_NETWORK_RETRIES = 2;
// Stripe shows a coupon's name on the checkout page and allows at most 40 characters.
const COUPON_NAME_MAX = 40;
// Stripe swaps this literal for its session id when it redirects back; it must not be URL-encoded.
const CHECKOUT_SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** A Stripe client for our key, talking to `apiUrl` when one is configured. */
export function createStripeClient(options: StripeProviderOptions): Stripe {
  return new Stripe(options.secretKey, {
    timeout: REQUEST_TIMEOUT_MS,
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    appInfo: { name: 'Candor' },
    ...(options.apiUrl ? apiOrigin(options.apiUrl) : {}),
  });
}

/** The client's host/port/protocol options for an origin; Stripe's paths are absolute, so a path can't be honoured. */
function apiOrigin(apiUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`STRIPE_API_URL must be an http or https URL, not ${apiUrl}`);
  }
  if (url.pathname !== '/' || url.search !== '') {
    throw new Error(`STRIPE_API_URL must be an origin without a path, not ${apiUrl}`);
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port);
  return { host: url.hostname, port, protocol };
}

/** Our confirmation URL, plus Stripe's session id unless the URL already names the session. */
function successUrlFor(successUrl: string): string {
  if (new URL(successUrl).searchParams.has('session_id')) return successUrl;
  const separator = successUrl.includes('?') ? '&' : '?';
  return `${successUrl}${separator}session_id=${CHECKOUT_SESSION_ID_PLACEHOLDER}`;
}

const toUnixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Stripe's answer for an id it has no object for (404 `resource_missing`). */
const isMissing = (err: unknown) =>
  err instanceof Stripe.errors.StripeError && err.statusCode === 404 && err.code === 'resource_missing';

/**
 * The `stripe` provider: each order becomes a Stripe Checkout Session (a subscription for plans, a one-off payment for
 * token packets) priced inline, so no Stripe catalogue has to be kept in step with ours. What the customer finally
 * pays comes back through the webhook (stripe-webhook.routes.ts), never from this call.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider & BillingStopper {
  const stripe = createStripeClient(options);

  /**
   * A single-use coupon worth exactly the discount we computed. Amount-off even for percent coupons: Stripe's own
   * rounding of a percentage could differ from ours by a cent, and the webhook refuses a total that isn't the order's.
   */
  async function createOneOffCoupon(order: CheckoutOrder, code: string) {
    const percent = order.coupon?.percentOff;
    const name = percent == null ? code : `${code} (${percent}% off)`;
    return stripe.coupons.create(
      {
        amount_off: order.discountCents,
        currency: order.currency.toLowerCase(),
        duration: 'once',
        max_redemptions: 1,
        redeem_by: toUnixSeconds(order.expiresAt),
        name: name.slice(0, COUPON_NAME_MAX),
        metadata: { candor_session_id: order.sessionId, candor_coupon_code: code },
      },
      { idempotencyKey: `candor-coupon-${order.sessionId}` },
    );
  }

  return {
    name: 'stripe',

    async createCheckout(order: CheckoutOrder): Promise<CreatedCheckout> {
      // A coupon worth nothing on this order (Stripe refuses a zero amount_off) leaves the price as it is.
      const coupon =
        order.coupon && order.discountCents > 0 ? await createOneOffCoupon(order, order.coupon.code) : null;
      const metadata = { candor_session_id: order.sessionId, candor_user_id: order.userId };
      const session = await stripe.checkout.sessions.create(
        {
          mode: order.recurring ? 'subscription' : 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency.toLowerCase(),
                unit_amount: order.subtotalCents,
                product_data: { name: order.description },
                ...(order.recurring ? { recurring: { interval: order.recurring.interval } } : {}),
              },
            },
          ],
          ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
          // The subscription keeps our reference too, so renewals can be traced in the Stripe dashboard.
          ...(order.recurring ? { subscription_data: { metadata } } : {}),
          client_reference_id: order.sessionId,
          metadata,
          customer_email: order.customerEmail,
          expires_at: toUnixSeconds(order.expiresAt),
          success_url: successUrlFor(order.successUrl),
          cancel_url: order.cancelUrl,
        },
        { idempotencyKey: `candor-checkout-${order.sessionId}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { providerSessionId: session.id, checkoutUrl: session.url };
    },

    async setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<void> {
      await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: cancel });
    },

    async stopBilling(providerSubscriptionId: string): Promise<void> {
      try {
        await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
      } catch (err) {
        // A subscription Stripe doesn't have bills nobody: there is nothing left to stop.
        if (isMissing(err)) return;
        // Nor does one cancelled outright (in the Dashboard, say), which Stripe refuses to update with a bare 400.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 400) {
          const subscription = await stripe.subscriptions.retrieve(providerSubscriptionId);
          if (subscription.status === 'canceled') return;
        }
        throw err;
      }
    },
  };
}
