import type { CheckoutStatus } from '@candor/contracts';
import type { PricingSearch } from './search';

/** Where "Try again" goes after a payment that didn't go through. */
export type RetryTarget =
  | { to: '/pricing'; search: Partial<PricingSearch> }
  | { to: '/account'; search: { tab: 'subscription'; buyMoreTokens: true } };

/**
 * Back to where the purchase started, as it was left: a plan to its pricing tab and period with the plan
 * highlighted and the coupon kept, a token packet to the account's "Buy more tokens" card. Without the checkout
 * (none named, or it can't be read) the pricing page as it opens.
 */
export function retryTarget(checkout: Pick<CheckoutStatus, 'kind' | 'plan' | 'coupon_code'> | undefined): RetryTarget {
  if (checkout?.kind === 'token_packet')
    return { to: '/account', search: { tab: 'subscription', buyMoreTokens: true } };
  const plan = checkout?.plan;
  if (!plan || plan.tab === 'free' || plan.period === 'none') return { to: '/pricing', search: {} };
  return {
    to: '/pricing',
    search: {
      tab: plan.tab,
      period: plan.period,
      plan: plan.slug,
      ...(checkout.coupon_code ? { coupon: checkout.coupon_code } : {}),
    },
  };
}
