import { errorCodes } from '@candor/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { AppError } from '../../http/errors.js';
import type { EventOutcome, HandleProviderEvent, ProviderEvent } from './providers/provider.js';
import { createStripeClient } from './providers/stripe.js';

export interface StripeWebhookRoutesOptions {
  /** The endpoint's signing secret (whsec_…). */
  webhookSecret: string;
  secretKey: string;
  apiUrl: string | undefined;
  handleEvent: HandleProviderEvent;
}

export interface StripeWebhookReply {
  received: true;
  outcome: EventOutcome;
}

const refused = (message: string) => new AppError(errorCodes.paymentEventRefused, 400, message);

/** The id of an expandable field, whether Stripe sent the id or the expanded object. */
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const fromUnixSeconds = (seconds: number) => new Date(seconds * 1000);

/** A paid (or free, after a 100% coupon) checkout; an unpaid one waits for checkout.session.async_payment_*. */
function checkoutCompleted(event: Stripe.Event, session: Stripe.Checkout.Session): ProviderEvent | null {
  if (session.payment_status === 'unpaid') return null;
  if (session.amount_total === null || session.currency === null) {
    throw refused(`Checkout session ${session.id} has no amount`);
  }
  return {
    provider: 'stripe',
    eventId: event.id,
    type: 'checkout.completed',
    providerSessionId: session.id,
    amountTotalCents: session.amount_total,
    currency: session.currency,
    providerSubscriptionId: idOf(session.subscription),
    providerInvoiceId: idOf(session.invoice),
  };
}

/** Only the invoices of a new period renew; the first one belongs to the checkout and the rest are ours to ignore. */
function subscriptionRenewed(event: Stripe.Event, invoice: Stripe.Invoice): ProviderEvent | null {
  if (invoice.billing_reason !== 'subscription_cycle') return null;
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  // The invoice's own period_start/end cover the period just ended; the subscription line carries the new one.
  const line =
    invoice.lines.data.find((item) => item.parent?.type === 'subscription_item_details') ?? invoice.lines.data[0];
  if (!subscriptionId || !line) throw refused(`Invoice ${invoice.id} names no subscription period`);
  return {
    provider: 'stripe',
    eventId: event.id,
    type: 'subscription.renewed',
    providerSubscriptionId: subscriptionId,
    providerInvoiceId: invoice.id,
    amountTotalCents: invoice.amount_paid,
    currency: invoice.currency,
    periodStart: fromUnixSeconds(line.period.start),
    periodEnd: fromUnixSeconds(line.period.end),
  };
}

/** What a Stripe event means for us; null for the events we don't act on. */
export function toProviderEvent(event: Stripe.Event): ProviderEvent | null {
  const base = { provider: 'stripe', eventId: event.id } as const;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutCompleted(event, event.data.object);
    case 'checkout.session.async_payment_failed':
      return {
        ...base,
        type: 'checkout.failed',
        providerSessionId: event.data.object.id,
        reason: 'The payment failed.',
      };
    case 'checkout.session.expired':
      return { ...base, type: 'checkout.expired', providerSessionId: event.data.object.id };
    case 'invoice.paid':
      return subscriptionRenewed(event, event.data.object);
    case 'customer.subscription.deleted':
      return { ...base, type: 'subscription.ended', providerSubscriptionId: event.data.object.id };
    default:
      return null;
  }
}

/**
 * Stripe's webhook endpoint (`/api/payment/v1/payments/webhooks/stripe`): verifies the signature over the raw body,
 * turns the event into a provider-neutral one and hands it to fulfilment. A refusal answers 400 so it shows up in the
 * Stripe dashboard; any other failure is a 500, which Stripe retries.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, opts: StripeWebhookRoutesOptions) {
  const stripe = createStripeClient({ secretKey: opts.secretKey, apiUrl: opts.apiUrl });

  // The signature covers the exact bytes Stripe sent, so this plugin takes the body as a Buffer. Fastify keeps
  // content-type parsers per plugin: the rest of the app still parses JSON.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  function verifiedEvent(request: FastifyRequest): Stripe.Event {
    const signature = request.headers['stripe-signature'];
    try {
      if (typeof signature !== 'string') throw new Error('no stripe-signature header');
      if (!Buffer.isBuffer(request.body)) throw new Error('no body');
      return stripe.webhooks.constructEvent(request.body, signature, opts.webhookSecret);
    } catch (error) {
      request.log.warn({ err: error }, 'stripe webhook refused: the signature does not verify');
      throw refused('The webhook signature is invalid.');
    }
  }

  /** The event for fulfilment; a malformed one is refused here (fulfilment logs its own refusals). */
  function providerEventOf(request: FastifyRequest, event: Stripe.Event): ProviderEvent | null {
    try {
      return toProviderEvent(event);
    } catch (error) {
      request.log.warn({ err: error, stripeEventId: event.id, stripeEventType: event.type }, 'stripe event refused');
      throw error;
    }
  }

  app.post(
    '/v1/payments/webhooks/stripe',
    { config: { csrf: false } },
    async (request): Promise<StripeWebhookReply> => {
      const event = verifiedEvent(request);
      const providerEvent = providerEventOf(request, event);
      if (!providerEvent) {
        request.log.debug({ stripeEventId: event.id, stripeEventType: event.type }, 'stripe event ignored');
        return { received: true, outcome: 'ignored' };
      }
      return { received: true, outcome: await opts.handleEvent(providerEvent) };
    },
  );
}
