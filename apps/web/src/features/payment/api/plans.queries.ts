import { type Plan, planListSchema } from '@candor/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseJson } from '@/lib/api-client';

export const planKeys = {
  all: ['plans'] as const,
  list: () => [...planKeys.all, 'list'] as const,
};

export const fetchPlans = async (): Promise<Plan[]> =>
  (await parseJson(api.payment.get('v1/plans/'), planListSchema)).items;

export const plansQueryOptions = () =>
  queryOptions({ queryKey: planKeys.list(), queryFn: fetchPlans, staleTime: 60_000 });

export const usePlans = () => useQuery(plansQueryOptions());
