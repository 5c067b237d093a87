import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { historyDetailQueryOptions } from '@/features/history/api/history.queries';
import { historyIdSearchSchema } from '@/lib/search-params';
import { hrefWithout } from '@/lib/url';

/** Spec §2 provenance group: each screen takes an optional history_id; an unknown one is dropped by a redirect. */
export const Route = createFileRoute('/_app/_provenance')({
  validateSearch: historyIdSearchSchema,
  beforeLoad: async ({ context, search, location }) => {
    if (!search.history_id) return;
    const detail = await context.queryClient.ensureQueryData(historyDetailQueryOptions(search.history_id));
    if (!detail) throw redirect({ href: hrefWithout(location, ['history_id']), replace: true });
  },
  component: Outlet,
});
