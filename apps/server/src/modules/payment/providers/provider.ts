/**
 * Payment providers behind one interface, chosen by PAYMENT_PROVIDER: `local` (the built-in offline checkout with
 * test cards) or `stripe`. A provider creates checkout pages and reports what happened as provider-neutral
 * events; fulfilment (payments.service) applies each event once, and only events decide what a user gets.
 */

export type ProviderName = 'local' | 'stripe';

/** Everything a provider needs to show and charge one order. Amounts are in the currency's minor unit. */
export interface CheckoutOrder {
  /** Our `checkout_sessions.id`; providers echo it back (Stripe: client_reference_id and metadata). */
  sessionId: string;
  userId: string;
  customerEmail: string;
  /** "Pro (yearly)", "200K tokens" */
  description: string;
  kind: 'plan' | 'token_packet';
  /** Set for plans: the provider bills again every interval until cancelled. */
  recurring: { interval: 'month' | 'year' } | null;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  currency: string;
  /** The coupon applied to the first payment only. */
  coupon: { code: string; percentOff: number | null; amountOffCents: number | null } | null;
  expiresAt: Date;
  /** Absolute URLs the provider sends the browser back to. */
  successUrl: string;
  cancelUrl: string;
}

export interface CreatedCheckout {
  /** The provider's id of the session (Stripe: cs_…); unique per provider. */
  providerSessionId: string;
  /** Where the browser goes to pay. */
  checkoutUrl: string;
}

interface EventBase {
  provider: ProviderName;
  /** The provider's event id: the same id twice is applied once. */
  eventId: string;
}

/** What a provider's confirmed event means for us. */
export type ProviderEvent =
  | (EventBase & {
      type: 'checkout.completed';
      providerSessionId: string;
      /** What the provider says was charged: must equal the order's total and currency, or the event is refused. */
      amountTotalCents: number;
      currency: string;
      /** Set when the order was a plan: the provider's subscription that will renew it. */
      providerSubscriptionId: string | null;
      providerInvoiceId: string | null;
    })
  | (EventBase & { type: 'checkout.failed'; providerSessionId: string; reason: string })
  | (EventBase & { type: 'checkout.expired'; providerSessionId: string })
  | (EventBase & {
      type: 'subscription.renewed';
      providerSubscriptionId: string;
      providerInvoiceId: string;
      amountTotalCents: number;
      currency: string;
      periodStart: Date;
      periodEnd: Date;
    })
  | (EventBase & { type: 'subscription.ended'; providerSubscriptionId: string });

/** applied: it changed something; duplicate: seen before (or the session was already settled); ignored: nothing to do. */
export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies one event idempotently in one transaction. Throws AppError 400 `payment_event_refused` (and logs) for an
 * unknown session or subscription, or amounts/currency that don't match the order (a tampered event).
 */
export type HandleProviderEvent = (event: ProviderEvent) => Promise<EventOutcome>;

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(order: CheckoutOrder): Promise<CreatedCheckout>;
  /** Stops (`true`) or resumes (`false`) renewal at the end of the current period. */
  setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<void>;
  /**
   * Stops renewal of a subscription a new plan replaced, for good: resolves once the provider won't bill it again,
   * also when the provider no longer has it. Safe to repeat. Absent for providers with nothing to stop (the local
   * one renews from our rows).
   */
  stopBilling?(providerSubscriptionId: string): Promise<void>;
}

/** A provider that renews subscriptions on its own (Stripe), so one a new plan replaced must be told to stop. */
export type BillingStopper = Required<Pick<PaymentProvider, 'name' | 'stopBilling'>>;
