import { checkoutSessionSchema, type planPeriods } from '@candor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseJson } from '@/lib/api-client';
import { invalidatePlanCache } from './plans.queries';

export interface PlanCheckoutInput {
  /** A plan id or slug. */
  planId: string;
  period: (typeof planPeriods)[number];
  coupon?: string | undefined;
}

/** `POST v1/payments/plan-checkout-session/{id}?subscription_type=&coupon_code=` → `{checkout_url, session_id}`. */
export const createPlanCheckout = ({ planId, period, coupon }: PlanCheckoutInput) =>
  parseJson(
    api.payment.post(`v1/payments/plan-checkout-session/${encodeURIComponent(planId)}`, {
      searchParams: { subscription_type: period, ...(coupon ? { coupon_code: coupon } : {}) },
    }),
    checkoutSessionSchema,
  );

export interface PacketCheckoutInput {
  /** A token packet id or slug. */
  packetId: string;
  coupon?: string | undefined;
}

/** `POST v1/payments/token-packet-checkout-session/{id}?coupon_code=` → `{checkout_url, session_id}`. */
export const createPacketCheckout = ({ packetId, coupon }: PacketCheckoutInput) =>
  parseJson(
    api.payment.post(`v1/payments/token-packet-checkout-session/${encodeURIComponent(packetId)}`, {
      searchParams: coupon ? { coupon_code: coupon } : {},
    }),
    checkoutSessionSchema,
  );

/** The browser leaves the app for the provider's page; a seam so tests can watch it. */
export const goToCheckout = (url: string) => window.location.assign(url);

/**
 * Spec §4, buying a plan: the checkout session is created, the plan cache is invalidated, and the browser goes to
 * checkout_url. The screen shows errors inline next to the button as well as in the toast.
 */
export function usePlanCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlanCheckout,
    onSuccess: async ({ checkout_url }) => {
      await invalidatePlanCache(queryClient);
      goToCheckout(checkout_url);
    },
  });
}

export function usePacketCheckout() {
  return useMutation({
    mutationFn: createPacketCheckout,
    onSuccess: ({ checkout_url }) => goToCheckout(checkout_url),
  });
}
