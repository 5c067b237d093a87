import { type Plan, planListSchema } from '@candor/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseJson } from '@/lib/api-client';
import { sessionKeys } from '@/lib/session';

export const planKeys = {
  all: ['plans'] as const,
  list: () => [...planKeys.all, 'list'] as const,
};

export const fetchPlans = async (): Promise<Plan[]> =>
  (await parseJson(api.payment.get('v1/plans/'), planListSchema)).items;

export const plansQueryOptions = () =>
  queryOptions({ queryKey: planKeys.list(), queryFn: fetchPlans, staleTime: 60_000 });

export const usePlans = () => useQuery(plansQueryOptions());

/** Spec §4: buying or changing a plan invalidates the plan cache (my_plan and the plan list). */
export const invalidatePlanCache = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionKeys.plan() }),
    queryClient.invalidateQueries({ queryKey: planKeys.all }),
  ]);

/** The plan a buyPlanId names (an id or a slug). */
export const findPlan = (plans: Plan[], idOrSlug: string | undefined) =>
  idOrSlug ? plans.find((plan) => plan.id === idOrSlug || plan.slug === idOrSlug) : undefined;
