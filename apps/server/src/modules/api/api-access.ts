import { API_ACCESS_RULE, API_KEYS_PER_ACCOUNT, type ApiAccess } from '@candor/contracts';
import type { Database } from '@candor/db';
import { findCurrentSubscription } from '../payment/plans.repository.js';

/**
 * Who may hold and use API keys (docs/api.md, the pricing tab): an account whose current plan has API access — a
 * rate of API requests per minute in its limits, which every API Agent plan has — and has not lapsed. Checked on
 * every request, so a plan that ends stops its keys at once and a new one starts them again.
 */
export async function apiAccessOf(db: Database, userId: string, now: Date): Promise<ApiAccess> {
  const current = await findCurrentSubscription(db, userId);
  const denied = (reason: string, planName: string | null): ApiAccess => ({
    allowed: false,
    requests_per_minute: null,
    plan_name: planName,
    reason,
    max_keys: API_KEYS_PER_ACCOUNT,
  });
  if (!current) return denied(`You have no plan. ${API_ACCESS_RULE}`, null);
  const { subscription, plan } = current;
  // A paid period past its end still counts while its renewal is on the way, as the ledger counts its allowance.
  const lapsed =
    subscription.expiresAt !== null &&
    subscription.expiresAt <= now &&
    (subscription.provider === 'none' || plan.period === 'none' || subscription.cancelAtPeriodEnd);
  if (lapsed) return denied(`Your ${plan.name} plan has ended. ${API_ACCESS_RULE}`, plan.name);
  const rate = plan.limits.apiRequestsPerMinute;
  if (rate === null) return denied(`Your ${plan.name} plan has no API access. ${API_ACCESS_RULE}`, plan.name);
  return {
    allowed: true,
    requests_per_minute: rate,
    plan_name: plan.name,
    reason: null,
    max_keys: API_KEYS_PER_ACCOUNT,
  };
}
