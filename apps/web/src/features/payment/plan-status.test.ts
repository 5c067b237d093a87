import type { MyPlan } from '@candor/contracts';
import { describe, expect, it } from 'vitest';
import { isPaidPlan, planEndLabel } from './plan-status';

const myPlan = (overrides: Partial<MyPlan> & { slug?: string; price_cents?: number }): MyPlan => {
  const { slug = 'free', price_cents = 0, ...rest } = overrides;
  return {
    subscription_id: 's1',
    plan: {
      id: 'p1',
      slug,
      name: 'Plan',
      tab: slug === 'free' ? 'free' : 'ai-detector',
      period: price_cents > 0 ? 'yearly' : 'none',
      price_cents,
      currency: 'usd',
      tokens: 2_000,
      family: null,
      features: [],
      available: true,
      limits: { max_words_per_run: null, api_requests_per_minute: null },
    },
    started_at: '2026-01-01T00:00:00Z',
    current_period_start: '2026-01-01T00:00:00Z',
    expires_at: '2026-01-15T00:00:00Z',
    cancel_at_period_end: false,
    provider: 'none',
    ...rest,
  };
};

describe('planEndLabel', () => {
  it('says a paid plan renews, unless it was cancelled', () => {
    const paid = myPlan({ slug: 'ai-detector-basic-yearly', price_cents: 12_470, provider: 'stripe' });
    expect(isPaidPlan(paid)).toBe(true);
    expect(planEndLabel(paid)).toBe('Renews on');
    expect(planEndLabel({ ...paid, cancel_at_period_end: true })).toBe('Cancels on');
  });

  it('says the free plan, and any plan nobody pays for, expires', () => {
    expect(planEndLabel(myPlan({}))).toBe('Expires on');
    expect(planEndLabel(myPlan({ slug: 'ai-detector-basic-yearly', price_cents: 12_470, provider: 'none' }))).toBe(
      'Expires on',
    );
  });

  it('says "Ends" for a plan without an end date (a licence)', () => {
    expect(planEndLabel(myPlan({ slug: 'licence-tier-1', expires_at: null }))).toBe('Ends');
  });
});
