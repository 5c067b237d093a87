import { createFileRoute } from '@tanstack/react-router';
import { historyListQueryOptions, recentHistoryParams } from '@/features/history/api/history.queries';
import { tokenBalanceQueryOptions } from '@/features/tokens/api/token-balance.queries';
import { tokenStatsQueryOptions } from '@/features/tokens/api/token-stats.queries';
import { presetRange } from '@/features/tokens/lib/usage-range';
import { titleHead } from '@/lib/head';
import { DashboardPage } from './-components/dashboard-page';

export const Route = createFileRoute('/_app/')({
  head: titleHead('Dashboard'),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(tokenBalanceQueryOptions());
    // The usage chart opens on today (spec §9) and the recent runs are history's first page of five.
    const today = presetRange('today');
    void context.queryClient.prefetchQuery(tokenStatsQueryOptions(today.from, today.to));
    void context.queryClient.prefetchQuery(historyListQueryOptions(recentHistoryParams));
  },
  component: DashboardPage,
});
