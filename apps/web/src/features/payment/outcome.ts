// Apart from the confirmation screen, so the route's guard and title don't pull it (icons, queries) into every first load.
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
