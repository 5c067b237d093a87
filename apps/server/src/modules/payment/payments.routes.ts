import { checkoutQuerySchema, couponCheckQuerySchema } from '@candor/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../http/auth.js';
import { AppError, parseWith } from '../../http/errors.js';
import type { AuthLimiter } from '../../http/rate-limit.js';
import { pagesCss, stylesheetPath } from './pages.js';
import type { PaymentsService } from './payments.service.js';

const idParams = z.object({ id: z.string().trim().min(1).max(100) });
const codeParams = z.object({ code: z.string().max(200) });

export interface PaymentsRoutesOptions {
  service: PaymentsService;
  /** Per IP and per user, shared by every answer that tells whether a coupon code exists, so codes can't be guessed. */
  couponLimiter: AuthLimiter;
  /** The app's origin: a receipt opened without a session sends the browser to the account page there. */
  publicUrl: string;
}

/** A browser opening the page (a link in a receipt e-mail), not the app or a program asking for data. */
const isPageLoad = (request: FastifyRequest) =>
  request.headers['sec-fetch-mode'] === 'navigate' || (request.headers.accept ?? '').includes('text/html');

/** Token packets, API subscriptions, coupons, checkout and invoices (spec §7 payment service). */
export async function paymentsRoutes(app: FastifyInstance, opts: PaymentsRoutesOptions) {
  const { service, couponLimiter, publicUrl } = opts;

  // The e-mailed link is usually opened after the short-lived access cookie expired: the account page signs in or
  // refreshes the session and lists the same receipt, where an error body would be a dead end.
  async function receiptViewer(request: FastifyRequest, reply: FastifyReply) {
    try {
      await app.requireUser.call(app, request, reply);
    } catch (err) {
      if (!(err instanceof AppError && err.status === 401 && isPageLoad(request))) throw err;
      return reply.redirect(`${publicUrl}/account?tab=subscription`, 303);
    }
  }

  // Public: the pricing page and "buy more tokens" show them to anyone.
  app.get('/v1/token-packets/', async () => service.listPackets());
  app.get('/v1/token-packets/:id', async (request) => service.getPacket(parseWith(idParams, request.params).id));
  app.get('/v1/api-services/subscriptions-types', async () => service.apiSubscriptionTypes());

  // Public too (a promotion link is opened before sign-up); a signed-in visitor also learns their own limit.
  app.get('/v1/coupons/:code', async (request) => {
    const { code } = parseWith(codeParams, request.params);
    const { product_id } = parseWith(couponCheckQuerySchema, request.query);
    const userId = request.accessClaims?.userId ?? null;
    await couponLimiter.consume(request, userId ?? undefined);
    return service.checkCoupon(code, product_id, userId);
  });

  app.get('/v1/api-services/my-subscription', { preHandler: app.requireUser }, async (request) =>
    service.mySubscription(currentUser(request).id),
  );
  app.post('/v1/api-services/subscriptions/cancel', { preHandler: app.requireUser }, async (request) =>
    service.cancel(currentUser(request).id),
  );
  app.post('/v1/api-services/subscriptions/resume', { preHandler: app.requireUser }, async (request) =>
    service.resume(currentUser(request).id),
  );

  app.post('/v1/payments/plan-checkout-session/:id', { preHandler: app.requireUser }, async (request) => {
    const { id } = parseWith(idParams, request.params);
    const query = parseWith(checkoutQuerySchema, request.query);
    const userId = currentUser(request).id;
    // A checkout refused for its coupon says why, so naming a coupon counts as a look-up.
    if (query.coupon_code !== undefined) await couponLimiter.consume(request, userId);
    return service.planCheckout(userId, id, query);
  });
  app.post('/v1/payments/token-packet-checkout-session/:id', { preHandler: app.requireUser }, async (request) => {
    const { id } = parseWith(idParams, request.params);
    const { coupon_code } = parseWith(checkoutQuerySchema.omit({ subscription_type: true }), request.query);
    const userId = currentUser(request).id;
    if (coupon_code !== undefined) await couponLimiter.consume(request, userId);
    return service.packetCheckout(userId, id, coupon_code);
  });

  app.get('/v1/payments/checkout-sessions/:id', { preHandler: app.requireUser }, async (request) =>
    service.checkoutStatus(currentUser(request).id, parseWith(idParams, request.params).id),
  );

  app.get('/v1/payments/invoices', { preHandler: app.requireUser }, async (request) =>
    service.listInvoices(currentUser(request).id),
  );
  app.get('/v1/payments/invoices/:id/receipt', { preHandler: receiptViewer }, async (request, reply) => {
    const { id } = parseWith(idParams, request.params);
    reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store');
    return service.receiptHtml(currentUser(request).id, id);
  });

  app.get(stylesheetPath, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(pagesCss),
  );
}
