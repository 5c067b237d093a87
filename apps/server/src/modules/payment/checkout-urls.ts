/** Where the app's pages are for a checkout: the provider sends the browser back to these (spec §2 routes). */

interface CheckoutProduct {
  kind: 'plan' | 'token_packet';
  /** The plan's pricing tab and period (unset for a token packet). */
  plan?: { tab: string; period: string } | null | undefined;
  /** The coupon the checkout was opened with, if any. */
  couponCode?: string | null | undefined;
}

/**
 * A checkout left without paying goes back where the purchase started: a plan to its pricing tab and period with
 * its coupon, a token packet to the account's "Buy more tokens" card (the pricing page sells no packets).
 */
export function checkoutCancelPath(product: CheckoutProduct): string {
  if (product.kind === 'token_packet') return '/account?tab=subscription&buyMoreTokens=true';
  const { plan, couponCode } = product;
  if (!plan || plan.tab === 'free' || (plan.period !== 'yearly' && plan.period !== 'monthly')) return '/pricing';
  const search = new URLSearchParams({ tab: plan.tab, period: plan.period });
  if (couponCode) search.set('coupon', couponCode);
  return `/pricing?${search}`;
}

/** The words for that way back, on the provider's page. */
export const checkoutCancelLabel = (product: CheckoutProduct) =>
  product.kind === 'token_packet' ? 'your account' : 'pricing';
