import { Link } from '@tanstack/react-router';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export const paymentOutcomes = ['success', 'failure'] as const;
export type PaymentOutcome = (typeof paymentOutcomes)[number];
export const isPaymentOutcome = (value: string): value is PaymentOutcome =>
  paymentOutcomes.includes(value as PaymentOutcome);

/** Spec §8: the texts of both outcomes, verbatim. */
export const paymentOutcomeCopy = {
  success: {
    title: 'Payment Successful',
    headline: "You're All Set!",
    text: 'Your payment has been processed successfully.',
  },
  failure: {
    title: 'Payment Failed',
    headline: 'Transaction Unsuccessful',
    text: "We couldn't process your payment. Please try again.",
  },
} as const satisfies Record<PaymentOutcome, { title: string; headline: string; text: string }>;

export function PaymentConfirmation({ outcome }: { outcome: PaymentOutcome }) {
  const copy = paymentOutcomeCopy[outcome];
  const success = outcome === 'success';
  const Icon = success ? CircleCheck : CircleX;
  return (
    <div className="flex justify-center py-10">
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
                <Link to="/">Go to Dashboard</Link>
              </Button>
            </>
          )}
        </div>
      </section>
    </div>
  );
}
