/**
 * The local provider's checkout page: `/v1/checkout/local/{sessionId}`. It plays the part of a hosted payment page
 * whose forms post url-encoded bodies, parsed only inside this plugin. Only the buyer's own browser (signed in as the
 * account that started the checkout) sees the order and may pay it: anyone else who has the link, signed out or
 * signed in as someone else, is told to sign in and sees nothing of the order. The forms carry the double-submit CSRF
 * value of that browser, as the app's own calls do in a header.
 *
 * Every form post answers with a 303 to a GET page (Post/Redirect/Get): the card form with its errors at the page's
 * own address, the 3-D Secure step at `{sessionId}/confirm`, the outcome in the app. What those pages show is kept
 * server-side per checkout session (checkout-page-state.ts), so Back and reload never re-post a payment.
 */
import { randomUUID } from 'node:crypto';
import { authCookies } from '@candor/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUuid } from '../../http/ids.js';
import { safeEqual } from '../../http/session.js';
import type { CheckoutCardErrors, CheckoutCardForm, CheckoutPageStateStore } from './checkout-page-state.js';
import { checkoutCancelLabel, checkoutCancelPath } from './checkout-urls.js';
import { planDescription } from './fulfilment.js';
import { document, formatDateTime, formatMoney, type Html, html, stylesheetPath } from './pages.js';
import type { PaymentsRepository } from './payments.repository.js';
import { localCompletedEvent, localFailedEvent, luhnValid, testCardOutcome, testCards } from './providers/local.js';
import type { HandleProviderEvent } from './providers/provider.js';

export interface LocalCheckoutRoutesOptions {
  repo: PaymentsRepository;
  handleEvent: HandleProviderEvent;
  clock: () => Date;
  publicUrl: string;
  /** What the page shows after a post: the card form's errors, the 3-D Secure step. */
  pageState: CheckoutPageStateStore;
}

type Details = NonNullable<Awaited<ReturnType<PaymentsRepository['checkoutDetails']>>>;

interface CardForm extends CheckoutCardForm {
  cvc: string;
}
type CardErrors = CheckoutCardErrors;

const FORM_BODY_LIMIT = 8 * 1024;

const localCheckoutMessages = {
  declined: 'Your card was declined.',
  notATestCard: 'Use one of the test cards listed on this page.',
  badNumber: 'Your card number is incorrect.',
  notConfirmed: 'The payment was not confirmed.',
  outOfDate: 'This page was out of date. Check the details and try again.',
} as const;

const field = (body: unknown, name: string): string => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.slice(0, 200) : '';
};

/** Checks the form the way a card form does; the number's meaning (which test card) is decided afterwards. */
function validateCard(form: CardForm, now: Date): { errors: CardErrors; digits: string } {
  const errors: CardErrors = {};
  if (form.name.trim() === '') errors.name = 'Enter the name on the card.';
  const digits = form.number.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) errors.number = localCheckoutMessages.badNumber;
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry);
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) {
    errors.expiry = 'Enter the expiry date as MM/YY.';
  } else {
    const year = Number(expiry[2]) + (expiry[2]?.length === 2 ? 2000 : 0);
    // A card is good until the end of its expiry month.
    if (Date.UTC(year, month, 1) <= now.getTime()) errors.expiry = 'Your card has expired.';
  }
  if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = "Enter the card's 3 or 4 digit security code.";
  return { errors, digits };
}

