import { createFileRoute } from '@tanstack/react-router';
import { historyListQueryOptions } from '@/features/history/api/history.queries';
import { HistoryPage } from '@/features/history/components/history-page';
import { historySearchSchema } from '@/features/history/search';
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
  return (
    <HistoryPage
      search={search}
      onSearchChange={(change) => navigate({ search: (prev) => ({ ...prev, ...change }) })}
    />
  );
}
