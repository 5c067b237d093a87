import { createFileRoute } from '@tanstack/react-router';
import { tokenBalanceQueryOptions } from '@/features/tokens/api/token-balance.queries';
import { titleHead } from '@/lib/head';
import { DashboardPage } from './-components/dashboard-page';

export const Route = createFileRoute('/_app/')({
  head: titleHead('Dashboard'),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(tokenBalanceQueryOptions());
  },
  component: DashboardPage,
});
