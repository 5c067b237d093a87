import {
  checkoutStatusSchema,
  couponCheckSchema,
  invoiceListSchema,
  mySubscriptionSchema,
  tokenPacketListSchema,
} from '@candor/contracts';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateBalance } from '@/features/tokens/api/token-balance.queries';
import { api, parseJson } from '@/lib/api-client';
import { env } from '@/lib/env';
import { invalidatePlanCache } from './plans.queries';

export const paymentKeys = {
  all: ['payments'] as const,
  coupon: (code: string, productId: string | undefined) =>
    [...paymentKeys.all, 'coupon', code.toUpperCase(), productId ?? null] as const,
  tokenPackets: () => [...paymentKeys.all, 'token-packets'] as const,
  mySubscription: () => [...paymentKeys.all, 'my-subscription'] as const,
  invoices: () => [...paymentKeys.all, 'invoices'] as const,
  checkoutStatus: (sessionId: string) => [...paymentKeys.all, 'checkout-status', sessionId] as const,
};

/**
 * How long (in one-second polls) the confirmation screen waits for a provider's confirmation (Stripe's webhook)
 * before saying the payment wasn't completed.
 */
export const CHECKOUT_CONFIRMATION_POLLS = 30;
/** After that, a session still open is asked about now and then, so a late confirmation still shows. */
export const CHECKOUT_LATE_POLL_MS = 15_000;

/**
 * `GET v1/payments/checkout-sessions/{id}`. With `follow` (the success screen) it is asked again every second while
 * the session is still open: a provider may send the browser back before its webhook has arrived. After
 * CHECKOUT_CONFIRMATION_POLLS tries, every CHECKOUT_LATE_POLL_MS while the session stays open (and the tab is visible).
 * Without it (the failure screen) it is read once, for what was being bought.
 */
export const useCheckoutStatus = (sessionId: string | undefined, { follow }: { follow: boolean }) =>
  useQuery({
    queryKey: paymentKeys.checkoutStatus(sessionId ?? ''),
    queryFn: () =>
      parseJson(
        api.payment.get(`v1/payments/checkout-sessions/${encodeURIComponent(sessionId ?? '')}`),
        checkoutStatusSchema,
      ),
    enabled: sessionId !== undefined,
    refetchInterval: (query) =>
      !follow || query.state.data?.status !== 'open'
        ? false
        : query.state.dataUpdateCount < CHECKOUT_CONFIRMATION_POLLS
          ? 1_000
          : CHECKOUT_LATE_POLL_MS,
  });

/** `GET v1/coupons/{code}?product_id=`: what the coupon gives, or why it can't be used (200 either way). */
export const couponQueryOptions = (code: string, productId?: string) =>
  queryOptions({
    queryKey: paymentKeys.coupon(code, productId),
    queryFn: () =>
      parseJson(
        api.payment.get(`v1/coupons/${encodeURIComponent(code)}`, {
          searchParams: productId ? { product_id: productId } : {},
        }),
        couponCheckSchema,
      ),
    staleTime: 60_000,
  });

export const tokenPacketsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.tokenPackets(),
    queryFn: async () => (await parseJson(api.payment.get('v1/token-packets/'), tokenPacketListSchema)).items,
    staleTime: 60_000,
  });
export const useTokenPackets = () => useQuery(tokenPacketsQueryOptions());

export const mySubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.mySubscription(),
    queryFn: async () =>
      (await parseJson(api.payment.get('v1/api-services/my-subscription'), mySubscriptionSchema)).subscription,
  });
export const useMySubscription = () => useQuery(mySubscriptionQueryOptions());

export const invoicesQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.invoices(),
    queryFn: async () => (await parseJson(api.payment.get('v1/payments/invoices'), invoiceListSchema)).items,
  });
export const useInvoices = () => useQuery(invoicesQueryOptions());

/** A printable receipt, served by the payment service to its owner. */
export const receiptUrl = (invoiceId: string) =>
  `${env.VITE_PAYMENT_URL}v1/payments/invoices/${encodeURIComponent(invoiceId)}/receipt`;

/**
 * Spec §4: cancelling (or resuming) refreshes the subscription data. The answer is my-subscription's shape, so it
 * goes straight into the cache; my_plan carries cancel_at_period_end too and is invalidated.
 */
function useSubscriptionChange(action: 'cancel' | 'resume') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await parseJson(api.payment.post(`v1/api-services/subscriptions/${action}`), mySubscriptionSchema)).subscription,
    onSuccess: async (subscription) => {
      queryClient.setQueryData(paymentKeys.mySubscription(), subscription);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentKeys.mySubscription() }),
        invalidatePlanCache(queryClient),
      ]);
    },
  });
}
export const useCancelSubscription = () => useSubscriptionChange('cancel');
export const useResumeSubscription = () => useSubscriptionChange('resume');

/** After a completed payment: the balance, the plan, the subscription and the invoices have all changed. */
export const refreshAfterPayment = (queryClient: QueryClient) =>
  Promise.all([
    invalidateBalance(queryClient),
    invalidatePlanCache(queryClient),
    queryClient.invalidateQueries({ queryKey: paymentKeys.mySubscription() }),
    queryClient.invalidateQueries({ queryKey: paymentKeys.invoices() }),
  ]);
