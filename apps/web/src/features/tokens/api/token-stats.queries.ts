import { tokenStatsSchema } from '@candor/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseJson } from '@/lib/api-client';
import { tokenKeys } from './token-balance.queries';

/** `ai-detector/get-token-stats?from_date=&to_date=` (YYYY-MM-DD, UTC days). */
export const tokenStatsQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: tokenKeys.stats(from, to),
    queryFn: () =>
      parseJson(
        api.detector.get('ai-detector/get-token-stats', { searchParams: { from_date: from, to_date: to } }),
        tokenStatsSchema,
      ),
  });

export const useTokenStats = (from: string, to: string) => useQuery(tokenStatsQueryOptions(from, to));

/** The UTC calendar day of an instant, as the stats endpoint counts days. */
export const utcDay = (value: string | Date) =>
  (typeof value === 'string' ? new Date(value) : value).toISOString().slice(0, 10);
