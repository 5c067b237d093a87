import { type ReferralSummary, referralSummarySchema } from '@candor/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseJson } from '@/lib/api-client';

export const referralKeys = {
  all: ['referrals'] as const,
  summary: () => [...referralKeys.all, 'summary'] as const,
};

export const fetchReferralSummary = (): Promise<ReferralSummary> =>
  parseJson(api.auth.get('referrals/summary'), referralSummarySchema);

export const useReferralSummary = () =>
  useQuery(queryOptions({ queryKey: referralKeys.summary(), queryFn: fetchReferralSummary }));
