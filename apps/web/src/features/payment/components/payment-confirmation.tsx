import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useTokenBalance } from '@/features/tokens/api/token-balance.queries';
import { formatBalance, formatDate, totalTokens } from '@/lib/format';
import { myPlanQueryOptions } from '@/lib/session';
import { cn } from '@/lib/utils';
import { CHECKOUT_CONFIRMATION_POLLS, refreshAfterPayment, useCheckoutStatus } from '../api/payments.queries';
import { type PaymentOutcome, paymentOutcomeCopy } from '../outcome';

interface PaymentConfirmationProps {
  outcome: PaymentOutcome;
  /** The provider's checkout session, when it sent one back; shown so support can find the payment. */
  sessionId?: string | undefined;
}

export function PaymentConfirmation({ outcome, sessionId }: PaymentConfirmationProps) {
  const copy = paymentOutcomeCopy[outcome];
  const success = outcome === 'success';
  const Icon = success ? CircleCheck : CircleX;
  const queryClient = useQueryClient();
  // With a session to follow, wait until the provider's confirmation has been applied (the local checkout applies
  // it before redirecting; Stripe's webhook can come a moment after the browser). Without one, refresh at once.
  const checkout = useCheckoutStatus(success ? sessionId : undefined);
  const confirmed = !sessionId || checkout.data?.status === 'completed' || checkout.isError;
  const stillConfirming = success && sessionId !== undefined && checkout.data?.status === 'open' && !confirmed;
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!stillConfirming) return;
    const timer = setTimeout(() => setGaveUp(true), CHECKOUT_CONFIRMATION_POLLS * 1_000);
    return () => clearTimeout(timer);
  }, [stillConfirming]);
  useEffect(() => {
    // Fulfilment has happened: everything cached about money is stale.
    if (success && confirmed) void refreshAfterPayment(queryClient);
  }, [success, confirmed, queryClient]);
  return (
    <div className="flex justify-center py-6 sm:py-10">
      <section
        aria-labelledby="payment-headline"
        className="flex w-full max-w-lg flex-col items-center gap-5 rounded-2xl border bg-card px-6 py-12 text-center shadow-sm"
      >
        <span
          className={cn(
            'inline-flex size-16 items-center justify-center rounded-full',
            success ? 'bg-success/15 text-success' : 'bg-destructive/10 text-destructive',
          )}
        >
          <Icon className="size-8" aria-hidden="true" />
        </span>
        <p className="font-medium text-muted-foreground text-sm uppercase tracking-wider">{copy.title}</p>
        <h1 id="payment-headline" className="font-semibold text-3xl tracking-tight">
          {copy.headline}
        </h1>
        <p className="text-muted-foreground">{copy.text}</p>
        {stillConfirming && (
          <p role="status" className="inline-flex items-center gap-2 text-muted-foreground text-sm">
            {gaveUp ? (
              'Your payment provider is still confirming the payment. Your plan and tokens appear as soon as it does.'
            ) : (
              <>
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Confirming your payment…
              </>
            )}
          </p>
        )}
        {success && !stillConfirming && <PurchaseSummary />}
        <div className="flex flex-wrap justify-center gap-2 pt-2">
          {success ? (
            <>
              <Button asChild>
                <Link to="/">Go to Dashboard</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/account" search={{ tab: 'subscription' }}>
                  View subscription
                </Link>
              </Button>
            </>
          ) : (
            <>
              <Button asChild>
                <Link to="/pricing">Try again</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/contact-us" search={{ source: 'payment-failure' }}>
                  Contact us
                </Link>
              </Button>
            </>
          )}
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
          <dd className="text-muted-foreground text-xs">
            {myPlan.cancel_at_period_end ? 'Ends' : 'Renews'} {formatDate(myPlan.expires_at)}
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
