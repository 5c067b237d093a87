import type { CheckoutStatus } from '@candor/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleQuestionMark from 'lucide-react/icons/circle-question-mark';
import CircleX from 'lucide-react/icons/circle-x';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import SearchX from 'lucide-react/icons/search-x';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useTokenBalance } from '@/features/tokens/api/token-balance.queries';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatBalance, formatDate, totalTokens } from '@/lib/format';
import { useDocumentTitle } from '@/lib/head';
import { myPlanQueryOptions } from '@/lib/session';
import { readStorage, removeStorage, storageKeys } from '@/lib/storage';
import { cn } from '@/lib/utils';
import { CHECKOUT_CONFIRMATION_POLLS, refreshAfterPayment, useCheckoutStatus } from '../api/payments.queries';
import { type PaymentOutcome, paymentOutcomeCopy } from '../outcome';
import { planEndLabel } from '../plan-status';
import { retryTarget } from '../retry';

interface PaymentConfirmationProps {
  outcome: PaymentOutcome;
  /** The provider's checkout session, when it sent one back; shown so support can find the payment. */
  sessionId?: string | undefined;
}

/**
 * What the screen says: the spec's success and failure (§8, verbatim), or — when the checkout session it was sent
 * back with doesn't bear the success out — that the payment is being confirmed, can't be found, wasn't completed,
 * or couldn't be checked.
 */
type View = PaymentOutcome | 'confirming' | 'not-found' | 'not-completed' | 'unchecked';

const checkCopy = {
  confirming: {
    title: 'Confirming Payment',
    headline: 'Confirming your payment…',
    text: 'Your payment provider is confirming the payment. This usually takes a few seconds.',
  },
  'not-found': {
    title: 'Payment Not Found',
    headline: "We can't find this payment",
    text: "There's no payment with this reference on your account. Your plan, tokens and invoices are on your account page.",
  },
  'not-completed': {
    title: 'Payment Not Completed',
    headline: "Your payment wasn't completed",
    text: 'Nothing was charged. You can start again whenever you like.',
  },
  unchecked: {
    title: 'Payment Not Confirmed',
    headline: "We couldn't check your payment",
    text: 'If you paid, your plan and tokens appear on your account as soon as the payment is confirmed.',
  },
} as const satisfies Record<Exclude<View, PaymentOutcome>, { title: string; headline: string; text: string }>;

/** How long the screen polls quickly for an open session before saying the payment wasn't completed. */
const CONFIRMATION_WINDOW_MS = CHECKOUT_CONFIRMATION_POLLS * 1_000;

function viewOf(
  outcome: PaymentOutcome,
  sessionId: string | undefined,
  checkout: { data: CheckoutStatus | undefined; error: unknown },
  windowOver: boolean,
): View {
  if (outcome === 'failure' || sessionId === undefined) return outcome;
  if (checkout.error) return isApiError(checkout.error) && checkout.error.status === 404 ? 'not-found' : 'unchecked';
  switch (checkout.data?.status) {
    case undefined:
      return 'confirming';
    case 'completed':
      return 'success';
    case 'open':
      // A provider may send the browser back before its confirmation arrives; an abandoned checkout stays open.
      return windowOver ? 'not-completed' : 'confirming';
    default:
      return 'not-completed';
  }
}

