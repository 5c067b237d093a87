import {
  type ApiSubscriptionTypes,
  type CheckoutQuery,
  type CheckoutSession,
  type CheckoutStatus,
  type CouponCheck,
  couponCodeSchema,
  errorCodes,
  type Invoice,
  type InvoiceList,
  type MySubscription,
  type TokenPacket,
  type TokenPacketList,
} from '@candor/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, notFound } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import type { ProductCatalogue } from '../../products.js';
import type { CatalogRepository, TokenPacketRow } from './catalog.repository.js';
import { checkoutCancelPath } from './checkout-urls.js';
import {
  type CouponProduct,
  type CouponRow,
  couponProblem,
  couponProblemMessage,
  discountCents,
  normaliseCouponCode,
} from './coupons.js';
import { planDescription } from './fulfilment.js';
import { document, formatDate, formatMoney, html, stylesheetPath } from './pages.js';
import type { InvoiceRow, NewCheckoutSession, PaymentsRepository } from './payments.repository.js';
import type { PlanRow } from './plans.repository.js';
import { toPlan } from './plans.service.js';
import type { CheckoutOrder, PaymentProvider } from './providers/provider.js';
import { invoiceNumber, providerLabel } from './receipts.js';

export interface PaymentsServiceDeps {
  repo: PaymentsRepository;
  catalog: CatalogRepository;
  provider: PaymentProvider;
  clock: () => Date;
  checkoutSessionTtlMinutes: number;
  /** The app's origin: where providers send the browser back to. */
  publicUrl: string;
  /** The payment service's path prefix (`/api/payment`), for links in rendered pages. */
  prefix: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  /** What the deployment offers: a plan of only products still to come is not sold. */
  products: ProductCatalogue;
}

const toPacket = (row: TokenPacketRow): TokenPacket => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  tokens: row.tokens,
  price_cents: row.priceCents,
  currency: row.currency,
});

