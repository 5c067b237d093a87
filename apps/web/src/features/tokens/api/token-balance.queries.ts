import { type TokenBalance, tokenBalanceSchema } from '@candor/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseJson } from '@/lib/api-client';

export const tokenKeys = {
  all: ['tokens'] as const,
  balance: () => [...tokenKeys.all, 'balance'] as const,
};

export const fetchTokenBalance = (): Promise<TokenBalance> =>
  parseJson(api.detector.get('ai-detector/user-token-balance/'), tokenBalanceSchema);

export const tokenBalanceQueryOptions = () =>
  queryOptions({ queryKey: tokenKeys.balance(), queryFn: fetchTokenBalance });

export const useTokenBalance = () => useQuery(tokenBalanceQueryOptions());
