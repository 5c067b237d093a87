import { createFileRoute, notFound, rootRouteId } from '@tanstack/react-router';
import { PaymentConfirmation } from '@/features/payment/components/payment-confirmation';
import { isPaymentOutcome, paymentOutcomeCopy } from '@/features/payment/outcome';
import { paymentConfirmationSearchSchema } from '@/features/payment/search';
import { pageTitle } from '@/lib/head';

/** Spec §2/§8: success or failure; any other outcome is the 404 page. */
export const Route = createFileRoute('/_app/payment-confirmation/$outcome')({
  validateSearch: paymentConfirmationSearchSchema,
  beforeLoad: ({ params }) => {
    if (!isPaymentOutcome(params.outcome)) throw notFound({ routeId: rootRouteId });
  },
  head: ({ params }) => ({
    meta: [
      {
        title: pageTitle(
          isPaymentOutcome(params.outcome) ? paymentOutcomeCopy[params.outcome].title : 'Page not found',
        ),
      },
    ],
  }),
  component: PaymentConfirmationRoute,
});

function PaymentConfirmationRoute() {
  const { outcome } = Route.useParams();
  const { session_id } = Route.useSearch();
  return isPaymentOutcome(outcome) ? <PaymentConfirmation outcome={outcome} sessionId={session_id} /> : null;
}