export async function localCheckoutRoutes(app: FastifyInstance, opts: LocalCheckoutRoutesOptions) {
  const { repo, handleEvent, clock, publicUrl, pageState } = opts;
  const base = `${app.prefix}/v1/checkout/local`;
  const stylesheet = `${app.prefix}${stylesheetPath}`;
  const outcomeUrl = (outcome: 'success' | 'failure', sessionId: string) =>
    `${publicUrl}/payment-confirmation/${outcome}?session_id=${encodeURIComponent(sessionId)}`;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );

  const send = (reply: FastifyReply, status: number, title: string, body: Html) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(document({ title: `${title} · Candor checkout`, stylesheet, body }));

  const frame = (content: Html) => html`<main class="shell">
<div class="brand"><span class="brand-mark" aria-hidden="true">C</span>Candor <span class="badge">Test mode</span></div>
${content}
</main>`;

  const notice = (reply: FastifyReply, status: number, title: string, text: string, link: Html) =>
    send(
      reply,
      status,
      title,
      frame(
        html`<section class="card narrow"><h1>${title}</h1><p class="muted">${text}</p><div class="actions center">${link}</div></section>`,
      ),
    );

  const pricingLink = html`<a class="button primary" href="${publicUrl}/pricing">Back to pricing</a>`;
  /** Where leaving this checkout goes: where the purchase started (a token packet: the account's tokens card). */
  const returnUrl = (details: Details) =>
    `${publicUrl}${checkoutCancelPath({ kind: details.session.kind, plan: details.plan, couponCode: details.couponCode })}`;
  const returnLabel = (details: Details) => checkoutCancelLabel({ kind: details.session.kind });
  const pagePath = (sessionId: string) => `${base}/${sessionId}`;
  const confirmPath = (sessionId: string) => `${base}/${sessionId}/confirm`;

  /**
   * The session if this browser's user may pay it now; otherwise answers with the page that says why and returns
   * undefined. Someone else's checkout reads as one to sign in for, so a leaked link shows nothing of the order.
   */
  async function payable(
    request: FastifyRequest,
    sessionId: string,
    reply: FastifyReply,
  ): Promise<Details | undefined> {
    const details = isUuid(sessionId) ? await repo.checkoutDetails(sessionId) : undefined;
    if (details?.session.provider !== 'local' || !details.session.providerSessionId) {
      await notice(reply, 404, 'Checkout not found', 'This checkout link is not valid.', pricingLink);
      return undefined;
    }
    if ((await app.browserUserId(request)) !== details.session.userId) {
      await notice(
        reply,
        403,
        'Sign in to pay',
        'Only the account that started this checkout can see and pay it. Sign in with that account in this browser, then open the link again.',
        html`<a class="button primary" href="${publicUrl}/auth/signin">Sign in</a>`,
      );
      return undefined;
    }
    const { session } = details;
    if (session.status === 'completed') {
      await notice(
        reply,
        200,
        'Already paid',
        'This order has been paid. Nothing more to do here.',
        html`<a class="button primary" href="${outcomeUrl('success', session.id)}">Continue</a>`,
      );
      return undefined;
    }
    if (session.status !== 'open' || session.expiresAt <= clock()) {
      await notice(
        reply,
        410,
        'Checkout expired',
        `This checkout is no longer open. Start again from ${returnLabel(details) === 'pricing' ? 'the pricing page' : 'your account'}; you have not been charged.`,
        html`<a class="button primary" href="${returnUrl(details)}">Back to ${returnLabel(details)}</a>`,
      );
      return undefined;
    }
    return details;
  }

  function orderSummary(details: Details): Html {
    const { session, plan, packetName, couponCode } = details;
    const money = (cents: number) => formatMoney(cents, session.currency);
    const what = plan ? planDescription(plan) : (packetName ?? 'Tokens');
    const billing =
      plan && plan.period !== 'none'
        ? `Renews every ${plan.period === 'yearly' ? 'year' : 'month'} at ${money(session.subtotalCents)} until cancelled.`
        : 'One-off purchase: the tokens never expire.';
    return html`<section class="card" aria-labelledby="order-title">
<h2 id="order-title">Your order</h2>
<p><strong>${what}</strong></p>
<p class="small muted">${billing}</p>
<ul class="lines">
<li><span>Subtotal</span><span>${money(session.subtotalCents)}</span></li>
${couponCode ? html`<li><span>Coupon <strong>${couponCode}</strong></span><span class="discount">−${money(session.discountCents)}</span></li>` : ''}
<li class="total"><span>Total due today</span><span>${money(session.totalCents)}</span></li>
</ul>
<p class="small muted">Billed to ${details.email}. This checkout expires at ${formatDateTime(session.expiresAt)}.</p>
</section>`;
  }

  const testCardList = html`<div class="testcards">
<h2>Test cards</h2>
<p class="small muted">This is the built-in test checkout: no real card is charged. Use any name, a future expiry date and any 3- or 4-digit CVC.</p>
<table>
<thead><tr><th scope="col">Card number</th><th scope="col">Result</th></tr></thead>
<tbody>
<tr><td><code>4242 4242 4242 4242</code></td><td>Succeeds</td></tr>
<tr><td><code>4000 0000 0000 0002</code></td><td>Declined</td></tr>
<tr><td><code>4000 0027 6000 3184</code></td><td>Asks you to confirm the payment</td></tr>
</tbody>
</table>
</div>`;

  /** The browser's double-submit CSRF value, echoed by the forms (absent cookie: the posts are refused). */
  const csrfOf = (request: FastifyRequest) => request.cookies[authCookies.csrfAccess] ?? '';
  const csrfField = (request: FastifyRequest) =>
    html`<input type="hidden" name="csrf_token" value="${csrfOf(request)}">`;
  const csrfValid = (request: FastifyRequest) => safeEqual(field(request.body, 'csrf_token'), csrfOf(request));

  function cardPage(
    request: FastifyRequest,
    reply: FastifyReply,
    details: Details,
    form: CheckoutCardForm,
    errors: CardErrors,
  ) {
    const { session } = details;
    const firstError = (['name', 'number', 'expiry', 'cvc'] as const).find((name) => errors[name]);
    const input = (name: keyof CardForm, label: string, attrs: Html) => {
      const error = errors[name];
      return html`<div class="field">
<label for="${name}">${label}</label>
<input id="${name}" name="${name}" ${attrs} value="${name === 'cvc' ? '' : form[name]}"${error ? html` aria-invalid="true" aria-describedby="${name}-error"` : ''}${name === firstError ? html` autofocus` : ''} required>
${error ? html`<p class="error" id="${name}-error">${error}</p>` : ''}
</div>`;
    };
    const lastFailure = errors.form ?? session.failureReason;
    return send(
      reply,
      200,
      'Pay',
      frame(html`<h1>Checkout</h1>
<p class="muted">Pay ${formatMoney(session.totalCents, session.currency)} to Candor</p>
<div class="grid">
${orderSummary(details)}
<section class="card" aria-labelledby="pay-title">
<h2 id="pay-title">Card details</h2>
${lastFailure ? html`<p class="alert" role="alert">${lastFailure}</p>` : ''}
<form method="post" action="${base}/${session.id}/pay" novalidate>
${csrfField(request)}
${input('name', 'Name on card', html`type="text" autocomplete="cc-name" maxlength="100"`)}
${input('number', 'Card number', html`type="text" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23"`)}
<div class="row">
${input('expiry', 'Expiry (MM/YY)', html`type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"`)}
${input('cvc', 'CVC', html`type="text" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"`)}
</div>
<button class="primary wide" type="submit">Pay ${formatMoney(session.totalCents, session.currency)}</button>
</form>
<div class="actions"><a href="${returnUrl(details)}">Cancel and return to ${returnLabel(details)}</a></div>
${testCardList}
</section>
</div>`),
    );
  }

  function confirmPage(request: FastifyRequest, reply: FastifyReply, details: Details) {
    const { session } = details;
    return send(
      reply,
      200,
      'Confirm this payment',
      frame(html`<section class="card narrow" aria-labelledby="confirm-title">
<h1 id="confirm-title">Confirm this payment</h1>
<p class="muted">Your bank asks you to confirm a payment of <strong>${formatMoney(session.totalCents, session.currency)}</strong> to Candor with the card ending in ${testCards.confirmation.slice(-4)}.</p>
<form method="post" action="${confirmPath(session.id)}" class="actions center">
${csrfField(request)}
<button class="primary" type="submit" name="decision" value="approve">Approve</button>
<button class="secondary" type="submit" name="decision" value="decline">Decline</button>
</form>
</section>`),
    );
  }

  async function complete(details: Details, reply: FastifyReply) {
    await handleEvent(localCompletedEvent(details.session));
    await pageState.clear(details.session.id);
    return reply.redirect(outcomeUrl('success', details.session.id), 303);
  }

  async function decline(details: Details, reason: string, reply: FastifyReply) {
    await handleEvent(localFailedEvent(details.session, reason, randomUUID()));
    await pageState.clear(details.session.id);
    return reply.redirect(outcomeUrl('failure', details.session.id), 303);
  }

  /** A number that can't be a real card's (a test card, or one failing the Luhn check) is kept for the retry. */
  const keptNumber = (form: CardForm, digits: string) =>
    !luhnValid(digits) || testCardOutcome(digits) !== 'unknown' ? form.number : '';

  // Form posts carry the CSRF value in a field, not the header the app's hook reads; `csrfValid` checks it.
  const unguardedForm = { config: { csrf: false as const } };

  app.get<{ Params: { sessionId: string } }>(`/v1/checkout/local/:sessionId`, async (request, reply) => {
    const details = await payable(request, request.params.sessionId, reply);
    if (!details) return reply;
    const state = await pageState.get(details.session.id);
    return state?.step === 'card'
      ? cardPage(request, reply, details, state.form, state.errors)
      : cardPage(request, reply, details, { name: '', number: '', expiry: '' }, {});
  });

  // The 3-D Secure step, while the bank's question is open; otherwise the card form.
  app.get<{ Params: { sessionId: string } }>(`/v1/checkout/local/:sessionId/confirm`, async (request, reply) => {
    const details = await payable(request, request.params.sessionId, reply);
    if (!details) return reply;
    if ((await pageState.get(details.session.id))?.step !== 'confirm') {
      return reply.redirect(pagePath(details.session.id), 303);
    }
    return confirmPage(request, reply, details);
  });

  app.post<{ Params: { sessionId: string } }>(
    `/v1/checkout/local/:sessionId/pay`,
    unguardedForm,
    async (request, reply) => {
      const details = await payable(request, request.params.sessionId, reply);
      if (!details) return reply;
      const { session } = details;
      if (!csrfValid(request)) {
        const kept = { name: field(request.body, 'name'), number: '', expiry: field(request.body, 'expiry') };
        await pageState.set(
          session.id,
          { step: 'card', form: kept, errors: { form: localCheckoutMessages.outOfDate } },
          session.expiresAt,
        );
        return reply.redirect(pagePath(session.id), 303);
      }
      const form: CardForm = {
        name: field(request.body, 'name'),
        number: field(request.body, 'number'),
        expiry: field(request.body, 'expiry'),
        cvc: field(request.body, 'cvc'),
      };
      const { errors, digits } = validateCard(form, clock());
      if (Object.keys(errors).length > 0) {
        await pageState.set(
          session.id,
          {
            step: 'card',
            form: { name: form.name, number: keptNumber(form, digits), expiry: form.expiry },
            errors: { ...errors, form: 'Check the card details below.' },
          },
          session.expiresAt,
        );
        return reply.redirect(pagePath(session.id), 303);
      }
      switch (testCardOutcome(digits)) {
        case 'success':
          return complete(details, reply);
        case 'declined':
          return decline(details, localCheckoutMessages.declined, reply);
        case 'unknown':
          return decline(details, localCheckoutMessages.notATestCard, reply);
        case 'confirmation':
          await pageState.set(session.id, { step: 'confirm' }, session.expiresAt);
          return reply.redirect(confirmPath(session.id), 303);
      }
    },
  );

  app.post<{ Params: { sessionId: string } }>(
    `/v1/checkout/local/:sessionId/confirm`,
    unguardedForm,
    async (request, reply) => {
      const details = await payable(request, request.params.sessionId, reply);
      if (!details) return reply;
      // Only an open question from the bank can be answered, from the page that asked it: the card form comes first.
      if ((await pageState.get(details.session.id))?.step !== 'confirm' || !csrfValid(request)) {
        return reply.redirect(pagePath(details.session.id), 303);
      }
      return field(request.body, 'decision') === 'approve'
        ? complete(details, reply)
        : decline(details, localCheckoutMessages.notConfirmed, reply);
    },
  );
}
