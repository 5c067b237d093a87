import type { Plan } from '@candor/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { planKeys } from '@/features/payment/api/plans.queries';
import { sessionKeys } from '@/lib/session';
import { buyPlanAfterLogin } from './-buy-plan-after-login';

const stealthYearly: Plan = {
  id: 'plan-7',
  slug: 'stealth-ai-starter-yearly',
  name: 'Stealth Starter',
  tab: 'stealth-ai',
  period: 'yearly',
  price_cents: 19_190,
  currency: 'usd',
  tokens: 1_800_000,
  family: 'stealth-ai-starter',
  features: [],
  available: true,
  limits: { max_words_per_run: 10_000, api_requests_per_minute: null },
};

function setup(startCheckout: () => Promise<{ checkout_url: string; session_id: string }>) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(planKeys.list(), [stealthYearly]);
  queryClient.setQueryData(sessionKeys.plan(), { status: 'ok' });
  const deps = {
    queryClient,
    startCheckout: vi.fn(startCheckout),
    leaveForCheckout: vi.fn(),
    toPricing: vi.fn(async () => {}),
  };
  return deps;
}

describe('buyPlanAfterLogin', () => {
  it('starts a yearly checkout with the coupon, invalidates the plan cache and leaves for checkout_url', async () => {
    const deps = setup(async () => ({ checkout_url: 'https://pay.example/cs_1', session_id: 'cs_1' }));
    const result = await buyPlanAfterLogin({ buyPlanId: 'stealth-ai-starter-monthly', buyPlanCoupon: 'SPRING' }, deps);
    expect(result).toBe('checkout');
    expect(deps.startCheckout).toHaveBeenCalledWith({
      planId: 'stealth-ai-starter-monthly',
      period: 'yearly',
      coupon: 'SPRING',
    });
    expect(deps.queryClient.getQueryState(sessionKeys.plan())?.isInvalidated).toBe(true);
    expect(deps.leaveForCheckout).toHaveBeenCalledWith('https://pay.example/cs_1');
    expect(deps.toPricing).not.toHaveBeenCalled();
  });

  it('sends the user to the plan on /pricing, with the coupon, when the checkout is refused (a bad coupon)', async () => {
    const deps = setup(async () => {
      throw Object.assign(new Error('This coupon has expired.'), { status: 422, code: 'coupon_invalid' });
    });
    const result = await buyPlanAfterLogin({ buyPlanId: 'stealth-ai-starter-yearly', buyPlanCoupon: 'OLD' }, deps);
    expect(result).toBe('pricing');
    expect(deps.leaveForCheckout).not.toHaveBeenCalled();
    expect(deps.toPricing).toHaveBeenCalledWith({
      tab: 'stealth-ai',
      period: 'yearly',
      plan: 'stealth-ai-starter-yearly',
      coupon: 'OLD',
    });
  });

  it('falls back to the default tab for a plan it does not know, without a coupon when none was given', async () => {
    const deps = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await buyPlanAfterLogin({ buyPlanId: 'no-such-plan' }, deps);
    expect(deps.startCheckout).toHaveBeenCalledWith({ planId: 'no-such-plan', period: 'yearly', coupon: undefined });
    expect(deps.toPricing).toHaveBeenCalledWith({ tab: 'ai-detector', period: 'yearly', plan: 'no-such-plan' });
  });
});