const toInvoice = (row: InvoiceRow): Invoice => ({
  id: row.id,
  number: invoiceNumber(row.number),
  description: row.description,
  subtotal_cents: row.subtotalCents,
  discount_cents: row.discountCents,
  total_cents: row.totalCents,
  currency: row.currency,
  provider: row.provider,
  period_start: row.periodStart?.toISOString() ?? null,
  period_end: row.periodEnd?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

const providerUnavailable = () =>
  new AppError(
    errorCodes.unavailable,
    503,
    'The payment provider is not reachable right now. Please try again in a moment.',
  );

const couponInvalid = (message: string, problem: string) =>
  new AppError(errorCodes.couponInvalid, 422, message, { problem });

/** Names what the plan promises that is still to come, so the refusal says why rather than failing silently. */
function planUnavailable(plan: PlanRow, products: ProductCatalogue) {
  const missing = plan.features.filter((line) => !products.lineAvailable(line)).map((line) => line.text);
  const list = new Intl.ListFormat('en', { type: 'conjunction' }).format(missing);
  return new AppError(
    errorCodes.planUnavailable,
    409,
    `${plan.name} can't be bought yet: ${list} ${missing.length === 1 ? 'is' : 'are'} not available. Nothing was charged.`,
  );
}

/** A product being bought: a plan or a token packet, as the checkout and the coupon rules see it. */
interface Product extends CouponProduct {
  kind: 'plan' | 'token_packet';
  description: string;
  priceCents: number;
  plan?: PlanRow;
  packet?: TokenPacketRow;
}

const planProduct = (plan: PlanRow): Product => ({
  kind: 'plan',
  slug: plan.slug,
  name: planDescription(plan),
  description: planDescription(plan),
  currency: plan.currency,
  priceCents: plan.priceCents,
  plan,
});

const packetProduct = (packet: TokenPacketRow): Product => ({
  kind: 'token_packet',
  slug: packet.slug,
  name: packet.name,
  description: packet.name,
  currency: packet.currency,
  priceCents: packet.priceCents,
  packet,
});

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { repo, catalog, provider, clock, log, products } = deps;

  async function findProduct(idOrSlug: string): Promise<Product | undefined> {
    const plan = await catalog.findPlan(idOrSlug);
    if (plan) return planProduct(plan);
    const packet = await catalog.findPacket(idOrSlug);
    return packet ? packetProduct(packet) : undefined;
  }

  /** Opens the session (holding the coupon), then asks the provider for its page. A bad coupon never gets that far. */
  async function checkout(userId: string, product: Product, couponCode: string | undefined): Promise<CheckoutSession> {
    const email = await repo.userEmail(userId);
    if (!email) throw notFound('This account does not exist.');
    const now = clock();
    const expiresAt = new Date(now.getTime() + deps.checkoutSessionTtlMinutes * 60_000);
    const { session, coupon } = await repo.openCheckoutSession({
      userId,
      couponCode,
      now,
      decide: (coupon, uses): NewCheckoutSession => {
        if (couponCode !== undefined) {
          const problem = couponProblem(coupon, { now, uses, product });
          if (problem) throw couponInvalid(couponProblemMessage(problem, product), problem);
        }
        const discount = coupon ? discountCents(coupon, product.priceCents) : 0;
        return {
          userId,
          provider: provider.name,
          kind: product.kind,
          planId: product.plan?.id ?? null,
          tokenPacketId: product.packet?.id ?? null,
          subtotalCents: product.priceCents,
          discountCents: discount,
          totalCents: product.priceCents - discount,
          currency: product.currency,
          expiresAt,
        };
      },
    });
    const order: CheckoutOrder = {
      sessionId: session.id,
      userId,
      customerEmail: email,
      description: product.description,
      kind: product.kind,
      recurring:
        product.plan && product.plan.period !== 'none'
          ? { interval: product.plan.period === 'yearly' ? 'year' : 'month' }
          : null,
      subtotalCents: session.subtotalCents,
      discountCents: session.discountCents,
      totalCents: session.totalCents,
      currency: session.currency,
      coupon: coupon
        ? { code: coupon.code, percentOff: coupon.percentOff, amountOffCents: coupon.amountOffCents }
        : null,
      expiresAt: session.expiresAt,
      successUrl: `${deps.publicUrl}/payment-confirmation/success?session_id=${session.id}`,
      cancelUrl: `${deps.publicUrl}${checkoutCancelPath({ ...product, couponCode: coupon?.code })}`,
    };
    try {
      const created = await provider.createCheckout(order);
      await repo.setProviderSessionId(session.id, created.providerSessionId);
      return { checkout_url: created.checkoutUrl, session_id: session.id };
    } catch (err) {
      log.error(
        { err, sessionId: session.id, provider: provider.name },
        'the payment provider could not open a checkout',
      );
      await repo.abandonSession(session.id, 'provider_error');
      throw providerUnavailable();
    }
  }

  async function paidSubscription(userId: string): Promise<MySubscription> {
    const current = await repo.activePaidSubscription(userId);
    if (!current) return { subscription: null };
    const { subscription, plan } = current;
    return {
      subscription: {
        id: subscription.id,
        plan: toPlan(plan, products),
        status: subscription.status,
        started_at: subscription.startedAt.toISOString(),
        current_period_start: subscription.currentPeriodStart.toISOString(),
        current_period_end: subscription.expiresAt?.toISOString() ?? null,
        cancel_at_period_end: subscription.cancelAtPeriodEnd,
        provider: subscription.provider,
      },
    };
  }

  async function setCancelAtPeriodEnd(userId: string, cancel: boolean): Promise<MySubscription> {
    const current = await repo.activePaidSubscription(userId);
    if (!current) throw notFound('You have no paid subscription.');
    const { subscription } = current;
    if (subscription.cancelAtPeriodEnd !== cancel) {
      // The provider first: if it can't stop (or restart) the billing, nothing here pretends it did.
      if (subscription.provider === 'stripe' && subscription.providerSubscriptionId) {
        try {
          await provider.setCancelAtPeriodEnd(subscription.providerSubscriptionId, cancel);
        } catch (err) {
          log.error(
            { err, subscriptionId: subscription.id, cancel },
            'the payment provider refused a cancellation change',
          );
          throw providerUnavailable();
        }
      }
      await repo.setCancelAtPeriodEnd(subscription.id, cancel, clock());
    }
    return paidSubscription(userId);
  }

  return {
    async listPackets(): Promise<TokenPacketList> {
      return { items: (await catalog.listActivePackets()).map(toPacket) };
    },

    async getPacket(idOrSlug: string): Promise<TokenPacket> {
      const packet = await catalog.findPacket(idOrSlug);
      if (!packet?.active) throw notFound('This token packet does not exist.');
      return toPacket(packet);
    },

    async apiSubscriptionTypes(): Promise<ApiSubscriptionTypes> {
      return { items: (await catalog.listActivePlansOfTab('api-agent')).map((row) => toPlan(row, products)) };
    },

    /** What a coupon would do (for `productId`, when given), or why it can't be used. */
    async checkCoupon(code: string, productId: string | undefined, userId: string | null): Promise<CouponCheck> {
      const shown = normaliseCouponCode(code);
      const product = productId ? await findProduct(productId) : undefined;
      // A code that can't exist (spaces, symbols) is simply unknown.
      const coupon: CouponRow | undefined = couponCodeSchema.safeParse(code).success
        ? await repo.findCoupon(code)
        : undefined;
      const now = clock();
      const uses = coupon ? await repo.couponUses(coupon.id, userId, now) : { total: 0, byUser: null };
      const problem = couponProblem(coupon, { now, uses, product });
      if (problem || !coupon) {
        const reason = problem ?? 'unknown';
        return { valid: false, code: shown, problem: reason, message: couponProblemMessage(reason, product) };
      }
      return {
        valid: true,
        code: coupon.code,
        description: coupon.description,
        percent_off: coupon.percentOff,
        amount_off_cents: coupon.amountOffCents,
        currency: coupon.currency,
        valid_until: coupon.validUntil?.toISOString() ?? null,
        product_slugs: coupon.productSlugs,
      };
    },

    /** A plan of a pricing tab; `subscription_type` picks the same family's plan in that billing period. */
    async planCheckout(userId: string, idOrSlug: string, query: CheckoutQuery): Promise<CheckoutSession> {
      let plan = await catalog.findPlan(idOrSlug);
      if (!plan?.active) throw notFound('This plan does not exist.');
      if (plan.period === 'none' || plan.priceCents <= 0) {
        throw new AppError(errorCodes.badRequest, 422, `${plan.name} cannot be bought.`);
      }
      if (query.subscription_type && query.subscription_type !== plan.period) {
        const other = plan.family
          ? await catalog.findActivePlanOfFamily(plan.family, query.subscription_type)
          : undefined;
        if (!other) throw notFound(`${plan.name} is not sold ${query.subscription_type}.`);
        plan = other;
      }
      if (!products.planAvailable(plan.features)) throw planUnavailable(plan, products);
      const current = await repo.activeSubscription(userId);
      if (current?.plan.id === plan.id) {
        throw new AppError(errorCodes.conflict, 409, `You already have ${planDescription(plan)}.`);
      }
      return checkout(userId, planProduct(plan), query.coupon_code);
    },

    async packetCheckout(userId: string, idOrSlug: string, couponCode: string | undefined): Promise<CheckoutSession> {
      const packet = await catalog.findPacket(idOrSlug);
      if (!packet?.active) throw notFound('This token packet does not exist.');
      return checkout(userId, packetProduct(packet), couponCode);
    },

    /** The user's own checkout session's state; 404 for anyone else's. */
    async checkoutStatus(userId: string, sessionId: string): Promise<CheckoutStatus> {
      const details = isUuid(sessionId) ? await repo.checkoutDetails(sessionId) : undefined;
      if (details?.session.userId !== userId) throw notFound('This checkout does not exist.');
      const { session, plan, couponCode } = details;
      return {
        session_id: session.id,
        status: session.status,
        kind: session.kind,
        failure_reason: session.failureReason,
        plan: plan ? { slug: plan.slug, tab: plan.tab, period: plan.period } : null,
        coupon_code: couponCode,
      };
    },

    mySubscription: paidSubscription,

    /** Stops renewal at the end of the period: the plan stays until then. */
    cancel: (userId: string) => setCancelAtPeriodEnd(userId, true),

    /** Undoes `cancel` while the period lasts. */
    resume: (userId: string) => setCancelAtPeriodEnd(userId, false),

    async listInvoices(userId: string): Promise<InvoiceList> {
      return { items: (await repo.listInvoices(userId)).map(toInvoice) };
    },

    /** A printable receipt; 404 unless the invoice is the user's. */
    async receiptHtml(userId: string, invoiceId: string): Promise<string> {
      const invoice = isUuid(invoiceId) ? await repo.findInvoice(userId, invoiceId) : undefined;
      if (!invoice) throw notFound('This invoice does not exist.');
      const email = (await repo.userEmail(userId)) ?? '';
      const money = (cents: number) => formatMoney(cents, invoice.currency);
      const number = invoiceNumber(invoice.number);
      const period =
        invoice.periodStart && invoice.periodEnd
          ? `${formatDate(invoice.periodStart)} – ${formatDate(invoice.periodEnd)}`
          : null;
      return document({
        title: `Receipt ${number} · Candor`,
        stylesheet: `${deps.prefix}${stylesheetPath}`,
        body: html`<main class="shell receipt">
<div class="brand"><span class="brand-mark" aria-hidden="true">C</span>Candor</div>
<article class="card">
<div class="receipt-head">
<div><h1>Receipt</h1><p class="muted">${number}</p></div>
<div class="small"><div>Date: ${formatDate(invoice.createdAt)}</div><div>Billed to: ${email}</div><div>Paid via: ${providerLabel(invoice.provider)}</div></div>
</div>
<table>
<thead><tr><th scope="col">Description</th><th scope="col" class="amount">Amount</th></tr></thead>
<tbody>
<tr><td>${invoice.description}${period ? html`<div class="small muted">Period: ${period}</div>` : ''}</td><td class="amount">${money(invoice.subtotalCents)}</td></tr>
${invoice.discountCents > 0 ? html`<tr><td>Discount</td><td class="amount">−${money(invoice.discountCents)}</td></tr>` : ''}
<tr><th scope="row">Total paid</th><td class="amount"><strong>${money(invoice.totalCents)}</strong></td></tr>
</tbody>
</table>
</article>
<p class="footer small muted no-print">Use your browser's Print command to save this receipt as a PDF.</p>
</main>`,
      });
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
