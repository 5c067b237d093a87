import type { Database } from '@candor/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PaymentConfig } from '../../config/env.js';
import { createAuthLimiter, type RateLimitStore } from '../../http/rate-limit.js';
import type { Mailer } from '../../mail/mailer.js';
import type { ProductCatalogue } from '../../products.js';
import { createCatalogRepository } from './catalog.repository.js';
import { createCheckoutPageStateStore } from './checkout-page-state.js';
import { couponRateLimits } from './coupons.js';
import { createEventHandler } from './fulfilment.js';
import { localCheckoutRoutes } from './local-checkout.routes.js';
import { createPaymentsRepository } from './payments.repository.js';
import { paymentsRoutes } from './payments.routes.js';
import { createPaymentsService } from './payments.service.js';
import { createPlansRepository } from './plans.repository.js';
import { plansRoutes } from './plans.routes.js';
import { createPlansService } from './plans.service.js';
import { createLocalProvider } from './providers/local.js';
import type { BillingStopper, PaymentProvider } from './providers/provider.js';
import { createStripeProvider } from './providers/stripe.js';
import { stripeWebhookRoutes } from './stripe-webhook.routes.js';

export { type RetryResult, retryBillingStops } from './billing-stops.js';
export type { BillingStopper } from './providers/provider.js';
export type { ReceiptDeps } from './receipts.js';
export { type SweepResult, sweepSubscriptions } from './subscription-sweep.js';

export interface PaymentModuleOptions {
  db: Database;
  clock: () => Date;
  config: PaymentConfig;
  /** The app's origin: checkout pages send the browser back there. */
  publicUrl: string;
  /** Mails each payment's receipt (SMTP, or DATA_DIR/outbox without it). */
  mailer: Mailer;
  logger?: FastifyBaseLogger;
  /**
   * Where the coupon look-up counters (and the local checkout page's state) live: this process's memory unless given
   * (the app's Redis store).
   */
  rateLimitStore?: RateLimitStore;
  /** What the deployment offers: plan feature lines and checkout follow it. */
  products: ProductCatalogue;
}

/** The payment service (`/api/payment/`): plans, token packets, coupons, checkout, fulfilment, invoices. */
export async function paymentModule(app: FastifyInstance, opts: PaymentModuleOptions) {
  const { db, clock, config, publicUrl } = opts;
  const log = opts.logger ?? app.log;
  const repo = createPaymentsRepository(db);
  const receipts = { mailer: opts.mailer, publicUrl, paymentPrefix: app.prefix, log };

  let provider: PaymentProvider;
  if (config.provider === 'stripe') {
    if (!config.stripe) throw new Error('PAYMENT_PROVIDER is stripe but the Stripe settings are missing');
    const { secretKey, webhookSecret, apiUrl } = config.stripe;
    const stripe = createStripeProvider({ secretKey, apiUrl });
    provider = stripe;
    const handleEvent = createEventHandler({ db, clock, log, billingStopper: stripe, receipts });
    await app.register(stripeWebhookRoutes, { webhookSecret, secretKey, apiUrl, handleEvent });
  } else {
    provider = createLocalProvider({
      checkoutUrl: (sessionId) => `${publicUrl}${app.prefix}/v1/checkout/local/${sessionId}`,
    });
    const handleEvent = createEventHandler({ db, clock, log, receipts });
    // The checkout page's state after a form post: shared through Redis when the app has it, like the rate limits.
    const store = opts.rateLimitStore ?? { keyPrefix: 'candor:rl' };
    const pageState = createCheckoutPageStateStore({ redis: store.redis, keyPrefix: store.keyPrefix, clock });
    await app.register(localCheckoutRoutes, { repo, handleEvent, clock, publicUrl, pageState });
  }

  const plans = createPlansService({ repo: createPlansRepository(db), clock, products: opts.products });
  await app.register(plansRoutes, { service: plans });
  const service = createPaymentsService({
    repo,
    catalog: createCatalogRepository(db),
    provider,
    clock,
    checkoutSessionTtlMinutes: config.checkoutSessionTtlMinutes,
    publicUrl,
    prefix: app.prefix,
    log,
    products: opts.products,
  });
  const couponLimiter = createAuthLimiter(
    'couponLookup',
    couponRateLimits,
    opts.rateLimitStore ?? { keyPrefix: 'candor:rl' },
  );
  await app.register(paymentsRoutes, { service, couponLimiter, publicUrl });
}

/**
 * The configured provider when it renews subscriptions on its own (Stripe), for `retryBillingStops`; undefined when
 * no provider has anything to stop.
 */
export function billingStopperFor(config: PaymentConfig): BillingStopper | undefined {
  if (config.provider !== 'stripe' || !config.stripe) return undefined;
  const { secretKey, apiUrl } = config.stripe;
  return createStripeProvider({ secretKey, apiUrl });
}
