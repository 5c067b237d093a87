import { errorCodes, type MyPlan, type Plan, type PlanList } from '@candor/contracts';
import { AppError } from '../../http/errors.js';
import type { ProductCatalogue } from '../../products.js';
import type { PlanRow, PlansRepository } from './plans.repository.js';

/** A plan as the API shows it: its feature lines say which are given in this deployment, and whether it can be bought. */
export const toPlan = (row: PlanRow, products: ProductCatalogue): Plan => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  tab: row.tab,
  period: row.period,
  price_cents: row.priceCents,
  currency: row.currency,
  tokens: row.tokens,
  family: row.family,
  features: row.features.map((line) => ({ text: line.text, available: products.lineAvailable(line) })),
  available: products.planAvailable(row.features),
  limits: {
    max_words_per_run: row.limits.maxWordsPerRun,
    api_requests_per_minute: row.limits.apiRequestsPerMinute,
  },
});

// The spec's client reads status 418 as "free plan expired" and sends the user to /pricing.
const freePlanExpired = () =>
  new AppError(errorCodes.freePlanExpired, 418, 'Your free plan has expired. Choose a plan to keep using Candor.');

export function createPlansService(deps: { repo: PlansRepository; clock: () => Date; products: ProductCatalogue }) {
  return {
    async list(): Promise<PlanList> {
      return { items: (await deps.repo.listActive()).map((row) => toPlan(row, deps.products)) };
    },

    /** The current plan; 418 `free_plan_expired` when it is a lapsed free plan (or there is no plan at all). */
    async myPlan(userId: string): Promise<MyPlan> {
      const current = await deps.repo.latestActiveSubscription(userId);
      if (!current) throw freePlanExpired();
      const { subscription, plan } = current;
      const lapsed = subscription.expiresAt !== null && subscription.expiresAt.getTime() < deps.clock().getTime();
      if (plan.slug === 'free' && lapsed) throw freePlanExpired();
      return {
        subscription_id: subscription.id,
        plan: toPlan(plan, deps.products),
        started_at: subscription.startedAt.toISOString(),
        current_period_start: subscription.currentPeriodStart.toISOString(),
        expires_at: subscription.expiresAt?.toISOString() ?? null,
        cancel_at_period_end: subscription.cancelAtPeriodEnd,
        provider: subscription.provider,
      };
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