export function PaymentConfirmation({ outcome, sessionId }: PaymentConfirmationProps) {
  const queryClient = useQueryClient();
  // With a session to follow, wait until the provider's confirmation has been applied (the local checkout applies
  // it before redirecting; Stripe's webhook can come a moment after the browser). Without one, refresh at once.
  // After a failure the session is read once: it says what "Try again" goes back to.
  const checkout = useCheckoutStatus(sessionId, { follow: outcome === 'success' });
  const open = outcome === 'success' && checkout.data?.status === 'open';
  const [windowOver, setWindowOver] = useState(false);
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setWindowOver(true), CONFIRMATION_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [open]);
  const view = viewOf(outcome, sessionId, checkout, windowOver);
  const copy = view === 'success' || view === 'failure' ? paymentOutcomeCopy[view] : checkCopy[view];
  // The route's title is the outcome's; the session may say otherwise ("Payment Not Found" is no success).
  useDocumentTitle(copy.title);
  const Icon =
    view === 'success'
      ? CircleCheck
      : view === 'confirming'
        ? LoaderCircle
        : view === 'not-found'
          ? SearchX
          : view === 'unchecked'
            ? CircleQuestionMark
            : CircleX;
  useEffect(() => {
    // Fulfilment has happened: everything cached about money is stale.
    if (view === 'success') void refreshAfterPayment(queryClient);
  }, [view, queryClient]);
  const retry = retryTarget(checkout.data);
  const failureReason = view === 'not-completed' ? checkout.data?.failure_reason : null;
  return (
    <div className="flex justify-center py-6 sm:py-10">
      <section
        aria-labelledby="payment-headline"
        className="flex w-full max-w-lg flex-col items-center gap-5 rounded-2xl border bg-card px-6 py-12 text-center shadow-sm"
      >
        <span
          className={cn(
            'inline-flex size-16 items-center justify-center rounded-full',
            view === 'success'
              ? 'bg-success/15 text-success'
              : view === 'confirming' || view === 'unchecked'
                ? 'bg-muted text-muted-foreground'
                : 'bg-destructive/10 text-destructive',
          )}
        >
          <Icon className={cn('size-8', view === 'confirming' && 'animate-spin')} aria-hidden="true" />
        </span>
        {/* The answer arrives after the page: read out whatever it turns into. */}
        <div aria-live="polite" aria-atomic="true" className="flex flex-col items-center gap-5">
          <p className="font-medium text-muted-foreground text-sm uppercase tracking-wider">{copy.title}</p>
          <h1 id="payment-headline" className="font-semibold text-3xl tracking-tight">
            {copy.headline}
          </h1>
          <p className="text-muted-foreground">{copy.text}</p>
          {failureReason && <p className="text-sm">The last attempt failed: {failureReason}</p>}
          {view === 'not-completed' && open && (
            <p className="text-muted-foreground text-sm">
              Paid a moment ago? This page updates as soon as your payment provider confirms it.
            </p>
          )}
          {view === 'unchecked' && <p className="text-muted-foreground text-sm">{getErrorMessage(checkout.error)}</p>}
        </div>
        {view === 'success' && <PurchaseSummary />}
        <div className="flex flex-wrap justify-center gap-2 pt-2">
          {view === 'success' ? (
            <>
              <SubmitSavedText />
              <Button asChild variant={pendingSubmit() ? 'outline' : 'default'}>
                <Link to="/">Go to Dashboard</Link>
              </Button>
              <ViewSubscription />
            </>
          ) : view === 'failure' || view === 'not-completed' ? (
            <>
              <Button asChild>
                {retry.to === '/account' ? (
                  <Link to="/account" search={retry.search}>
                    Try again
                  </Link>
                ) : (
                  <Link to="/pricing" search={retry.search}>
                    Try again
                  </Link>
                )}
              </Button>
              <Button asChild variant="outline">
                <Link to="/contact-us" search={{ source: 'payment-failure' }}>
                  Contact us
                </Link>
              </Button>
            </>
          ) : view === 'not-found' ? (
            <>
              <Button asChild>
                <Link to="/pricing">See plans</Link>
              </Button>
              <ViewSubscription />
            </>
          ) : view === 'unchecked' ? (
            <>
              <Button onClick={() => void checkout.refetch()} disabled={checkout.isFetching}>
                Check again
              </Button>
              <ViewSubscription />
            </>
          ) : null}
        </div>
        {sessionId && (
          <p className="break-all text-muted-foreground text-xs">
            Reference: <span className="font-mono">{sessionId}</span>
          </p>
        )}
      </section>
    </div>
  );
}

/** The plan and balance after the purchase, read fresh from the server. */
function PurchaseSummary() {
  const balance = useTokenBalance();
  const plan = useQuery(myPlanQueryOptions());
  const myPlan = plan.data?.status === 'ok' ? plan.data.myPlan : undefined;
  return (
    <dl className="grid w-full grid-cols-2 gap-3 rounded-xl bg-muted/50 p-4 text-left" data-testid="purchase-summary">
      <div className="min-w-0 space-y-1">
        <dt className="text-muted-foreground text-xs uppercase tracking-wider">Your plan</dt>
        <dd className="truncate font-medium">
          {plan.isPending ? <Skeleton className="h-5 w-24" /> : (myPlan?.plan.name ?? '—')}
        </dd>
        {myPlan?.expires_at && (
          <dd className="text-muted-foreground text-xs" data-testid="confirmation-plan-end">
            {planEndLabel(myPlan)} {formatDate(myPlan.expires_at)}
          </dd>
        )}
      </div>
      <div className="min-w-0 space-y-1">
        <dt className="text-muted-foreground text-xs uppercase tracking-wider">Token balance</dt>
        <dd className="font-semibold text-xl tabular-nums" data-testid="confirmation-balance">
          {balance.isPending ? (
            <Skeleton className="h-6 w-20" />
          ) : balance.data ? (
            formatBalance(totalTokens(balance.data))
          ) : (
            '—'
          )}
        </dd>
      </div>
    </dl>
  );
}

/** The way to the account's plan, tokens and invoices, beside each outcome's main action. */
function ViewSubscription() {
  return (
    <Button asChild variant="outline">
      <Link to="/account" search={{ tab: 'subscription' }}>
        View subscription
      </Link>
    </Button>
  );
}

/** A text kept while its user bought tokens (the AI Humanizer's), waiting to be submitted: where to go back to. */
const pendingSubmit = () => readStorage('session', storageKeys.pendingSubmit);

/** Back to the AI Humanizer, which submits the text that waits (`?submitSaved=true`); offered once. */
function SubmitSavedText() {
  const [waiting] = useState(() => pendingSubmit() !== undefined);
  if (!waiting) return null;
  return (
    <Button asChild>
      <Link
        to="/content-humanizer"
        search={{ submitSaved: true }}
        onClick={() => removeStorage('session', storageKeys.pendingSubmit)}
      >
        Submit your saved text
      </Link>
    </Button>
  );
}
