import { describe, expect, it } from 'vitest';
import { pricingSearchSchema } from './search';

describe('pricing search params', () => {
  it('defaults to the ai-detector tab, yearly', () => {
    expect(pricingSearchSchema.parse({})).toEqual({
      tab: 'ai-detector',
      period: 'yearly',
      freePlanExpired: undefined,
      coupon: undefined,
      plan: undefined,
    });
  });

  it.each(['ai-detector', 'stealth-ai', 'api-agent'])('keeps tab %s', (tab) => {
    expect(pricingSearchSchema.parse({ tab }).tab).toBe(tab);
  });

  it('falls back on invalid tab and period', () => {
    expect(pricingSearchSchema.parse({ tab: 'enterprise', period: 'weekly' })).toMatchObject({
      tab: 'ai-detector',
      period: 'yearly',
    });
    expect(pricingSearchSchema.parse({ tab: 3, period: null })).toMatchObject({ tab: 'ai-detector', period: 'yearly' });
  });

  it('keeps monthly, the expiry flag and the coupon', () => {
    expect(pricingSearchSchema.parse({ period: 'monthly', freePlanExpired: true, coupon: 'SPRING25' })).toMatchObject({
      period: 'monthly',
      freePlanExpired: true,
      coupon: 'SPRING25',
    });
    expect(pricingSearchSchema.parse({ freePlanExpired: 'true' }).freePlanExpired).toBe(true);
    expect(pricingSearchSchema.parse({ freePlanExpired: 'maybe' }).freePlanExpired).toBeUndefined();
    expect(pricingSearchSchema.parse({ coupon: 2024 }).coupon).toBe('2024');
  });
});
