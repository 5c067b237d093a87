import type { Plan } from '@candor/contracts';

/** A plan as the payment API lists it: the free plan unless `overrides` say otherwise. */
export const testPlan = (overrides: Partial<Plan> = {}): Plan => ({
  id: 'p-free',
  slug: 'free',
  name: 'Free',
  tab: 'free',
  period: 'none',
  price_cents: 0,
  currency: 'usd',
  tokens: 2_000,
  family: null,
  features: [],
  available: true,
  limits: { max_words_per_run: 5_000, api_requests_per_minute: null },
  ...overrides,
});
