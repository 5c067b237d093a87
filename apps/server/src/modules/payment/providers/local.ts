/**
 * The built-in offline provider (PAYMENT_PROVIDER=local, the default). Its "hosted page" is served by the payment
 * service itself (local-checkout.routes.ts), takes Stripe's test card numbers and reports through the same
 * HandleProviderEvent as Stripe's webhooks. Renewals are charged by the subscription sweep.
 */
import type { CheckoutSessionRow } from '../fulfilment.js';
import type { PaymentProvider, ProviderEvent } from './provider.js';

/** Stripe's test numbers, so what is learnt here works there too (docs/payments.md). */
export const testCards = {
  success: '4242424242424242',
  declined: '4000000000000002',
  confirmation: '4000002760003184',
} as const;

export type TestCardOutcome = 'success' | 'declined' | 'confirmation' | 'unknown';

export function testCardOutcome(digits: string): TestCardOutcome {
  if (digits === testCards.success) return 'success';
  if (digits === testCards.declined) return 'declined';
  if (digits === testCards.confirmation) return 'confirmation';
  return 'unknown';
}

/** Luhn check digit test: what a real card number always passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const localProviderSessionId = (sessionId: string) => `local_cs_${sessionId}`;

export function createLocalProvider(deps: { checkoutUrl: (sessionId: string) => string }): PaymentProvider {
  return {
    name: 'local',
    async createCheckout(order) {
      return {
        providerSessionId: localProviderSessionId(order.sessionId),
        checkoutUrl: deps.checkoutUrl(order.sessionId),
      };
    },
    // Renewal is the sweep's decision, made from the subscription row itself: nothing to tell anyone.
    async setCancelAtPeriodEnd() {},
  };
}

/**
 * The payment went through. Its id is derived from the session, so paying twice (a double submit, a replayed
 * form) is the same event and is applied once.
 */
export function localCompletedEvent(
  session: CheckoutSessionRow,
): Extract<ProviderEvent, { type: 'checkout.completed' }> {
  return {
    type: 'checkout.completed',
    provider: 'local',
    eventId: `local_evt_${session.id}_completed`,
    providerSessionId: localProviderSessionId(session.id),
    amountTotalCents: session.totalCents,
    currency: session.currency,
    providerSubscriptionId: session.kind === 'plan' ? `local_sub_${session.id}` : null,
    providerInvoiceId: `local_in_${session.id}`,
  };
}

/** One declined attempt; every attempt is its own event. */
export function localFailedEvent(
  session: CheckoutSessionRow,
  reason: string,
  attemptId: string,
): Extract<ProviderEvent, { type: 'checkout.failed' }> {
  return {
    type: 'checkout.failed',
    provider: 'local',
    eventId: `local_evt_${session.id}_failed_${attemptId}`,
    providerSessionId: localProviderSessionId(session.id),
    reason,
  };
}
