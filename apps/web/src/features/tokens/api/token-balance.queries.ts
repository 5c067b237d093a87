import { type TokenBalance, tokenBalanceSchema } from '@candor/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseJson } from '@/lib/api-client';

export const tokenKeys = {
  all: ['tokens'] as const,
  balance: () => [...tokenKeys.all, 'balance'] as const,
  stats: (from: string, to: string) => [...tokenKeys.all, 'stats', from, to] as const,
};

export const fetchTokenBalance = (): Promise<TokenBalance> =>
  parseJson(api.detector.get('ai-detector/user-token-balance/'), tokenBalanceSchema);

/** Refetched on window focus: a purchase in the provider's tab or a run in another tab changes it. */
export const tokenBalanceQueryOptions = () =>
  queryOptions({ queryKey: tokenKeys.balance(), queryFn: fetchTokenBalance, refetchOnWindowFocus: 'always' });

export const useTokenBalance = () => useQuery(tokenBalanceQueryOptions());

/** After anything that charges or credits tokens (a tool run, a purchase): the header and account show the new balance. */
export const invalidateBalance = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: tokenKeys.all });
