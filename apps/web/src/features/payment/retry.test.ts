import { describe, expect, it } from 'vitest';
import { retryTarget } from './retry';

describe('retryTarget', () => {
  it('returns a plan to its tab and period, highlighted, with its coupon', () => {
    expect(
      retryTarget({
        kind: 'plan',
        plan: { slug: 'ai-detector-basic-monthly', tab: 'ai-detector', period: 'monthly' },
        coupon_code: 'SPRING25',
      }),
    ).toEqual({
      to: '/pricing',
      search: { tab: 'ai-detector', period: 'monthly', plan: 'ai-detector-basic-monthly', coupon: 'SPRING25' },
    });
  });

  it('leaves the coupon out when there was none', () => {
    expect(
      retryTarget({
        kind: 'plan',
        plan: { slug: 'stealth-ai-starter-yearly', tab: 'stealth-ai', period: 'yearly' },
        coupon_code: null,
      }).search,
    ).toEqual({ tab: 'stealth-ai', period: 'yearly', plan: 'stealth-ai-starter-yearly' });
  });

  it("returns a token packet to the account's tokens card", () => {
    expect(retryTarget({ kind: 'token_packet', plan: null, coupon_code: 'SPRING25' })).toEqual({
      to: '/account',
      search: { tab: 'subscription', buyMoreTokens: true },
    });
  });

  it('opens the pricing page as it is without a checkout, or for a plan the pricing page does not sell', () => {
    expect(retryTarget(undefined)).toEqual({ to: '/pricing', search: {} });
    expect(
      retryTarget({ kind: 'plan', plan: { slug: 'licence-tier-1', tab: 'free', period: 'none' }, coupon_code: null }),
    ).toEqual({ to: '/pricing', search: {} });
  });
});
