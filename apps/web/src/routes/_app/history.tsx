import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { historyListQueryOptions } from '@/features/history/api/history.queries';
import { HistoryPage } from '@/features/history/components/history-page';
import { type HistorySearch, historySearchSchema } from '@/features/history/search';
import { titleHead } from '@/lib/head';

export const Route = createFileRoute('/_app/history')({
  validateSearch: historySearchSchema,
  loaderDeps: ({ search }) => ({
    page: search.page,
    perPage: search.page_size,
    services: search.selectedServices ?? [],
  }),
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(historyListQueryOptions(deps));
  },
  head: titleHead('History'),
  component: HistoryRoute,
});

function HistoryRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<HistorySearch>, options?: { replace?: boolean }) =>
      navigate({ search: (prev) => ({ ...prev, ...change }), replace: options?.replace }),
    [navigate],
  );
  return <HistoryPage search={search} onSearchChange={onSearchChange} />;
}
